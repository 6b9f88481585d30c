//! `prove` (Perl's TAP harness): stdout loses each passing file's `t/x.t .. ok` line and, in
//! verbose runs, every `ok N - name` line, each file's `1..N` plan and its closing `ok` (a
//! file's `t/x.t ..` heading, and its closing `ok`, stay only when something under it stays). Every `not ok` line,
//! skips and TODOs, `Dubious, test returned …` / `Failed N/M subtests` lines, the `Test
//! Summary Report` with its failed test numbers and parse errors, `Files=…, Tests=…` and
//! `Result:` stay; stderr (Test::More's `#   Failed test … at t/x.t line N.` diagnostics) is
//! never touched. Help, version, timer, formatter and dry-run forms pass through.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Prove;

/// `t/cart.t ... ` (a file's heading) or `t/tax.t .... ok` (a passing file).
static FILE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\S+) \.+ ?(ok)?\s*$").unwrap());

/// A passing test line of a verbose run (a skip or TODO has a ` # ` directive: kept).
static OK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*ok \d+(?: - .*)?$").unwrap());

static PLAN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*1\.\.\d+$").unwrap());

impl Filter for Prove {
    fn name(&self) -> &'static str {
        "prove"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.lines().any(|l| l.starts_with("Result: ")) {
            return Err(Unparsed("prove: no Result line".into()));
        }
        let mut sink = Sink::default();
        let mut passed_files = 0;
        // A file heading not yet printed (printed before the first kept line under it).
        let mut heading: Option<&str> = None;
        for line in text.lines() {
            let line = line.trim_end_matches('\r');
            if let Some(c) = FILE.captures(line) {
                if heading.take().is_some() {
                    // The previous heading had nothing kept under it.
                    sink.drop_line();
                }
                if c.get(2).is_some() {
                    passed_files += 1;
                    sink.drop_line();
                } else {
                    heading = Some(line);
                }
                continue;
            }
            if OK.is_match(line) || PLAN.is_match(line) {
                sink.drop_line();
                continue;
            }
            if line.trim() == "ok" && heading.is_some() {
                // A verbose run's closing `ok` of a file whose every test passed.
                passed_files += 1;
                heading = None;
                sink.drop_line();
                sink.drop_line();
                continue;
            }
            if let Some(h) = heading.take() {
                sink.line(h);
            }
            sink.line(line);
        }
        if heading.is_some() {
            sink.drop_line();
        }
        let elided = (sink.dropped > 0).then(|| {
            format!(
                "{} lines: {passed_files} passing files, passing test lines and plans",
                sink.dropped
            )
        });
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;
    use crate::programs::scope::prove::plain_form;

    fn run(raw: &str) -> Compacted {
        let args: Vec<String> = vec!["-v".into(), "t/".into()];
        let inv = Invocation {
            program: "prove",
            args: &args,
            sub: None,
        };
        assert_eq!(Prove.plan(&inv), Plan::Capture { stderr: false });
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        Prove.compact(&inv, &out).unwrap()
    }

    #[test]
    fn verbose_passing_lines_go_failures_stay() {
        let raw = "t/a.t .. \n1..2\nok 1 - x\nnot ok 2 - y\nFailed 1/2 subtests \n\
                   t/b.t .. \nok 1 - z\nok 2 # skip no db\n1..2\nok\n\nTest Summary Report\n\
                   Files=2, Tests=4\nResult: FAIL\n";
        assert_eq!(
            run(raw).stdout,
            "t/a.t .. \nnot ok 2 - y\nFailed 1/2 subtests \n\
             t/b.t .. \nok 2 # skip no db\nok\n\nTest Summary Report\nFiles=2, Tests=4\nResult: FAIL\n"
        );
    }

    #[test]
    fn passing_files_fold() {
        let raw =
            "t/a.t .. ok\nt/b.t .. ok\nAll tests successful.\nFiles=2, Tests=4\nResult: PASS\n";
        let c = run(raw);
        assert_eq!(
            c.stdout,
            "All tests successful.\nFiles=2, Tests=4\nResult: PASS\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("2 lines: 2 passing files, passing test lines and plans")
        );
    }

    #[test]
    fn forms() {
        assert!(plain_form(&["t/"]));
        assert!(plain_form(&["-lv", "t/"]));
        assert!(!plain_form(&["-lD", "t/"]));
        assert!(plain_form(&["-l", "-v", "-j4", "-I", "lib", "t/cart.t"]));
        assert!(!plain_form(&["--timer", "t/"]));
        assert!(!plain_form(&["--help"]));
        assert!(!plain_form(&["-D", "t/"]));
        assert!(!plain_form(&["t/", "::", "arg"]));
        assert!(!plain_form(&["-I"]));
    }
}
