//! Linters whose reports are lists of `location: message [rule]`: `eslint` (stylish format),
//! `ruff check` (full format with code frames) and `mypy`. Each problem stays one line with its
//! file, line:col, severity, message and rule; code frames, fix previews and column padding
//! go; the tools' summary lines are kept. Unknown lines are kept. ruff's and mypy's lines of one
//! file share a `file:` line; eslint's absolute file paths under the working directory are
//! printed relative to it.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Eslint;
pub struct Ruff;
pub struct Mypy;

const HELP: &[&str] = &["--help", "-h", "--version", "-v", "--init"];

fn plan_capture(args: &[String]) -> Plan {
    if args
        .iter()
        .any(|a| HELP.contains(&a.as_str()) || a == "--watch" || a == "--fix")
    {
        Plan::Passthrough
    } else {
        Plan::Capture { stderr: false }
    }
}

fn done(sink: Sink, what: &str) -> Compacted {
    let elided = sink.elided(what);
    Compacted {
        stdout: sink.text,
        stderr: None,
        elided,
    }
}

static ESLINT_PROBLEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s+(\d+:\d+)\s+(error|warning)\s+(.+?)(?:\s{2,}(\S+))?$").unwrap()
});

impl Filter for Eslint {
    fn name(&self) -> &'static str {
        "eslint"
    }
    fn routes(&self) -> &'static [Route] {
        const R: &[Route] = &[Route {
            program: "eslint",
            sub: None,
        }];
        R
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let formatted = inv
            .args
            .iter()
            .any(|a| a == "-f" || a.starts_with("--format"));
        if formatted {
            Plan::Passthrough
        } else {
            plan_capture(inv.args)
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if out.code == 0 && text.trim().is_empty() {
            return Ok(Compacted {
                stdout: "eslint: no problems\n".into(),
                stderr: None,
                elided: None,
            });
        }
        // eslint heads each file with its absolute path; under the working directory the
        // relative path says the same.
        let cwd = std::env::current_dir().ok();
        let mut sink = Sink::default();
        for line in text.lines() {
            if let Some(c) = ESLINT_PROBLEM.captures(line) {
                let rule = c
                    .get(4)
                    .map(|m| format!(" ({})", m.as_str()))
                    .unwrap_or_default();
                sink.line(&format!("  {} {} {}{rule}", &c[1], &c[2], &c[3]));
            } else if line.trim().is_empty() {
                sink.drop_line();
            } else {
                sink.line(relative(line, cwd.as_deref()));
            }
        }
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided: None,
        })
    }
}

/// `line` without a leading `cwd/` (an absolute path under the working directory).
fn relative<'a>(line: &'a str, cwd: Option<&std::path::Path>) -> &'a str {
    cwd.and_then(|d| d.to_str())
        .filter(|d| d.len() > 1)
        .and_then(|d| line.strip_prefix(d))
        .and_then(|rest| rest.strip_prefix('/'))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(line)
}

static RUFF_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Z]+[0-9]+|[a-z-]+-error|SyntaxError)(?: \[\*\])? .+$").unwrap()
});

impl Filter for Ruff {
    fn name(&self) -> &'static str {
        "ruff"
    }
    fn routes(&self) -> &'static [Route] {
        const R: &[Route] = &[Route {
            program: "ruff",
            sub: Some("check"),
        }];
        R
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let rest = inv.rest();
        if rest
            .iter()
            .any(|a| a.starts_with("--output-format") || a == "--statistics")
        {
            Plan::Passthrough
        } else {
            plan_capture(rest)
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let mut sink = Sink::default();
        // A diagnostic header waiting for its ` --> file:l:c` line.
        let mut pending: Option<&str> = None;
        // Inside a diagnostic's frame/help lines.
        let mut in_diag = false;
        for line in text.lines() {
            if RUFF_HEAD.is_match(line) {
                if let Some(p) = pending.take() {
                    sink.line(p);
                }
                pending = Some(line);
                in_diag = true;
            } else if let Some(loc) = line.trim_start().strip_prefix("--> ").filter(|_| in_diag) {
                match pending.take() {
                    Some(head) => sink.line(&format!("{}: {head}", loc.trim())),
                    None => sink.drop_line(),
                }
            } else if in_diag
                && (line.is_empty()
                    || line.starts_with(' ')
                    || line.starts_with("help: ")
                    || line.starts_with("note: ")
                    || line.chars().next().is_some_and(|c| c.is_ascii_digit())
                        && line.contains(" |"))
            {
                sink.drop_line();
            } else {
                if let Some(p) = pending.take() {
                    sink.line(p);
                }
                in_diag = false;
                if line.is_empty() {
                    sink.drop_line();
                } else {
                    sink.line(line);
                }
            }
        }
        if let Some(p) = pending {
            sink.line(p);
        }
        sink.text = group_by_file(&sink.text);
        Ok(done(sink, "code frames and fix previews"))
    }
}

static LOCATED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+?):(\d+(?::\d+)?): (.*)$").unwrap());

/// Runs of two or more consecutive `file:l:c: message` lines of one file become a `file:` line
/// with `  l:c: message` under it; every other line stays as it is.
fn group_by_file(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let lines: Vec<&str> = text.lines().collect();
    fn file_of(l: &str) -> Option<&str> {
        LOCATED
            .captures(l)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str())
    }
    let mut i = 0;
    while i < lines.len() {
        let Some(file) = file_of(lines[i]) else {
            out.push_str(lines[i]);
            out.push('\n');
            i += 1;
            continue;
        };
        let run = lines[i..]
            .iter()
            .take_while(|l| file_of(l) == Some(file))
            .count();
        if run == 1 {
            out.push_str(lines[i]);
            out.push('\n');
        } else {
            out.push_str(file);
            out.push_str(":\n");
            for l in &lines[i..i + run] {
                out.push_str("  ");
                out.push_str(&l[file.len() + 1..]);
                out.push('\n');
            }
        }
        i += run;
    }
    out
}

static MYPY_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.+?):(\d+(?::\d+)?): (error|note|warning): (.*)$").unwrap());

impl Filter for Mypy {
    fn name(&self) -> &'static str {
        "mypy"
    }
    fn routes(&self) -> &'static [Route] {
        const R: &[Route] = &[Route {
            program: "mypy",
            sub: None,
        }];
        R
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        plan_capture(inv.args)
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        // mypy's lines are terse already; `--pretty` / error-context add source and caret
        // lines, which go. Every `file:line: severity: message` line stays verbatim.
        let text = strip_ansi(out.stdout);
        let mut sink = Sink::default();
        for line in text.lines() {
            let snippet = !MYPY_LINE.is_match(line)
                && (line.starts_with("    ") || line.trim().is_empty() || line.trim() == "^");
            if snippet {
                sink.drop_line();
            } else {
                sink.line(line);
            }
        }
        sink.text = group_by_file(&sink.text);
        Ok(done(sink, "source snippets"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inv(args: &[String]) -> Invocation<'_> {
        Invocation {
            program: "x",
            args,
            sub: None,
        }
    }

    #[test]
    fn ruff_full_format_becomes_one_line_each_under_its_file() {
        let raw = "F401 [*] `os` imported but unused\n --> a.py:1:8\n  |\n1 | import os\n  |        ^^\n  |\nhelp: Remove unused import\n\nF821 Undefined name `x`\n --> a.py:6:16\n  |\n6 |         return x\n  |                ^\n\nFound 2 errors.\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Ruff.compact(&inv(&[]), &out).unwrap();
        assert_eq!(
            c.stdout,
            "a.py:\n  1:8: F401 [*] `os` imported but unused\n  6:16: F821 Undefined name `x`\nFound 2 errors.\n"
        );
    }

    #[test]
    fn eslint_problem_lines_are_squeezed() {
        let raw = "\n/p/a.js\n  1:10  error    'f' is defined but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Eslint.compact(&inv(&[]), &out).unwrap();
        assert_eq!(
            c.stdout,
            "/p/a.js\n  1:10 error 'f' is defined but never used (no-unused-vars)\n✖ 1 problem (1 error, 0 warnings)\n"
        );
    }

    #[test]
    fn located_lines_of_one_file_share_a_header() {
        let raw = "a.py:1:8: F401 x\na.py:2:8: F401 y\nb.py:3: error: z\nFound 3 errors.\n";
        assert_eq!(
            group_by_file(raw),
            "a.py:\n  1:8: F401 x\n  2:8: F401 y\nb.py:3: error: z\nFound 3 errors.\n"
        );
    }

    #[test]
    fn paths_under_the_working_directory_are_relative() {
        let cwd = std::path::Path::new("/w/proj");
        assert_eq!(relative("/w/proj/src/a.js", Some(cwd)), "src/a.js");
        assert_eq!(relative("/w/projx/a.js", Some(cwd)), "/w/projx/a.js");
        assert_eq!(relative("/w/proj/", Some(cwd)), "/w/proj/");
        assert_eq!(relative("  1:7 error x", Some(cwd)), "  1:7 error x");
        assert_eq!(relative("/a.js", Some(std::path::Path::new("/"))), "/a.js");
    }
}
