//! `jest` and `vitest` (also reached through `npx`, `npm test`, `pnpm test`).
//!
//! Kept: `FAIL` lines, every failing test (`●` / `×` / ` FAIL ` headers), its assertion message
//! and diff, the failing source line of each code frame, `at` frames in project files, and the
//! summary counts. Dropped (counted as elided): `PASS`/`✓` lines, context lines of code frames,
//! stack frames in node_modules or node internals, jest's generic matcher hint
//! (`expect(received).toBe(expected) // …`) when the failure's source line or frame names the
//! matcher. Dropped as chrome (not counted): blank
//! lines, caret lines, the `RUN`/`Start at` banners, timings (`Time:`, `Duration`, `38ms`),
//! separators, vitest's `×` listing when the ` FAIL ` blocks repeat it, and a diff of two
//! single values that the assertion message above it already names.
//! jest writes its report to stderr, vitest to stdout: both streams are filtered the same way.

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Jest;
pub struct Vitest;

const INTERACTIVE: &[&str] = &["--watch", "--watchAll", "--help", "-h", "--version", "--ui"];

fn plan(inv: &Invocation<'_>, vitest: bool) -> Plan {
    let rest = inv.rest();
    if rest.iter().any(|a| INTERACTIVE.contains(&a.as_str())) {
        return Plan::Passthrough;
    }
    // Bare `vitest` (no `run`) watches when attached to a terminal; captured it runs once.
    if vitest && rest.first().is_some_and(|a| a == "watch" || a == "dev") {
        return Plan::Passthrough;
    }
    Plan::Capture { stderr: true }
}

impl Filter for Jest {
    fn name(&self) -> &'static str {
        "jest"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        plan(inv, false)
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        compact_js_tests(out)
    }
}

impl Filter for Vitest {
    fn name(&self) -> &'static str {
        "vitest"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        plan(inv, true)
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        compact_js_tests(out)
    }
}

/// Both streams of a jest or vitest run.
pub fn compact_js_tests(out: &Output<'_>) -> Result<Compacted, Unparsed> {
    let all = format!("{}{}", out.stdout, out.stderr);
    // vitest lists each failing test under its file (`× name 3ms`) and again as a ` FAIL `
    // block with its message: the list goes when the blocks are there.
    let blocks = all
        .lines()
        .any(|l| l.starts_with(" FAIL  ") && l.contains(" > "));
    let o = compact_report(&strip_ansi(out.stdout), blocks);
    let e = compact_report(&strip_ansi(out.stderr), blocks);
    let summary = ["Tests:", "Tests  ", "Test Suites:", "Test Files  "];
    if !all
        .lines()
        .any(|l| summary.iter().any(|s| l.trim_start().starts_with(s)))
        && out.code == 0
    {
        return Err(Unparsed("no jest/vitest summary".into()));
    }
    let dropped = o.dropped + e.dropped;
    let hints = [out.stdout, out.stderr].iter().any(|s| {
        let t = strip_ansi(s);
        let lines: Vec<&str> = t.lines().collect();
        (0..lines.len()).any(|i| restated_hint(&lines, i))
    });
    let what = if hints {
        "passing tests, code frames, matcher hints"
    } else {
        "passing tests, code frames"
    };
    Ok(Compacted {
        stdout: o.text,
        stderr: Some(e.text),
        elided: (dropped > 0).then(|| format!("{dropped} lines: {what}")),
    })
}

fn is_frame(l: &str) -> bool {
    // `   12 | code`, `    > 2 | code`, `      2| code` (vitest), `      |   ^`.
    let t = l.trim_start();
    let t = t.strip_prefix("> ").unwrap_or(t);
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && t[digits..].trim_start().starts_with('|')) || t.starts_with('|')
}

fn is_caret(l: &str) -> bool {
    let t = l.trim_start();
    t.starts_with('|') && t[1..].trim().chars().all(|c| c == '^' || c == '~') && t.contains('^')
}

/// Lines that say nothing once the report is compacted (blank lines, banners, timings,
/// separators, a listing the failure blocks repeat): dropped without counting as elided.
fn is_chrome(line: &str, blocks: bool) -> bool {
    let t = line.trim_start();
    line.trim().is_empty()
        || t.starts_with("RUN  v")
        || t.starts_with("Start at ")
        || t.starts_with("Snapshots:   0 total")
        || t.starts_with("Time:        ")
        || t.starts_with("Duration  ")
        || t == "Ran all test suites."
        || t.starts_with("Ran all test suites matching")
        || (t
            .chars()
            .all(|c| c == '⎯' || c.is_ascii_digit() || "[]/".contains(c))
            && t.contains('⎯'))
        || is_caret(line)
        || (blocks && (t.starts_with("× ") || t.starts_with("✗ ")))
}

/// A vitest line without its trailing duration (` ❯ a.test.js (6 tests | 2 failed) 38ms`)
/// and a `⎯⎯⎯ Failed Tests 3 ⎯⎯⎯` banner without its rule.
fn trimmed(line: &str) -> &str {
    let l = line.trim_end_matches('⎯').trim_end();
    let l = if l.len() < line.len() {
        l.trim_start_matches('⎯').trim_start()
    } else {
        line
    };
    match l.rsplit_once(' ') {
        Some((head, ms))
            if head.ends_with(')')
                && ms.ends_with("ms")
                && ms[..ms.len() - 2].parse::<f64>().is_ok() =>
        {
            head
        }
        _ => l,
    }
}

/// A vitest diff of two single values (`- Expected`, `+ Received`, `- 8`, `+ 7`) whose values
/// both stand as words in the assertion message above it (`expected 7 to be 8`): it restates
/// the message. Returns how many lines it spans.
fn restated_diff(lines: &[&str], i: usize) -> Option<usize> {
    // The next five non-blank lines from `i` (vitest puts blank lines between the parts).
    let idx: Vec<usize> = (i..lines.len())
        .filter(|&j| !lines[j].trim().is_empty())
        .take(5)
        .collect();
    let at = |k: usize| idx.get(k).map_or("", |&j| lines[j].trim());
    if idx.first() != Some(&i) || at(0) != "- Expected" || at(1) != "+ Received" {
        return None;
    }
    let (want, got) = (at(2).strip_prefix("- ")?, at(3).strip_prefix("+ ")?);
    let after = idx.get(4).map_or("", |&j| lines[j]);
    if after.starts_with('-') || after.starts_with('+') || after.starts_with("  ") {
        return None;
    }
    let message = lines[..i].iter().rev().find(|l| !l.trim().is_empty())?;
    let words: Vec<&str> = message.split_whitespace().collect();
    (words.contains(&want) && words.contains(&got)).then(|| idx[3] - i + 1)
}

/// jest's matcher hint (`expect(received).toBe(expected) // Object.is equality`) when the
/// failure's own lines below it (its source line, its `at Object.toBe (…)` frame) name the same
/// matcher: the generic form adds nothing but its comment, which is kept in the tee file.
fn restated_hint(lines: &[&str], i: usize) -> bool {
    let t = lines[i].trim();
    let Some(rest) = t.strip_prefix("expect(received).") else {
        return false;
    };
    let call = rest.split(" // ").next().unwrap_or(rest);
    let Some(name) = call
        .strip_suffix("(expected)")
        .or_else(|| call.strip_suffix("()"))
        .map(|c| c.rsplit('.').next().unwrap_or(c))
    else {
        return false;
    };
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return false;
    }
    let called = format!(".{name}(");
    lines[i + 1..]
        .iter()
        .map(|l| l.trim_start())
        .take_while(|l| !l.starts_with("● ") && !l.starts_with("FAIL ") && !l.starts_with("PASS "))
        .any(|l| (l.starts_with("> ") || l.starts_with("at ")) && l.contains(&called))
}

fn compact_report(text: &str, blocks: bool) -> Sink {
    let mut sink = Sink::default();
    let lines: Vec<&str> = text.lines().collect();
    let mut skip = 0;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let next = lines.get(i + 1).copied().unwrap_or("");
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if let Some(n) = restated_diff(&lines, i) {
            skip = n - 1;
            continue;
        }
        if is_chrome(line, blocks) {
            continue;
        }
        let drop = restated_hint(&lines, i)
            || t.starts_with("PASS ")
            || t.starts_with("✓ ")
            || t.starts_with("√ ")
            || t.starts_with("○ ")
            || t.starts_with("npm notice")
            || (t.starts_with("at ")
                && (t.contains("node_modules") || t.contains("node:internal")))
            || (is_frame(line) && !t.starts_with("> ") && !is_caret(next));
        if drop {
            sink.drop_line();
        } else {
            sink.line(trimmed(line));
        }
    }
    sink
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_of_two_values_named_by_the_message_goes() {
        let raw = "AssertionError: expected 7 to be 8 // Object.is equality\n\n- Expected\n+ Received\n\n- 8\n+ 7\n\n ❯ a.test.js:6:83\n";
        assert_eq!(
            compact_report(raw, true).text,
            "AssertionError: expected 7 to be 8 // Object.is equality\n ❯ a.test.js:6:83\n"
        );
        // Values the message does not name, or a longer diff, stay.
        let other = "AssertionError: expected 17 to be 28\n- Expected\n+ Received\n- 8\n+ 7\n";
        assert!(compact_report(other, true).text.contains("- 8\n+ 7\n"));
        let long = "AssertionError: expected 7 to be 8\n- Expected\n+ Received\n- 8\n+ 7\n+ 9\n";
        assert!(compact_report(long, true).text.contains("- 8\n+ 7\n+ 9\n"));
    }

    #[test]
    fn vitest_listing_timings_and_rules_go_when_the_blocks_are_there() {
        let raw = " ❯ a.test.js (2 tests | 1 failed) 38ms\n     × bad 31ms\n   Duration  1.01s (transform 1ms)\n⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯\n FAIL  a.test.js > bad\n";
        assert_eq!(
            compact_report(raw, true).text,
            " ❯ a.test.js (2 tests | 1 failed)\nFailed Tests 1\n FAIL  a.test.js > bad\n"
        );
        assert!(compact_report(raw, false)
            .text
            .contains("     × bad 31ms\n"));
        assert_eq!(
            trimmed("  Tests  3 failed | 9 passed (12)"),
            "  Tests  3 failed | 9 passed (12)"
        );
    }

    #[test]
    fn a_matcher_hint_goes_when_the_source_line_names_the_matcher() {
        let raw = "  ● adds\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 4\n    Received: 3\n\n    > 2 | test(\"adds\", () => { expect(sum(1, 2)).toBe(4); });\n\n      at Object.toBe (a.test.js:2:46)\n  ● other\n\n    expect(received).toEqual(expected) // deep equality\n\n    Expected: 1\n  ● custom\n    expect(received).not.toContain(expected)\n      at check (a.test.js:9:1)\n      at Object.not (a.test.js:8:3)\n";
        let s = compact_report(raw, false);
        // Kept: the hint whose matcher nothing below names (no source line, no frame), and
        // the one whose frames name another function.
        assert_eq!(
            s.text,
            "  ● adds\n    Expected: 4\n    Received: 3\n    > 2 | test(\"adds\", () => { expect(sum(1, 2)).toBe(4); });\n      at Object.toBe (a.test.js:2:46)\n  ● other\n    expect(received).toEqual(expected) // deep equality\n    Expected: 1\n  ● custom\n    expect(received).not.toContain(expected)\n      at check (a.test.js:9:1)\n      at Object.not (a.test.js:8:3)\n"
        );
        assert_eq!(s.dropped, 1);
    }

    #[test]
    fn frames_keep_only_the_failing_line() {
        let raw = "FAIL a.test.js\n  ● adds\n\n    Expected: 4\n\n      1 | x\n    > 2 | expect(y)\n        |   ^\n      3 | z\n\n      at Object.toBe (a.test.js:2:3)\n      at run (node_modules/jest/x.js:1:1)\nPASS b.test.js\nTests:       1 failed, 1 passed, 2 total\n";
        let s = compact_report(raw, false);
        assert_eq!(
            s.text,
            "FAIL a.test.js\n  ● adds\n    Expected: 4\n    > 2 | expect(y)\n      at Object.toBe (a.test.js:2:3)\nTests:       1 failed, 1 passed, 2 total\n"
        );
    }

    #[test]
    fn vitest_frame_line_above_the_caret_is_kept() {
        let s = compact_report(" ❯ a.test.mjs:2:5\n      1| import x\n      2| expect(1).toBe(2)\n       |    ^\n      3|\n", false);
        assert_eq!(s.text, " ❯ a.test.mjs:2:5\n      2| expect(1).toBe(2)\n");
    }
}
