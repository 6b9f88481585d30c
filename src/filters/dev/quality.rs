//! Python quality tools (issue 20, H2): `yamllint` (its standard format: problems grouped by
//! file through [`Report`], each with its location, level, rule and message), `coverage report`
//! (the text table with its padding and rule rows gone: cells joined by `|`, every row kept)
//! and `bandit` (its screen report: each issue on one line under its file with severity,
//! confidence, test id, location and message; code excerpts, CWE and doc links, the run
//! timestamp and the metrics block go, the totals by severity, `#nosec` counts and skipped
//! files stay). Other output formats pass through; unseen shapes are [`Unparsed`].

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Yamllint;
pub struct CoverageReport;
pub struct Bandit;

static YAML_PROBLEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s+(\d+:\d+)\s+(error|warning)\s+(.+?)(?:\s+\(([\w-]+)\))?$").unwrap()
});

impl Filter for Yamllint {
    fn name(&self) -> &'static str {
        "yamllint"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if out.code == 0 && text.trim().is_empty() {
            return Ok(Compacted::stdout("yamllint: no problems\n".into()));
        }
        let mut report = Report::default();
        let mut file: Option<&str> = None;
        for line in text.lines() {
            match (file, YAML_PROBLEM.captures(line)) {
                (Some(f), Some(c)) => {
                    let rule = c.get(4).map_or("", |m| m.as_str());
                    report.diag(Diag::new(f, c[1].to_string(), &c[2], rule, &c[3]));
                }
                _ if line.trim().is_empty() => file = None,
                _ if !line.starts_with(char::is_whitespace) && file.is_none() => {
                    file = Some(line.trim_end())
                }
                _ => report.line(line),
            }
        }
        if report.count == 0 {
            return Err(Unparsed("no yamllint problems".into()));
        }
        Ok(Compacted::stdout(report.render()))
    }
}

impl Filter for CoverageReport {
    fn name(&self) -> &'static str {
        "coverage-report"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut lines = out.stdout.lines();
        let header = lines
            .next()
            .filter(|h| h.starts_with("Name ") && h.contains("Stmts"))
            .ok_or_else(|| Unparsed("no coverage table".into()))?;
        let cols: Vec<&str> = header.split_whitespace().collect();
        let missing = cols.last() == Some(&"Missing");
        // The numeric columns between the name and `Missing`.
        let numbers = cols.len() - 1 - usize::from(missing);
        let mut sink = Sink::default();
        sink.line(&cols.join("|"));
        for line in lines {
            if line.is_empty() || line.bytes().all(|b| b == b'-') {
                sink.drop_line();
            } else {
                sink.line(&coverage_row(line, numbers).unwrap_or_else(|| line.to_string()));
            }
        }
        let elided = sink.elided("rule and blank lines of the table");
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided,
        })
    }
}

/// A table row as `name|n|n|…|missing`; `None` when it does not split into the name (one word)
/// and `numbers` numeric cells (a path with a space, a footer line).
fn coverage_row(line: &str, numbers: usize) -> Option<String> {
    let mut rest = line;
    let mut cells = Vec::with_capacity(numbers + 2);
    for i in 0..=numbers {
        let trimmed = rest.trim_start();
        let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
        let cell = &trimmed[..end];
        let numeric = cell.trim_end_matches('%').parse::<f64>().is_ok();
        if cell.is_empty() || (i > 0 && !numeric) || (i == 0 && numeric) {
            return None;
        }
        cells.push(cell);
        rest = &trimmed[end..];
    }
    let tail = rest.trim();
    if !tail.is_empty() {
        cells.push(tail);
    }
    Some(cells.join("|"))
}

static BANDIT_ISSUE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^>> Issue: \[(B\d+)(?::[\w-]+)?\] (.+)$").unwrap());
static BANDIT_LEVEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+Severity: (\w+)\s+Confidence: (\w+)\s*$").unwrap());
static BANDIT_FRAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d+\t.*|-{10,}|\s+(CWE|More Info): .*|Run started:.*|Test results:)$").unwrap()
});
static BANDIT_COUNT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\t+([\w ()#,.-]+): (\d+)$").unwrap());

/// Where in bandit's report a line is.
#[derive(PartialEq)]
enum Section {
    Issues,
    Scanned,
    BySeverity,
    ByConfidence,
    Skipped,
}

impl Filter for Bandit {
    fn name(&self) -> &'static str {
        "bandit"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.contains("Test results:") {
            return Err(Unparsed("no bandit report".into()));
        }
        let mut report = Report::default();
        let mut dropped = 0;
        let mut section = Section::Issues;
        // An issue (test id, message) and its levels, waiting for its `Location:` line.
        let mut pending: Option<(String, String, String)> = None;
        let mut severities: Vec<String> = Vec::new();
        for line in text.lines() {
            if let Some(c) = BANDIT_ISSUE.captures(line) {
                if let Some((_, head, _)) = pending.take() {
                    report.line(&head);
                }
                pending = Some((c[1].to_string(), line.to_string(), String::new()));
                continue;
            }
            if let (Some(p), Some(c)) = (pending.as_mut(), BANDIT_LEVEL.captures(line)) {
                p.2 = format!("sev:{} conf:{}", &c[1], &c[2]);
                continue;
            }
            if let Some(loc) = line.trim_start().strip_prefix("Location: ") {
                if let (Some((id, head, level)), Some((file, lc))) =
                    (pending.take(), loc.trim().rsplit_once(':'))
                {
                    let (file, lc) = match file.rsplit_once(':') {
                        Some((f, l)) if l.bytes().all(|b| b.is_ascii_digit()) => {
                            (f, format!("{l}:{lc}"))
                        }
                        _ => (file, lc.to_string()),
                    };
                    let msg = BANDIT_ISSUE
                        .captures(&head)
                        .map_or(String::new(), |c| c[2].into());
                    report.diag(Diag::new(file, lc, &level, &id, &msg));
                    continue;
                }
            }
            if line.is_empty() || BANDIT_FRAME.is_match(line) {
                dropped += 1;
                continue;
            }
            let next = match line.trim() {
                "Code scanned:" | "Run metrics:" => Some(Section::Scanned),
                "Total issues (by severity):" => Some(Section::BySeverity),
                "Total issues (by confidence):" => Some(Section::ByConfidence),
                l if l.starts_with("Files skipped (") => Some(Section::Skipped),
                _ => None,
            };
            if let Some(s) = next {
                if s == Section::Skipped && !line.starts_with("Files skipped (0)") {
                    report.line(line);
                } else {
                    dropped += 1;
                }
                section = s;
                continue;
            }
            match (&section, BANDIT_COUNT.captures(line)) {
                (Section::BySeverity, Some(c)) => {
                    if &c[2] != "0" {
                        severities.push(format!("{} {}", c[1].trim(), &c[2]));
                    }
                    dropped += 1;
                }
                // Lines of code, and skip counts that are zero, say nothing to act on.
                (Section::Scanned, Some(c)) if &c[2] == "0" || c[1].contains("lines of code") => {
                    dropped += 1
                }
                (Section::ByConfidence, Some(_)) => dropped += 1,
                _ => report.line(line.trim_start()),
            }
        }
        if let Some((_, head, _)) = pending.take() {
            report.line(&head);
        }
        if !severities.is_empty() {
            report.line(&format!("Issues by severity: {}", severities.join(", ")));
        }
        // bandit logs its profile settings at INFO on every run; warnings and errors stay.
        let stderr: String = out
            .stderr
            .lines()
            .filter(|l| !l.starts_with("[main]\tINFO\t"))
            .map(|l| format!("{l}\n"))
            .collect();
        Ok(Compacted {
            stdout: report.render(),
            stderr: Some(stderr),
            elided: (dropped > 0)
                .then(|| format!("{dropped} lines: code excerpts, CWE and doc links, run metrics")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;

    fn inv(args: &[String]) -> Invocation<'_> {
        Invocation {
            program: "x",
            args,
            sub: None,
        }
    }

    fn out(stdout: &str, code: u8) -> Output<'_> {
        Output {
            stdout,
            stderr: "",
            code,
        }
    }

    #[test]
    fn yamllint_problems_are_grouped_by_file() {
        let raw = "a.yml\n  1:1       warning  missing document start \"---\"  (document-start)\n  2:12      error    too many spaces after comma  (commas)\n  5:12      error    too many spaces after comma  (commas)\n\nb.yaml\n  3:1       error    syntax error: mapping values are not allowed here (syntax)\n\n";
        let c = Yamllint.compact(&inv(&[]), &out(raw, 1)).unwrap();
        assert_eq!(
            c.stdout,
            "a.yml:\n1:1 warning document-start missing document start \"---\"\n2:12,5:12 commas too many spaces after comma\nb.yaml:3:1 syntax syntax error: mapping values are not allowed here\n"
        );
        assert_eq!(
            Yamllint.compact(&inv(&[]), &out("", 0)).unwrap().stdout,
            "yamllint: no problems\n"
        );
        assert!(Yamllint.compact(&inv(&[]), &out("usage: x\n", 2)).is_err());
        let args = vec!["-f".to_string(), "parsable".to_string()];
        assert_eq!(Yamllint.plan(&inv(&args)), Plan::Passthrough);
        let args = vec!["-fparsable".to_string()];
        assert_eq!(Yamllint.plan(&inv(&args)), Plan::Passthrough);
    }

    #[test]
    fn coverage_rows_lose_padding_and_rules_but_every_row_stays() {
        let raw = "Name          Stmts   Miss  Cover   Missing\n-------------------------------------------\na.py             12      3    67%   7, 9-12\nmy dir/b.py       2      0   100%\n-------------------------------------------\nTOTAL            14      3    79%\n\n1 file skipped due to complete coverage.\n";
        let c = CoverageReport.compact(&inv(&[]), &out(raw, 0)).unwrap();
        assert_eq!(
            c.stdout,
            "Name|Stmts|Miss|Cover|Missing\na.py|12|3|67%|7, 9-12\nmy dir/b.py       2      0   100%\nTOTAL|14|3|79%\n1 file skipped due to complete coverage.\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("3 lines: rule and blank lines of the table")
        );
        assert!(CoverageReport
            .compact(&inv(&[]), &out("No data to report.\n", 1))
            .is_err());
    }

    #[test]
    fn bandit_issues_become_one_line_each_and_metrics_go() {
        let raw = "Run started:2026-01-01 00:00:00\n\nTest results:\n>> Issue: [B602:subprocess_popen_with_shell_equals_true] shell=True identified.\n   Severity: High   Confidence: High\n   CWE: CWE-78 (https://cwe.mitre.org/x.html)\n   More Info: https://bandit.readthedocs.io/x.html\n   Location: app/v.py:7:11\n6\tdef run(cmd):\n7\t    return call(cmd, shell=True)\n\n--------------------------------------------------\n\nCode scanned:\n\tTotal lines of code: 20\n\tTotal lines skipped (#nosec): 2\n\nRun metrics:\n\tTotal issues (by severity):\n\t\tUndefined: 0\n\t\tLow: 0\n\t\tMedium: 0\n\t\tHigh: 1\n\tTotal issues (by confidence):\n\t\tUndefined: 0\n\t\tHigh: 1\nFiles skipped (1):\n\tbad.py (syntax error while parsing AST from file)\n";
        let o = Output {
            stdout: raw,
            stderr: "[main]\tINFO\tprofile include tests: None\n[main]\tWARNING\tx\n",
            code: 1,
        };
        let c = Bandit.compact(&inv(&[]), &o).unwrap();
        assert_eq!(
            c.stdout,
            "app/v.py:7:11 sev:High conf:High B602 shell=True identified.\nTotal lines skipped (#nosec): 2\nFiles skipped (1):\nbad.py (syntax error while parsing AST from file)\nIssues by severity: High 1\n"
        );
        assert_eq!(c.stderr.as_deref(), Some("[main]\tWARNING\tx\n"));
        assert!(Bandit.compact(&inv(&[]), &out("usage\n", 2)).is_err());
    }
}
