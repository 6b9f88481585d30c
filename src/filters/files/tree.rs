//! `tree`: the same entries and nesting, each drawing prefix (`├── `, `│   `, `|-- `, …) written
//! as two spaces per level; the summary line is kept. JSON/XML/HTML output passes through.
//! Line by line, so it compacts while tree still runs.

use crate::filters::args::Spec;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

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
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(Box::new(Indented::default()))
    }
}

/// The compacted lines so far.
#[derive(Default)]
struct Indented {
    text: String,
}

impl Incremental for Indented {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        for line in lines.lines() {
            let mut rest = line;
            let mut depth = 0;
            while let Some(cell) = CELLS.iter().find(|c| rest.starts_with(**c)) {
                rest = &rest[cell.len()..];
                depth += 1;
            }
            for _ in 0..depth {
                self.text.push_str("  ");
            }
            self.text.push_str(rest);
            self.text.push('\n');
        }
        Ok(())
    }
    fn finish(self: Box<Self>, _out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(Compacted::stdout(self.text))
    }
}
