//! git subcommands whose output is short already: `commit`, `add`, `push`/`pull`/`fetch`,
//! `branch`/`stash`/`checkout`/`switch`/`worktree`. They keep every line that names a ref, a
//! hash or a path and drop progress meters, git's advice prose and blank lines. Any failure
//! (non-zero exit: rejected push, merge conflict, bad ref) prints git's output in full.
//! Interactive forms (editor, `-p`/`-i`) pass through with the terminal.

use super::status::compact_status;
use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

/// `git commit` with a message given on the command line (otherwise an editor opens).
pub struct Commit;
/// `git add` (prints nothing unless something is wrong).
pub struct Quiet;
/// `git push`, `git pull`, `git fetch`.
pub struct Sync;
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
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: None,
        })
    }
}

impl Filter for Quiet {
    fn name(&self) -> &'static str {
        "git-quiet"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if ANY.has(inv.rest(), "pie", &["patch", "interactive", "edit"]) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(Compacted::raw(out))
    }
}

/// Progress meters git prints for transfers (also behind `remote: `).
fn is_progress(line: &str) -> bool {
    let t = line.strip_prefix("remote: ").unwrap_or(line).trim();
    const METERS: &[&str] = &[
        "Enumerating objects:",
        "Counting objects:",
        "Compressing objects:",
        "Writing objects:",
        "Receiving objects:",
        "Resolving deltas:",
        "Unpacking objects:",
        "Delta compression using",
        "Total ",
    ];
    t.is_empty() || METERS.iter().any(|m| t.starts_with(m))
}

/// Drops progress meters (keeping only the text after the last `\r` of a line).
fn without_progress(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let last = line.rsplit('\r').next().unwrap_or(line);
        if !is_progress(last) {
            out.push_str(last);
            out.push('\n');
        }
    }
    out
}

impl Filter for Sync {
    fn name(&self) -> &'static str {
        "git-sync"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if ANY.has(inv.rest(), "", &["interactive", "porcelain", "dry-run"]) {
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
            stdout: without_progress(out.stdout),
            stderr: Some(without_progress(out.stderr)),
            elided: None,
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines() {
        let raw = "Enumerating objects: 5, done.\nremote: Counting objects: 100% (3/3), done.\nTo x\n   a..b  main -> main\n";
        assert_eq!(without_progress(raw), "To x\n   a..b  main -> main\n");
        assert_eq!(
            without_progress("Receiving objects:  10%\rReceiving objects: 100%\rdone?\n"),
            "done?\n"
        );
    }
}
