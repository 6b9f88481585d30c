//! `pytest`, `py.test`, `python -m pytest`, `python3 -m pytest` (the python forms are routed
//! only when the arguments start with `-m pytest`, see `subcommand_index`).
//!
//! Only what carries information counts as elided (progress lines name passing tests; source
//! context, import-machinery frames, the warnings summary); banners, the session header,
//! blank lines and underlines do not.
//!
//! Kept: every FAILURES block (test name, the `>` line, every `E` line, every `file:line:`
//! line — the last without its exception type when an `E Type: …` line above names it —,
//! captured output), the ERRORS section in full (collection errors), the short test
//! summary, `Interrupted` lines, unknown sections, and the final counts line. Dropped: the
//! session header, progress lines, source context before the failing `>` line, caret
//! underlines, the warnings summary (its count stays in the final line), the frames of Python's
//! import machinery in collection tracebacks, and the `=`, `_` and `!` padding of banner lines
//! (their words stay). A run with no final
//! counts line (usage error, crash) is printed raw.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Pytest;

static SECTION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^=+ (.+?) =+$").unwrap());
static BLOCK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^_{3,} (.+?) _{3,}$").unwrap());
static PROGRESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\S.*\s+)?\[\s*\d+%\]$|^[.FEsxX]+$|^\S+\.py [.FEsxX]+$").unwrap()
});
/// The last line of a failure's traceback: `tests/test_a.py:48: AssertionError`.
static LOC_EXC: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+\.py:\d+): ([A-Za-z_][\w.]*)$").unwrap());
/// `!!!…!!! Interrupted: … !!!…!!!` and `stopping after N failures` banners.
static BANNER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^!{3,} (.+?) !{3,}$").unwrap());
static FINAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(passed|failed|error|errors|skipped|deselected|no tests ran|xfailed|xpassed|warnings?)\b.* in [\d.]+s\b").unwrap()
});
static HEADER_INFO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(platform |cachedir: |rootdir: |configfile: |plugins: |collecting |collected |testpaths: |cacheprovider|hypothesis profile|benchmark: |Using --randomly-seed)").unwrap()
});

impl Filter for Pytest {
    fn name(&self) -> &'static str {
        "pytest"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let interactive = [
            "--help",
            "-h",
            "--version",
            "-V",
            "--pdb",
            "--trace",
            "--co",
            "--collect-only",
            "--fixtures",
            "--markers",
        ];
        if inv.rest().iter().any(|a| interactive.contains(&a.as_str())) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let (body, last) = final_line(&text).ok_or_else(|| Unparsed("no pytest summary".into()))?;
        let sink = compact_body(body);
        let mut stdout = sink.text.clone();
        if out.code == 0 && stdout.is_empty() {
            stdout.push_str("pytest: ");
        }
        stdout.push_str(last);
        stdout.push('\n');
        Ok(Compacted {
            stdout,
            stderr: None,
            elided: sink.elided("progress, source context"),
        })
    }
}

/// Splits off the final counts line (`=== 3 failed, 2 passed in 0.42s ===` or, with `-q`,
/// `3 passed in 0.42s`), returned without its `=` padding.
fn final_line(text: &str) -> Option<(&str, &str)> {
    let trimmed = text.trim_end();
    let start = trimmed.rfind('\n').map_or(0, |i| i + 1);
    let last = &trimmed[start..];
    let inner = SECTION
        .captures(last)
        .map_or(last, |c| c.get(1).map_or(last, |m| m.as_str()));
    FINAL.is_match(inner).then(|| (&trimmed[..start], inner))
}

fn compact_body(body: &str) -> Sink {
    let mut sink = Sink::default();
    let has_short_summary = body.lines().any(|l| {
        SECTION
            .captures(l)
            .is_some_and(|c| &c[1] == "short test summary info")
    });
    // When the short summary names every FAILURES block (same count, same order), each block
    // is headed by its `FAILED node::id` line and the summary's FAILED entries (duplicates of
    // the blocks' `E` lines) go.
    let mut merged = failed_ids(body).into_iter();
    let merge = merged.len() > 0;
    let mut in_failed_entry = false;
    let mut section = String::from("test session starts");
    // Inside a failure frame: seen its `>` line yet?
    let mut past_arrow = false;
    // The exception types the current failure's `E Type: message` lines name.
    let mut named: Vec<String> = Vec::new();
    // Inside an import-machinery frame of a collection traceback (its indented source lines).
    let mut in_import_frame = false;
    for line in body.lines() {
        // Padding goes, words stay (never inside a failure, whose lines are the test's own).
        if section != "FAILURES" {
            if let Some(c) = BANNER.captures(line) {
                sink.line(&format!("!!! {} !!!", &c[1]));
                continue;
            }
            if let Some(c) = BLOCK.captures(line) {
                sink.line(&format!("___ {} ___", &c[1]));
                continue;
            }
        }
        if let Some(c) = SECTION.captures(line) {
            section = c[1].to_string();
            past_arrow = false;
            if section == "test session starts"
                || section == "warnings summary"
                || section == "PASSES"
                || (merge && (section == "FAILURES" || section == "short test summary info"))
            {
                // A banner: its words are the section's name, nothing to recover.
            } else {
                sink.line(&format!("=== {section} ==="));
            }
            continue;
        }
        match section.as_str() {
            "test session starts" => {
                let failed_progress = line.contains(" FAILED") || line.contains(" ERROR");
                if HEADER_INFO.is_match(line) || line.is_empty() {
                    // Platform, versions, paths, the collected count (the final line has
                    // the counts): not counted as elided.
                } else if PROGRESS.is_match(line) && (has_short_summary || !failed_progress) {
                    sink.drop_line();
                } else {
                    sink.line(line);
                }
            }
            "FAILURES" => {
                if let Some(c) = BLOCK.captures(line) {
                    named.clear();
                    match merged.next().filter(|_| merge) {
                        Some(id) => sink.line(&id),
                        None => sink.line(&format!("--- {}", &c[1])),
                    }
                    past_arrow = false;
                } else if let Some(rest) = line.strip_prefix("E       ") {
                    if let Some((exc, _)) = rest.split_once(": ") {
                        named.push(exc.to_string());
                    }
                    sink.line(&format!("E {rest}"));
                } else if let Some(c) = LOC_EXC
                    .captures(line)
                    .filter(|c| named.contains(&c[2].to_string()))
                {
                    // `file.py:48: AssertionError` under `E AssertionError: …`: the location
                    // is what the line adds.
                    sink.line(&c[1]);
                } else if line.starts_with("_ _ _") {
                    past_arrow = false;
                } else if let Some(src) = line.strip_prefix('>') {
                    // The failing source line, without its column padding.
                    past_arrow = true;
                    sink.line(&format!("> {}", src.trim()));
                } else if line.trim().is_empty() || is_underline(line) {
                    // Blank lines and caret underlines say nothing.
                } else if !past_arrow && line.starts_with("    ") {
                    sink.drop_line();
                } else {
                    sink.line(line);
                }
            }
            "warnings summary" | "PASSES" => sink.drop_line(),
            "short test summary info" if merge => {
                // The FAILED entries repeat the blocks' headers and `E` lines: nothing is
                // lost with them.
                if line.starts_with("FAILED ") {
                    in_failed_entry = true;
                } else if in_failed_entry && !starts_entry(line) {
                    // continuation of a multi-line FAILED message
                } else {
                    in_failed_entry = false;
                    sink.line(line);
                }
            }
            _ => {
                let frame_ends = in_import_frame && !line.starts_with("    ");
                if frame_ends {
                    in_import_frame = false;
                }
                if is_import_machinery(line) {
                    in_import_frame = true;
                    sink.drop_line();
                } else if in_import_frame {
                    sink.drop_line();
                } else if line.is_empty() || is_underline(line) {
                    // Blank lines and caret underlines say nothing.
                } else {
                    sink.line(line);
                }
            }
        }
    }
    sink
}

/// A traceback frame in Python's import machinery (`…/importlib/__init__.py:126: in
/// import_module`), which every collection ImportError passes through.
fn is_import_machinery(line: &str) -> bool {
    line.ends_with(": in import_module")
        && (line.contains("/importlib/__init__.py:") || line.starts_with("<frozen importlib"))
}

/// A caret or tilde underline under a source line.
fn is_underline(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.chars().all(|c| c == '^' || c == '~')
}

/// A short-summary entry (`ERROR x`, `SKIPPED [1] …`, `XFAIL x`…) or `!!! Interrupted` line.
fn starts_entry(line: &str) -> bool {
    const WORDS: &[&str] = &[
        "FAILED ", "ERROR ", "SKIPPED ", "XFAIL ", "XPASS ", "PASSED ", "!!",
    ];
    WORDS.iter().any(|w| line.starts_with(w))
}

/// `FAILED node::id` (without the message) for each short-summary entry, when their number
/// equals the number of FAILURES blocks; empty otherwise.
fn failed_ids(body: &str) -> Vec<String> {
    let mut section = "";
    let mut blocks = 0;
    let mut ids = Vec::new();
    for line in body.lines() {
        if let Some(c) = SECTION.captures(line) {
            section = if &c[1] == "FAILURES" {
                "F"
            } else if &c[1] == "short test summary info" {
                "S"
            } else {
                ""
            };
            continue;
        }
        if section == "F" && BLOCK.is_match(line) {
            blocks += 1;
        }
        if section == "S" {
            if let Some(rest) = line.strip_prefix("FAILED ") {
                let id = rest.split(" - ").next().unwrap_or(rest);
                ids.push(format!("FAILED {id}"));
            }
        }
    }
    if ids.len() == blocks {
        ids
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_summary_keeps_other_entries() {
        let raw = "=== test session starts ===\ncollected 3 items\n\nt.py F.s [100%]\n\n=== FAILURES ===\n___ test_a ___\n\n    def test_a():\n>       assert 1 == 2\nE       assert 1 == 2\n\nt.py:2: AssertionError\n=== short test summary info ===\nFAILED t.py::test_a - assert 1 == 2\nassert 1 == 2\nSKIPPED [1] t.py:5: no db\n";
        let s = compact_body(raw);
        assert_eq!(
            s.text,
            "FAILED t.py::test_a\n> assert 1 == 2\nE assert 1 == 2\nt.py:2: AssertionError\nSKIPPED [1] t.py:5: no db\n"
        );
    }

    #[test]
    fn the_exception_type_named_by_an_e_line_leaves_the_location_line() {
        let raw = "=== FAILURES ===\n___ test_a ___\n\n>       assert x == 5, \"m\"\nE       AssertionError: m\nE       assert 4 == 5\n\nt.py:2: AssertionError\n___ test_b ___\n\n>       assert 1 == 2\nE       assert 1 == 2\n\nt.py:9: AssertionError\n___ test_c ___\n\n>       f()\n\nt.py:12: in test_c\n    raise KeyError(1)\nE       KeyError: 1\n\nlib.py:3: KeyError\n";
        let s = compact_body(raw);
        // test_b's E line names no type: its location line keeps it; test_a's type does not
        // carry over into test_b.
        assert_eq!(
            s.text,
            "=== FAILURES ===\n--- test_a\n> assert x == 5, \"m\"\nE AssertionError: m\nE assert 4 == 5\nt.py:2\n--- test_b\n> assert 1 == 2\nE assert 1 == 2\nt.py:9: AssertionError\n--- test_c\n> f()\nt.py:12: in test_c\n    raise KeyError(1)\nE KeyError: 1\nlib.py:3\n"
        );
    }

    #[test]
    fn cut_short_progress_and_banner_padding_go() {
        let raw = "=== test session starts ===\ncollected 9 items\n\nt.py ..F\n\n=== ERRORS ===\n______ ERROR collecting u.py ______\nE   ImportError: no x\n=== short test summary info ===\nERROR u.py\n!!!!!!!! stopping after 1 failures !!!!!!!!\n";
        let s = compact_body(raw);
        assert_eq!(
            s.text,
            "=== ERRORS ===\n___ ERROR collecting u.py ___\nE   ImportError: no x\n=== short test summary info ===\nERROR u.py\n!!! stopping after 1 failures !!!\n"
        );
    }

    #[test]
    fn final_line_forms() {
        assert_eq!(
            final_line("x\n===== 3 passed in 0.10s =====\n").map(|p| p.1),
            Some("3 passed in 0.10s")
        );
        assert_eq!(
            final_line("..\n3 passed in 0.10s\n").map(|p| p.1),
            Some("3 passed in 0.10s")
        );
        assert_eq!(final_line("ERROR: usage\n"), None);
    }
}
