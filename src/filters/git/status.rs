//! `git status` (long format): keeps the branch/upstream lines, every path of every section
//! (staged, unstaged, unmerged, untracked, ignored), conflict and in-progress-operation lines;
//! drops git's `(use "git …")` advice and blank lines; writes entries as `  M path`.
//! Short/porcelain/verbose forms pass through (already compact, or carry a diff).
//! Line by line, so it compacts while git still writes.

use crate::filters::args::Spec;
use crate::filters::{
    whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Route, Unparsed,
};

pub struct Status;

const SPEC: Spec = Spec {
    short_with_value: "",
    long_with_value: &[],
};

impl Filter for Status {
    fn name(&self) -> &'static str {
        "git-status"
    }
    fn routes(&self) -> &'static [Route] {
        &[Route {
            program: "git",
            sub: Some("status"),
        }]
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let other_format = SPEC.has(
            inv.rest(),
            "szv",
            &["short", "porcelain", "verbose", "null", "column"],
        );
        if other_format {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(Box::new(StatusLines::default()))
    }
}

/// The long-format status text, compacted. Lines it does not know are kept verbatim.
pub fn compact_status(text: &str) -> String {
    let mut s = StatusLines::default();
    s.push_lines(text);
    s.out
}

/// The compacted status so far, and whether the current section lists bare paths.
#[derive(Default)]
struct StatusLines {
    out: String,
    listing_paths: bool,
}

impl StatusLines {
    fn push_lines(&mut self, text: &str) {
        let out = &mut self.out;
        for line in text.lines() {
            if line.is_empty() || super::is_hint(line) {
                continue;
            }
            if let Some(section) = section_name(line) {
                self.listing_paths = matches!(section, "untracked:" | "ignored:");
                out.push_str(section);
                out.push('\n');
            } else if let Some(entry) = line.strip_prefix('\t') {
                out.push_str("  ");
                if self.listing_paths {
                    out.push_str(entry);
                } else {
                    push_entry(out, entry);
                }
                out.push('\n');
            } else {
                out.push_str(strip_advice(line));
                out.push('\n');
            }
        }
    }
}

impl Incremental for StatusLines {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        self.push_lines(lines);
        Ok(())
    }
    fn finish(self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted {
            stdout: self.out,
            stderr: None,
            elided: None,
        })
    }
}

fn section_name(line: &str) -> Option<&'static str> {
    Some(match line {
        "Changes to be committed:" => "staged:",
        "Changes not staged for commit:" => "unstaged:",
        "Untracked files:" => "untracked:",
        "Unmerged paths:" => "unmerged:",
        "Ignored files:" => "ignored:",
        _ => return None,
    })
}

/// `modified:   a.rs` → `M a.rs`; unmerged kinds (`both modified:`) keep their words.
/// Appended to `out` (one call per changed path: no temporaries).
fn push_entry(out: &mut String, entry: &str) {
    let parsed = entry
        .split_once(':')
        .map(|(kind, path)| (kind, path.trim_start()))
        .filter(|(_, path)| !path.is_empty());
    let Some((kind, path)) = parsed else {
        out.push_str(entry);
        return;
    };
    let (code, unmerged) = match kind {
        "new file" => ("A", false),
        "modified" => ("M", false),
        "deleted" => ("D", false),
        "renamed" => ("R", false),
        "copied" => ("C", false),
        "typechange" => ("T", false),
        "both modified" | "both added" | "both deleted" | "added by us" | "added by them"
        | "deleted by us" | "deleted by them" => (kind, true),
        _ => {
            out.push_str(entry);
            return;
        }
    };
    out.push_str(code);
    if unmerged {
        out.push(':');
    }
    out.push(' ');
    out.push_str(path);
}

#[cfg(test)]
fn entry_line(entry: &str) -> String {
    let mut s = String::new();
    push_entry(&mut s, entry);
    s
}

/// `no changes added to commit (use "git add" …)` → `no changes added to commit`.
fn strip_advice(line: &str) -> &str {
    match line.find(" (use \"") {
        Some(i) if line.ends_with(')') => &line[..i],
        _ => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_table() {
        let cases = [
            ("modified:   src/a.rs", "M src/a.rs"),
            ("new file:   x", "A x"),
            ("renamed:    a -> b", "R a -> b"),
            ("both modified:   c.txt", "both modified: c.txt"),
            ("deleted by them: d", "deleted by them: d"),
            ("notes.txt", "notes.txt"),
            ("weird:name.txt", "weird:name.txt"),
        ];
        for (input, want) in cases {
            assert_eq!(entry_line(input), want, "{input}");
        }
    }

    #[test]
    fn keeps_clean_and_detached_lines() {
        let raw = "HEAD detached at 1a2b3c4\nnothing to commit, working tree clean\n";
        assert_eq!(compact_status(raw), raw);
    }
}
