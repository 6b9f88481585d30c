//! `git status` (long format): keeps the branch/upstream lines, every path of every section
//! (staged, unstaged, unmerged, untracked, ignored), conflict and in-progress-operation lines;
//! drops git's `(use "git …")` advice and blank lines; writes each section on one line, its
//! entries as `M a.rs, b.rs; A c.rs` (a run of one kind shares its letter) and bare paths
//! (untracked, ignored) as `a, b`.
//! Short/porcelain/verbose forms pass through (already compact, or carry a diff).
//! Line by line, so it compacts while git still writes.

use crate::filters::args::Spec;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct Status;

const SPEC: Spec = Spec {
    short_with_value: "",
    long_with_value: &[],
};

impl Filter for Status {
    fn name(&self) -> &'static str {
        "git-status"
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
    s.close();
    s.out
}

/// The compacted status so far, and where the current section's line stands.
#[derive(Default)]
struct StatusLines {
    out: String,
    listing_paths: bool,
    /// A section line is open (entries go on it).
    open: bool,
    /// Entries on the open line.
    entries: usize,
    /// The kind of the last entry on the open line (`M`, `both modified`…), if any.
    kind: Option<&'static str>,
}

impl StatusLines {
    fn push_lines(&mut self, text: &str) {
        for line in text.lines() {
            if line.is_empty() || super::is_hint(line) {
                continue;
            }
            if let Some(section) = section_name(line) {
                self.close();
                self.listing_paths = matches!(section, "untracked:" | "ignored:");
                self.out.push_str(section);
                self.open = true;
            } else if let Some(entry) = line.strip_prefix('\t').filter(|_| self.open) {
                self.push_entry(entry);
            } else {
                self.close();
                self.out.push_str(strip_advice(line));
                self.out.push('\n');
            }
        }
    }

    /// Ends the open section line.
    fn close(&mut self) {
        if self.open {
            self.out.push('\n');
            self.open = false;
            self.entries = 0;
            self.kind = None;
        }
    }

    /// Appends one entry to the open section line: `, path` within a run of one kind,
    /// `; K path` when the kind changes (` K path` first).
    fn push_entry(&mut self, entry: &str) {
        let out = &mut self.out;
        let parsed = if self.listing_paths {
            None
        } else {
            parse_entry(entry)
        };
        let (kind, path) = match parsed {
            Some((kind, path)) => (Some(kind), path),
            None => (None, entry),
        };
        let same_run = self.entries > 0 && self.kind == kind;
        out.push_str(match (self.entries, same_run) {
            (0, _) => " ",
            (_, true) => ", ",
            _ => "; ",
        });
        if let Some(k) = kind.filter(|_| !same_run) {
            out.push_str(k);
            if k.len() > 1 {
                out.push(':');
            }
            out.push(' ');
        }
        out.push_str(path);
        self.entries += 1;
        self.kind = kind;
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

/// `modified:   a.rs` → (`M`, `a.rs`); unmerged kinds (`both modified`) keep their words;
/// `None` for anything else (printed as it is).
fn parse_entry(entry: &str) -> Option<(&'static str, &str)> {
    let (kind, path) = entry.split_once(':')?;
    let path = path.trim_start();
    if path.is_empty() {
        return None;
    }
    let code = match kind {
        "new file" => "A",
        "modified" => "M",
        "deleted" => "D",
        "renamed" => "R",
        "copied" => "C",
        "typechange" => "T",
        "both modified" => "both modified",
        "both added" => "both added",
        "both deleted" => "both deleted",
        "added by us" => "added by us",
        "added by them" => "added by them",
        "deleted by us" => "deleted by us",
        "deleted by them" => "deleted by them",
        _ => return None,
    };
    Some((code, path))
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
    fn sections_are_one_line_and_runs_share_their_letter() {
        let raw = "On branch main\nChanges to be committed:\n  (use \"git restore --staged <file>...\" to unstage)\n\tmodified:   src/a.rs\n\tmodified:   src/b.rs\n\tnew file:   x\n\trenamed:    a -> b\n\tmodified:   c\n\nUnmerged paths:\n\tboth modified:   c.txt\n\tdeleted by them: d\n\tweird:name.txt\n\nUntracked files:\n\tnotes.txt\n\tdir/\n\nno changes added to commit (use \"git add\" and/or \"git commit -a\")\n";
        assert_eq!(
            compact_status(raw),
            "On branch main\nstaged: M src/a.rs, src/b.rs; A x; R a -> b; M c\nunmerged: both modified: c.txt; deleted by them: d; weird:name.txt\nuntracked: notes.txt, dir/\nno changes added to commit\n"
        );
    }

    #[test]
    fn keeps_clean_and_detached_lines() {
        let raw = "HEAD detached at 1a2b3c4\nnothing to commit, working tree clean\n";
        assert_eq!(compact_status(raw), raw);
    }
}
