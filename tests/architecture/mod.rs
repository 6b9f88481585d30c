//! The architecture checks (ARCHITECTURE.md): reads src/, builds the graph of edges between the
//! crate's top-level modules (and, inside each, between its submodules), and fails on any cycle,
//! on an edge that does not point down the layer table, and when the graph written in
//! ARCHITECTURE.md is not the graph of the code.
//!
//! An edge `a -> b` is any path into `b` written in `a`'s files: `crate::b…`, grouped
//! `crate::{b, c}`, fully qualified `crate::b::f()` in code, and `super::…` that climbs to the
//! crate root. Comments and string literals are not code. Test-only code (`#[cfg(test)] mod …`,
//! inline or in its own file) is left out: a unit test may reach across layers.

mod graph;
mod scan;

use std::path::PathBuf;

use graph::{cycle_edges, cycles, documented_graph, layer_violations, layers, reachable, render};
use scan::{graph_of, sub_graphs};

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

/// The hook path (`rtk rewrite`, `rtk hook`) answers per agent command: it must never reach the
/// filters, the process runner or the history (no SQLite, no spawn, no filter code linked in
/// its reasoning). It enters at `hosts` (each host's rules and answer), which decides with
/// `hooks`. ARCHITECTURE.md, "The hook path".
#[test]
fn the_hook_path_never_reaches_filters_exec_or_tracking() {
    let graph = graph_of(&repo().join("src"));
    for entry in ["hosts", "hooks"] {
        let reached = reachable(&graph, entry);
        for forbidden in ["filters", "exec", "tracking"] {
            assert!(
                !reached.iter().any(|m| m == forbidden),
                "{entry} reaches {forbidden}: {reached:?}"
            );
        }
    }
    assert_eq!(
        reachable(&graph, "hosts"),
        [
            "agents",
            "config",
            "env",
            "hooks",
            "json",
            "ledger",
            "mask",
            "misetasks",
            "os",
            "programs",
            "recognise",
            "rewrite",
            "shell",
            "tokens",
            "warnings"
        ]
    );
    let reached = reachable(&graph, "hooks");
    // What it does reach, so a new edge is a deliberate change.
    assert_eq!(
        reached,
        [
            "agents",
            "config",
            "env",
            "misetasks",
            "os",
            "programs",
            "recognise",
            "rewrite",
            "shell"
        ]
    );
}

mod checker;
