//! git subcommands whose output is short already: `commit`, `branch`/`stash`/`checkout`/
//! `switch`/`worktree` (`add` and `push`/`pull`/`fetch` are declarative: decl/builtin/git.toml).
//! They keep every line that names a ref, a hash or a path and drop git's advice prose and
//! blank lines. Any failure (non-zero exit: merge conflict, bad ref) prints git's output in full.
//! Interactive forms (editor, `-p`/`-i`) pass through with the terminal.

use super::status::compact_status;
use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

/// `git commit` with a message given on the command line (otherwise an editor opens).
pub struct Commit;
/// `git branch`, `stash`, `checkout`, `switch`, `worktree`.
pub struct Plain;

const COMMIT: Spec = Spec {
    short_with_value: "mFcCt",
    long_with_value: &[
        "message",
        "file",
        "reuse-message",
        "reedit-message",
        "template",
        "author",
        "date",
        "fixup",
        "squash",
        "cleanup",
        "trailer",
    ],
};
const ANY: Spec = Spec {
    short_with_value: "",
    long_with_value: &[],
};

impl Filter for Commit {
    fn name(&self) -> &'static str {
        "git-commit"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let a = inv.rest();
        let has_message = COMMIT.has(
            a,
            "mFC",
            &["message", "file", "reuse-message", "no-edit", "fixup"],
        );
        let interactive = COMMIT.has(
            a,
            "pec",
            &["edit", "patch", "interactive", "reedit-message"],
        );
        if has_message && !interactive {
            Plan::Capture { stderr: false }
        } else {
            Plan::Passthrough
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        let mut text = String::new();
        for line in out.stdout.lines() {
            let t = line.trim_start();
            let short = ["create mode ", "delete mode "].iter().find_map(|p| {
                let rest = t.strip_prefix(p)?;
                let (_mode, path) = rest.split_once(' ')?;
                Some(format!("{} {path}", &p[..6]))
            });
            text.push_str(short.as_deref().unwrap_or(t));
            text.push('\n');
        }
        Ok(Compacted::stdout(text))
    }
}

impl Filter for Plain {
    fn name(&self) -> &'static str {
        "git-plain"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let interactive = ANY.has(
            inv.rest(),
            "p",
            &["patch", "edit-description", "interactive"],
        );
        if interactive {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: true }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted {
            stdout: compact_status(out.stdout),
            stderr: Some(compact_status(out.stderr)),
            elided: None,
        })
    }
}
