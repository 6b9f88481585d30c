//! `pest` and `php artisan test` (Collision's printer, shared by both): passing test lines
//! (`✓`), `PASS` file badges, rules, the source excerpt under each failure (`  12▕ …`, the `➜`
//! line), blank lines go. Every `FAIL` badge and failing (`⨯`), skipped or risky test line,
//! each `FAILED  Class > test` block with its message, `at file:line` and numbered trace, and
//! the `Tests:`/`Duration:` lines stay, as does every line the filter does not know. Watch,
//! help, version, init and TeamCity forms pass through; output without a `Tests:` line is
//! printed raw.

use super::Sink;
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Pest;

impl Filter for Pest {
    fn name(&self) -> &'static str {
        "pest"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.lines().any(|l| l.trim_start().starts_with("Tests:  ")) {
            return Err(Unparsed("pest: no Tests: line".into()));
        }
        let mut sink = Sink::default();
        for l in text.lines() {
            let t = l.trim();
            let rule = t.chars().count() > 3 && t.chars().all(|c| c == '─');
            if t.is_empty() || rule || t.starts_with("✓ ") || t.starts_with("PASS ") || excerpt(t)
            {
                sink.drop_line();
            } else {
                sink.line(l.trim_end());
            }
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("passing tests, PASS badges, rules and source excerpts"),
        })
    }
}

/// `12▕ code` or `➜  12▕ code`: a line of the source excerpt under a failure.
fn excerpt(t: &str) -> bool {
    let t = t.strip_prefix('➜').map_or(t, str::trim_start);
    t.split_once('▕')
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;
    use crate::filters::Plan;

    #[test]
    fn failures_keep_message_location_and_trace() {
        let got = compact_fixture(&Pest, "pest", "test_fail").unwrap().stdout;
        assert_eq!(
            got,
            "   FAIL  Tests\\Unit\\CartTest\n  ⨯ it applies discount                                                  0.02s\n\
             \x20 ⨯ it averages nothing\n  - it exports csv → not ready yet\n\
             \x20  FAILED  Tests\\Unit\\CartTest > it applies discount\n  Failed asserting that 30 is identical to 28.\n\
             \x20 at tests/Unit/CartTest.php:12\n  1   tests/Unit/CartTest.php:12\n\
             \x20  FAILED  Tests\\Unit\\CartTest > it averages nothing        DivisionByZeroError\n  Division by zero\n\
             \x20 at src/Cart.php:18\n  1   src/Cart.php:18\n  2   tests/Unit/CartTest.php:16\n\
             \x20 Tests:    2 failed, 1 skipped, 4 passed (6 assertions)\n  Duration: 0.09s\n"
        );
    }

    #[test]
    fn success_is_the_counts() {
        let got = compact_fixture(&Pest, "pest", "test_pass").unwrap().stdout;
        assert_eq!(
            got,
            "  Tests:    6 passed (6 assertions)\n  Duration: 0.07s\n"
        );
    }

    #[test]
    fn artisan_test_reads_the_same() {
        let got = compact_fixture(&Pest, "php", "artisan_test_fail")
            .unwrap()
            .stdout;
        for fact in [
            "FAILED  Tests\\Feature\\CartTest > a checkout redirects to the receipt",
            "Expected response status code [302] but received 500.",
            "Failed asserting that 500 is identical to 302.",
            "at tests/Feature/CartTest.php:24",
            "Tests:    1 failed, 2 passed (3 assertions)",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        assert!(
            !got.contains("assertRedirect") && !got.contains("✓"),
            "{got}"
        );
    }

    #[test]
    fn other_artisan_commands_pass_through() {
        for (program, args, want) in [
            ("php", &["artisan", "serve"][..], Plan::Passthrough),
            ("php", &["artisan", "test", "--help"], Plan::Passthrough),
            ("php", &["artisan", "test"], Plan::Capture { stderr: false }),
            ("pest", &["--watch"], Plan::Passthrough),
        ] {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            let inv = Invocation {
                program,
                args: &args,
                sub: None,
            };
            assert_eq!(Pest.plan(&inv), want, "{program} {args:?}");
        }
    }

    #[test]
    fn no_tests_line_is_raw() {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: "pest",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout: "\n   INFO  No tests found.\n\n",
            stderr: "",
            code: 0,
        };
        assert!(Pest.compact(&inv, &out).is_err());
    }
}
