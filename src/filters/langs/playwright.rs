//! `playwright test` (list and dot reporters): the `Running N tests` line, each passed (`✓`)
//! and skipped (`-`) test line, the dot progress row, blank lines, code-frame context lines
//! and the `───` rules after failure titles go; each failed test's line (`✘`), every failure
//! block (title with file:line, error, expected/received, the `>` source line, `at
//! file:line:col`, the error-context path), the failed-test list and the counts are kept.
//! Other reporters, UI/debug modes, `--list` and help pass through.

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Playwright;

impl Filter for Playwright {
    fn name(&self) -> &'static str {
        "playwright"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if !out.stdout.lines().any(count) {
            return Err(Unparsed("playwright: no passed/failed counts".into()));
        }
        let mut sink = Sink::default();
        // Whether the previous line was `Running N tests…` (the dot reporter's row follows).
        let mut after_running = false;
        for l in out.stdout.lines() {
            let t = l.trim_start();
            let dots = after_running && !t.is_empty() && t.chars().all(|c| "·°×±FT✘".contains(c));
            let running = t.starts_with("Running ") && t.contains(" test");
            after_running = running;
            let noise = t.is_empty()
                || running
                || dots
                || t.starts_with("✓ ")
                || (t.starts_with("- ") && t[2..].trim_start().starts_with(char::is_numeric))
                || frame_context(t);
            if noise {
                sink.drop_line();
                continue;
            }
            sink.line(l.trim_end_matches(['─', ' ']));
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("passed and skipped test lines, progress, code-frame context"),
        })
    }
}

/// `  3 passed (1.2s)`, `  2 failed`, `  1 skipped`, `  1 flaky`.
fn count(l: &str) -> bool {
    let mut w = l.split_whitespace();
    w.next().is_some_and(|n| n.parse::<u64>().is_ok())
        && matches!(
            w.next(),
            Some("passed" | "failed" | "flaky" | "skipped" | "interrupted")
        )
}

/// A code-frame line other than the failing one: `12 |   test(…`, or the `|   ^` marker.
fn frame_context(t: &str) -> bool {
    if let Some(rest) = t.strip_prefix('|') {
        return rest.trim().chars().all(|c| c == '^') && !rest.trim().is_empty();
    }
    t.split_once(" |")
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::super::{compact_fixture, fixture};
    use super::*;
    use crate::filters::Plan;

    fn run(case: &str) -> Compacted {
        compact_fixture(&Playwright, "playwright", case).unwrap()
    }

    #[test]
    fn pass_is_its_count() {
        let raw = fixture("playwright", "pass.out");
        let last = raw.lines().last().unwrap().trim();
        assert!(last.starts_with("12 passed ("), "{last}");
        let got = run("pass").stdout;
        assert_eq!((got.trim(), got.lines().count()), (last, 1));
    }

    #[test]
    fn failures_kept_in_both_reporters() {
        for case in ["fail", "fail_dot"] {
            let got = run(case).stdout;
            for fact in [
                "1) tests/cart.spec.ts:12:3 › cart › applies discount",
                "Error: expect(received).toBe(expected) // Object.is equality",
                "Expected: 28",
                "Received: 27",
                "> 13 |     expect(total([10, 20]) * 0.9).toBe(28);",
                "/proj/tests/cart.spec.ts:13:35",
                "Error: negative price: -1",
                "/proj/tests/cart.spec.ts:19:13",
                "2 failed",
                "    tests/cart.spec.ts:16:3 › cart › rejects negative prices\n",
                "1 skipped",
                "1 passed",
            ] {
                assert!(got.contains(fact), "{case}: lost {fact:?}:\n{got}");
            }
            assert!(
                !got.contains('─') && !got.contains("✓") && !got.contains("11 |"),
                "{got}"
            );
        }
        assert!(run("fail")
            .stdout
            .contains("✘  2 tests/cart.spec.ts:12:3 › cart › applies discount"));
    }

    #[test]
    fn other_reporters_pass_through() {
        let plan = |line: &str| {
            let args: Vec<String> = line.split_whitespace().map(String::from).collect();
            Playwright.plan(&Invocation {
                program: "playwright",
                args: &args,
                sub: Some(0),
            })
        };
        assert_eq!(plan("test --reporter=dot"), Plan::Capture { stderr: false });
        assert_eq!(
            plan("test --reporter list"),
            Plan::Capture { stderr: false }
        );
        assert_eq!(plan("test --reporter=html"), Plan::Passthrough);
        assert_eq!(plan("test --reporter json"), Plan::Passthrough);
        assert_eq!(plan("test --ui"), Plan::Passthrough);
    }
}
