//! `deno test`, `deno lint`, `deno check`, `deno fmt --check`.
//!
//! stdout (`deno test`'s report): the `running N tests from` headers, each `name ... ok` /
//! `... ignored` line, blank lines and the source excerpts under errors (a line and its caret
//! line) go, and so do the `... FAILED` lines when the ` FAILURES ` list names them again; the
//! ` ERRORS ` section (test name `=> file:line:col`, the error, its `at` frames), the
//! ` FAILURES ` list and the `ok | N passed | …` / `FAILED | …` summary stay, as does
//! anything the tests printed.
//!
//! stderr (type-check and lint reports): the `Check <file>` progress lines go; each type error
//! (`TS2322 [ERROR]: message`, its source excerpt, `at file:///…:l:c`) and each lint problem
//! (`error[rule]: message`, ` --> file:l:c`, excerpt, hint, docs link) becomes a [`Diag`]
//! grouped by file ([`Report`]): location, code or rule and message stay; excerpts, carets,
//! hints and docs links go (the tee file has them). Paths under the working directory print
//! relative. `Found N errors.`, `Found N problems`, `Checked N files`, `error: …` stay.
//! `deno fmt --check` keeps each `from <file>:` line (relative) and the count; the diffs go.
//! JSON, compact or other reporters, watch and help pass through.

use std::sync::LazyLock;

use regex::Regex;

use super::Sink;
use crate::filters::dev::diag::{Diag, Report};
use crate::filters::dev::relative;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Deno;

impl Filter for Deno {
    fn name(&self) -> &'static str {
        "deno"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let stdout = test_report(out.stdout);
        let cwd = std::env::current_dir().ok();
        let (stderr, dropped) = diagnostics(out.stderr, cwd.as_deref().and_then(|d| d.to_str()));
        let total = stdout.dropped + dropped;
        let elided = (total > 0).then(|| {
            format!(
                "{total} lines: passing tests, progress lines, code excerpts, hints, format diffs"
            )
        });
        Ok(Compacted {
            stdout: stdout.text,
            stderr: Some(stderr),
            elided,
        })
    }
}

static RUNNING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^running \d+ tests? from \S+$").unwrap());
/// `name ... ok (1ms)` / `name ... ignored (0ms)` (a step is indented).
static PASSED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^.* \.\.\. (?:ok|ignored)(?: \([\d.]+[µmn]?s\))?$").unwrap());

/// `name ... FAILED (2ms)`: the name is listed again, with its location, under ` FAILURES `.
static FAILED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^.* \.\.\. FAILED(?: \([\d.]+[µmn]?s\))?$").unwrap());

/// A caret line under a source excerpt: `      ^` / `  ~~~~~~`.
fn caret(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| c == '^' || c == '~')
}

fn test_report(text: &str) -> Sink {
    let mut sink = Sink::default();
    let lines: Vec<&str> = text.lines().collect();
    // ` FAILURES ` lists every failed test with its location.
    let listed = lines.iter().any(|l| l.trim() == "FAILURES");
    for (i, line) in lines.iter().enumerate() {
        let excerpt = lines.get(i + 1).is_some_and(|n| caret(n)) || caret(line);
        let failed = listed && FAILED.is_match(line);
        if line.trim().is_empty()
            || RUNNING.is_match(line)
            || PASSED.is_match(line)
            || excerpt
            || failed
        {
            sink.drop_line();
        } else {
            sink.line(line);
        }
    }
    sink
}

/// `TS2322 [ERROR]: message`.
static TS_HEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(TS\d+) \[(ERROR|WARNING)\]: (.+)$").unwrap());
/// `error[rule]: message` (deno lint).
static LINT_HEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(error|warning)\[([\w-]+)\]: (.+)$").unwrap());
/// `    at file:///path:l:c` / ` --> /path:l:c`.
static AT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(?:at|-->) (?:file://)?(\S+?):(\d+:\d+)$").unwrap());
static CHECK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^Check \S+$").unwrap());
/// `deno fmt --check`: `from /path/file.ts:` heads a file's diff, whose lines are `12 | -old` /
/// `12 | +new`.
static FMT_FILE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^from (\S+):$").unwrap());
static FMT_DIFF: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\d+ \| [-+]").unwrap());

/// A problem's head (severity, code, message) waiting for its location.
struct Pending {
    severity: String,
    code: String,
    message: String,
    /// The raw lines, printed as they were if no location comes.
    raw: Vec<String>,
}

fn diagnostics(text: &str, cwd: Option<&str>) -> (String, usize) {
    let mut report = Report::default();
    let mut dropped = 0;
    let mut pending: Option<Pending> = None;
    // After a located problem: its excerpt, hint and docs lines, until a blank line run ends.
    let mut tail = false;
    let flush = |p: Option<Pending>, report: &mut Report| {
        if let Some(p) = p {
            for l in &p.raw {
                report.line(l);
            }
        }
    };
    // Inside a `deno fmt --check` diff.
    let mut diff = false;
    for line in text.lines() {
        if let Some(c) = FMT_FILE.captures(line).filter(|_| pending.is_none()) {
            report.line(&format!("from {}:", relative(&c[1], cwd)));
            diff = true;
            tail = false;
            continue;
        }
        if diff && FMT_DIFF.is_match(line) {
            dropped += 1;
            continue;
        }
        diff = false;
        let head = TS_HEAD
            .captures(line)
            .map(|c| {
                (
                    c[2].to_ascii_lowercase(),
                    c[1].to_string(),
                    c[3].to_string(),
                )
            })
            .or_else(|| {
                LINT_HEAD
                    .captures(line)
                    .map(|c| (c[1].to_string(), c[2].to_string(), c[3].to_string()))
            });
        if let Some((severity, code, message)) = head {
            flush(pending.take(), &mut report);
            pending = Some(Pending {
                severity,
                code,
                message,
                raw: vec![line.to_string()],
            });
            tail = false;
            continue;
        }
        if let Some(p) = pending.as_mut() {
            if let Some(c) = AT.captures(line) {
                let file = relative(&c[1], cwd);
                let d = Diag::new(file, c[2].to_string(), &p.severity, &p.code, &p.message);
                dropped += p.raw.len();
                report.diag(d);
                pending = None;
                tail = true;
            } else if p.raw.len() < 8 {
                p.raw.push(line.to_string());
            } else {
                flush(pending.take(), &mut report);
            }
            continue;
        }
        let excerpt = tail
            && (line.trim().is_empty()
                || line.starts_with(' ')
                || line.starts_with(|c: char| c.is_ascii_digit()));
        if excerpt || CHECK.is_match(line) || line.trim().is_empty() {
            dropped += 1;
        } else {
            tail = false;
            report.line(line);
        }
    }
    flush(pending, &mut report);
    (report.render(), dropped)
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture_both;
    use super::*;

    fn run(case: &str) -> (String, String) {
        compact_fixture_both(&Deno, "deno", "test", case)
    }

    #[test]
    fn passing_tests_collapse_to_the_summary() {
        let (out, err) = run("test_pass");
        assert!(out.starts_with("ok | 12 passed | 0 failed ("), "{out}");
        assert_eq!(out.lines().count(), 1, "{out}");
        assert_eq!(err, "");
    }

    #[test]
    fn failing_tests_keep_names_errors_locations_and_counts() {
        let (out, err) = run("test_fail");
        for fact in [
            "applies discount => ./cart_test.ts:8:6",
            "error: Error: Values are not equal: 27 !== 28",
            "at file:///SCRATCH/fail/cart_test.ts:9:3",
            "rejects negative prices => ./cart_test.ts:11:6",
            "error: Error: negative price: -1",
            "FAILED | 13 passed | 2 failed | 1 ignored",
        ] {
            assert!(out.contains(fact), "lost {fact:?}:\n{out}");
        }
        assert!(
            !out.contains("... ok") && !out.contains("... FAILED"),
            "{out}"
        );
        assert!(!out.contains("throw new Error(\"negative"), "{out}");
        assert_eq!(err, "error: Test failed\n");
    }

    #[test]
    fn lint_problems_group_by_file() {
        let (_, err) = run("lint");
        assert_eq!(
            err,
            "/SCRATCH/lint/cart.ts:\n\
             1:31 no-explicit-any `any` type is not allowed\n\
             2:3 no-var `var` keyword is not allowed.\n\
             4:3 no-debugger `debugger` statement is not allowed\n\
             8:7 prefer-const `s` is never reassigned\n\
             /SCRATCH/lint/orders.ts:\n\
             2:8 require-await Async function 'place' has no 'await' expression or 'await using' declaration.\n\
             3:9 no-unused-vars `unused` is never used\n\
             Found 6 problems\n\
             Checked 3 files\n"
        );
    }

    #[test]
    fn type_errors_group_by_file() {
        let (_, err) = run("check");
        assert_eq!(
            err,
            "/SCRATCH/lint/types.ts:\n\
             2:3 TS2322 Type 'number' is not assignable to type 'string'.\n\
             4:14,6:3 TS2322 Type 'string' is not assignable to type 'number'.\n\
             Found 3 errors.\n\
             error: Type checking failed.\n"
        );
        let (_, err) = run("check_clean");
        assert_eq!(err, "");
    }

    #[test]
    fn fmt_check_names_each_file_and_the_count() {
        let (_, err) = run("fmt_check");
        assert_eq!(
            err,
            "from /SCRATCH/fmt/cart.ts:\nfrom /SCRATCH/fmt/orders.ts:\n\
             error: Found 2 not formatted files in 3 files\n"
        );
        let (_, err) = run("fmt_check_clean");
        assert_eq!(err, "Checked 6 files\n");
    }
}
