//! `rspec` (default progress formatter): the progress marks and the `Finished in` timing line
//! go; a pending example keeps its name and reason but not the failure it is expected to
//! raise; every failure (name, `Failure/Error`, expected/got, backtrace `# ./file:line`), the
//! summary and the `Failed examples:` rerun lines are kept. Other formatters, `--dry-run`,
//! `--init`, help and version pass through.

use super::{progress, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Rspec;

impl Filter for Rspec {
    fn name(&self) -> &'static str {
        "rspec"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if !out.stdout.lines().any(summary) {
            return Err(Unparsed("rspec: no examples summary".into()));
        }
        let mut sink = Sink::default();
        let mut pending = false;
        let mut head = true;
        // In the pending section: whether the previous kept line was an example's name.
        let mut after_name = false;
        for l in out.stdout.lines() {
            if l.is_empty() || l.starts_with("Finished in ") {
                sink.drop_line();
                continue;
            }
            if head && progress(l, &['.', 'F', '*', 'E']) {
                sink.drop_line();
                continue;
            }
            head = false;
            if !l.starts_with(' ') {
                pending = l.starts_with("Pending:");
            } else if pending {
                let name = numbered(l);
                let reason = after_name && l.starts_with("     # ");
                after_name = name;
                if !(name || reason) {
                    sink.drop_line();
                    continue;
                }
            }
            sink.line(l);
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("progress marks, timings, blank lines, pending examples' details"),
        })
    }
}

/// `6 examples, 2 failures, 1 pending` (also `1 example, 0 failures`).
fn summary(l: &str) -> bool {
    let mut w = l.split(' ');
    w.next().is_some_and(|n| n.parse::<u64>().is_ok())
        && matches!(w.next(), Some("example," | "examples,"))
        && w.next().is_some_and(|n| n.parse::<u64>().is_ok())
        && matches!(w.next(), Some(f) if f.starts_with("failure"))
}

/// An example's numbered name line (`  1) Calc#div divides`).
fn numbered(l: &str) -> bool {
    l.trim_start()
        .split_once(") ")
        .is_some_and(|(n, _)| n.parse::<u64>().is_ok())
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture;
    use super::*;
    use crate::filters::Plan;

    fn run(args: &[&str], case: &str) -> (Plan, Result<Compacted, Unparsed>) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let inv = Invocation {
            program: "rspec",
            args: &args,
            sub: None,
        };
        (Rspec.plan(&inv), compact_fixture(&Rspec, "rspec", case))
    }

    #[test]
    fn pass_is_its_summary() {
        let (plan, got) = run(&[], "pass");
        assert_eq!(plan, Plan::Capture { stderr: false });
        assert_eq!(got.unwrap().stdout, "24 examples, 0 failures\n");
    }

    #[test]
    fn failures_kept_pending_detail_dropped() {
        let got = run(&[], "fail").1.unwrap().stdout;
        for fact in [
            "1) Calc#div divides by zero",
            "ZeroDivisionError:",
            "# ./spec/calc_spec.rb:22:in",
            "expected: 1.5",
            "got: 1",
            "6 examples, 2 failures, 1 pending",
            "rspec ./spec/calc_spec.rb:27 # Calc#mean keeps the fraction",
            "1) Calc#mean is empty-safe",
            "# not decided",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        // The pending example's expected error (calc.rb:14) is not a failure.
        assert!(!got.contains("calc.rb:14"), "{got}");
        assert!(!got.contains("Finished in") && !got.contains("...FF*"));
    }

    #[test]
    fn other_formats_pass_through_unknown_output_is_raw() {
        for a in [
            &["-f", "d"][..],
            &["--format=json"],
            &["-fd"],
            &["--dry-run"],
        ] {
            assert_eq!(run(a, "pass").0, Plan::Passthrough, "{a:?}");
        }
        let args: Vec<String> = vec![];
        let inv = Invocation {
            program: "rspec",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout: "An error occurred while loading spec_helper\n",
            stderr: "",
            code: 1,
        };
        assert!(Rspec.compact(&inv, &out).is_err());
    }
}
