//! CMake: `cmake --build <dir>` and `ctest`.
//!
//! `cmake --build`: stdout loses the generators' progress lines (`[ 42%] Building C object …`,
//! `[ 50%] Linking …`, `Scanning dependencies of target …`, `Consolidate compiler generated
//! dependencies …`, ninja's `[3/7] Building …`); `Built target x` lines and everything else
//! stay, and stderr (compiler errors, `gmake[2]: *** … Error 1`) is never touched.
//!
//! `ctest`: the `Start N: name` lines and each passing test's result line go (their number is
//! in the summary, their names in the tee file); every other result (`***Failed`, timeouts,
//! `Not Run`), the output `--output-on-failure` prints under it, the `N% tests passed, M tests
//! failed out of K` summary and the list of failed tests stay. Verbose, progress, help and
//! version forms pass through.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct CmakeBuild;
pub struct Ctest;

/// Progress lines of the Makefile and Ninja generators.
static PROGRESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:\[ *\d+%\] (?:Building|Linking|Generating) |Scanning dependencies of target |Consolidate compiler generated dependencies of target |\[\d+/\d+\] (?:Building|Linking|Generating) )",
    )
    .unwrap()
});

impl Filter for CmakeBuild {
    fn name(&self) -> &'static str {
        "cmake-build"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let mut sink = Sink::default();
        for line in text.lines() {
            if PROGRESS.is_match(line) {
                sink.drop_line();
            } else {
                sink.line(line);
            }
        }
        let elided = sink.elided("build progress");
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided,
        })
    }
}

/// `    Start 3: empty`.
static START: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*Start\s+\d+: \S+$").unwrap());

/// `1/6 Test #1: add ..........   Passed    0.00 sec`.
static PASSED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*\d+/\d+ Test\s+#\d+: \S+ \.*\s+Passed\s+[\d.]+ sec$").unwrap()
});

/// `83% tests passed, 1 tests failed out of 6` / `No tests were found!!!`.
static SUMMARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\d+% tests passed, \d+ tests? failed out of \d+|No tests were found)").unwrap()
});

impl Filter for Ctest {
    fn name(&self) -> &'static str {
        "ctest"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.lines().any(|l| SUMMARY.is_match(l)) {
            return Err(Unparsed("ctest: no summary line".into()));
        }
        let mut sink = Sink::default();
        let mut passed = 0;
        for line in text.lines() {
            if PASSED.is_match(line) {
                passed += 1;
                sink.drop_line();
            } else if START.is_match(line) {
                sink.drop_line();
            } else {
                sink.line(line);
            }
        }
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided: (sink.dropped > 0).then(|| {
                format!(
                    "{} lines: {passed} passing test results, test start lines",
                    sink.dropped
                )
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::scope::cmake::{build_form, ctest_form};

    #[test]
    fn forms() {
        assert!(build_form(&["--build", "build"]));
        assert!(build_form(&[
            "--build", "build", "--target", "cart", "-j", "4"
        ]));
        assert!(!build_form(&["--build"]));
        assert!(!build_form(&["-S", ".", "-B", "build"]));
        assert!(!build_form(&["--build", "build", "-v"]));
        assert!(ctest_form(&[]));
        assert!(ctest_form(&[
            "--test-dir",
            "build",
            "-j4",
            "--output-on-failure"
        ]));
        assert!(ctest_form(&["-R", "cart", "-E", "slow", "--timeout=30"]));
        assert!(!ctest_form(&["-V"]));
        assert!(!ctest_form(&["--progress"]));
        assert!(!ctest_form(&["-D", "Experimental"]));
        assert!(!ctest_form(&["-R"]));
        assert!(!ctest_form(&["--version"]));
    }

    #[test]
    fn passing_results_go_failures_and_summary_stay() {
        let raw = "Test project /b\n    Start 1: add\n1/2 Test #1: add ....   Passed    0.00 sec\n\
                   \x20   Start 2: tax\n2/2 Test #2: tax ....***Failed    0.01 sec\nexpected 90\n\n\
                   50% tests passed, 1 tests failed out of 2\n";
        let args: Vec<String> = vec![];
        let inv = Invocation {
            program: "ctest",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 8,
        };
        let c = Ctest.compact(&inv, &out).unwrap();
        assert_eq!(
            c.stdout,
            "Test project /b\n2/2 Test #2: tax ....***Failed    0.01 sec\nexpected 90\n\n\
             50% tests passed, 1 tests failed out of 2\n"
        );
        assert!(Ctest
            .compact(
                &inv,
                &Output {
                    stdout: "weird\n",
                    stderr: "",
                    code: 0
                }
            )
            .is_err());
    }
}
