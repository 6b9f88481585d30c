//! `git status` (long format): keeps the branch and its upstream, every path of every section
//! (staged, unstaged, unmerged, untracked, ignored), conflict and in-progress-operation lines;
//! drops git's `(use "git …")` advice, blank lines and the `no changes added to commit` lines
//! that only say a section is absent. Writes what it keeps in `git status -sb`'s own codes: the
//! branch and its upstream as `## main...origin/main [ahead 1, behind 2]`, each entry under the
//! two-letter code `git status -s` gives it (`M ` staged, ` M` unstaged, `UU` both modified,
//! `??` untracked, `!!` ignored), a run of entries with one code on one line (` M a.rs, b.rs`).
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
    /// The section whose entries come now, if any.
    section: Option<Section>,
    /// The code of the run of entries on the open line, if a line is open.
    run: Option<String>,
    /// `On branch B` waits for the upstream line that may follow it.
    branch: Branch,
}

/// A section of the long format, by the column its entries' codes take in the short format.
#[derive(Clone, Copy, PartialEq)]
enum Section {
    Staged,
    Unstaged,
    Unmerged,
    Untracked,
    Ignored,
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
        if let Some(section) = section_of(line) {
            self.close();
            self.section = Some(section);
        } else if let Some((entry, section)) = line.strip_prefix('\t').zip(self.section) {
            self.push_entry(section, entry);
        } else {
            self.close();
            self.section = None;
            self.out.push_str(strip_advice(line));
            self.out.push('\n');
        }
    }

    /// Ends the open line (and writes a branch line still held).
    fn close(&mut self) {
        self.flush_branch();
        if self.run.take().is_some() {
            self.out.push('\n');
        }
    }

    /// Appends one entry: `, path` within a run of one code, a new `XY path` line otherwise.
    /// An entry it cannot read is a line of its own, under the section's name.
    fn push_entry(&mut self, section: Section, entry: &str) {
        let Some((code, path)) = entry_code(section, entry) else {
            self.close();
            self.out.push_str(section.name());
            self.out.push_str(": ");
            self.out.push_str(entry);
            self.out.push('\n');
            return;
        };
        if self.run.as_deref() == Some(code.as_str()) {
            self.out.push_str(", ");
        } else {
            self.close();
            self.out.push_str(&code);
            self.out.push(' ');
            self.run = Some(code);
        }
        push_path(&mut self.out, path);
    }
}

/// A path as a list entry: quoted (as git quotes) when it holds `, ` or starts or ends with a
/// space, so the list reads back unambiguously.
fn push_path(out: &mut String, path: &str) {
    let plain = !path.contains(", ") && !path.starts_with(' ') && !path.ends_with(' ');
    if plain || path.starts_with('"') {
        out.push_str(path);
    } else {
        out.push('"');
        for c in path.chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
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
        Ok(Compacted::stdout(self.out))
    }
}

fn section_of(line: &str) -> Option<Section> {
    Some(match line {
        "Changes to be committed:" => Section::Staged,
        "Changes not staged for commit:" => Section::Unstaged,
        "Untracked files:" => Section::Untracked,
        "Unmerged paths:" => Section::Unmerged,
        "Ignored files:" => Section::Ignored,
        _ => return None,
    })
}

impl Section {
    fn name(self) -> &'static str {
        match self {
            Section::Staged => "staged",
            Section::Unstaged => "unstaged",
            Section::Unmerged => "unmerged",
            Section::Untracked => "untracked",
            Section::Ignored => "ignored",
        }
    }
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

/// An entry of `section` → (its `git status -s` code, its path); `None` for a kind it does not
/// know (`modified:   a.rs` under the unstaged section → (` M`, `a.rs`)).
fn entry_code(section: Section, entry: &str) -> Option<(String, &str)> {
    match section {
        Section::Untracked => return Some(("??".into(), entry)),
        Section::Ignored => return Some(("!!".into(), entry)),
        _ => {}
    }
    let (kind, path) = entry.split_once(':')?;
    let path = path.trim_start();
    if path.is_empty() {
        return None;
    }
    let code = if section == Section::Unmerged {
        match kind {
            "both modified" => "UU",
            "both added" => "AA",
            "both deleted" => "DD",
            "added by us" => "AU",
            "added by them" => "UA",
            "deleted by us" => "DU",
            "deleted by them" => "UD",
            _ => return None,
        }
        .to_string()
    } else {
        let letter = match kind {
            "new file" => 'A',
            "modified" => 'M',
            "deleted" => 'D',
            "renamed" => 'R',
            "copied" => 'C',
            "typechange" => 'T',
            _ => return None,
        };
        match section {
            Section::Staged => format!("{letter} "),
            _ => format!(" {letter}"),
        }
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
    fn entries_take_their_short_codes_and_runs_share_a_line() {
        let raw = "On branch main\nChanges to be committed:\n  (use \"git restore --staged <file>...\" to unstage)\n\tmodified:   src/a.rs\n\tmodified:   src/b.rs\n\tnew file:   x\n\trenamed:    a -> b\n\tmodified:   c\n\nUnmerged paths:\n\tboth modified:   c.txt\n\tdeleted by them: d\n\tweird:name.txt\n\tboth modified:   e\n\nChanges not staged for commit:\n\tmodified:   src/a.rs\n\tdeleted:    gone\n\nUntracked files:\n\tnotes.txt\n\tdir/\n\nIgnored files:\n\ttarget/\n\nno changes added to commit (use \"git add\" and/or \"git commit -a\")\n";
        assert_eq!(
            compact_status(raw),
            "## main\nM  src/a.rs, src/b.rs\nA  x\nR  a -> b\nM  c\nUU c.txt\nUD d\nunmerged: weird:name.txt\nUU e\n M src/a.rs\n D gone\n?? notes.txt, dir/\n!! target/\n"
        );
    }

    #[test]
    fn a_path_that_would_read_as_two_is_quoted() {
        let raw = "Untracked files:\n\ta, b.txt\n\t c\n\tplain\n\t\"q\\303\\251\"\n";
        assert_eq!(
            compact_status(raw),
            "?? \"a, b.txt\", \" c\", plain, \"q\\303\\251\"\n"
        );
    }

    #[test]
    fn a_line_between_sections_ends_the_section() {
        let raw = "On branch b\nUntracked files:\n\tx\nIt took 2.5 seconds to enumerate untracked files.\n\ty\n";
        assert_eq!(
            compact_status(raw),
            "## b\n?? x\nIt took 2.5 seconds to enumerate untracked files.\n\ty\n"
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
