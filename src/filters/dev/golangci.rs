//! `golangci-lint run` (default text output): each issue `path:line:col: message (linter)` is
//! rendered as a [`Report`] (grouped by file, the linter as its code) without the source line
//! and caret golangci-lint prints under it; the `N issues:` statistics with their
//! `* linter: count` lines, `0 issues.` and every other line (errors, warnings about the
//! config) stay. Output with neither an issue nor the statistics is printed raw; other output
//! formats are not rewritten (the route's scope, `programs::scope::golangci`).

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct GolangciLint;

static ISSUE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+?\.go):(\d+)(?::(\d+))?: (.+) \(([\w-]+)\)$").unwrap());

/// `N issues:` / `0 issues.` (golangci-lint 2's statistics) and their `* linter: n` lines.
fn statistics(l: &str) -> bool {
    let stat = l
        .strip_prefix("* ")
        .and_then(|t| t.rsplit_once(": "))
        .is_some_and(|(_, n)| n.parse::<u32>().is_ok());
    let total = l.split_once(" issue").is_some_and(|(n, rest)| {
        n.parse::<u32>().is_ok() && matches!(rest, "s:" | ":" | "s." | ".")
    });
    stat || total
}

impl Filter for GolangciLint {
    fn name(&self) -> &'static str {
        "golangci-lint"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        if !lines.iter().any(|l| ISSUE.is_match(l) || statistics(l)) {
            return Err(Unparsed("golangci-lint: no issue and no statistics".into()));
        }
        let mut report = Report::default();
        let mut dropped = 0;
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i];
            i += 1;
            let Some(c) = ISSUE.captures(l) else {
                if l.trim().is_empty() {
                    dropped += 1;
                } else {
                    report.line(l);
                }
                continue;
            };
            let loc = match c.get(3) {
                Some(col) => format!("{}:{}", &c[2], col.as_str()),
                None => c[2].to_string(),
            };
            report.diag(Diag::new(&c[1], loc, "error", &c[5], &c[4]));
            // The source line and its caret (print-issued-lines).
            let next_is_issue = |j: usize| {
                lines
                    .get(j)
                    .is_some_and(|n| ISSUE.is_match(n) || statistics(n))
            };
            if lines.get(i + 1).is_some_and(|n| n.trim() == "^") && !next_is_issue(i) {
                dropped += 2;
                i += 2;
            } else if c.get(3).is_none()
                && lines.get(i).is_some_and(|n| !n.trim().is_empty())
                && !next_is_issue(i)
            {
                dropped += 1;
                i += 1;
            }
        }
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided: (dropped > 0).then(|| format!("{dropped} lines: source excerpts and carets")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(case: &str) -> Result<String, Unparsed> {
        let read = |ext: &str| {
            let p = format!(
                "{}/tests/fixtures/golangci-lint/{case}.{ext}",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
        };
        let args: Vec<String> = vec!["run".into()];
        let inv = Invocation {
            program: "golangci-lint",
            args: &args,
            sub: Some(0),
        };
        let stdout = read("out");
        let out = Output {
            stdout: &stdout,
            stderr: "",
            code: read("code").trim().parse().unwrap(),
        };
        GolangciLint.compact(&inv, &out).map(|c| c.stdout)
    }

    #[test]
    fn issues_grouped_by_file_with_the_statistics() {
        assert_eq!(
            compact("run_issues").unwrap(),
            "internal/store/store.go:\n\
             23:15 errcheck Error return value of `f.Close` is not checked\n\
             41:2 ineffassign ineffectual assignment to err\n\
             57:9 errcheck Error return value of `os.Remove` is not checked\n\
             cmd/shop/main.go:\n\
             14:2 staticcheck SA1019: \"io/ioutil\" has been deprecated since Go 1.19: As of Go 1.16, the same functionality is now provided by package [io] or package [os], and those implementations should be preferred in new code. See the specific function documentation for details.\n\
             31:6 unused func `helper` is unused\n\
             internal/cart/cart.go:18:3 govet printf: fmt.Sprintf format %d has arg c.Name of wrong type string\n\
             6 issues:\n* errcheck: 2\n* govet: 1\n* ineffassign: 1\n* staticcheck: 1\n* unused: 1\n"
        );
    }

    #[test]
    fn clean_run_is_its_line_and_unknown_output_is_raw() {
        assert_eq!(compact("run_clean").unwrap(), "0 issues.\n");
        let args: Vec<String> = vec!["run".into()];
        let inv = Invocation {
            program: "golangci-lint",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout: "Error: can't load config: unsupported version of the configuration\n",
            stderr: "",
            code: 3,
        };
        assert!(GolangciLint.compact(&inv, &out).is_err());
    }
}
