//! Applying a declarative filter's line rules to one captured stream.
//!
//! Per line, in order: progress (`\r`-rewritten meters keep their last state), ANSI codes,
//! space runs; then the rules' verdict, overruled by the guard for error lines; then folds,
//! repeats and blank runs. Lines are never cut by position and never rewritten beyond the
//! cleaning steps the filter asks for. The same result whether the text comes in one piece
//! or in runs of whole lines as the command writes them ([`Lines`]).

use std::sync::Arc;

use super::format::{Rules, Verdict};
use super::guard;
use crate::filters::dev::strip_ansi;

/// A stream after the rules.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Lines whose content is no longer in `text` (dropped or folded), reported in the note.
    pub dropped: usize,
}

enum Out {
    Line(String, usize),
    Fold(usize),
}

/// The rules applied line by line as text arrives ([`apply`] is one push and the finish).
pub struct Lines {
    rules: Arc<Rules>,
    out: Vec<Out>,
    fold_counts: Vec<usize>,
    dropped: usize,
    /// Whether the text so far ends with a newline (none yet: false).
    ends_nl: bool,
}

impl Lines {
    pub fn new(rules: Arc<Rules>) -> Self {
        Lines {
            fold_counts: vec![0; rules.folds.len()],
            rules,
            out: Vec::new(),
            dropped: 0,
            ends_nl: false,
        }
    }

    /// Lines dropped or folded so far.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// The next run of whole lines (the last run may lack its final `\n`).
    pub fn push(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        for raw in text.split_inclusive('\n') {
            self.line(raw.strip_suffix('\n').unwrap_or(raw));
        }
        self.ends_nl = text.ends_with('\n');
    }

    /// The rules this applies.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    fn line(&mut self, raw: &str) {
        let rules = &*self.rules;
        let mut line = std::borrow::Cow::Borrowed(raw);
        if rules.strip_progress {
            let l = raw.strip_suffix('\r').unwrap_or(raw);
            line = l.rsplit('\r').next().unwrap_or(l).into();
        }
        if rules.strip_ansi {
            line = strip_ansi(&line).into_owned().into();
        }
        if rules.squeeze_spaces {
            line = squeeze_spaces(&line).into();
        }
        let mut verdict = rules.verdict(&line);
        if verdict != Verdict::Keep && guard::is_error(&line) {
            verdict = Verdict::Keep;
        }
        match verdict {
            Verdict::Keep => {
                let blank = line.trim().is_empty();
                match self.out.last_mut() {
                    Some(Out::Line(prev, n)) if rules.fold_repeats && !blank && *prev == line => {
                        *n += 1
                    }
                    Some(Out::Line(prev, _))
                        if rules.squeeze_blank && blank && prev.trim().is_empty() => {}
                    _ => self.out.push(Out::Line(line.into_owned(), 1)),
                }
            }
            Verdict::Drop => self.dropped += 1,
            Verdict::Noise => {}
            Verdict::Fold(i) => {
                if self.fold_counts[i] == 0 {
                    self.out.push(Out::Fold(i));
                }
                self.fold_counts[i] += 1;
                self.dropped += 1;
            }
        }
    }

    /// The result: it ends with a newline iff the text pushed did.
    pub fn finish(self) -> Applied {
        let mut lines = Vec::with_capacity(self.out.len());
        for o in self.out {
            lines.push(match o {
                Out::Line(l, 1) => l,
                Out::Line(l, n) => format!("{l} (×{n})"),
                Out::Fold(i) => fold_label(&self.rules.folds[i].label, self.fold_counts[i]),
            });
        }
        let mut text = lines.join("\n");
        if self.ends_nl && !lines.is_empty() {
            text.push('\n');
        }
        Applied {
            text,
            dropped: self.dropped,
        }
    }
}

/// Runs `rules` over `text`. The result ends with a newline iff `text` does.
pub fn apply(rules: &Arc<Rules>, text: &str) -> Applied {
    let mut l = Lines::new(Arc::clone(rules));
    l.push(text);
    l.finish()
}

/// The line standing for `n` folded lines: `{n}` in the label is the count, else the count
/// follows in parentheses.
fn fold_label(label: &str, n: usize) -> String {
    if label.contains("{n}") {
        label.replace("{n}", &n.to_string())
    } else {
        format!("{label} ({n})")
    }
}

/// Runs of spaces and tabs after the indentation become one space; trailing ones go.
fn squeeze_spaces(line: &str) -> String {
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let mut s = line[..indent].to_string();
    let mut gap = false;
    for c in line[indent..].trim_end_matches([' ', '\t']).chars() {
        if c == ' ' || c == '\t' {
            gap = true;
            continue;
        }
        if gap {
            s.push(' ');
            gap = false;
        }
        s.push(c);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::decl::format::{parse, Origin};

    fn rules(body: &str) -> Arc<Rules> {
        let text = format!("[filters.t]\nprogram = \"t\"\n{body}");
        Arc::new(parse(&text, Origin::User).expect("rules").remove(0))
    }

    #[test]
    fn keep_wins_over_drop_and_fold() {
        let r = rules(
            "drop = ['^x']\nkeep = ['^xkeep']\nfold = [{pattern = '^d ', label = '{n} d lines'}]",
        );
        let got = apply(&r, "x1\nxkeep\nd 1\nd 2\nend\n");
        assert_eq!(got.text, "xkeep\n2 d lines\nend\n");
        assert_eq!(got.dropped, 3);
    }

    #[test]
    fn guard_keeps_error_lines_a_rule_would_drop() {
        // The load check passes (no sample matches `^note`), the run-time guard keeps it.
        let r = rules("drop = ['^note']");
        let got = apply(&r, "note: fine\nnote: src/x.rs:3:1 error here\n");
        assert_eq!(got.text, "note: src/x.rs:3:1 error here\n");
        assert_eq!(got.dropped, 1);
    }

    #[test]
    fn progress_ansi_spaces_repeats_blanks() {
        let r = rules(
            "strip_progress = true\nstrip_ansi = true\nsqueeze_spaces = true\nfold_repeats = true\nsqueeze_blank = true",
        );
        let got = apply(
            &r,
            "10%\r50%\r100%\n\x1b[31mred\x1b[0m  a \n\n\n  x   y\nz\nz\nz\n",
        );
        assert_eq!(got.text, "100%\nred a\n\n  x y\nz (×3)\n");
        assert_eq!(got.dropped, 0);
    }

    #[test]
    fn pieces_give_the_whole_result() {
        let r = rules(
            "strip_progress = true\nfold_repeats = true\nsqueeze_blank = true\ndrop = ['^x']\nfold = [{pattern = '^d', label = '{n} d'}]",
        );
        let text = "a\r b\nx1\nd1\n\n\nz\nz\nd2\nx2\nend";
        let whole = apply(&r, text);
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for size in 1..=lines.len() {
            let mut l = Lines::new(Arc::clone(&r));
            for chunk in lines.chunks(size) {
                l.push(&chunk.concat());
            }
            assert_eq!(l.finish(), whole, "pieces of {size} lines");
        }
        assert_eq!(whole.text, " b\n2 d\n\nz (×2)\nend");
    }

    #[test]
    fn keeps_missing_final_newline_and_only_list() {
        let r = rules("keep_lines_matching = ['^ok']");
        let got = apply(&r, "ok 1\nnoise\nfatal: broken\nok 2");
        assert_eq!(got.text, "ok 1\nfatal: broken\nok 2");
        assert_eq!(got.dropped, 1);
    }
}
