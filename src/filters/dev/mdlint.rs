//! `markdownlint` (markdownlint-cli) and `markdownlint-cli2`: the problems they print on stderr
//! (`file:line[:col] [error|warning ]MD013/line-length message [details]`) grouped by file
//! through [`Report`], each with its location, rule number and message with its details; the
//! rule aliases (`/line-length`) go. markdownlint-cli2's version banner and `Finding:` echo
//! of the globs go; its `Linting: N file(s)` and `Summary: N error(s)` lines stay. Any other
//! line stays; output with no problem and no summary is [`Unparsed`].

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Markdownlint;

static PROBLEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\S+?):(\d+(?::\d+)?) (?:(error|warning) )?(MD\d+)(?:/[\w/-]+)? (.+)$").unwrap()
});

impl Filter for Markdownlint {
    fn name(&self) -> &'static str {
        "markdownlint"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let stdout = strip_ansi(out.stdout);
        let kept: String = stdout
            .lines()
            .filter(|l| !l.starts_with("markdownlint-cli2 v") && !l.starts_with("Finding: "))
            .map(|l| format!("{l}\n"))
            .collect();
        let stderr = strip_ansi(out.stderr);
        let mut report = Report::default();
        for line in stderr.lines() {
            match PROBLEM.captures(line) {
                Some(c) => {
                    let level = c.get(3).map_or("error", |m| m.as_str());
                    report.diag(Diag::new(&c[1], c[2].to_string(), level, &c[4], &c[5]));
                }
                None => report.line(line),
            }
        }
        let summary = kept.contains("Summary: ");
        if report.count == 0 && !summary {
            return Err(Unparsed("no markdownlint problems".into()));
        }
        let dropped = stdout.lines().count() - kept.lines().count();
        Ok(Compacted {
            stdout: kept,
            stderr: Some(report.render()),
            elided: (dropped > 0).then(|| format!("{dropped} lines: version banner, globs")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_grouped_by_file_without_rule_aliases() {
        let inv = Invocation {
            program: "markdownlint-cli2",
            args: &[],
            sub: None,
        };
        let o = Output {
            stdout: "markdownlint-cli2 v0.22.1 (markdownlint v0.40.0)\nFinding: *.md\nLinting: 2 file(s)\nSummary: 3 error(s)\n",
            stderr: "a.md:4 error MD022/blanks-around-headings Headings should be surrounded [Context: \"## S\"]\na.md:9:9 error MD009/no-trailing-spaces Trailing spaces [Expected: 0 or 2; Actual: 3]\nb.md:2:81 MD013/line-length Line length [Expected: 80; Actual: 93]\n",
            code: 1,
        };
        let c = Markdownlint.compact(&inv, &o).unwrap();
        assert_eq!(c.stdout, "Linting: 2 file(s)\nSummary: 3 error(s)\n");
        assert_eq!(
            c.stderr.as_deref(),
            Some("a.md:\n4 MD022 Headings should be surrounded [Context: \"## S\"]\n9:9 MD009 Trailing spaces [Expected: 0 or 2; Actual: 3]\nb.md:2:81 MD013 Line length [Expected: 80; Actual: 93]\n")
        );
        let o = Output {
            stdout: "",
            stderr: "Error: boom\n",
            code: 2,
        };
        assert!(Markdownlint.compact(&inv, &o).is_err());
    }
}
