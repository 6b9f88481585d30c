//! git subcommands whose output is short already: `commit`, `branch`/`stash`/`checkout`/
//! `switch`/`worktree` (`add` and `push`/`pull`/`fetch` are declarative: decl/builtin/git.toml).
//! They keep every line that names a ref, a hash or a path and drop git's advice prose and
//! blank lines. Any failure (non-zero exit: merge conflict, bad ref) prints git's output in full.
//! Interactive forms (editor, `-p`/`-i`) pass through with the terminal. A commit also
//! captures stderr, where git sends its hooks' output: on success the lines that report one
//! passing check (`… ... ok`, `✓ …`, `PASS …`, `(pass) …`, `--- PASS: …`, `… PASSED`) go and
//! every other line (counts, warnings, anything else the hook printed) stays; a commit a hook
//! refused prints in full.

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
            Plan::Capture { stderr: true }
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
        let mut err = String::new();
        let mut passed = 0;
        for line in out.stderr.lines() {
            if passing_check(line) {
                passed += 1;
            } else {
                err.push_str(line);
                err.push('\n');
            }
        }
        Ok(Compacted {
            stdout: text,
            stderr: Some(err),
            elided: (passed > 0)
                .then(|| format!("{passed} passing-check lines of the commit hooks' output")),
        })
    }
}

/// One line of a test runner or checker saying one thing passed (libtest and unittest `-v`,
/// jest/vitest/mocha, bun, `go test -v`, pytest `-v`).
fn passing_check(line: &str) -> bool {
    let t = line.trim();
    t.ends_with(" ... ok")
        || ["✓ ", "√ ", "PASS ", "(pass) ", "--- PASS: ", "=== RUN "]
            .iter()
            .any(|p| t.starts_with(p))
        || (t.ends_with(" PASSED") || t.contains(" PASSED ["))
            && !t.contains("FAIL")
            && !t.contains("ERROR")
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

    fn fixture(name: &str) -> String {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/git/");
        std::fs::read_to_string(format!("{dir}{name}")).unwrap()
    }

    fn commit(case: &str) -> (Compacted, String) {
        let args: Vec<String> = ["commit", "-m", "x"].map(String::from).to_vec();
        let inv = Invocation {
            program: "git",
            args: &args,
            sub: Some(0),
        };
        let (stdout, stderr) = (
            fixture(&format!("{case}.out")),
            fixture(&format!("{case}.err")),
        );
        let code = fixture(&format!("{case}.code")).trim().parse().unwrap();
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code,
        };
        assert_eq!(Commit.plan(&inv), Plan::Capture { stderr: true });
        (Commit.compact(&inv, &out).unwrap(), stderr)
    }

    #[test]
    fn passing_hook_keeps_its_counts_not_its_passing_lines() {
        let (c, raw) = commit("commit_hook_pass");
        let err = c.stderr.unwrap();
        assert!(
            c.stdout.contains("feat: calc modules (1-6)"),
            "{}",
            c.stdout
        );
        assert_eq!(raw.lines().filter(|l| l.ends_with(" ... ok")).count(), 24);
        assert!(!err.contains(" ... ok"), "{err}");
        for fact in ["Ran 24 tests in", "OK"] {
            assert!(err.contains(fact), "lost {fact:?}: {err}");
        }
        assert_eq!(
            c.elided.as_deref(),
            Some("24 passing-check lines of the commit hooks' output")
        );
    }

    #[test]
    fn refused_commit_is_raw() {
        let (c, raw) = commit("commit_hook_fail");
        assert_eq!(c.stderr, None);
        assert!(raw.contains("AssertionError: 8 != 9"), "{raw}");
    }

    #[test]
    fn passing_lines() {
        for l in [
            "test a::b ... ok",
            "  ✓ sums prices (3 ms)",
            "PASS ./a.test.js",
            "(pass) cart > sums",
            "--- PASS: TestX (0.00s)",
            "tests/t.py::test_a PASSED [ 50%]",
        ] {
            assert!(passing_check(l), "{l}");
        }
        for l in [
            "test a::b ... FAILED",
            "FAIL ./a.test.js",
            "tests/t.py::test_a FAILED [ 50%]",
            "warning: unused import",
            "Ran 24 tests in 0.005s",
            "ok",
        ] {
            assert!(!passing_check(l), "{l}");
        }
    }
}
