//! `stylelint` (its default `string` formatter, on stderr): each problem (`  2:12  ✖  message
//! rule`) becomes a [`Diag`] grouped by file through [`Report`] with its location, severity
//! (warnings named), rule and message; the column padding and blank lines go, the count and
//! fixable summary lines stay. Output with no problem is [`Unparsed`].

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Stylelint;

static PROBLEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+(\d+:\d+)\s+(✖|⚠)\s+(.+?)(?:\s{2,}([\w/@-]+))?$").unwrap());

impl Filter for Stylelint {
    fn name(&self) -> &'static str {
        "stylelint"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stderr);
        let mut report = Report::default();
        let mut file: Option<&str> = None;
        let mut blank = 0;
        for line in text.lines() {
            match (file, PROBLEM.captures(line)) {
                (Some(f), Some(c)) => {
                    let severity = if &c[2] == "⚠" { "warning" } else { "error" };
                    let rule = c.get(4).map_or("", |m| m.as_str());
                    report.diag(Diag::new(f, c[1].to_string(), severity, rule, &c[3]));
                }
                _ if line.trim().is_empty() => {
                    blank += 1;
                    file = None;
                }
                _ if !line.starts_with(char::is_whitespace)
                    && file.is_none()
                    && !line.contains(' ') =>
                {
                    file = Some(line)
                }
                _ => report.line(line.trim_start()),
            }
        }
        if report.count == 0 {
            return Err(Unparsed("no stylelint problems".into()));
        }
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(report.render()),
            elided: (blank > 0).then(|| format!("{blank} blank lines")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_grouped_by_file_and_summaries_stay() {
        let inv = Invocation {
            program: "stylelint",
            args: &[],
            sub: None,
        };
        let o = Output {
            stdout: "",
            stderr: "\nsrc/a.css\n  2:12  ✖  Disallowed unit          length-zero-no-unit\n  3:6   ⚠  Unknown property \"colr\"  property-no-unknown\n\nsrc/b.css\n  1:6  ✖  Duplicate property \"color\"  declaration-block-no-duplicate-properties\n\n✖ 3 problems (2 errors, 1 warning)\n  1 error potentially fixable with the \"--fix\" option.\n\n",
            code: 2,
        };
        let c = Stylelint.compact(&inv, &o).unwrap();
        assert_eq!(
            c.stderr.as_deref(),
            Some("src/a.css:\n2:12 length-zero-no-unit Disallowed unit\n3:6 warning property-no-unknown Unknown property \"colr\"\nsrc/b.css:1:6 declaration-block-no-duplicate-properties Duplicate property \"color\"\n✖ 3 problems (2 errors, 1 warning)\n1 error potentially fixable with the \"--fix\" option.\n")
        );
        let o = Output {
            stdout: "",
            stderr: "Error: No files matching\n",
            code: 80,
        };
        assert!(Stylelint.compact(&inv, &o).is_err());
    }
}
