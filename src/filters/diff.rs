//! `diff a b`: unified output (`-u`, `-r -u`) is compacted like `git diff` (headers shortened,
//! context trimmed to one line around each change, every changed line kept); the default
//! normal format is already changes-only and is kept as is. Exit codes 0/1/2 are diff's own.

use crate::filters::args::Spec;
use crate::filters::unified;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct DiffTool;

const SPEC: Spec = Spec {
    short_with_value: "CUFIWSxX",
    long_with_value: &[
        "label",
        "line-format",
        "from-file",
        "to-file",
        "width",
        "exclude",
        "exclude-from",
        "ignore-matching-lines",
        "starting-file",
        "show-function-line",
    ],
};

impl Filter for DiffTool {
    fn name(&self) -> &'static str {
        "diff"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if SPEC.has(
            inv.args,
            "qyencC",
            &[
                "brief",
                "side-by-side",
                "ed",
                "rcs",
                "color",
                "context",
                "line-format",
                "normal",
            ],
        ) {
            Plan::Stream
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        let full = SPEC.has(inv.args, "U", &["unified"]);
        Some(Box::new(unified::Pieces::new((!full).then_some(1), true)))
    }
}
