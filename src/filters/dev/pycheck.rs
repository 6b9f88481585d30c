//! Python checkers beyond mypy/ruff check: `pyright` (type errors, each with its explanation
//! lines and `(reportRule)`), `pylint` (its `file:line:col: CODE: message (symbol)` lines
//! under `************* Module` banners, then the score) and `ruff format --check` (each file it
//! would reformat with a preview of the change).
//!
//! pyright and pylint problems become [`Diag`]s rendered by [`Report`] (grouped by file, one
//! message at several places on one line); pyright's file banners go (the file heads its group),
//! its explanation lines stay as notes, absolute paths under the working directory print
//! relative; pylint's module banners, rule line and blank lines go, the score line stays.
//! `ruff format --check` keeps one `would reformat: <file:line:col>` line per file (where its
//! first change is) and the count; the
//! change previews go (the tee file and `ruff format --diff` have them). Anything unknown stays.

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::{relative, strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Pyright;
pub struct Pylint;
pub struct RuffFormat;

/// `  /path/file.py:12:5 - error: message` (the rule may end this line or a later one).
static PYRIGHT_DIAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s+(\S.*?):(\d+:\d+) - (error|warning|information): (.*)$").unwrap()
});

/// A trailing ` (reportSomething)` rule name.
static PYRIGHT_RULE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.*?) ?\((report[A-Za-z]+)\)$").unwrap());

static PYRIGHT_SUMMARY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+ errors?, \d+ warnings?, \d+ informations?\s*$").unwrap());

impl Filter for Pyright {
    fn name(&self) -> &'static str {
        "pyright"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.lines().any(|l| PYRIGHT_SUMMARY.is_match(l)) {
            return Err(Unparsed("pyright: no summary line".into()));
        }
        let cwd = std::env::current_dir().ok();
        let cwd = cwd.as_deref().and_then(|d| d.to_str());
        let mut report = Report::default();
        let mut dropped = 0;
        // The problem being read, until its rule name closes it.
        let mut open: Option<Diag> = None;
        for line in text.lines() {
            if let Some(c) = PYRIGHT_DIAG.captures(line) {
                if let Some(d) = open.take() {
                    report.diag(d);
                }
                let file = relative(&c[1], cwd);
                let (message, rule) = split_rule(&c[4]);
                let d = Diag::new(file, c[2].to_string(), &c[3], rule, message);
                if rule.is_empty() {
                    open = Some(d);
                } else {
                    report.diag(d);
                }
            } else if let Some(d) = open
                .as_mut()
                .filter(|_| line.starts_with(char::is_whitespace) && !line.trim().is_empty())
            {
                let (note, rule) = split_rule(line.trim());
                if !note.is_empty() {
                    d.notes.push(note.to_string());
                }
                if !rule.is_empty() {
                    d.code = rule.to_string();
                    report.diag(open.take().expect("open problem"));
                }
            } else {
                if let Some(d) = open.take() {
                    report.diag(d);
                }
                // A file banner: an unindented path alone (its problems name it).
                let banner = !line.starts_with(' ') && !line.contains(' ') && line.contains('/');
                if line.trim().is_empty() || banner || line.starts_with("No configuration file") {
                    dropped += 1;
                } else {
                    report.line(line);
                }
            }
        }
        if let Some(d) = open.take() {
            report.diag(d);
        }
        let elided = (dropped > 0).then(|| format!("{dropped} lines: file banners"));
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided,
        })
    }
}

/// `message (reportRule)` split into the message and the rule (empty when there is none).
fn split_rule(s: &str) -> (&str, &str) {
    match PYRIGHT_RULE.captures(s) {
        Some(c) => (
            c.get(1).map_or("", |m| m.as_str()),
            c.get(2).map_or("", |m| m.as_str()),
        ),
        None => (s, ""),
    }
}

/// `shop/cart.py:6:4: W0612: Unused variable 'unused' (unused-variable)`.
static PYLINT_MSG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S.*?):(\d+:\d+): ([CRWEFI]\d{4}): (.*)$").unwrap());

impl Filter for Pylint {
    fn name(&self) -> &'static str {
        "pylint"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text
            .lines()
            .any(|l| l.starts_with("Your code has been rated at "))
        {
            return Err(Unparsed("pylint: no score line".into()));
        }
        let mut report = Report::default();
        let mut dropped = 0;
        for line in text.lines() {
            if let Some(c) = PYLINT_MSG.captures(line) {
                // The code's letter says its kind (C, R, W, E, F): no severity word.
                report.diag(Diag::new(&c[1], c[2].to_string(), "error", &c[3], &c[4]));
            } else if line.starts_with("************* Module ")
                || line.trim().is_empty()
                || (line.len() > 3 && line.bytes().all(|b| b == b'-'))
            {
                dropped += 1;
            } else {
                report.line(line);
            }
        }
        let elided = (dropped > 0).then(|| format!("{dropped} lines: module banners and rules"));
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided,
        })
    }
}

impl Filter for RuffFormat {
    fn name(&self) -> &'static str {
        "ruff-format"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let mut sink = Sink::default();
        // A `unformatted: …` header waiting for its ` --> file:l:c` line.
        let mut pending: Option<&str> = None;
        let mut in_preview = false;
        for line in text.lines() {
            if line.starts_with("unformatted: ") {
                if let Some(head) = pending.replace(line) {
                    sink.line(head);
                }
                in_preview = true;
            } else if let Some(loc) = line
                .trim_start()
                .strip_prefix("--> ")
                .filter(|_| in_preview)
            {
                // The file and its first changed line.
                match pending.take() {
                    Some(_) => {
                        sink.line(&format!("would reformat: {}", loc.trim()));
                        sink.drop_line();
                    }
                    None => sink.line(line),
                }
            } else if in_preview && (line.is_empty() || preview(line)) {
                sink.drop_line();
            } else {
                if let Some(head) = pending.take() {
                    sink.line(head);
                }
                in_preview = false;
                sink.line(line);
            }
        }
        if let Some(head) = pending.take() {
            sink.line(head);
        }
        let elided = sink.elided("change previews");
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided,
        })
    }
}

/// A line of ruff's change preview: ` |`, `12 | code`, `   - old`, `4  + new`.
fn preview(line: &str) -> bool {
    static RE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\d*\s*[|+-]( |$)").unwrap());
    RE.is_match(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(tool: &str, name: &str) -> String {
        let p = format!(
            "{}/tests/fixtures/{tool}/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    fn run(filter: &dyn Filter, tool: &str, case: &str) -> Compacted {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: tool,
            args: &args,
            sub: None,
        };
        let stdout = fixture(tool, &format!("{case}.out"));
        let code = fixture(tool, &format!("{case}.code"))
            .trim()
            .parse()
            .unwrap();
        let out = Output {
            stdout: &stdout,
            stderr: "",
            code,
        };
        filter.compact(&inv, &out).unwrap()
    }

    #[test]
    fn pyright_groups_by_file_with_rules_and_explanations() {
        let c = run(&Pyright, "pyright", "errors");
        assert_eq!(
            c.stdout,
            "/SCRATCH/py/shop/cart.py:\n\
             9:12 reportReturnType Type \"int\" is not assignable to return type \"str\"\n  \
             \"int\" is not assignable to \"str\"\n\
             16:16 reportReturnType Type \"int\" is not assignable to return type \"str\"\n  \
             \"int\" is not assignable to \"str\"\n\
             /SCRATCH/py/shop/orders.py:\n\
             5:17 reportAttributeAccessIssue Cannot access attribute \"missing_attr\" for class \"Cart\"\n  \
             Attribute \"missing_attr\" is unknown\n\
             6:40 reportArgumentType Expression of type \"None\" cannot be assigned to parameter of type \"str\"\n  \
             \"None\" is not assignable to \"str\"\n\
             8:5 reportUndefinedVariable \"undefined_name\" is not defined\n\
             5 errors, 0 warnings, 0 informations\n"
        );
        let c = run(&Pyright, "pyright", "clean");
        assert_eq!(c.stdout, "0 errors, 0 warnings, 0 informations\n");
    }

    #[test]
    fn pyright_paths_under_the_working_directory_print_relative() {
        assert_eq!(relative("/w/p/a.py", Some("/w/p")), "a.py");
        assert_eq!(relative("/x/a.py", Some("/w/p")), "/x/a.py");
    }

    #[test]
    fn pylint_folds_repeated_messages_and_keeps_the_score() {
        let c = run(&Pylint, "pylint", "messages");
        let out = &c.stdout;
        assert!(
            out.contains("\n8:4 E0602 Undefined variable 'undefined_name' (undefined-variable)\n"),
            "{out}"
        );
        assert!(
            out.starts_with(
                "shop/util2.py:\n1:0,shop/cart.py:1:0,shop/util6.py:1:0,shop/util5.py:1:0,\
                 shop/util4.py:1:0,shop/util3.py:1:0,shop/util1.py:1:0,shop/orders.py:1:0 \
                 C0114 Missing module docstring (missing-module-docstring)\n"
            ),
            "{out}"
        );
        assert!(
            out.ends_with("Your code has been rated at 0.28/10\n"),
            "{out}"
        );
        assert!(!out.contains("*************"), "{out}");
        let c = run(&Pylint, "pylint", "clean");
        assert_eq!(c.stdout, "Your code has been rated at 10.00/10\n");
    }

    #[test]
    fn ruff_format_check_names_each_file_and_keeps_the_count() {
        let c = run(&RuffFormat, "ruff", "format_check_fail");
        assert_eq!(
            c.stdout,
            "would reformat: shop/cart.py:3:1\nwould reformat: shop/orders.py:3:1\n\
             2 files would be reformatted, 7 files already formatted\n"
        );
        let c = run(&RuffFormat, "ruff", "format_check_pass");
        assert_eq!(c.stdout, "7 files already formatted\n");
    }
}
