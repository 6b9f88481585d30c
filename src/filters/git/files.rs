//! `git ls-files`: the listed paths grouped by folder as `find`'s are (`src/a/: one.rs two.rs`),
//! every name whole. Forms that print more than a path per line (`-s`/`--stage`, `-t`, `-v`,
//! `-f`, `-u`, `--debug`, `--eol`, `--format`) or NUL-separate them (`-z`) stream through as
//! git prints them; so does a failure.

use crate::filters::args::Spec;
use crate::filters::files::find::path_list;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct LsFiles;

const SPEC: Spec = Spec {
    short_with_value: "xX",
    long_with_value: &[
        "exclude",
        "exclude-from",
        "exclude-per-directory",
        "with-tree",
        "format",
        "abbrev",
    ],
};

impl Filter for LsFiles {
    fn name(&self) -> &'static str {
        "git-ls-files"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let raw = SPEC.has(
            inv.rest(),
            "zstvfu",
            &[
                "stage",
                "unmerged",
                "debug",
                "eol",
                "format",
                "resolve-undo",
            ],
        );
        if raw {
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
