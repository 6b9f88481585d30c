//! `git status` (long format): keeps the branch and its upstream, every path of every section
//! (staged, unstaged, unmerged, untracked, ignored), conflict and in-progress-operation lines;
//! drops git's `(use "git …")` advice, blank lines and the `no changes added to commit` lines
//! that only say a section is absent; writes the branch and its upstream as `git status -sb`
//! does (`## main...origin/main [ahead 1, behind 2]`), each section on one line, its entries as
//! `M a.rs, b.rs; A c.rs` (a run of one kind shares its letter) and bare paths (untracked,
//! ignored) as `a, b`.
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
    /// `On branch B` waits for the upstream line that may follow it.
    branch: Branch,
}

/// Where the branch line stands.
#[derive(Default)]
enum Branch {
    #[default]
    None,
    /// `On branch B` seen, held.
    Named(String),
    /// And `Your branch and 'U' have diverged,`: the counts come on the next line.
    Diverged(String, String, String),
}

impl StatusLines {
    fn push_lines(&mut self, text: &str) {
        for line in text.lines() {
            if line.is_empty() || super::is_hint(line) || is_absent_section(line) {
                continue;
            }
            if !self.branch_line(line) {
                self.push_line(line);
            }
        }
    }

    /// Takes `line` into the held branch line, if it is (or finishes) the branch's: `On branch
    /// B`, then what git says of its upstream. False when `line` is something else (the held
    /// branch line, if any, is written first).
    fn branch_line(&mut self, line: &str) -> bool {
        match std::mem::take(&mut self.branch) {
            Branch::None => {
                if let Some(b) = line.strip_prefix("On branch ") {
                    self.branch = Branch::Named(b.to_string());
                    return true;
                }
                false
            }
            Branch::Named(b) => {
                if let Some(u) = line
                    .strip_prefix("Your branch and '")
                    .and_then(|l| l.strip_suffix("' have diverged,"))
                {
                    self.branch = Branch::Diverged(b, u.to_string(), line.to_string());
                    return true;
                }
                match upstream(line) {
                    Some((u, state)) => self.out.push_str(&format!("## {b}...{u}{state}\n")),
                    None => {
                        self.out.push_str(&format!("## {b}\n"));
                        return self.branch_line(line);
                    }
                }
                true
            }
            Branch::Diverged(b, u, first) => {
                let counts = line
                    .strip_prefix("and have ")
                    .and_then(|l| {
                        l.strip_suffix(" different commits each, respectively.")
                            .or_else(|| l.strip_suffix(" different commit each, respectively."))
                    })
                    .and_then(|l| l.split_once(" and "))
                    .filter(|(a, z)| is_count(a) && is_count(z));
                match counts {
                    Some((a, z)) => {
                        self.out
                            .push_str(&format!("## {b}...{u} [ahead {a}, behind {z}]\n"));
                        true
                    }
                    None => {
                        self.out.push_str(&format!("On branch {b}\n{first}\n"));
                        self.branch_line(line)
                    }
                }
            }
        }
    }

    /// Writes the held branch line, if any, as git wrote it.
    fn flush_branch(&mut self) {
        match std::mem::take(&mut self.branch) {
            Branch::None => {}
            Branch::Named(b) => self.out.push_str(&format!("## {b}\n")),
            Branch::Diverged(b, _, first) => {
                self.out.push_str(&format!("On branch {b}\n{first}\n"));
            }
        }
    }

    fn push_line(&mut self, line: &str) {
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

    /// Ends the open section line (and writes a branch line still held).
    fn close(&mut self) {
        self.flush_branch();
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
    fn finish(mut self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        self.close();
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

/// What git says of the branch's upstream → (upstream, its state as `git status -sb` writes it:
/// ``, ` [ahead N]`, ` [behind N]`, ` [gone]`).
fn upstream(line: &str) -> Option<(&str, String)> {
    let rest = line.strip_prefix("Your branch is ")?;
    if let Some(r) = rest.strip_prefix("up to date with '") {
        return Some((r.strip_suffix("'.")?, String::new()));
    }
    if let Some(r) = rest.strip_prefix("based on '") {
        let u = r.strip_suffix("', but the upstream is gone.")?;
        return Some((u, " [gone]".to_string()));
    }
    let (word, r) = match rest.strip_prefix("ahead of '") {
        Some(r) => ("ahead", r),
        None => ("behind", rest.strip_prefix("behind '")?),
    };
    let (u, n) = r.rsplit_once("' by ")?;
    let n = n
        .strip_suffix(", and can be fast-forwarded.")
        .or_else(|| n.strip_suffix('.'))?;
    let n = n
        .strip_suffix(" commits")
        .or_else(|| n.strip_suffix(" commit"))?;
    is_count(n).then(|| (u, format!(" [{word} {n}]")))
}

fn is_count(n: &str) -> bool {
    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
}

/// `no changes added to commit …` and `nothing added to commit but untracked files present …`:
/// they say only that there is no staged section.
fn is_absent_section(line: &str) -> bool {
    line.starts_with("no changes added to commit")
        || line.starts_with("nothing added to commit but untracked files present")
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
            "## main\nstaged: M src/a.rs, src/b.rs; A x; R a -> b; M c\nunmerged: both modified: c.txt; deleted by them: d; weird:name.txt\nuntracked: notes.txt, dir/\n"
        );
    }

    #[test]
    fn the_branch_and_its_upstream_are_one_line() {
        for (raw, short) in [
            (
                "On branch main\nYour branch is up to date with 'origin/main'.\n",
                "## main...origin/main\n",
            ),
            (
                "On branch it's\nYour branch is ahead of 'up/it's' by 12 commits.\n\tx\n",
                "## it's...up/it's [ahead 12]\n\tx\n",
            ),
            (
                "On branch b\nYour branch is based on 'origin/b', but the upstream is gone.\n",
                "## b...origin/b [gone]\n",
            ),
            (
                "On branch b\nYour branch and 'o/b' have diverged,\nand have 3 and 14 different commits each, respectively.\n",
                "## b...o/b [ahead 3, behind 14]\n",
            ),
            ("On branch b\n", "## b\n"),
            ("On branch b\nnothing to commit\n", "## b\nnothing to commit\n"),
            // Wording it does not know is kept as git wrote it.
            (
                "On branch b\nYour branch is ahead of 'o/b' by many commits.\n",
                "## b\nYour branch is ahead of 'o/b' by many commits.\n",
            ),
            (
                "On branch b\nYour branch and 'o/b' have diverged,\nand then some.\n",
                "On branch b\nYour branch and 'o/b' have diverged,\nand then some.\n",
            ),
            (
                "On branch b\nYour branch and 'o/b' have diverged,\n",
                "On branch b\nYour branch and 'o/b' have diverged,\n",
            ),
        ] {
            assert_eq!(compact_status(raw), short, "{raw:?}");
        }
    }

    #[test]
    fn keeps_clean_and_detached_lines() {
        let raw = "HEAD detached at 1a2b3c4\nnothing to commit, working tree clean\n";
        assert_eq!(compact_status(raw), raw);
    }
}
