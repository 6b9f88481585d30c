//! `phpcs` (PHP_CodeSniffer, full report): each file's table becomes the file's path, its
//! `FOUND …` count line, then one line per violation — `  <line> ERROR|WARNING [x] message`,
//! a message wrapped over several table rows joined back with single spaces (`[x]`: fixable;
//! `[ ]` goes). Rules, column padding and the `Time: …; Memory: …` line go; the
//! `PHPCBF CAN FIX …` count is kept. Other reports, interactive mode, help and version pass
//! through; output that is not a full report prints raw.

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Phpcs;

impl Filter for Phpcs {
    fn name(&self) -> &'static str {
        "phpcs"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.stdout.trim().is_empty() {
            return Ok(Compacted::raw(out));
        }
        if !out.stdout.lines().any(|l| l.starts_with("FILE: ")) {
            return Err(Unparsed("phpcs: no FILE: table".into()));
        }
        let mut sink = Sink::default();
        // The violation being built (its message may continue on the next rows).
        let mut row: Option<String> = None;
        for l in out.stdout.lines() {
            let cells: Vec<&str> = l.splitn(3, '|').collect();
            if let [line, level, msg] = cells.as_slice() {
                let (line, level, msg) = (line.trim(), level.trim(), msg.trim());
                if line.is_empty() && level.is_empty() {
                    // A wrapped message's next row.
                    if let Some(r) = row.as_mut() {
                        r.push(' ');
                        r.push_str(msg);
                        sink.drop_line();
                        continue;
                    }
                    return Err(Unparsed(
                        "phpcs: continuation row without a violation".into(),
                    ));
                }
                if line.parse::<u64>().is_err() {
                    return Err(Unparsed(format!("phpcs: unexpected row {l:?}")));
                }
                if let Some(r) = row.take() {
                    sink.line(&r);
                }
                let msg = msg.strip_prefix("[ ] ").unwrap_or(msg);
                row = Some(format!("  {line} {level} {msg}"));
                continue;
            }
            if let Some(r) = row.take() {
                sink.line(&r);
            }
            let rule = !l.is_empty() && l.chars().all(|c| c == '-');
            let timing = l.starts_with("Time: ") && l.contains("; Memory: ");
            if l.trim().is_empty() || rule || timing {
                sink.drop_line();
            } else if let Some(path) = l.strip_prefix("FILE: ") {
                sink.line(&format!("{path}:"));
            } else {
                sink.line(l);
            }
        }
        if let Some(r) = row {
            sink.line(&r);
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("table rules, padding and wrapped rows (joined), timing"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{compact_fixture, fixture};
    use super::*;
    use crate::filters::Plan;

    #[test]
    fn every_violation_on_one_line() {
        let got = compact_fixture(&Phpcs, "phpcs", "report").unwrap().stdout;
        let raw = fixture("phpcs", "report.out");
        let rows = raw
            .lines()
            .filter(|l| {
                l.split('|')
                    .next()
                    .is_some_and(|n| n.trim().parse::<u64>().is_ok())
            })
            .count();
        let kept = got
            .lines()
            .filter(|l| {
                l.starts_with("  ") && l.trim_start().starts_with(|c: char| c.is_ascii_digit())
            })
            .count();
        assert_eq!((rows, kept), (32, 32), "{got}");
        for fact in [
            "/src/Order.php:\n",
            "FOUND 15 ERRORS AND 1 WARNING AFFECTING 8 LINES",
            "  2 ERROR [x] Opening brace of a class must be on the line after the definition\n",
            "  5 ERROR Expected \"foreach (...) {\\n\"; found \"foreach (...) { \"\n",
            "  10 WARNING [x] Inline control structures are discouraged\n",
            "PHPCBF CAN FIX THE 9 MARKED SNIFF VIOLATIONS AUTOMATICALLY",
        ] {
            assert!(got.contains(fact), "lost {fact:?}:\n{got}");
        }
        assert!(!got.contains("----") && !got.contains("Memory:") && !got.contains('|'));
    }

    #[test]
    fn each_rows_line_level_and_message_start_survive() {
        let got = compact_fixture(&Phpcs, "phpcs", "report").unwrap().stdout;
        for l in fixture("phpcs", "report.out").lines() {
            let cells: Vec<&str> = l.splitn(3, '|').map(str::trim).collect();
            if let [line, level, msg] = cells.as_slice() {
                if line.is_empty() {
                    continue;
                }
                let msg = msg.strip_prefix("[ ] ").unwrap_or(msg);
                let want = format!("  {line} {level} {msg}");
                assert!(got.lines().any(|g| g.starts_with(&want)), "lost {want:?}");
            }
        }
    }

    #[test]
    fn clean_run_and_other_reports() {
        assert_eq!(fixture("phpcs", "clean.out"), "");
        let args: Vec<String> = vec!["--report=json".into()];
        let inv = Invocation {
            program: "phpcs",
            args: &args,
            sub: None,
        };
        assert_eq!(Phpcs.plan(&inv), Plan::Passthrough);
        let out = Output {
            stdout: "something else\n",
            stderr: "",
            code: 3,
        };
        assert!(Phpcs.compact(&inv, &out).is_err());
    }
}
