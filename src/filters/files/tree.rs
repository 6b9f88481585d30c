//! `tree`: the same entries and nesting, each drawing prefix (`├── `, `│   `, `|-- `, …) written
//! as two spaces per level; the summary line is kept. JSON/XML/HTML output passes through.

use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Tree;

const SPEC: Spec = Spec {
    short_with_value: "LPIHTo",
    long_with_value: &["filelimit", "timefmt", "sort", "charset"],
};

/// The four-column drawing cells tree uses, in UTF-8 and ASCII.
const CELLS: &[&str] = &[
    "├── ",
    "└── ",
    "│   ",
    "│\u{a0}\u{a0} ",
    "    ",
    "\u{a0}\u{a0}\u{a0} ",
    "|-- ",
    "`-- ",
    "|   ",
];

impl Filter for Tree {
    fn name(&self) -> &'static str {
        "tree"
    }
    fn routes(&self) -> &'static [Route] {
        &[Route {
            program: "tree",
            sub: None,
        }]
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if SPEC.has(
            inv.args,
            "JXHCo",
            &["json", "xml", "html", "color", "output"],
        ) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut text = String::with_capacity(out.stdout.len());
        for line in out.stdout.lines() {
            let mut rest = line;
            let mut depth = 0;
            while let Some(cell) = CELLS.iter().find(|c| rest.starts_with(**c)) {
                rest = &rest[cell.len()..];
                depth += 1;
            }
            for _ in 0..depth {
                text.push_str("  ");
            }
            text.push_str(rest);
            text.push('\n');
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: None,
        })
    }
}
