//! The architecture checks (ARCHITECTURE.md): reads src/, builds the graph of edges between the
//! crate's top-level modules (and, inside each, between its submodules), and fails on any cycle,
//! on an edge that does not point down the layer table, and when the graph written in
//! ARCHITECTURE.md is not the graph of the code.
//!
//! An edge `a -> b` is any path into `b` written in `a`'s files: `crate::b…`, grouped
//! `crate::{b, c}`, fully qualified `crate::b::f()` in code, and `super::…` that climbs to the
//! crate root. Comments and string literals are not code. Test-only code (`#[cfg(test)] mod …`,
//! inline or in its own file) is left out: a unit test may reach across layers.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level module -> the top-level modules it uses.
type Graph = BTreeMap<String, BTreeSet<String>>;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    PathSep,
    Punct(char),
}

/// Rust source as tokens, enough to find paths: comments dropped, literals kept whole.
fn lex(src: &str) -> Vec<Tok> {
    let c: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied().unwrap_or('\0');
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            let start = i + 1;
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            toks.push(Tok::Str(c[start..i.min(c.len())].iter().collect()));
            i += 1;
        } else if ch == '\'' {
            // A char literal ('x', '\n', '\u{1F600}', '"') or a lifetime ('a, 'static).
            if next == '\\' {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ident_char(ch) {
            let start = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            if raw_prefix && i < c.len() && (c[i] == '#' || c[i] == '"') {
                let mut hashes = 0;
                while i < c.len() && c[i] == '#' {
                    hashes += 1;
                    i += 1;
                }
                if c.get(i) != Some(&'"') {
                    // `r#ident` (a raw identifier): the identifier follows.
                    continue;
                }
                i += 1;
                let start = i;
                let closes =
                    |at: usize| c[at] == '"' && (1..=hashes).all(|k| c.get(at + k) == Some(&'#'));
                while i < c.len() && !closes(i) {
                    i += 1;
                }
                toks.push(Tok::Str(c[start..i.min(c.len())].iter().collect()));
                i += 1 + hashes;
            } else if matches!(word.as_str(), "b" | "c") && c.get(i) == Some(&'\'') {
                // b'x': the char literal is lexed next.
            } else {
                toks.push(Tok::Ident(word));
            }
        } else if ch == ':' && next == ':' {
            toks.push(Tok::PathSep);
            i += 2;
        } else {
            toks.push(Tok::Punct(ch));
            i += 1;
        }
    }
    toks
}

/// Paths one file writes, resolved from the crate root: the first segment of each.
#[derive(Debug, Default)]
struct FileScan {
    /// Every path written, resolved from the crate root and cut to two segments
    /// (`crate::hooks::decision::evaluate` -> hooks, decision).
    paths: BTreeSet<Vec<String>>,
    /// Files of `#[cfg(test)] mod x;` declarations (their code is test-only).
    test_files: Vec<PathBuf>,
}

fn ident(t: Option<&Tok>) -> Option<&str> {
    match t {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

/// The paths of the path tree at `toks[i]` (after a `::`), each after `prefix` (the module the
/// tree is relative to) and cut to its first two segments from the crate root.
fn leading_paths(toks: &[Tok], i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    if prefix.len() >= 2 {
        out.push(prefix[..2].to_vec());
        return;
    }
    match toks.get(i) {
        Some(Tok::Ident(s)) => {
            let mut path = prefix.to_vec();
            path.push(s.clone());
            if path.len() < 2 && toks.get(i + 1) == Some(&Tok::PathSep) {
                leading_paths(toks, i + 2, &path, out);
            } else {
                out.push(path);
            }
        }
        Some(Tok::Punct('{')) => {
            let mut depth = 0;
            let mut expect_item = true;
            for (k, t) in toks.iter().enumerate().skip(i) {
                match t {
                    Tok::Punct('{') => {
                        depth += 1;
                        expect_item = depth == 1;
                    }
                    Tok::Punct('}') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Tok::Punct(',') if depth == 1 => expect_item = true,
                    Tok::Ident(_) if depth == 1 && expect_item => {
                        leading_paths(toks, k, prefix, out);
                        expect_item = false;
                    }
                    _ => {}
                }
            }
        }
        _ if !prefix.is_empty() => out.push(prefix.to_vec()),
        _ => {}
    }
}

/// Scans one file whose module path (from the crate root) is `module`, at `file`.
fn scan_file(src: &str, module: &[String], file: &Path) -> FileScan {
    let toks = lex(src);
    let mut scan = FileScan::default();
    // Inline modules we are inside: (name, brace depth at which they close).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut test_attr = false;
    let mut path_attr: Option<String> = None;
    let mut i = 0;
    // Where a `mod x;` file of this file lives (a mod.rs/lib.rs owns its folder).
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
    let child_dir = if matches!(stem, "mod" | "lib" | "main") {
        dir.clone()
    } else {
        dir.join(stem)
    };
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('#') if toks.get(i + 1) == Some(&Tok::Punct('[')) => {
                // An attribute: `#[cfg(test)]` and `#[path = "…"]` matter.
                let attr = ident(toks.get(i + 2));
                if attr == Some("cfg")
                    && toks.get(i + 3) == Some(&Tok::Punct('('))
                    && ident(toks.get(i + 4)) == Some("test")
                    && toks.get(i + 5) == Some(&Tok::Punct(')'))
                {
                    test_attr = true;
                }
                if attr == Some("path") {
                    if let Some(Tok::Str(p)) = toks.get(i + 4) {
                        path_attr = Some(p.clone());
                    }
                }
                let mut d = 0;
                while i < toks.len() {
                    match toks[i] {
                        Tok::Punct('[') => d += 1,
                        Tok::Punct(']') => {
                            d -= 1;
                            if d == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                continue;
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let Some(name) = ident(toks.get(i + 1)) {
                    match toks.get(i + 2) {
                        Some(Tok::Punct(';')) if test_attr => {
                            // `#[path]` is relative to this file's folder.
                            scan.test_files.push(match path_attr.take() {
                                Some(p) => dir.join(p),
                                None => child_dir.join(format!("{name}.rs")),
                            });
                            scan.test_files.push(child_dir.join(name).join("mod.rs"));
                        }
                        Some(Tok::Punct('{')) if test_attr => {
                            // Skip the whole test module.
                            let mut d = 0;
                            i += 2;
                            while i < toks.len() {
                                match toks[i] {
                                    Tok::Punct('{') => d += 1,
                                    Tok::Punct('}') => {
                                        d -= 1;
                                        if d == 0 {
                                            break;
                                        }
                                    }
                                    _ => {}
                                }
                                i += 1;
                            }
                        }
                        Some(Tok::Punct('{')) => {
                            inline.push((name.to_string(), depth + 1));
                        }
                        _ => {}
                    }
                }
                test_attr = false;
                path_attr = None;
            }
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(kw) if kw == "crate" && toks.get(i + 1) == Some(&Tok::PathSep) => {
                let mut found = Vec::new();
                leading_paths(&toks, i + 2, &[], &mut found);
                scan.paths.extend(found);
            }
            Tok::Ident(kw)
                if kw == "super"
                    && toks.get(i + 1) == Some(&Tok::PathSep)
                    && i.checked_sub(1).map(|p| &toks[p]) != Some(&Tok::PathSep) =>
            {
                let mut here: Vec<String> = module.to_vec();
                here.extend(inline.iter().map(|(n, _)| n.clone()));
                let mut k = i;
                while ident(toks.get(k)) == Some("super") && toks.get(k + 1) == Some(&Tok::PathSep)
                {
                    here.pop();
                    k += 2;
                }
                let mut found = Vec::new();
                leading_paths(&toks, k, &here, &mut found);
                scan.paths.extend(found);
                i = k;
                continue;
            }
            Tok::Punct(';') => {
                test_attr = false;
                path_attr = None;
            }
            _ => {}
        }
        i += 1;
    }
    scan
}

/// The crate's top-level modules, from `mod x;` lines of lib.rs.
fn top_modules(lib_rs: &str) -> BTreeSet<String> {
    let toks = lex(lib_rs);
    toks.windows(3)
        .filter_map(|w| match w {
            [Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')] if m == "mod" => Some(name.clone()),
            _ => None,
        })
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under src/ (`hooks/hook_cmd/check.rs` -> hooks, hook_cmd, check).
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The non-test files of the crate whose sources are in `src`, each with its module path and
/// the paths it writes; and the crate's top-level modules.
fn scan_crate(src: &Path) -> (BTreeSet<String>, Vec<(Vec<String>, FileScan)>) {
    let tops = top_modules(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut scans = Vec::new();
    let mut test_files = BTreeSet::new();
    for f in &files {
        let rel = f.strip_prefix(src).unwrap();
        let module = module_path(rel);
        let text = std::fs::read_to_string(f).unwrap();
        let scan = scan_file(&text, &module, rel);
        test_files.extend(scan.test_files.iter().cloned());
        scans.push((rel.to_path_buf(), module, scan));
    }
    let kept = scans
        .into_iter()
        .filter(|(_, module, _)| module.first().is_some_and(|t| tops.contains(t)))
        // Test-only when this file or a folder above it was declared `#[cfg(test)] mod`.
        .filter(|(rel, _, _)| {
            !rel.ancestors()
                .any(|a| test_files.contains(a) || test_files.contains(&a.join("mod.rs")))
        })
        .map(|(_, module, scan)| (module, scan))
        .collect();
    (tops, kept)
}

/// The import graph between the top-level modules of the crate whose sources are in `src`.
fn graph_of(src: &Path) -> Graph {
    let (tops, scans) = scan_crate(src);
    let mut graph: Graph = tops.iter().map(|t| (t.clone(), BTreeSet::new())).collect();
    for (module, scan) in scans {
        let top = &module[0];
        let edges = graph.get_mut(top).unwrap();
        edges.extend(
            scan.paths
                .into_iter()
                .map(|p| p[0].clone())
                .filter(|r| r != top && tops.contains(r)),
        );
    }
    graph
}

/// For each top-level module with submodules, the import graph between its submodules (the
/// module's own file, `mod.rs`, is their parent and not a node).
fn sub_graphs(src: &Path) -> BTreeMap<String, Graph> {
    let (_, scans) = scan_crate(src);
    let mut subs: BTreeMap<String, Graph> = BTreeMap::new();
    for (module, _) in &scans {
        if let [top, sub, ..] = module.as_slice() {
            subs.entry(top.clone())
                .or_default()
                .insert(sub.clone(), BTreeSet::new());
        }
    }
    for (module, scan) in scans {
        let [top, sub, ..] = module.as_slice() else {
            continue;
        };
        let graph = subs.get_mut(top).unwrap();
        let targets: Vec<String> = scan
            .paths
            .into_iter()
            .filter(|p| p.len() == 2 && &p[0] == top && &p[1] != sub)
            .map(|p| p[1].clone())
            .filter(|t| graph.contains_key(t))
            .collect();
        graph.get_mut(sub).unwrap().extend(targets);
    }
    subs
}

/// Every cycle's modules (the strongly connected components with more than one module).
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    // Tarjan's algorithm.
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.found.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.found
}

/// The edges inside one cycle, to print it.
fn cycle_edges(graph: &Graph, comp: &[String]) -> Vec<String> {
    comp.iter()
        .flat_map(|a| {
            graph[a]
                .iter()
                .filter(|b| comp.contains(b))
                .map(move |b| format!("{a} -> {b}"))
        })
        .collect()
}

/// The graph as ARCHITECTURE.md writes it: `a -> b c d`, one module a line.
fn render(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(a, bs)| {
            let bs: Vec<&str> = bs.iter().map(String::as_str).collect();
            format!("{a} -> {}", bs.join(" ")).trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The layers of ARCHITECTURE.md, top first: the rows of the table after `## Layers`, whose
/// second column lists the layer's modules in backticks.
fn layers(doc: &str) -> Vec<Vec<String>> {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a `## Layers` section");
    section
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|-") && !l.starts_with("| layer"))
        .map(|row| {
            let cell = row.split('|').nth(2).unwrap_or("");
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// Edges that do not point to a lower layer, and modules in no layer (or in two).
fn layer_violations(graph: &Graph, layers: &[Vec<String>]) -> Vec<String> {
    let mut level = BTreeMap::new();
    let mut problems = Vec::new();
    for (n, layer) in layers.iter().enumerate() {
        for m in layer {
            if level.insert(m.as_str(), n).is_some() {
                problems.push(format!("`{m}` is in two layers"));
            }
        }
    }
    for (a, bs) in graph {
        let Some(&la) = level.get(a.as_str()) else {
            problems.push(format!("`{a}` is in no layer"));
            continue;
        };
        for b in bs {
            match level.get(b.as_str()) {
                Some(&lb) if lb > la => {}
                Some(_) => {
                    problems.push(format!("{a} -> {b}: `{b}` is not in a layer below `{a}`'s"))
                }
                None => {}
            }
        }
    }
    problems
}

/// The fenced block after `## Module graph` in ARCHITECTURE.md.
fn documented_graph(doc: &str) -> String {
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Module graph"))
        .expect("ARCHITECTURE.md has a `## Module graph` section");
    let block = section.split("```").nth(1).expect("a fenced block");
    block
        .lines()
        .skip(1) // the fence's info string
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let graph = graph_of(&repo().join("src"));
    let found = cycles(&graph);
    let shown: Vec<String> = found
        .iter()
        .map(|c| format!("{}: {}", c.join(", "), cycle_edges(&graph, c).join("; ")))
        .collect();
    assert!(found.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

#[test]
fn no_import_cycle_between_the_submodules_of_a_module() {
    let mut shown = Vec::new();
    for (top, graph) in sub_graphs(&repo().join("src")) {
        for c in cycles(&graph) {
            shown.push(format!(
                "{top}: {}: {}",
                c.join(", "),
                cycle_edges(&graph, &c).join("; ")
            ));
        }
    }
    assert!(shown.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

#[test]
fn every_edge_points_down_the_layers_of_architecture_md() {
    let doc = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let graph = graph_of(&repo().join("src"));
    let problems = layer_violations(&graph, &layers(&doc));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn architecture_md_shows_the_graph_of_the_code() {
    let doc = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let actual = render(&graph_of(&repo().join("src")));
    assert_eq!(
        documented_graph(&doc),
        actual,
        "ARCHITECTURE.md's module graph is stale; the code's graph is:\n{actual}"
    );
}

/// The checker itself, on small crates written here: it must see each kind of path and fail
/// for the right reason.
mod checker {
    use super::*;

    fn write_crate(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let p = dir.path().join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    fn edges(graph: &Graph, from: &str) -> Vec<String> {
        graph[from].iter().cloned().collect()
    }

    #[test]
    fn sees_use_grouped_qualified_and_super_paths() {
        let dir = write_crate(&[
            (
                "lib.rs",
                "pub mod a;\npub mod b;\npub mod c;\npub mod d;\nmod e;\n",
            ),
            ("a.rs", "use crate::{b::X, c};\nfn f() { crate::d::g(); }\n"),
            ("b.rs", "pub struct X;\n"),
            ("c.rs", "use super::e::Y;\n"),
            ("d/mod.rs", "mod inner;\npub fn g() {}\n"),
            ("d/inner.rs", "use super::super::b;\nuse super::g;\n"),
            ("e.rs", "pub struct Y;\n"),
        ]);
        let g = graph_of(dir.path());
        assert_eq!(edges(&g, "a"), ["b", "c", "d"]);
        assert_eq!(edges(&g, "c"), ["e"]);
        assert_eq!(edges(&g, "d"), ["b"]);
        assert!(cycles(&g).is_empty());
    }

    #[test]
    fn ignores_comments_strings_and_test_code() {
        let dir = write_crate(&[
            ("lib.rs", "pub mod a;\npub mod b;\n"),
            (
                "a/mod.rs",
                "//! See [`crate::b`].\n/* crate::b::x */\nconst S: &str = \"crate::b\";\n\
                 const R: &str = r#\"crate::b\"#;\nconst C: char = '\"';\n\
                 #[cfg(test)]\nmod tests { use crate::b; }\n\
                 #[cfg(test)]\n#[path = \"a_tests.rs\"]\nmod more;\n",
            ),
            ("a/a_tests.rs", "use crate::b;\n"),
            (
                "a/c.rs",
                "// not declared: still read, as an edge to nothing\n",
            ),
            ("b.rs", "use crate::a;\n"),
        ]);
        let g = graph_of(dir.path());
        assert_eq!(edges(&g, "a"), Vec::<String>::new());
        assert_eq!(edges(&g, "b"), ["a"]);
    }

    #[test]
    fn finds_a_cycle_and_names_its_edges() {
        let dir = write_crate(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\n"),
            ("a.rs", "use crate::b;\n"),
            ("b/mod.rs", "mod x;\n"),
            ("b/x.rs", "fn f() { crate::c::g() }\n"),
            ("c.rs", "use crate::{a, d};\n"),
            ("d.rs", ""),
        ]);
        let g = graph_of(dir.path());
        let found = cycles(&g);
        assert_eq!(found, [vec!["a", "b", "c"]]);
        assert_eq!(cycle_edges(&g, &found[0]), ["a -> b", "b -> c", "c -> a"]);
    }

    #[test]
    fn finds_a_cycle_between_submodules() {
        let dir = write_crate(&[
            ("lib.rs", "mod a;\n"),
            ("a/mod.rs", "mod x;\nmod y;\nmod z;\nfn helper() {}\n"),
            ("a/x.rs", "use super::y::f;\nfn g() { super::helper() }\n"),
            ("a/y.rs", "use crate::a::{z, x::g};\n"),
            ("a/z.rs", "use super::super::a::y;\n"),
        ]);
        let subs = sub_graphs(dir.path());
        let g = &subs["a"];
        assert_eq!(edges(g, "x"), ["y"]);
        assert_eq!(edges(g, "y"), ["x", "z"]);
        assert_eq!(edges(g, "z"), ["y"]);
        assert_eq!(cycles(g), [vec!["x", "y", "z"]]);
    }

    #[test]
    fn an_edge_up_the_layers_is_a_violation() {
        let mut g = Graph::new();
        g.insert("top".into(), ["low".to_string()].into());
        g.insert("low".into(), ["leaf".to_string(), "top".to_string()].into());
        g.insert("leaf".into(), BTreeSet::new());
        g.insert("stray".into(), BTreeSet::new());
        let doc = "# x\n\n## Layers\n| layer | modules | may import |\n|---|---|---|\n\
                   | 1 | `top` | below |\n| 2 | `low` | below |\n| 3 | `leaf` | nothing |\n";
        let problems = layer_violations(&g, &layers(doc));
        assert_eq!(
            problems,
            [
                "low -> top: `top` is not in a layer below `low`'s",
                "`stray` is in no layer"
            ]
        );
    }
}
