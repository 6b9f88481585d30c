//! Reading src/: a small lexer (comments dropped, literals kept whole), the paths each file
//! writes resolved from the crate root (cut to two segments), and the import graphs between
//! top-level modules and between the submodules of each.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module -> the modules it uses.
pub type Graph = BTreeMap<String, BTreeSet<String>>;
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

/// The module path of a file under src/ (`hosts/claude/rules.rs` -> hosts, claude, rules).
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
pub fn graph_of(src: &Path) -> Graph {
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
pub fn sub_graphs(src: &Path) -> BTreeMap<String, Graph> {
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
