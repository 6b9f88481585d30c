//! `phpunit` (default progress printer): the version banner, the progress rows
//! (`.FESR   5 / 5 (100%)`), the `Time: …, Memory: …` line, `--` separators and blank lines go;
//! every `There was N failure/error/risky…` section (test name, message, file:line trace) and
//! the final `OK (…)` / `Tests: …` counts are kept. TestDox, TeamCity and debug printers,
//! list/help/version/configuration forms pass through.

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Phpunit;

impl Filter for Phpunit {
    fn name(&self) -> &'static str {
        "phpunit"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if !out.stdout.lines().any(summary) {
            return Err(Unparsed("phpunit: no final counts".into()));
        }
        let mut sink = Sink::default();
        for l in out.stdout.lines() {
            let noise = l.trim().is_empty()
                || l == "--"
                || (l.starts_with("PHPUnit ") && l.contains(" by Sebastian Bergmann"))
                || (l.starts_with("Time: ") && l.contains(", Memory: "))
                || progress_row(l);
            if noise {
                sink.drop_line();
            } else {
                sink.line(l);
            }
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("banner, progress rows, timing, separators"),
        })
    }
}

/// `OK (15 tests, 15 assertions)` or `Tests: 5, Assertions: 2, Errors: 1…`.
fn summary(l: &str) -> bool {
    (l.starts_with("OK (") && l.ends_with(')')) || l.starts_with("Tests: ")
}

/// `.FESR                 5 / 5 (100%)`: result marks, then `n / total (pct%)`.
fn progress_row(l: &str) -> bool {
    let Some((marks, rest)) = l.split_once(' ') else {
        return false;
    };
    let num = |s: &str| {
        let s = s.trim();
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
    };
    let counts = rest
        .strip_suffix("%)")
        .and_then(|r| r.split_once('('))
        .and_then(|(done, pct)| done.split_once('/').map(|(n, t)| (n, t, pct)));
    !marks.is_empty()
        && marks.chars().all(|c| ".FESRWIDN".contains(c))
        && counts.is_some_and(|(n, t, pct)| num(n) && num(t) && num(pct))
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;
    use crate::filters::Plan;

    fn compact(case: &str) -> String {
        compact_fixture(&Phpunit, "phpunit", case).unwrap().stdout
    }

    #[test]
    fn pass_is_its_counts() {
        assert_eq!(compact("pass"), "OK (15 tests, 15 assertions)\n");
    }

    #[test]
    fn every_failure_section_kept() {
        let got = compact("fail");
        for fact in [
            "There was 1 error:",
            "1) CalcTest::testDivByZero",
            "DivisionByZeroError: Division by zero",
            "/proj/src/Calc.php:5",
            "/proj/tests/CalcTest.php:20",
            "Failed asserting that 1.0 is identical to 1.5.",
            "/proj/tests/CalcTest.php:15",
            "1) CalcTest::testNothing",
            "Tests: 5, Assertions: 2, Errors: 1, Failures: 1, Skipped: 1, Risky: 1.",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        assert!(!got.contains("Memory:") && !got.contains("5 / 5"));
    }

    #[test]
    fn progress_rows() {
        assert!(progress_row(".FESR      5 / 5 (100%)"));
        assert!(progress_row("...  63 / 120 ( 52%)"));
        assert!(!progress_row("1) CalcTest::testAdd"));
        assert!(!progress_row("Failed asserting that 1 / 2 (x%)"));
    }

    #[test]
    fn other_printers_pass_through() {
        for a in ["--testdox", "--list-tests", "--version"] {
            let args: Vec<String> = vec![a.into()];
            let inv = Invocation {
                program: "phpunit",
                args: &args,
                sub: None,
            };
            assert_eq!(Phpunit.plan(&inv), Plan::Passthrough, "{a}");
        }
    }
}
