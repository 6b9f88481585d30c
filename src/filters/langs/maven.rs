//! `mvn` lifecycle builds (`clean`, `compile`, `test`, `package`, `verify`, `install`): colour
//! codes go, and so do `[INFO]` progress lines (plugin banners, `Compiling N source files`,
//! per-class passing `Tests run:` lines, separators, timings), download/progress lines and
//! Maven's fixed help footer. Every `[ERROR]` and `[WARNING]` line (compiler errors with
//! `File.java:[line,col]`, failing tests with their messages), every unprefixed line (stack
//! traces, `symbol:`/`location:` details, test output), the aggregate `Tests run:` counts, the
//! reactor summary and `BUILD SUCCESS|FAILURE` are kept. Help, version and debug runs pass
//! through; output without a `BUILD` line is printed raw.

use super::Sink;
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Maven;

/// The `[ERROR]` footer Maven prints after every failure, the same each time.
const FOOTER: &[&str] = &[
    "-> [Help 1]",
    "To see the full stack trace of the errors, re-run Maven with the -e switch.",
    "Re-run Maven using the -X switch to enable full debug logging.",
    "For more information about the errors and possible solutions, please read the following articles:",
    "Please refer to dump files (if any exist) [date].dump, [date]-jvmRun[N].dump and [date].dumpstream.",
];

impl Filter for Maven {
    fn name(&self) -> &'static str {
        "mvn"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text
            .lines()
            .any(|l| matches!(info(l), Some("BUILD SUCCESS" | "BUILD FAILURE")))
        {
            return Err(Unparsed("mvn: no BUILD SUCCESS/FAILURE line".into()));
        }
        let mut sink = Sink::default();
        for l in text.lines() {
            if keep(l) {
                sink.line(l);
            } else {
                sink.drop_line();
            }
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("[INFO] progress, downloads, timings and Maven's help footer"),
        })
    }
}

/// The text of an `[INFO]` line.
fn info(l: &str) -> Option<&str> {
    l.strip_prefix("[INFO]").map(str::trim)
}

fn keep(l: &str) -> bool {
    if let Some(t) = info(l) {
        let counts = t.starts_with("Tests run:") && !t.contains("Time elapsed");
        let reactor = [" SUCCESS [", " FAILURE [", " SKIPPED"]
            .iter()
            .any(|s| t.contains(s));
        let errors = t
            .split_once(' ')
            .is_some_and(|(n, w)| n.parse::<u64>().is_ok() && w.starts_with("error"));
        return counts || reactor || errors || t.starts_with("BUILD ");
    }
    for level in ["[ERROR]", "[WARNING]", "[WARN]"] {
        if let Some(t) = l.strip_prefix(level) {
            let t = t.trim();
            return !(t.is_empty() || FOOTER.contains(&t) || t.starts_with("[Help 1] http"));
        }
    }
    !(l.trim().is_empty()
        || l.starts_with("Downloading from ")
        || l.starts_with("Downloaded from ")
        || l.starts_with("Progress ("))
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;
    use crate::filters::Plan;

    fn compact(case: &str) -> String {
        compact_fixture(&Maven, "mvn", case).unwrap().stdout
    }

    #[test]
    fn pass_is_counts_and_result() {
        assert_eq!(
            compact("test_pass"),
            "[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n"
        );
    }

    #[test]
    fn failing_tests_kept() {
        let got = compact("test_fail");
        for fact in [
            "[ERROR] appliesDiscount(shop.CartTest)  Time elapsed: ",
            "averageOfNothing(shop.CartTest)  Time elapsed: ",
            "java.lang.AssertionError: expected:<28> but was:<30>",
            "\tat shop.CartTest.appliesDiscount(CartTest.java:15)",
            "java.lang.ArithmeticException: / by zero",
            "[ERROR]   CartTest.averageOfNothing:20 » Arithmetic / by zero",
            "[ERROR] Tests run: 6, Failures: 1, Errors: 1, Skipped: 0",
            "[INFO] BUILD FAILURE",
            "There are test failures.",
            "/failing/target/surefire-reports for the individual test results.",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        assert!(!got.contains('\u{1b}') && !got.contains("Cart1Test") && !got.contains("-X"));
    }

    #[test]
    fn compile_errors_kept() {
        let got = compact("compile_error");
        for fact in [
            "/broken/src/main/java/shop/Checkout.java:[5,23] cannot find symbol",
            "  symbol:   method totl(int[])",
            "  location: variable cart of type shop.Cart",
            "Checkout.java:[6,26] incompatible types: int cannot be converted to java.lang.String",
            "[INFO] 2 errors",
            "Compilation failure",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
    }

    #[test]
    fn no_build_line_is_raw_help_passes_through() {
        let args: Vec<String> = vec!["-v".into()];
        let inv = Invocation {
            program: "mvn",
            args: &args,
            sub: None,
        };
        assert_eq!(Maven.plan(&inv), Plan::Passthrough);
        let out = Output {
            stdout: "[INFO] Scanning for projects...\n",
            stderr: "",
            code: 1,
        };
        assert!(Maven.compact(&inv, &out).is_err());
    }
}
