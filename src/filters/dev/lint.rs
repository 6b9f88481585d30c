//! Linters whose reports are lists of `location: message [rule]`: `eslint` (stylish format),
//! `ruff check` (full format with code frames), `flake8` and `mypy`. Each problem becomes a
//! [`Diag`] rendered by [`Report`] (grouped by file, one message at several places of a file on
//! one line): its location, severity (when not an error), code or rule and message stay; code
//! frames, fix previews, `help:` lines, doc-URL notes and column padding go; the tools' summary
//! lines are kept. Unknown lines are kept. eslint's absolute file paths under the working
//! directory are printed relative to it.

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Eslint;
pub struct Ruff;
pub struct Mypy;
pub struct Flake8;

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
            return Ok(Compacted::stdout("eslint: no problems\n".into()));
        }
        // eslint heads each file with its absolute path; under the working directory the
        // relative path says the same.
        let cwd = std::env::current_dir().ok();
        let mut report = Report::default();
        let mut file: Option<&str> = None;
        for line in text.lines() {
            match (file, ESLINT_PROBLEM.captures(line)) {
                (Some(f), Some(c)) => {
                    let rule = c.get(4).map_or("", |m| m.as_str());
                    report.diag(Diag::new(f, c[1].to_string(), &c[2], rule, &c[3]));
                }
                _ if line.trim().is_empty() => file = None,
                _ => {
                    // A file heading: unindented, no spaces (eslint prints the path alone).
                    let heading = !line.starts_with(' ') && !line.contains(' ');
                    if heading {
                        file = Some(relative(line, cwd.as_deref()));
                    } else {
                        report.line(line);
                    }
                }
            }
        }
        if report.count == 0 {
            return Err(Unparsed("no eslint problems".into()));
        }
        Ok(Compacted::stdout(report.render()))
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
    Regex::new(r"^([A-Z]+[0-9]+|[a-z-]+-error|SyntaxError)((?: \[\*\])?) (.+)$").unwrap()
});

/// A one-line problem, `file:line:col: CODE message` (flake8, pycodestyle, ruff's concise
/// format).
static CONCISE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\S+?):(\d+):(\d+): ([A-Z]+[0-9]+)((?: \[\*\])?) (.*)$").unwrap()
});

/// A line of a ruff code frame or fix preview: ` |`, `12 | code`, `   - old`, `4 + new`,
/// `:::` secondary locations, or a `help:` / `note:` / `info:` line.
static RUFF_FRAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\s*\d*\s*([|+-]|:::)( |$)|(help|note|info): )").unwrap());

/// `file:line:col` split into the file and `line:col`.
fn split_loc(loc: &str) -> Option<(&str, String)> {
    let mut it = loc.rsplitn(3, ':');
    let (col, line, file) = (it.next()?, it.next()?, it.next()?);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(col) && digits(line) && !file.is_empty()).then(|| (file, format!("{line}:{col}")))
}

impl Filter for Ruff {
    fn name(&self) -> &'static str {
        "ruff"
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
        let mut report = Report::default();
        let mut dropped = 0;
        // A diagnostic header (code, fix mark, message) waiting for its ` --> file:l:c` line.
        let mut pending: Option<(String, &str)> = None;
        // Inside a diagnostic's frame/help lines.
        let mut in_diag = false;
        for line in text.lines() {
            if let Some(c) = RUFF_HEAD.captures(line) {
                if let Some((_, head)) = pending.take() {
                    report.line(head);
                }
                pending = Some((format!("{}{}", &c[1], &c[2]), line));
                in_diag = true;
            } else if let Some(c) = CONCISE.captures(line) {
                let code = format!("{}{}", &c[4], &c[5]);
                report.diag(Diag::new(
                    &c[1],
                    format!("{}:{}", &c[2], &c[3]),
                    "error",
                    &code,
                    &c[6],
                ));
                in_diag = false;
            } else if let Some(loc) = line.trim_start().strip_prefix("--> ").filter(|_| in_diag) {
                match (pending.take(), split_loc(loc.trim())) {
                    (Some((code, head)), Some((file, lc))) => {
                        let msg = head[code.len()..].trim_start();
                        report.diag(Diag::new(file, lc, "error", &code, msg));
                    }
                    (Some((_, head)), None) => {
                        report.line(head);
                        report.line(line);
                    }
                    (None, _) => dropped += 1,
                }
            } else if in_diag && (line.is_empty() || RUFF_FRAME.is_match(line)) {
                dropped += 1;
            } else {
                if let Some((_, head)) = pending.take() {
                    report.line(head);
                }
                in_diag = false;
                if line.is_empty() {
                    dropped += 1;
                } else {
                    report.line(line);
                }
            }
        }
        if let Some((_, head)) = pending {
            report.line(head);
        }
        Ok(done(
            Sink {
                text: report.render(),
                dropped,
            },
            "code frames and fix previews",
        ))
    }
}

static MYPY_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.+?):(\d+(?::\d+)?): (error|note|warning): (.*)$").unwrap());

/// About the length of the one-line elision note with its tee path (`[rtk: elided 2 lines: doc
/// links and generic advice; full output: ~/.local/share/rtk/tee/14355.log]`).
const ELISION_NOTE_BYTES: usize = 120;

/// A line of mypy's `--pretty` source context: the source line, its caret, blank lines.
fn is_source_line(line: &str) -> bool {
    line.starts_with("    ") || line.trim().is_empty() || line.trim() == "^"
}

/// A mypy note that is the same in every run: a documentation link, or the generic advice to
/// run `mypy --install-types` (the stub package to install, in the `Hint:` note, stays).
fn is_boilerplate_note(msg: &str) -> bool {
    msg.starts_with("See https://") || msg.starts_with("(or run \"mypy --install-types\"")
}

impl Filter for Mypy {
    fn name(&self) -> &'static str {
        "mypy"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        plan_capture(inv.args)
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        // `--pretty` / error-context add source and caret lines, which go; so do notes that
        // only point at the documentation or repeat generic advice. A note on the line of the
        // error before it is printed under that error.
        let text = strip_ansi(out.stdout);
        // Boilerplate notes shorter than the elision note that would replace them stay, when
        // nothing else is elided: dropping them would lengthen the output.
        let boilerplate: usize = text
            .lines()
            .filter_map(|l| MYPY_LINE.captures(l))
            .filter(|c| &c[3] == "note" && is_boilerplate_note(&c[4]))
            .map(|c| c[4].len() + 3)
            .sum();
        let has_source = text
            .lines()
            .any(|l| is_source_line(l) && !MYPY_LINE.is_match(l));
        let keep_boilerplate = !has_source && boilerplate <= ELISION_NOTE_BYTES;
        let mut report = Report::default();
        let (mut source, mut notes) = (0, 0);
        for line in text.lines() {
            let Some(c) = MYPY_LINE.captures(line) else {
                if is_source_line(line) {
                    source += 1;
                } else {
                    report.line(line);
                }
                continue;
            };
            let (file, loc, severity, msg) = (&c[1], &c[2], &c[3], &c[4]);
            let same_place = report
                .last()
                .is_some_and(|d| d.file == file && d.loc == loc);
            if severity == "note" && is_boilerplate_note(msg) && !keep_boilerplate {
                notes += 1;
                continue;
            }
            if severity == "note" && same_place {
                // Under its error, indented: the word `note` says nothing more.
                report.note(msg);
                continue;
            }
            let (msg, code) = match msg.rsplit_once("  [") {
                Some((m, code)) if code.ends_with(']') && !code.contains(' ') => {
                    (m, &msg[m.len() + 2..])
                }
                _ => (msg, ""),
            };
            report.diag(Diag::new(file, loc.to_string(), severity, code, msg));
        }
        let what = match (source > 0, notes > 0) {
            (true, true) => "source snippets, doc links and generic advice",
            (true, false) => "source snippets",
            _ => "doc links and generic advice",
        };
        Ok(done(
            Sink {
                text: report.render(),
                dropped: source + notes,
            },
            what,
        ))
    }
}

impl Filter for Flake8 {
    fn name(&self) -> &'static str {
        "flake8"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let formatted = inv.args.iter().any(|a| {
            a.starts_with("--format") || a.starts_with("--output-file") || a == "--show-source"
        });
        if formatted {
            Plan::Passthrough
        } else {
            plan_capture(inv.args)
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let mut report = Report::default();
        for line in text.lines() {
            match CONCISE.captures(line) {
                Some(c) => {
                    let loc = format!("{}:{}", &c[2], &c[3]);
                    let code = format!("{}{}", &c[4], &c[5]);
                    report.diag(Diag::new(&c[1], loc, "error", &code, &c[6]));
                }
                None => report.line(line),
            }
        }
        if report.count == 0 {
            return Err(Unparsed("no flake8 problems".into()));
        }
        Ok(Compacted::stdout(report.render()))
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
            "a.py:\n1:8 F401 [*] `os` imported but unused\n6:16 F821 Undefined name `x`\nFound 2 errors.\n"
        );
    }

    #[test]
    fn eslint_problems_lose_padding_and_the_error_word() {
        let raw = "\n/p/a.js\n  1:10  error    'f' is defined but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Eslint.compact(&inv(&[]), &out).unwrap();
        assert_eq!(
            c.stdout,
            "/p/a.js:1:10 no-unused-vars 'f' is defined but never used\n✖ 1 problem (1 error, 0 warnings)\n"
        );
    }

    #[test]
    fn mypy_notes_join_their_error_and_doc_links_go_when_longer_than_the_note() {
        let raw = "a.py:3: error: Library stubs not installed for \"requests\"  [import-untyped]\na.py:3: note: Hint: \"pip install types-requests\"\na.py:3: note: (or run \"mypy --install-types\" to install all missing stub packages)\na.py:3: note: See https://mypy.readthedocs.io/x\na.py:8: error: Bad  [assignment]\na.py:9: error: Bad  [assignment]\nb.py:1: note: Revealed type is \"int\"\nFound 3 errors in 1 file (checked 2 source files)\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Mypy.compact(&inv(&[]), &out).unwrap();
        // Two boilerplate notes are shorter than the elision note: they stay, under their error.
        assert_eq!(
            c.stdout,
            "a.py:\n3 [import-untyped] Library stubs not installed for \"requests\"\n  Hint: \"pip install types-requests\"\n  (or run \"mypy --install-types\" to install all missing stub packages)\n  See https://mypy.readthedocs.io/x\n8,9 [assignment] Bad\nb.py:1 note Revealed type is \"int\"\nFound 3 errors in 1 file (checked 2 source files)\n"
        );
        assert_eq!(c.elided, None);
        // Three stub errors' worth are longer: they go.
        let three = raw
            .replace(
                "a.py:8: error: Bad  [assignment]\n",
                &raw[..raw.find("a.py:8").unwrap()].replace("a.py:3", "a.py:5"),
            )
            .replace(
                "a.py:9: error: Bad  [assignment]\n",
                &raw[..raw.find("a.py:8").unwrap()].replace("a.py:3", "a.py:6"),
            );
        let out = Output {
            stdout: &three,
            stderr: "",
            code: 1,
        };
        let c = Mypy.compact(&inv(&[]), &out).unwrap();
        assert_eq!(
            c.stdout,
            "a.py:\n3 [import-untyped] Library stubs not installed for \"requests\"\n  Hint: \"pip install types-requests\"\n5 [import-untyped] Library stubs not installed for \"requests\"\n  Hint: \"pip install types-requests\"\n6 [import-untyped] Library stubs not installed for \"requests\"\n  Hint: \"pip install types-requests\"\nb.py:1 note Revealed type is \"int\"\nFound 3 errors in 1 file (checked 2 source files)\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("6 lines: doc links and generic advice")
        );
    }

    #[test]
    fn flake8_lines_are_grouped_and_folded() {
        let raw = "a.py:1:1: F401 'os' imported but unused\na.py:4:1: E302 expected 2 blank lines\na.py:9:1: E302 expected 2 blank lines\nb.py:2:80: E501 line too long (88 > 79 characters)\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Flake8.compact(&inv(&[]), &out).unwrap();
        assert_eq!(
            c.stdout,
            "a.py:\n1:1 F401 'os' imported but unused\n4:1,9:1 E302 expected 2 blank lines\nb.py:2:80 E501 line too long (88 > 79 characters)\n"
        );
        assert!(Flake8
            .compact(
                &inv(&[]),
                &Output {
                    stdout: "usage\n",
                    stderr: "",
                    code: 2
                }
            )
            .is_err());
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
