//! `shellcheck` in its default (tty) format: each `In file line N:` block (the source line, then
//! one `^--^ SCxxxx (severity): message` caret line per problem) becomes [`Diag`]s rendered by
//! [`Report`] as `file:line:col severity SCxxxx message`, grouped by file. The column is the
//! one `shellcheck -f gcc` prints (the caret's position in the source line, tabs expanded to
//! 8). The source lines, `Did you mean:` fix suggestions and the closing `For more
//! information:` wiki links go to the tee file; any other line stays. Other output formats,
//! help and version pass through.

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Shellcheck;

/// `In deploy.sh line 12:`.
static BLOCK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^In (.+) line (\d+):$").unwrap());

/// `     ^-----^ SC2086 (info): Double quote to prevent globbing and word splitting.`
static CARET: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^( *)\^-*\^? (SC\d+) \((error|warning|info|style)\): (.*)$").unwrap()
});

/// The 1-based character column of display offset `offset` in `source` (tabs to 8).
fn column(source: &str, offset: usize) -> usize {
    let mut display = 0;
    for (i, c) in source.chars().enumerate() {
        if display >= offset {
            return i + 1;
        }
        display = if c == '\t' {
            (display / 8 + 1) * 8
        } else {
            display + 1
        };
    }
    offset + 1
}

impl Filter for Shellcheck {
    fn name(&self) -> &'static str {
        "shellcheck"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if text.trim().is_empty() {
            return Ok(Compacted::raw(out));
        }
        if !text.lines().any(|l| BLOCK.is_match(l)) {
            return Err(Unparsed("shellcheck: no `In file line N:` block".into()));
        }
        let mut report = Report::default();
        let mut dropped = 0;
        // (file, line, source line) of the block being read.
        let mut block: Option<(String, String, Option<String>)> = None;
        // Inside a `Did you mean:` or `For more information:` section (until a blank line).
        let mut skipping = false;
        for line in text.lines() {
            if let Some(c) = BLOCK.captures(line) {
                block = Some((c[1].to_string(), c[2].to_string(), None));
                skipping = false;
                dropped += 1;
                continue;
            }
            if skipping && !line.trim().is_empty() {
                dropped += 1;
                continue;
            }
            skipping = false;
            match &mut block {
                Some((_, _, source @ None)) => {
                    *source = Some(line.to_string());
                    dropped += 1;
                    continue;
                }
                Some((file, n, Some(source))) => {
                    if let Some(c) = CARET.captures(line) {
                        let col = column(source, c[1].len());
                        let d = Diag::new(file, format!("{n}:{col}"), &c[3], &c[2], &c[4]);
                        report.diag(d);
                        continue;
                    }
                }
                None => {}
            }
            let t = line.trim_end();
            if t.is_empty() {
                dropped += 1;
                block = None;
            } else if t == "Did you mean:" || t == "For more information:" {
                skipping = true;
                block = None;
                dropped += 1;
            } else {
                block = None;
                report.line(line);
            }
        }
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided: (dropped > 0)
                .then(|| format!("{dropped} lines: source lines, fix suggestions, wiki links")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;

    #[test]
    fn columns_count_characters_with_tabs_expanded() {
        assert_eq!(column("\techo $1", 13), 7);
        assert_eq!(column("cp $f $target", 6), 7);
        assert_eq!(column("x", 0), 1);
    }

    #[test]
    fn blocks_become_grouped_diagnostics() {
        let raw = "\nIn a.sh line 5:\n  cp $f $t\n     ^-- SC2086 (info): Double quote.\n\
                   \x20       ^-^ SC2086 (info): Double quote.\n\nDid you mean: \n  cp \"$f\" \"$t\"\n\n\
                   In b.sh line 2:\ncd /x\n^---^ SC2164 (warning): Use 'cd ... || exit'.\n\n\
                   For more information:\n  https://www.shellcheck.net/wiki/SC2086 -- Double…\n";
        let args: Vec<String> = vec!["a.sh".into(), "b.sh".into()];
        let inv = Invocation {
            program: "shellcheck",
            args: &args,
            sub: None,
        };
        assert_eq!(Shellcheck.plan(&inv), Plan::Capture { stderr: false });
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 1,
        };
        let c = Shellcheck.compact(&inv, &out).unwrap();
        assert_eq!(
            c.stdout,
            "a.sh:\n5:6,5:9 info SC2086 Double quote.\nb.sh:2:1 warning SC2164 Use 'cd ... || exit'.\n"
        );
    }

    #[test]
    fn other_formats_pass_through() {
        for a in ["-f", "-fgcc", "--format=json", "--version", "--help"] {
            let args = vec![a.to_string(), "a.sh".to_string()];
            let inv = Invocation {
                program: "shellcheck",
                args: &args,
                sub: None,
            };
            assert_eq!(Shellcheck.plan(&inv), Plan::Passthrough, "{a}");
        }
    }
}
