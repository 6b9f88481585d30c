//! `dart analyze` and `flutter analyze` in their default text format. Each problem —
//! dart's `severity - path:line:col - message - code` and flutter's `severity • message •
//! path:line:col • code` — becomes a [`Diag`] rendered by [`Report`]: grouped by file, the
//! lint or diagnostic code as its code, errors with no severity word, `warning`/`info` named,
//! one message at several places on one line. Every other line (`Analyzing app...`, `3 issues
//! found.`) stays as it is. Output with no problem line (`No issues found!`) is printed raw.
//! `--format`, `--watch` and help are not rewritten (the routes' scope in the program table).

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct DartAnalyze;

/// dart: `  error - lib/main.dart:5:3 - Undefined name 'foo'. Try … - undefined_identifier`.
static DART: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(error|warning|info) - (\S+?):(\d+):(\d+) - (.+) - ([a-z0-9_]+)$").unwrap()
});

/// flutter: `  error • Undefined name 'foo' • lib/main.dart:5:3 • undefined_identifier`.
static FLUTTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(error|warning|info) • (.+) • (\S+?):(\d+):(\d+) • ([a-z0-9_]+)$").unwrap()
});

/// A problem line as (severity, file, line, col, message, code).
fn problem(line: &str) -> Option<Diag> {
    if let Some(c) = DART.captures(line) {
        return Some(Diag::new(
            &c[2],
            format!("{}:{}", &c[3], &c[4]),
            &c[1],
            &c[6],
            &c[5],
        ));
    }
    let c = FLUTTER.captures(line)?;
    Some(Diag::new(
        &c[3],
        format!("{}:{}", &c[4], &c[5]),
        &c[1],
        &c[6],
        &c[2],
    ))
}

impl Filter for DartAnalyze {
    fn name(&self) -> &'static str {
        "dart-analyze"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let mut report = Report::default();
        let mut blank = false;
        for line in text.lines() {
            match problem(line) {
                Some(d) => report.diag(d),
                // Runs of blank lines (and trailing spaces of the banner) shrink to one.
                None if line.trim().is_empty() => {
                    if !blank {
                        report.line("");
                    }
                    blank = true;
                    continue;
                }
                None => report.line(line.trim_end()),
            }
            blank = false;
        }
        if report.count == 0 {
            return Err(Unparsed("dart analyze: no problem line".into()));
        }
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(stdout: &str) -> Result<String, Unparsed> {
        let args: Vec<String> = vec!["analyze".into()];
        let inv = Invocation {
            program: "dart",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout,
            stderr: "",
            code: 3,
        };
        DartAnalyze.compact(&inv, &out).map(|c| c.stdout)
    }

    #[test]
    fn both_formats_group_by_file_and_keep_every_place() {
        let dart = "Analyzing app...\n\n  error - lib/a.dart:5:3 - Undefined name 'foo'. - undefined_identifier\nwarning - lib/a.dart:2:8 - Unused import: 'dart:io'. - unused_import\n   info - test/b_test.dart:10:7 - Use 'const'. - prefer_const_constructors\n\n3 issues found.\n";
        let got = compact(dart).unwrap();
        assert_eq!(
            got,
            "Analyzing app...\n\nlib/a.dart:\n5:3 undefined_identifier Undefined name 'foo'.\n2:8 warning unused_import Unused import: 'dart:io'.\ntest/b_test.dart:10:7 info prefer_const_constructors Use 'const'.\n\n3 issues found.\n"
        );
        let flutter = dart
            .replace(
                "  error - lib/a.dart:5:3 - Undefined name 'foo'. - undefined_identifier",
                "  error • Undefined name 'foo'. • lib/a.dart:5:3 • undefined_identifier",
            )
            .replace(
                "warning - lib/a.dart:2:8 - Unused import: 'dart:io'. - unused_import",
                "warning • Unused import: 'dart:io'. • lib/a.dart:2:8 • unused_import",
            )
            .replace(
                "   info - test/b_test.dart:10:7 - Use 'const'. - prefer_const_constructors",
                "   info • Use 'const'. • test/b_test.dart:10:7 • prefer_const_constructors",
            );
        assert_eq!(compact(&flutter).unwrap(), got);
    }

    #[test]
    fn no_problem_line_is_unparsed() {
        assert!(compact("Analyzing app...\nNo issues found!\n").is_err());
    }
}
