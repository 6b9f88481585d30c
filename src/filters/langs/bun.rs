//! `bun test` (its report goes to stderr): the version banner, each `(pass)`/`(skip)`/`(todo)`
//! line, blank lines, the headers of files with nothing left to show, and code-frame context
//! go; every error block (the failing source line, `error: …`, Expected/Received, `at
//! file:line:col`), each `(fail)` line and the pass/skip/fail counts are kept, as is anything
//! the tests printed to stdout. Help, watch and other reporters pass through.

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct BunTest;

impl Filter for BunTest {
    fn name(&self) -> &'static str {
        "bun-test"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if !out
            .stderr
            .lines()
            .any(|l| l.starts_with("Ran ") && l.contains(" test"))
        {
            return Err(Unparsed("bun test: no `Ran N tests` line".into()));
        }
        let mut stdout = Sink::default();
        for l in out.stdout.lines() {
            if l.starts_with("bun test v") {
                stdout.drop_line();
            } else {
                stdout.line(l);
            }
        }
        let lines: Vec<&str> = out.stderr.lines().collect();
        let mut err = Sink::default();
        // A file header waits until something of its file is kept.
        let mut header: Option<&str> = None;
        for (i, l) in lines.iter().enumerate() {
            let failing_line = lines.get(i + 1).is_some_and(|n| caret(n));
            let noise = l.trim().is_empty()
                || ["(pass) ", "(skip) ", "(todo) "]
                    .iter()
                    .any(|p| l.starts_with(p))
                || caret(l)
                || (frame(l) && !failing_line);
            if noise {
                err.drop_line();
                continue;
            }
            if l.ends_with(':') && !l.contains(' ') {
                if header.replace(l).is_some() {
                    err.drop_line();
                }
                continue;
            }
            match header.take() {
                // The counts follow the last file: its header had nothing under it.
                Some(_) if counts(l) => err.drop_line(),
                Some(h) => err.line(h),
                None => {}
            }
            err.line(l);
        }
        if header.is_some() {
            err.drop_line();
        }
        let dropped = stdout.dropped + err.dropped;
        Ok(Compacted {
            stdout: stdout.text,
            stderr: Some(err.text),
            elided: (dropped > 0).then(|| {
                format!("{dropped} lines: passed and skipped tests, code-frame context, banner")
            }),
        })
    }
}

/// ` 9 pass`, ` 2 fail`, ` 9 expect() calls`, `Ran 9 tests across 3 files.`
fn counts(l: &str) -> bool {
    let t = l.trim_start();
    let counted = [" pass", " fail", " skip", " todo", " expect() calls"]
        .iter()
        .any(|w| t.strip_suffix(w).is_some_and(|n| n.parse::<u64>().is_ok()));
    counted || (t.starts_with("Ran ") && t.contains(" test"))
}

/// A code-frame line: `13 |     expect(…)`.
fn frame(l: &str) -> bool {
    l.split_once(" |").is_some_and(|(n, _)| {
        let n = n.trim_start();
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
    })
}

/// The marker under a frame's failing column: spaces then `^`.
fn caret(l: &str) -> bool {
    l.trim() == "^"
}

#[cfg(test)]
mod tests {
    use super::super::fixture;
    use super::*;

    fn run(case: &str) -> Compacted {
        let args: Vec<String> = vec!["test".into()];
        let inv = Invocation {
            program: "bun",
            args: &args,
            sub: Some(0),
        };
        let (stdout, stderr) = (
            fixture("bun", &format!("{case}.out")),
            fixture("bun", &format!("{case}.err")),
        );
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code: 1,
        };
        BunTest.compact(&inv, &out).unwrap()
    }

    #[test]
    fn pass_is_its_counts() {
        let got = run("test_pass");
        assert_eq!(got.stdout, "");
        let err = got.stderr.unwrap();
        assert!(
            err.starts_with(" 9 pass\n 0 fail\n 9 expect() calls\nRan 9 tests across 3 files."),
            "{err}"
        );
        assert_eq!(err.lines().count(), 4);
    }

    #[test]
    fn failures_kept() {
        let err = run("test_fail").stderr.unwrap();
        for fact in [
            "cart.test.ts:\n",
            "13 |     expect(total([10, 20]) * 0.9).toBe(28);",
            "error: expect(received).toBe(expected)",
            "Expected: 28",
            "Received: 27",
            "/fail/cart.test.ts:13:35)",
            "error: negative price: -1",
            "/fail/cart.test.ts:17:41)",
            "(fail) cart > applies discount",
            "(fail) cart > rejects negative prices",
            " 2 fail",
            "Ran 8 tests across 2 files.",
        ] {
            assert!(err.contains(fact), "lost {fact:?}:\n{err}");
        }
        // cart2 passed (and skipped) only: no header; no context lines.
        assert!(
            !err.contains("cart2") && !err.contains("(pass)") && !err.contains("12 |"),
            "{err}"
        );
    }
}
