//! `biome check` / `biome lint` / `biome format` / `biome ci` (its report goes to stderr): each
//! diagnostic is a block headed `file:line:col category [FIXABLE] ━━━` with its message on a
//! `×` (error), `!` (warning) or `i` (info) line, then a code frame, advice and a fix preview.
//!
//! Kept: each diagnostic as a [`Diag`] (file, location, category, message; `fixable` when biome
//! says so), grouped by file by [`Report`]; the files the formatter would change (`file format`
//! blocks) on one line with their count; biome's summary lines (`Checked N files…`, `Found N
//! errors.`) and the final `×` line. Dropped: code frames, advice, fix and format previews,
//! the `━━━` rules and blank lines. Each stream is compacted on its own (biome 2.3 prints its
//! summary on stdout). A report with no summary line is [`Unparsed`] (raw).

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Biome;

/// A block header: `path[:line:col] category [FIXABLE]  ━━━`, or a bare `word ━━━`.
static HEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S+?)(?::(\d+:\d+))?(?: (\S+))?(  FIXABLE)?\s+━+$").unwrap());

/// A message line of a block: `  × …`, `  ! …`, `  i …`.
static MESSAGE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^  ([×!i✖⚠ℹ]) (.+)$").unwrap());

static SUMMARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:Checked \d+ files? in .*|Found \d+ (?:errors?|warnings?|infos?)\.|Fixed \d+ files? in .*)$")
        .unwrap()
});

/// What a block is, until its first message line arrives.
enum Block {
    None,
    /// A diagnostic at `file`, `loc`, of `category`.
    Diag {
        file: String,
        loc: String,
        code: String,
    },
    /// A file the formatter would change.
    Format,
    /// The closing `check ━━━` block: its message is kept as a line.
    Closing,
    /// The message was read; the rest of the block is frames and advice.
    Read,
}

impl Filter for Biome {
    fn name(&self) -> &'static str {
        "biome"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        // Biome 2.3 prints its summary on stdout, later versions on stderr with the rest.
        let (stdout, stderr) = (strip_ansi(out.stdout), strip_ansi(out.stderr));
        let summary = |t: &str| t.lines().any(|l| SUMMARY.is_match(l));
        if !summary(&stdout) && !summary(&stderr) {
            return Err(Unparsed("biome: no summary line".into()));
        }
        let (stdout, dropped_out) = render(&stdout);
        let (stderr, dropped_err) = render(&stderr);
        let dropped = dropped_out + dropped_err;
        let elided = (dropped > 0)
            .then(|| format!("{dropped} lines: code frames, advice, fix and format previews"));
        Ok(Compacted {
            stdout,
            stderr: Some(stderr),
            elided,
        })
    }
}

/// `formatter would change N files: a, b`.
fn format_line(files: &[String]) -> String {
    format!(
        "formatter would change {} file{}: {}",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        files.join(", ")
    )
}

/// One stream of a report compacted, with the number of lines dropped.
fn render(text: &str) -> (String, usize) {
    let mut report = Report::default();
    let mut formats: Vec<String> = Vec::new();
    let mut block = Block::None;
    let mut dropped = 0;
    for line in text.lines() {
        if let Some(c) = HEAD.captures(line) {
            let fixable = c.get(4).is_some();
            block = match (c.get(2), c.get(3)) {
                (None, Some(cat)) if cat.as_str() == "format" => {
                    formats.push(c[1].to_string());
                    Block::Format
                }
                (loc, Some(cat)) => Block::Diag {
                    file: c[1].to_string(),
                    loc: loc.map_or_else(String::new, |m| m.as_str().to_string()),
                    code: if fixable {
                        format!("{} (fixable)", cat.as_str())
                    } else {
                        cat.as_str().to_string()
                    },
                },
                (None, None) => Block::Closing,
                (Some(_), None) => {
                    report.line(line);
                    Block::None
                }
            };
            dropped += 1;
            continue;
        }
        if SUMMARY.is_match(line) {
            // The files to format go before the summary.
            if !formats.is_empty() {
                report.line(&format_line(&formats));
                formats.clear();
            }
            report.line(line);
            block = Block::None;
            continue;
        }
        let message = MESSAGE.captures(line);
        match (std::mem::replace(&mut block, Block::Read), message) {
            (Block::Diag { file, loc, code }, Some(m)) => {
                let severity = match &m[1] {
                    "×" | "✖" => "error",
                    "!" | "⚠" => "warning",
                    _ => "info",
                };
                report.diag(Diag::new(&file, loc, severity, &code, &m[2]));
            }
            (Block::Format, Some(_)) => dropped += 1,
            (Block::Closing, Some(_)) => report.line(line.trim()),
            (Block::None, _) if !line.trim().is_empty() => {
                report.line(line);
                block = Block::None;
            }
            (Block::None, _) => {
                dropped += 1;
                block = Block::None;
            }
            (b @ (Block::Diag { .. } | Block::Format | Block::Closing), None) => {
                // Still waiting for the block's message.
                dropped += 1;
                block = b;
            }
            (Block::Read, _) => dropped += 1,
        }
    }
    if !formats.is_empty() {
        report.line(&format_line(&formats));
    }
    (report.render(), dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let p = format!("{}/tests/fixtures/biome/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    fn run(case: &str) -> String {
        let args: Vec<String> = vec!["check".into()];
        let inv = Invocation {
            program: "biome",
            args: &args,
            sub: Some(0),
        };
        let stderr = fixture(&format!("{case}.err"));
        let out = Output {
            stdout: "",
            stderr: &stderr,
            code: 1,
        };
        Biome.compact(&inv, &out).unwrap().stderr.unwrap()
    }

    #[test]
    fn check_keeps_each_diagnostic_the_format_files_and_the_summary() {
        assert_eq!(
            run("check"),
            "src/cart.ts:2:44 info lint/style/useTemplate (fixable) Template literals are preferred over string concatenation.\n\
             src/orders.js:4:3 lint/suspicious/noDebugger (fixable) This is an unexpected use of the debugger statement.\n\
             formatter would change 2 files: src/cart.ts, src/orders.js\n\
             Checked 10 files in 8ms. No fixes applied.\n\
             Found 3 errors.\n\
             Found 1 info.\n\
             × Some errors were emitted while running checks.\n"
        );
    }

    #[test]
    fn a_clean_check_is_its_summary() {
        assert_eq!(
            run("check_clean"),
            "Checked 8 files in 7ms. No fixes applied.\n"
        );
    }

    #[test]
    fn a_summary_on_stdout_is_read_too() {
        // Biome 2.3's layout: the summary on stdout, the diagnostics on stderr.
        let full = fixture("check.err");
        let (summary, diags): (Vec<&str>, Vec<&str>) =
            full.lines().partition(|l| SUMMARY.is_match(l));
        let (stdout, stderr) = (summary.join("\n") + "\n", diags.join("\n") + "\n");
        let args: Vec<String> = vec!["lint".into()];
        let inv = Invocation {
            program: "biome",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code: 1,
        };
        let c = Biome.compact(&inv, &out).unwrap();
        assert_eq!(c.stdout, stdout);
        let err = c.stderr.unwrap();
        assert!(
            err.starts_with("src/cart.ts:2:44 info lint/style/useTemplate (fixable)"),
            "{err}"
        );
        assert!(
            err.contains("formatter would change 2 files: src/cart.ts, src/orders.js\n"),
            "{err}"
        );
        assert!(!err.contains('━'), "{err}");
    }
}
