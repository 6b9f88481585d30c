//! `cargo test` / `cargo nextest run` and `cargo build|check|clippy|doc`.
//!
//! nextest: see [`compact_nextest`].
//! test: every `running N tests` section is reduced to its failures: each `---- name stdout
//! ----` block with the panic message and location (backtrace frames outside the project are
//! dropped; `thread 'name' (id) panicked at` loses the name it repeats and the thread id);
//! every suite's `test result:` line adds up into one summary line. Lines printed by the tests
//! themselves are kept. stderr goes through [`super::rustc`] (compile
//! errors in full). Output without a `test result:` line (compile failure, cargo error) keeps
//! stdout as is.

use std::sync::LazyLock;

use regex::Regex;

use super::{rustc, strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

/// `cargo test`, `cargo nextest run`.
pub struct Test;
/// `cargo build`, `cargo check`, `cargo clippy`, `cargo doc` (its `Generated` line kept).
pub struct Build;

static RESULT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^test result: (\w+)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured; (\d+) filtered out(?:; finished in ([\d.]+)s)?").unwrap()
});
static TEST_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^test .+ \.\.\. (ok|ignored|FAILED|bench:.*)$").unwrap());
static PANIC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^thread '(.+?)'(?: \(\d+\))? (panicked at .+)$").unwrap());
static NEXTEST_PASS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+(PASS|SKIP|START|SLOW)\s+\[").unwrap());
/// Any nextest status line (`        FAIL [   0.004s] (3/9) …`, `     Summary [`): never part of
/// a test's output block.
static NEXTEST_STATUS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+[A-Z][A-Za-z-]*(?: \d+/\d+)?\s+\[\s*[\d.]+s\]").unwrap());

impl Filter for Test {
    fn name(&self) -> &'static str {
        "cargo-test"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        // `nextest` other than `run`: the route's scope.
        if inv
            .rest()
            .iter()
            .any(|a| a == "--help" || a == "-h" || a == "--list")
        {
            return Plan::Passthrough;
        }
        Plan::Capture { stderr: true }.scoped(inv)
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let nextest = inv.sub.is_some_and(|i| inv.args[i] == "nextest");
        if nextest {
            return Ok(compact_nextest(out));
        }
        let err = rustc::compact(out.stderr);
        let stdout = strip_ansi(out.stdout);
        let (text, dropped) = if stdout.lines().any(|l| RESULT.is_match(l)) {
            compact_libtest(&stdout)
        } else {
            (out.stdout.to_string(), 0)
        };
        let n = dropped + err.dropped;
        Ok(Compacted {
            stdout: text,
            stderr: Some(err.text.clone()),
            elided: (n > 0).then(|| format!("{n} lines: passing tests, progress, std frames")),
        })
    }
}

#[derive(Default)]
struct Totals {
    suites: u32,
    passed: u64,
    failed: u64,
    ignored: u64,
    filtered: u64,
    secs: f64,
}

/// libtest's text output (stdout of `cargo test`): the text and how many lines it dropped.
fn compact_libtest(stdout: &str) -> (String, usize) {
    let mut sink = Sink::default();
    let mut t = Totals::default();
    // Where we are inside one suite's output.
    #[derive(PartialEq)]
    enum At {
        Tests,
        Failures,
        FailureList,
    }
    let mut at = At::Tests;
    let mut in_backtrace = false;
    // The test whose `---- name stdout ----` block we are in.
    let mut current = String::new();
    let mut lines = stdout.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(c) = RESULT.captures(line) {
            t.suites += 1;
            let n = |i: usize| c[i].parse::<u64>().unwrap_or(0);
            t.passed += n(2);
            t.failed += n(3);
            t.ignored += n(4);
            t.filtered += n(6);
            t.secs += c
                .get(7)
                .and_then(|m| m.as_str().parse().ok())
                .unwrap_or(0.0);
            // The summary line below carries the counts of every suite.
            sink.drop_line();
            at = At::Tests;
            continue;
        }
        if line.starts_with("running ") && line.ends_with(" tests") || line == "running 1 test" {
            at = At::Tests;
            sink.drop_line();
            continue;
        }
        if line == "failures:" {
            at = if at == At::Tests {
                At::Failures
            } else {
                At::FailureList
            };
            sink.drop_line();
            continue;
        }
        match at {
            At::Tests if TEST_LINE.is_match(line) || line.is_empty() => sink.drop_line(),
            At::FailureList => sink.drop_line(),
            At::Failures => {
                if let Some(name) = line
                    .strip_prefix("---- ")
                    .and_then(|l| l.strip_suffix(" stdout ----"))
                {
                    in_backtrace = false;
                    current = name.to_string();
                    sink.line(line);
                } else if let Some(c) = PANIC.captures(line).filter(|c| c[1] == current) {
                    sink.line(&c[2]);
                } else if line.starts_with("note: run with `RUST_BACKTRACE=") {
                    sink.drop_line();
                } else if line == "stack backtrace:" {
                    in_backtrace = true;
                    sink.line(line);
                } else if in_backtrace && keep_frame(line, lines.peek().copied()) {
                    sink.line(line);
                    if let Some(at_line) = lines.next_if(|n| n.trim_start().starts_with("at ")) {
                        sink.line(at_line);
                    }
                } else if line.is_empty()
                    || (in_backtrace && (line.starts_with(' ') || line.starts_with("note: ")))
                {
                    sink.drop_line();
                } else {
                    in_backtrace = false;
                    sink.line(line);
                }
            }
            At::Tests => sink.line(line),
        }
    }
    let summary = format!(
        "cargo test: {} passed, {} failed, {} ignored, {} filtered out ({} suites, {:.2}s)\n",
        t.passed, t.failed, t.ignored, t.filtered, t.suites, t.secs
    );
    let mut text = sink.text;
    text.push_str(&summary);
    (text, sink.dropped)
}

/// A backtrace frame (`  4: demo::tests::adds`) whose source line is in the project, not in
/// std or a registry crate.
fn keep_frame(line: &str, next: Option<&str>) -> bool {
    let t = line.trim_start();
    let numbered = t
        .split_once(':')
        .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
    let at = next.map(str::trim_start).unwrap_or("");
    numbered
        && at.starts_with("at ")
        && !at.starts_with("at /rustc/")
        && !at.contains("/.cargo/registry/")
        && !at.contains("/.rustup/")
}

/// nextest's report (stderr): PASS/START/SLOW lines, the run ID and `Starting` banner, rulers and
/// build progress go; each FAIL block keeps its header, the test's own output and its panic
/// with message and location; inside a block the libtest chrome of the single-test run
/// (`running 1 test`, `test x ... FAILED`, `failures:`, `test result:`) and backtrace frames
/// outside the project go, and a panic line loses the thread name when it is the test's. The
/// Summary, warnings and errors stay; the closing FAIL list only where it names a test not
/// shown above.
fn compact_nextest(out: &Output<'_>) -> Compacted {
    let err = strip_ansi(out.stderr);
    if !err.lines().any(|l| l.trim_start().starts_with("Summary [")) {
        // No test ran (a compile error, a nextest error): cargo's diagnostics.
        let c = rustc::compact(out.stderr);
        return Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(c.text.clone()),
            elided: c.elided("progress and warning detail"),
        };
    }
    let mut sink = Sink::default();
    let mut lines = err.lines().peekable();
    // Inside a `  stdout ───` / `  stderr ───` block of a failed test.
    let mut in_block = false;
    let mut in_backtrace = false;
    let mut listing = false;
    // The test of the last FAIL line, and the FAIL lines shown before the Summary.
    let mut current = "";
    let mut shown: Vec<&str> = Vec::new();
    let mut past_summary = false;
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        if line.starts_with("  stdout ───") || line.starts_with("  stderr ───") {
            in_block = true;
            in_backtrace = false;
            listing = false;
            // A header over nothing but libtest chrome is dropped with it.
            let mut rest = lines.clone();
            let mut listing = false;
            let has_content = std::iter::from_fn(|| rest.next())
                .take_while(|l| l.is_empty() || l.starts_with("    "))
                .any(|l| {
                    listing |= l == "    failures:";
                    !l.is_empty() && !is_libtest_chrome(&l[4..], listing)
                });
            if has_content {
                // `  stderr ───` → `  stderr:`
                sink.line(&format!("{}:", line.trim_end_matches(['─', ' '])));
            } else {
                sink.drop_line();
            }
            continue;
        }
        if in_block
            && (line.is_empty() || line.starts_with("    "))
            && !NEXTEST_STATUS.is_match(line)
        {
            let inner = line.get(4..).unwrap_or("");
            listing |= inner == "failures:";
            if line.is_empty()
                || is_libtest_chrome(inner, listing)
                || inner.starts_with("note: run with `RUST_BACKTRACE=")
            {
                sink.drop_line();
            } else if inner == "stack backtrace:" {
                in_backtrace = true;
                sink.line(line);
            } else if in_backtrace && inner.starts_with("note: Some details are omitted") {
                sink.drop_line();
            } else if let Some(c) = PANIC.captures(inner).filter(|c| c[1] == *current) {
                // The thread name repeats the test's: `panicked at file:line:` is enough.
                sink.line(&format!("    {}", &c[2]));
            } else if in_backtrace {
                let next = lines.peek().map(|n| n.get(4..).unwrap_or(""));
                if keep_frame(inner, next) {
                    sink.line(line);
                    if let Some(at) = lines.next_if(|n| n.trim_start().starts_with("at ")) {
                        sink.line(at);
                    }
                } else {
                    sink.drop_line();
                    if lines
                        .next_if(|n| n.trim_start().starts_with("at "))
                        .is_some()
                    {
                        sink.drop_line();
                    }
                }
            } else {
                sink.line(line);
            }
            continue;
        }
        in_block = false;
        past_summary |= t.starts_with("Summary [");
        if t.starts_with("FAIL ") {
            if past_summary && shown.contains(&t) {
                // The closing list repeats a FAIL line already shown above its output.
                sink.drop_line();
                continue;
            }
            current = t.rsplit(' ').next().unwrap_or("");
            shown.push(t);
        }
        let noise = NEXTEST_PASS.is_match(line)
            || rustc_status(line)
            || t.starts_with("Nextest run ID ")
            || t.starts_with("Starting ") && t.contains(" test")
            || (!t.is_empty() && t.chars().all(|c| c == '─'))
            || line.is_empty();
        if noise {
            sink.drop_line();
        } else {
            sink.line(&without_timing(line));
        }
    }
    Compacted {
        stdout: out.stdout.to_string(),
        stderr: Some(sink.text.clone()),
        elided: sink.elided("passing tests, build progress, libtest lines, std frames"),
    }
}

/// A nextest status line (`        FAIL [   0.016s] ( 35/128) crate test`, `     Summary [
/// 7.1s] 128 tests run: …`) without its indentation, duration and progress counter.
fn without_timing(line: &str) -> std::borrow::Cow<'_, str> {
    static TIMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*([A-Z][A-Za-z0-9 ]*?) +\[ *[\d.]+m?s\] +(?:\( *\d+/ *\d+\) +)?(.*)$")
            .unwrap()
    });
    match TIMED.captures(line) {
        Some(c) => format!("{} {}", &c[1], &c[2]).into(),
        None => line.into(),
    }
}

/// Lines libtest prints around one test's run (nextest runs each test alone); `listing`: after
/// a `failures:` line, where libtest lists the failed names indented.
fn is_libtest_chrome(l: &str, listing: bool) -> bool {
    (l.starts_with("running ") && (l.ends_with(" tests") || l.ends_with(" test")))
        || TEST_LINE.is_match(l)
        || l == "failures:"
        || RESULT.is_match(l)
        || (listing && l.starts_with("    ") && !l[4..].contains(' '))
}

fn rustc_status(line: &str) -> bool {
    rustc::is_noise(line)
}

impl Filter for Build {
    fn name(&self) -> &'static str {
        "cargo-build"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let rest = inv.rest();
        if rest.iter().any(|a| a == "--help" || a == "-h") {
            return Plan::Passthrough;
        }
        Plan::Capture { stderr: true }.scoped(inv)
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let err = rustc::compact(out.stderr);
        let mut text = err.text.clone();
        if out.code == 0 && text.is_empty() {
            text.push_str("cargo: ok, no warnings\n");
        }
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(text),
            elided: err.elided("progress and warning detail"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nextest_status_lines_lose_timing_and_progress() {
        assert_eq!(
            without_timing("        FAIL [   0.016s] ( 35/128) calc m13::tests::scales_3"),
            "FAIL calc m13::tests::scales_3"
        );
        assert_eq!(
            without_timing("     Summary [   7.143s] 128 tests run: 124 passed, 4 failed"),
            "Summary 128 tests run: 124 passed, 4 failed"
        );
        assert_eq!(
            without_timing("  TRY 2 FAIL [   0.010s] c t"),
            "TRY 2 FAIL c t"
        );
        assert_eq!(
            without_timing("error: test run failed"),
            "error: test run failed"
        );
    }

    #[test]
    fn passing_suites_add_up_to_one_line() {
        let raw = "\nrunning 2 tests\ntest a ... ok\ntest b ... ok\n\ntest result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.50s\n\n\nrunning 1 test\ntest c ... ignored\n\ntest result: ok. 0 passed; 0 failed; 1 ignored; 0 measured; 3 filtered out; finished in 0.25s\n";
        let (text, _) = compact_libtest(raw);
        assert_eq!(
            text,
            "cargo test: 2 passed, 0 failed, 1 ignored, 3 filtered out (2 suites, 0.75s)\n"
        );
    }

    #[test]
    fn failures_keep_name_message_and_project_frames() {
        let raw = "\nrunning 2 tests\ntest t::a ... ok\ntest t::b ... FAILED\n\nfailures:\n\n---- t::b stdout ----\n\nthread 't::b' panicked at src/lib.rs:7:5:\nboom\nstack backtrace:\n   0: std::panicking\n             at /rustc/abc/library/std/src/panicking.rs:1:1\n   1: demo::t::b\n             at ./src/lib.rs:7:5\nnote: Some details are omitted\n\n\nfailures:\n    t::b\n\ntest result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
        let (text, _) = compact_libtest(raw);
        for want in [
            "---- t::b stdout ----",
            "\npanicked at src/lib.rs:7:5:\nboom\n",
            "   1: demo::t::b",
            "at ./src/lib.rs:7:5",
            "1 passed, 1 failed",
        ] {
            assert!(text.contains(want), "{want} missing from {text}");
        }
        assert!(!text.contains("test result:"));
        assert!(!text.contains("/rustc/"));
        assert!(!text.contains("test t::a ... ok"));
    }

    #[test]
    fn panic_line_keeps_a_thread_name_that_is_not_the_test() {
        let raw = "\nrunning 1 test\ntest t::a ... FAILED\n\nfailures:\n\n---- t::a stdout ----\nthread 'worker' (77) panicked at src/w.rs:3:1:\ngone\nthread 't::a' (76) panicked at src/lib.rs:9:9:\njoin failed\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n\nfailures:\n    t::a\n\ntest result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
        let (text, _) = compact_libtest(raw);
        assert_eq!(
            text,
            "---- t::a stdout ----\nthread 'worker' (77) panicked at src/w.rs:3:1:\ngone\npanicked at src/lib.rs:9:9:\njoin failed\ncargo test: 0 passed, 1 failed, 0 ignored, 0 filtered out (1 suites, 0.01s)\n"
        );
    }

    #[test]
    fn nextest_blocks_end_at_the_next_status_line_and_keep_the_tests_own_output() {
        let err = "    Starting 3 tests across 1 binary\n        FAIL [   0.004s] (1/3) calc t::a\n  stdout ───\n\n    running 1 test\n    value=3\n    test t::a ... FAILED\n\n    failures:\n\n    failures:\n        t::a\n\n  stderr ───\n\n    thread 't::a' (9) panicked at src/lib.rs:3:5:\n    boom\n\n        PASS [   0.004s] (2/3) calc t::b\n        PASS [   0.004s] (3/3) calc t::c\n────────────\n     Summary [   0.010s] 3 tests run: 2 passed, 1 failed, 0 skipped\n        FAIL [   0.004s] (1/3) calc t::a\nerror: test run failed\n";
        let out = Output {
            stdout: "",
            stderr: err,
            code: 100,
        };
        assert_eq!(
            compact_nextest(&out).stderr.unwrap(),
            "FAIL calc t::a\n  stdout:\n    value=3\n  stderr:\n    panicked at src/lib.rs:3:5:\n    boom\nSummary 3 tests run: 2 passed, 1 failed, 0 skipped\nerror: test run failed\n"
        );
    }
}
