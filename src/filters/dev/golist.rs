//! `go list` and `gofmt -l`: lists, one package import path or file path a line, grouped by
//! folder as `find`'s paths are (`example.com/shop/internal/: cart tax`), every name whole.
//! `go list` with a template, JSON, modules (`-m`) or anything else whose lines are not bare
//! paths streams through (a line with a space anywhere makes the whole list print as go wrote
//! it, as for `find`).

use crate::filters::args::Spec;
use crate::filters::files::find::path_list;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct GoList;
pub struct GofmtList;

const GO_LIST: Spec = Spec {
    short_with_value: "f",
    long_with_value: &["f", "json", "tags", "mod", "modfile", "C", "pgo", "reuse"],
};

impl Filter for GoList {
    fn name(&self) -> &'static str {
        "go-list"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let rest = inv.rest();
        let other = rest.iter().any(|a| {
            let a = a.trim_start_matches('-');
            a == "f"
                || a.starts_with("f=")
                || a == "json"
                || a.starts_with("json=")
                || a == "m"
                || a == "export"
                || a == "compiled"
                || a == "find"
                || a == "e"
        });
        if other || GO_LIST.has(rest, "h", &["help"]) {
            Plan::Stream
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(path_list())
    }
}

impl Filter for GofmtList {
    fn name(&self) -> &'static str {
        "gofmt-list"
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(path_list())
    }
}
