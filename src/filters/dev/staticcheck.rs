//! `staticcheck` in its default `text` format: each problem `path:line:col: message (CHECK)`
//! (`(compile)` for a package that does not build) becomes a [`Diag`] rendered by [`Report`] —
//! grouped by file, the check as its code, one message at several places on one line. Any
//! other line stays as it is. A clean run prints nothing and stays so; output with no problem
//! line is printed raw. Other formats (`-f`), `-explain`, `-list-checks`, help and version are
//! not rewritten (the route's scope in the program table).

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Staticcheck;

/// `store/store.go:13:5: identical expressions … (SA4000)`.
static PROBLEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+?\.go):(\d+):(\d+): (.+) \(([\w.-]+)\)$").unwrap());

impl Filter for Staticcheck {
    fn name(&self) -> &'static str {
        "staticcheck"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if text.trim().is_empty() {
            return Ok(Compacted::raw(out));
        }
        let mut report = Report::default();
        for line in text.lines() {
            match PROBLEM.captures(line) {
                Some(c) => report.diag(Diag::new(
                    &c[1],
                    format!("{}:{}", &c[2], &c[3]),
                    "error",
                    &c[5],
                    &c[4],
                )),
                None => report.line(line),
            }
        }
        if report.count == 0 {
            return Err(Unparsed(
                "staticcheck: no `file:line:col: message (CHECK)` line".into(),
            ));
        }
        Ok(Compacted::stdout(report.render()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(stdout: &str) -> Result<String, Unparsed> {
        let args: Vec<String> = vec!["./...".into()];
        let inv = Invocation {
            program: "staticcheck",
            args: &args,
            sub: None,
        };
        let out = Output {
            stdout,
            stderr: "",
            code: 1,
        };
        Staticcheck.compact(&inv, &out).map(|c| c.stdout)
    }

    #[test]
    fn problems_group_by_file_and_one_message_lists_its_places() {
        let raw = "util/util.go:3:6: func first is unused (U1000)\nutil/util.go:9:6: x is unused (U1000)\nstore/s.go:8:15: error strings should not end with punctuation or newlines (ST1005)\nstore/s.go:9:15: error strings should not end with punctuation or newlines (ST1005)\n";
        let got = compact(raw).unwrap();
        assert_eq!(
            got,
            "util/util.go:\n3:6 U1000 func first is unused\n9:6 U1000 x is unused\nstore/s.go:\n8:15,9:15 ST1005 error strings should not end with punctuation or newlines\n"
        );
    }

    #[test]
    fn other_lines_stay_and_no_problem_is_unparsed() {
        let raw = "-: could not load package example.com/x\nbroken/b.go:4:2: x declared but not used (compile)\n";
        let got = compact(raw).unwrap();
        assert!(
            got.starts_with("-: could not load package example.com/x\n"),
            "{got}"
        );
        assert!(
            got.contains("broken/b.go:4:2 compile x declared but not used"),
            "{got}"
        );
        assert!(compact("something else\n").is_err());
        assert_eq!(compact("").unwrap(), "");
    }
}
