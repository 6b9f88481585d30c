//! Minitest, as `rake test` and `rails test` run it: the `# Running:` header, the progress
//! marks, the `Finished in …` rate line, blank lines and the `You have skipped tests` hint go;
//! the seed, every `Failure:`/`Error:` block (test name, `[file:line]`, message, backtrace)
//! and the `N runs, N assertions, …` counts are kept. stderr (`rake aborted!`) is untouched.
//! `rake` with another task or options it does not know passes through.

use super::{progress, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};
use crate::programs::args::has_any;

pub struct Minitest;

const OTHER_FORMS: &[&str] = &[
    "-T",
    "--tasks",
    "-D",
    "--describe",
    "-W",
    "--where",
    "-P",
    "--prereqs",
    "-n",
    "--dry-run",
    "-h",
    "--help",
    "-V",
    "--version",
];

impl Filter for Minitest {
    fn name(&self) -> &'static str {
        "minitest"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        // Only the test task itself (`rake test db:migrate` runs more than tests): the route's
        // scope.
        if has_any(inv.args, OTHER_FORMS) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }.scoped(inv)
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if !out.stdout.lines().any(summary) {
            return Err(Unparsed("minitest: no runs/assertions counts".into()));
        }
        let mut sink = Sink::default();
        let mut running = false;
        for l in out.stdout.lines() {
            let noise = l.is_empty()
                || l == "# Running:"
                || (running && progress(l, &['.', 'F', 'E', 'S']))
                || (l.starts_with("Finished in ") && l.contains(" runs/s"))
                || l.starts_with("You have skipped tests.");
            running |= l == "# Running:";
            if noise {
                sink.drop_line();
            } else {
                sink.line(l);
            }
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("progress marks, timing, blank lines"),
        })
    }
}

/// `5 runs, 3 assertions, 1 failures, 1 errors, 1 skips`.
fn summary(l: &str) -> bool {
    let mut w = l.split(' ');
    w.next().is_some_and(|n| n.parse::<u64>().is_ok())
        && matches!(w.next(), Some("runs," | "run,"))
        && l.contains(" failures, ")
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;

    fn inv(program: &'static str, args: &'static [String]) -> Invocation<'static> {
        Invocation {
            program,
            args,
            sub: Some(0),
        }
    }

    fn compact(case: &str) -> String {
        compact_fixture(&Minitest, "rake", case).unwrap().stdout
    }

    #[test]
    fn pass_is_seed_and_counts() {
        let got = compact("test_pass");
        assert!(got.starts_with("Run options: --seed "), "{got}");
        assert!(
            got.ends_with("\n12 runs, 12 assertions, 0 failures, 0 errors, 0 skips\n"),
            "{got}"
        );
        assert_eq!(got.lines().count(), 2, "{got}");
    }

    #[test]
    fn failures_and_errors_kept() {
        let got = compact("test_fail");
        for fact in [
            "1) Failure:",
            "CalcTest#test_mean_fraction [",
            "/proj/test/calc_test.rb:18]:",
            "Expected: 1.5",
            "  Actual: 1",
            "2) Error:",
            "ZeroDivisionError: divided by 0",
            "/proj/lib/calc.rb:10:in `div'",
            "5 runs, 3 assertions, 1 failures, 1 errors, 1 skips",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        assert!(!got.contains("..FES") && !got.contains("runs/s"));
    }

    #[test]
    fn only_the_test_task_is_captured() {
        let plan = |p: &'static str, line: &str| {
            let args: &'static [String] = Box::leak(
                line.split_whitespace()
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            );
            Minitest.plan(&inv(p, args))
        };
        assert_eq!(plan("rake", "test"), Plan::Capture { stderr: false });
        assert_eq!(
            plan("rails", "test test/models"),
            Plan::Capture { stderr: false }
        );
        assert_eq!(
            plan("rake", "test TEST=t/a.rb"),
            Plan::Capture { stderr: false }
        );
        assert_eq!(plan("rake", "test db:migrate"), Plan::Passthrough);
        assert_eq!(plan("rake", "test -T"), Plan::Passthrough);
    }
}
