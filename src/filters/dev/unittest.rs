//! Python's unittest report: `python -m unittest`, Django's runners (`python -m django test`,
//! `manage.py test`, Django's own `tests/runtests.py`), both streams.
//!
//! Dropped: passing tests' verbose lines (`test_x (app.tests.T.test_x) ... ok`, `... expected
//! failure`; counted in the closing line), the progress line of dots, the `====` / `----`
//! rulers, blank lines, and Django's database set-up chatter (`Creating test database for
//! alias …`, `Destroying …`, `Cloning …`, `System check identified no issues`, the migration
//! plan and every `Applying app.0001_initial... OK`). Kept as printed: every `... FAIL`,
//! `... ERROR`, `... skipped 'why'` and `unexpected success` line, every `FAIL:` / `ERROR:`
//! block with its whole traceback (file and line included), what the tests printed, Django's
//! `Found N test(s).` and any system-check problem, `Ran N tests in Xs` and the closing
//! `OK` / `FAILED (failures=1, errors=2, skipped=3)`; tracebacks lose only Python's caret
//! markers (`^^^^`). A run without a `Ran N tests` line (an
//! import error before the run, a usage error, another program) is printed raw.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Unittest;

static RAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^Ran \d+ tests? in [\d.]+s$").unwrap());
/// A verbose line of a test that passed (or failed as expected).
static PASSED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r" \.\.\. (ok|expected failure)$").unwrap());
/// The progress line of the default verbosity (`..F.s.E`).
static DOTS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[.sFExu]+$").unwrap());
/// Django's set-up and tear-down lines.
static DJANGO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^(?:(?:Creating|Destroying|Cloning|Using existing) (?:test )?database for alias .*",
        r"|System check identified no issues \(\d+ silenced\)\.",
        r"|Operations to perform:|Synchronizing apps without migrations:|Running migrations:",
        r"|  (?:Synchronize unmigrated apps|Apply all migrations): .*",
        r"|  Creating tables\.\.\.|    Running deferred SQL\.\.\.",
        r"|    Creating table \S+",
        r"|  Applying \S+\.\.\. OK",
        r")$"
    ))
    .unwrap()
});

impl Filter for Unittest {
    fn name(&self) -> &'static str {
        "unittest"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let err = strip_ansi(out.stderr);
        let stdout = strip_ansi(out.stdout);
        if !RAN.is_match(&err) && !RAN.is_match(&stdout) {
            return Err(Unparsed("no `Ran N tests` line".into()));
        }
        let (a, b) = (compact_report(&stdout), compact_report(&err));
        let n = a.dropped + b.dropped;
        Ok(Compacted {
            stdout: a.text,
            stderr: Some(b.text),
            elided: (n > 0).then(|| {
                format!("{n} lines: passing tests, progress, rulers, test database set-up")
            }),
        })
    }
}

/// `test_x (app.tests.T.test_x)` alone on its line: a test with a docstring, whose first line
/// and result follow on the next line.
static NAME_ONLY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\w+ \([\w.]+\)$").unwrap());

fn compact_report(text: &str) -> Sink {
    let mut sink = Sink::default();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let ruler = line.len() >= 20
            && (line.bytes().all(|b| b == b'=') || line.bytes().all(|b| b == b'-'));
        // Python's `^^^^` / `~~^~~` markers under a traceback's source line.
        let carets =
            !line.trim().is_empty() && line.trim().bytes().all(|b| matches!(b, b'^' | b'~'));
        if NAME_ONLY.is_match(line) && lines.peek().is_some_and(|n| PASSED.is_match(n)) {
            lines.next();
            sink.drop_line();
            sink.drop_line();
        } else if line.trim().is_empty()
            || ruler
            || carets
            || PASSED.is_match(line)
            || DOTS.is_match(line)
            || DJANGO.is_match(line)
        {
            sink.drop_line();
        } else {
            sink.line(line);
        }
    }
    sink
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_and_chatter_go_failures_and_counts_stay() {
        let raw = "Found 3 test(s).\nCreating test database for alias 'default'...\nSystem check identified no issues (0 silenced).\ntest_a (shop.tests.T.test_a) ... ok\ntest_b (shop.tests.T.test_b) ... FAIL\ntest_c (shop.tests.T.test_c) ... skipped 'later'\n\n======================================================================\nFAIL: test_b (shop.tests.T.test_b)\n----------------------------------------------------------------------\nTraceback (most recent call last):\n  File \"/app/shop/tests.py\", line 9, in test_b\n    self.assertEqual(1, 2)\nAssertionError: 1 != 2\n\n----------------------------------------------------------------------\nRan 3 tests in 0.004s\n\nFAILED (failures=1, skipped=1)\nDestroying test database for alias 'default'...\n";
        let s = compact_report(raw);
        assert_eq!(
            s.text,
            "Found 3 test(s).\ntest_b (shop.tests.T.test_b) ... FAIL\ntest_c (shop.tests.T.test_c) ... skipped 'later'\nFAIL: test_b (shop.tests.T.test_b)\nTraceback (most recent call last):\n  File \"/app/shop/tests.py\", line 9, in test_b\n    self.assertEqual(1, 2)\nAssertionError: 1 != 2\nRan 3 tests in 0.004s\nFAILED (failures=1, skipped=1)\n"
        );
    }

    #[test]
    fn another_program_is_printed_raw() {
        let out = Output {
            stdout: "usage: runtests.py [-h]\n",
            stderr: "",
            code: 2,
        };
        let inv = Invocation {
            program: "python",
            args: &[],
            sub: None,
        };
        assert!(Unittest.compact(&inv, &out).is_err());
    }
}
