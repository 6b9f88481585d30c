//! `sbt` batch runs of `compile`, `test` and friends (`programs::scope::sbt` says which): sbt's start-up and
//! dependency-resolution lines, `compiling N … sources`, ScalaTest's passing tests and the
//! suites without a failure, framework stack frames (`org.scalatest.`, `scala.`, `java.`,
//! `sbt.`) and `...` lines under a failure, compiler source excerpts and caret lines, and
//! blank lines go. Each failing test (`*** FAILED ***`) with its suite, message,
//! `(File.scala:line)` and own frames, every `[error]`/`[warn]` line of a compiler error
//! (header with file:line:col and the message), the counts (`Total number of tests run`,
//! `Tests: succeeded n, failed n, …`, `*** N TESTS FAILED ***`), sbt's `Failed tests:` list
//! and the `[success]|[error] Total time:` line stay, as does every line the filter does not
//! know. Output without a `Total time:` line is printed raw.

use super::Sink;
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Sbt;

/// `[info]` lines sbt prints on every run (the text after the level, as prefixes).
const STARTUP: &[&str] = &[
    "welcome to sbt ",
    "loading settings for project ",
    "loading project definition from ",
    "loading global plugins from ",
    "set current project to ",
    "Updating",
    "Resolved ",
    "Fetching artifacts of ",
    "Fetched artifacts of ",
    "done compiling",
    "Run completed in ",
];

/// Frames of the test framework, the language and the build tool under a failure.
const FRAMEWORK: &[&str] = &[
    "at org.scalatest.",
    "at scala.",
    "at java.",
    "at jdk.",
    "at sbt.",
];

impl Filter for Sbt {
    fn name(&self) -> &'static str {
        "sbt"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        let total = |l: &&str| {
            l.starts_with("[success] Total time: ") || l.starts_with("[error] Total time: ")
        };
        if !lines.iter().any(total) {
            return Err(Unparsed("sbt: no Total time line".into()));
        }
        let mut sink = Sink::default();
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i];
            if let Some(n) = suite(&lines[i..], &mut sink) {
                i += n;
                continue;
            }
            let (level, t) = split_level(l);
            // Scala 2: the source line above a caret line (not the `File.scala:l:c:` header).
            let above_caret = lines.get(i + 1).is_some_and(|n| {
                let (lv, nt) = split_level(n);
                matches!(lv, "[error]" | "[warn]")
                    && !nt.trim_start().starts_with('|')
                    && caret_line(nt)
            }) && !t.contains(".scala:");
            let compiling = t.starts_with("compiling ") && t.contains(" sources to ");
            let excerpt = level == "[error]" || level == "[warn]";
            let quiet = t.trim().is_empty()
                || (level == "[info]" && (compiling || STARTUP.iter().any(|p| t.starts_with(p))))
                || (excerpt && source_line(t))
                || (excerpt && caret_line(t))
                || (excerpt && above_caret)
                || (excerpt && t.trim() == "|")
                || t.trim() == "| longer explanation available when compiling with `-explain`";
            if quiet {
                sink.drop_line();
            } else {
                sink.line(l);
            }
            i += 1;
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided(
                "sbt start-up, passing tests and suites, framework frames, source excerpts",
            ),
        })
    }
}

/// (`[info]`, the rest without its one separating space) — ("", line) with no level.
fn split_level(l: &str) -> (&str, &str) {
    for level in ["[info]", "[warn]", "[error]", "[success]"] {
        if let Some(rest) = l.strip_prefix(level) {
            return (level, rest.strip_prefix(' ').unwrap_or(rest));
        }
    }
    ("", l)
}

/// `5 |    code` (Scala 3) — a numbered source line of a compiler message.
fn source_line(t: &str) -> bool {
    t.split_once(" |")
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `  |   ^^^^` (Scala 3) or `        ^` (Scala 2): carets under the source.
fn caret_line(t: &str) -> bool {
    let t = t.trim_start();
    let t = t.strip_prefix('|').unwrap_or(t).trim();
    !t.is_empty() && t.chars().all(|c| c == '^')
}

/// A ScalaTest suite block at `lines[0]` (`[info] CartSpec:` up to the next suite or the run's
/// end): printed with its description lines and failing tests only, or dropped whole when all
/// its tests passed. Returns how many lines it spans.
fn suite(lines: &[&str], sink: &mut Sink) -> Option<usize> {
    let (level, t) = split_level(lines[0]);
    let name = t.strip_suffix(':')?;
    if level != "[info]" || name.is_empty() || name.contains(char::is_whitespace) {
        return None;
    }
    let end = lines[1..]
        .iter()
        .position(|l| {
            let (lv, t) = split_level(l);
            lv != "[info]"
                || t.starts_with("Run completed in ")
                || t.strip_suffix(':')
                    .is_some_and(|n| !n.is_empty() && !n.contains(' '))
        })
        .map_or(lines.len(), |p| p + 1);
    let block = &lines[..end];
    let has_test = block.iter().any(|l| split_level(l).1.starts_with("- "));
    if !has_test {
        return None;
    }
    if !block.iter().any(|l| l.contains("*** FAILED ***")) {
        sink.dropped += end;
        return Some(end);
    }
    let mut in_failure = false;
    for l in block {
        let t = split_level(l).1;
        if t.starts_with("- ") {
            in_failure = t.contains("*** FAILED ***");
            if in_failure {
                sink.line(l);
            } else {
                sink.drop_line();
            }
        } else if t.starts_with("  ") {
            let frame = t.trim_start();
            let noise = FRAMEWORK.iter().any(|p| frame.starts_with(p)) || frame == "...";
            if in_failure && !noise {
                sink.line(l);
            } else {
                sink.drop_line();
            }
        } else {
            // The suite's name and its description lines.
            sink.line(l);
        }
    }
    Some(end)
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;

    fn compact(case: &str) -> String {
        compact_fixture(&Sbt, "sbt", case).unwrap().stdout
    }

    #[test]
    fn failing_tests_keep_suite_message_location_and_counts() {
        assert_eq!(
            compact("test_fail"),
            "[info] CartSpec:\n[info] A Cart\n\
             [info] - should apply a discount *** FAILED ***\n[info]   30 did not equal 28 (CartSpec.scala:12)\n\
             [info] - should average nothing *** FAILED ***\n[info]   java.lang.ArithmeticException: / by zero\n\
             [info]   at shop.Cart.average(Cart.scala:9)\n[info]   at shop.CartSpec.$init$$$anonfun$3(CartSpec.scala:16)\n\
             [info] Total number of tests run: 6\n[info] Suites: completed 2, aborted 0\n\
             [info] Tests: succeeded 4, failed 2, canceled 0, ignored 0, pending 0\n[info] *** 2 TESTS FAILED ***\n\
             [error] Failed tests:\n[error] \tshop.CartSpec\n\
             [error] (Test / test) sbt.TestsFailedException: Tests unsuccessful\n\
             [error] Total time: 9 s, completed Jan 15, 2026, 10:23:45 AM\n"
        );
    }

    #[test]
    fn success_is_the_counts() {
        assert_eq!(
            compact("test_pass"),
            "[info] Total number of tests run: 6\n[info] Suites: completed 2, aborted 0\n\
             [info] Tests: succeeded 6, failed 0, canceled 0, ignored 0, pending 0\n[info] All tests passed.\n\
             [success] Total time: 4 s, completed Jan 15, 2026, 10:23:45 AM\n"
        );
    }

    #[test]
    fn compile_errors_keep_location_and_message() {
        assert_eq!(
            compact("compile_error"),
            "[error] -- [E008] Not Found Error: /src/shop/src/main/scala/shop/Checkout.scala:5:18 \n\
             [error]   |value totl is not a member of shop.Cart - did you mean cart.total?\n\
             [error] -- [E007] Type Mismatch Error: /src/shop/src/main/scala/shop/Checkout.scala:6:26 \n\
             [error]   |                          Found:    (due : Int)\n\
             [error]   |                          Required: String\n\
             [error] two errors found\n[error] (Compile / compileIncremental) Compilation failed\n\
             [error] Total time: 3 s, completed Jan 15, 2026, 10:23:45 AM\n"
        );
    }

    #[test]
    fn scala2_excerpt_goes_and_unknown_output_is_raw() {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: "sbt",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout: "[error] /src/A.scala:5:18: value totl is not a member of Cart\n[error]     val due = cart.totl(prices)\n[error]                    ^\n[error] one error found\n[error] Total time: 2 s\n",
            stderr: "",
            code: 1,
        };
        let got = Sbt.compact(&inv, &out).unwrap().stdout;
        assert!(
            got.contains("/src/A.scala:5:18: value totl is not a member of Cart\n"),
            "{got}"
        );
        assert!(!got.contains("   ^") && !got.contains("val due"), "{got}");
        let raw = Output {
            stdout: "[info] welcome to sbt 1.9.7\n",
            stderr: "",
            code: 1,
        };
        assert!(Sbt.compact(&inv, &raw).is_err());
    }
}
