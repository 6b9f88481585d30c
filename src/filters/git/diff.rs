//! `git diff`: one line per file instead of git's headers, every changed line kept exactly,
//! unchanged context trimmed to [`CONTEXT`] line(s) around each change (all context kept when the
//! user asked for it with `-U`/`--unified`/`-W`). `--stat` blocks are grouped by folder
//! ([`unified`]); name-only/check output is kept verbatim.
//! Colour, word-diff, binary and external-diff forms pass through untouched. Diffs are compacted
//! hunk by hunk as git prints them ([`unified::Pieces`]).

use crate::filters::args::Spec;
use crate::filters::unified;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct Diff;

/// Unchanged lines kept on each side of a change.
pub const CONTEXT: usize = 1;

const SPEC: Spec = Spec {
    short_with_value: "USGOlB",
    long_with_value: &["output", "src-prefix", "dst-prefix"],
};

/// Forms whose output is not a plain unified diff (or must stay byte-exact).
const RAW_LONG: &[&str] = &[
    "color",
    "color-words",
    "word-diff",
    "word-diff-regex",
    "binary",
    "ext-diff",
    "output",
    "textconv",
    "src-prefix",
    "dst-prefix",
    "no-prefix",
    "line-prefix",
    "full-index",
    "patch-with-raw",
    "raw",
    "cc",
    "combined",
];

/// The user asked for this much context: keep it all.
pub fn wants_full_context(args: &[String]) -> bool {
    SPEC.has(
        args,
        "UW",
        &["unified", "function-context", "inter-hunk-context"],
    )
}

impl Filter for Diff {
    fn name(&self) -> &'static str {
        "git-diff"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if SPEC.has(inv.rest(), "z", RAW_LONG) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        let context = (!wants_full_context(inv.rest())).then_some(CONTEXT);
        Some(Box::new(unified::Pieces::new(context, false)))
    }
}

/// `git stash`: `stash show -p` is a diff and compacts as one ([`Diff`]); every other form is
/// [`super::simple::Plain`]'s (`stash -p`, which asks per hunk, passes through there).
pub struct Stash;

fn shows_patch(inv: &Invocation<'_>) -> bool {
    let rest = inv.rest();
    rest.first().is_some_and(|a| a == "show") && SPEC.has(&rest[1..], "p", &["patch"])
}

impl Filter for Stash {
    fn name(&self) -> &'static str {
        "git-stash"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if shows_patch(inv) {
            Diff.plan(inv)
        } else {
            super::simple::Plain.plan(inv)
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if shows_patch(inv) {
            Diff.compact(inv, out)
        } else {
            super::simple::Plain.compact(inv, out)
        }
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        shows_patch(inv).then(|| Diff.incremental(inv)).flatten()
    }
}
