//! `dart test` and `flutter test` with their default reporter when not on a terminal
//! (`expanded`): one progress line per test event, `MM:SS +passed ~skipped -failed: name`.
//!
//! Kept: every line that is not a progress line (a failure's message, `Expected:`/`Actual:`,
//! its stack frames, the test's own prints), the progress line of each failure (`… [E]`),
//! a progress line right before kept output (it names the test that printed it), and the
//! last progress line (`+2 -1: Some tests failed.` / `+3: All tests passed!`: the counts).
//! Dropped (counted as elided): the other progress lines — `loading …` and each test starting
//! or passing. Output with no progress line is printed raw. Other reporters (`-r json`,
//! `--machine`), watch-like and debugging modes are not rewritten (the routes' scope).

use std::sync::LazyLock;

use regex::Regex;

use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct DartTest;

/// `00:01 +1 ~1 -1: test/cart_test.dart: Cart totals`.
static PROGRESS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+:\d\d \+\d+(?: ~\d+)?(?: -\d+)?: ").unwrap());

impl Filter for DartTest {
    fn name(&self) -> &'static str {
        "dart-test"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        let progress: Vec<bool> = lines.iter().map(|l| PROGRESS.is_match(l)).collect();
        let Some(last) = progress.iter().rposition(|p| *p) else {
            return Err(Unparsed("dart test: no progress line".into()));
        };
        let mut kept = String::new();
        let mut dropped = 0;
        for (i, line) in lines.iter().enumerate() {
            let keep = !progress[i]
                || i == last
                || line.ends_with(" [E]")
                || progress.get(i + 1).is_some_and(|p| !p);
            if keep {
                kept.push_str(line);
                kept.push('\n');
            } else {
                dropped += 1;
            }
        }
        Ok(Compacted {
            stdout: kept,
            stderr: None,
            elided: (dropped > 0)
                .then(|| format!("{dropped} progress lines: loading, tests started or passed")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(stdout: &str) -> Result<Compacted, Unparsed> {
        let args: Vec<String> = vec!["test".into()];
        let inv = Invocation {
            program: "dart",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout,
            stderr: "",
            code: 1,
        };
        DartTest.compact(&inv, &out)
    }

    #[test]
    fn failures_their_output_and_the_counts_stay() {
        let raw = "00:00 +0: loading test/a_test.dart\n00:01 +0: test/a_test.dart: adds\n00:01 +1: test/a_test.dart: totals\n00:01 +1 -1: test/a_test.dart: totals [E]\n  Expected: <30>\n    Actual: <25>\n\n  test/a_test.dart 18:7  main.<fn>\n\n00:01 +1 -1: test/a_test.dart: prints\nhello from the test\n00:01 +2 -1: Some tests failed.\n";
        let c = compact(raw).unwrap();
        assert_eq!(
            c.stdout,
            "00:01 +1 -1: test/a_test.dart: totals [E]\n  Expected: <30>\n    Actual: <25>\n\n  test/a_test.dart 18:7  main.<fn>\n\n00:01 +1 -1: test/a_test.dart: prints\nhello from the test\n00:01 +2 -1: Some tests failed.\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("3 progress lines: loading, tests started or passed")
        );
        assert!(compact("Failed to load test.\n").is_err());
    }
}
