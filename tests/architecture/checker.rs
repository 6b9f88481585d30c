//! The checker itself, on small crates written here: it must see each kind of path and fail
//! for the right reason.

use std::collections::BTreeSet;

use super::graph::{cycle_edges, cycles, layer_violations, layers};
use super::scan::{graph_of, sub_graphs, Graph};

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

#[test]
fn reachable_follows_edges_transitively() {
    let dir = write_crate(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n"),
        ("a.rs", "use crate::b;\n"),
        ("b.rs", "use crate::c;\n"),
        ("c.rs", "pub struct C;\n"),
        ("d.rs", "use crate::a;\n"),
    ]);
    let g = graph_of(dir.path());
    assert_eq!(super::graph::reachable(&g, "a"), ["b", "c"]);
    assert_eq!(super::graph::reachable(&g, "d"), ["a", "b", "c"]);
    assert!(super::graph::reachable(&g, "c").is_empty());
}
