//! docs/coverage.md, generated from [`PROGRAMS`]: per ecosystem, every program (each name as
//! typed, path forms included), the subcommands its routes serve, what narrows the rewrite and
//! one example per route. The test fails when the file differs from the table;
//! `RTK_UPDATE_COVERAGE=1 cargo test --lib coverage` rewrites it.

use std::fmt::Write as _;

use super::{Eco, PROGRAMS};

fn code(s: &str) -> String {
    format!("`{}`", s.replace('|', "\\|"))
}

/// The whole file.
pub fn markdown() -> String {
    let mut ecos: Vec<Eco> = PROGRAMS.iter().map(|p| p.ecosystem).collect();
    ecos.sort();
    ecos.dedup();
    let mut out = String::new();
    out.push_str(
        "# Coverage: the commands rtk rewrites\n\n\
         Generated from the program table (`src/programs/entries/`) by \
         `cargo test --lib coverage` (`RTK_UPDATE_COVERAGE=1` rewrites this file); do not edit.\n\
         Every form below is rewritten with its argv kept as typed (`tests/semantics.rs` runs \
         every example under every name); anything else of the program runs unchanged.\n\n\
         | ecosystem | programs | names | routes |\n|---|---|---|---|\n",
    );
    let (mut tp, mut tn, mut tr) = (0, 0, 0);
    for &e in &ecos {
        let ps: Vec<_> = PROGRAMS.iter().filter(|p| p.ecosystem == e).collect();
        let names: usize = ps.iter().map(|p| p.names.len()).sum();
        let routes: usize = ps.iter().map(|p| p.routes.len()).sum();
        (tp, tn, tr) = (tp + ps.len(), tn + names, tr + routes);
        let _ = writeln!(out, "| {} | {} | {names} | {routes} |", e.title(), ps.len());
    }
    let _ = writeln!(out, "| **all** | {tp} | {tn} | {tr} |");
    for &e in &ecos {
        let _ = write!(
            out,
            "\n## {}\n\n| names | forms | rewritten when | examples |\n|---|---|---|---|\n",
            e.title()
        );
        for p in PROGRAMS.iter().filter(|p| p.ecosystem == e) {
            let names: Vec<String> = p.names.iter().map(|n| code(n)).collect();
            let forms: Vec<String> = p
                .routes
                .iter()
                .map(|r| r.sub.map_or_else(|| "any".to_string(), code))
                .collect();
            let examples: Vec<String> = p.routes.iter().map(|r| code(r.example)).collect();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                names.join(", "),
                forms.join(", "),
                p.rewrite.note.replace('|', "\\|"),
                examples.join("<br>")
            );
        }
    }
    out
}

#[test]
fn docs_coverage_matches_the_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/coverage.md");
    let want = markdown();
    if std::env::var_os("RTK_UPDATE_COVERAGE").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let got = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        got == want,
        "docs/coverage.md is out of date: RTK_UPDATE_COVERAGE=1 cargo test --lib coverage"
    );
}
