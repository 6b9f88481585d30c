//! `git log` in git's default (medium) format → one line per commit:
//! `<hash> <date> <author> [merge <parents>] (<refs>) <subject>`; a run of commits of one day
//! and author shares them on a header line (`<date> <author>:`, then `<hash> … <subject>` each),
//! so a day's work of one author does not repeat them; plus the first
//! [`BODY_LINES`] message body line(s); trailers (`Signed-off-by:` …) and the rest of the body are
//! left out and counted in the elision note (the tee file has them). Never adds `-n`, `--no-merges` or any flag: git decides
//! which commits appear, and merges are labelled, never hidden. Any other output format the
//! user chose (`--oneline`, `--format`, `--graph`, `-p`, `--stat=N`, …) passes through untouched,
//! except a bare `--stat`: each commit is then compacted as `git show --stat` compacts one
//! (the header as here, its stat block grouped by folder: [`super::show`]), once git is done.
//! Commits are compacted as they arrive ([`LogPieces`]), while git is still writing.

use crate::filters::args::Spec;
use crate::filters::pieces::Cutter;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct Log;

/// Message body lines kept per commit (after the subject, trailers excluded).
pub const BODY_LINES: usize = 1;

/// `Signed-off-by: …` and the other conventional trailers.
fn is_trailer(line: &str) -> bool {
    const KEYS: &[&str] = &[
        "Signed-off-by:",
        "Co-authored-by:",
        "Co-Authored-By:",
        "Reviewed-by:",
        "Acked-by:",
        "Tested-by:",
        "Reported-by:",
        "Suggested-by:",
        "Helped-by:",
        "Cc:",
        "Change-Id:",
    ];
    let t = line.trim_start();
    KEYS.iter().any(|k| t.starts_with(k))
}
/// Hex digits of the commit hash shown (git's own abbreviations start at 7).
pub const HASH_LEN: usize = 10;

const SPEC: Spec = Spec {
    short_with_value: "nSGO",
    long_with_value: &[
        "max-count",
        "skip",
        "since",
        "until",
        "author",
        "grep",
        "committer",
    ],
};

/// Flags that make git print something other than the medium format.
const OTHER_FORMAT_LONG: &[&str] = &[
    "oneline",
    "pretty",
    "format",
    "graph",
    "patch",
    "stat",
    "numstat",
    "shortstat",
    "name-only",
    "name-status",
    "raw",
    "summary",
    "dirstat",
    "cc",
    "word-diff",
    "color",
    "color-words",
    "show-signature",
    "walk-reflogs",
    "notes",
    "show-notes",
    "patch-with-stat",
    "patch-with-raw",
    "compact-summary",
    "line-prefix",
    "show-linear-break",
    "left-right",
    "children",
    "parents",
    "source",
    "full-diff",
    "remerge-diff",
    "diff-merges",
    "binary",
    "output",
    "check",
];

impl Filter for Log {
    fn name(&self) -> &'static str {
        "git-log"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let without_stat: Vec<String>;
        let rest = if stat(inv) {
            without_stat = inv
                .rest()
                .iter()
                .filter(|a| *a != "--stat")
                .cloned()
                .collect();
            &without_stat[..]
        } else {
            inv.rest()
        };
        let other = SPEC.has(rest, "pugLzmc", OTHER_FORMAT_LONG)
            || rest
                .iter()
                .any(|a| a.starts_with("-L") || a.starts_with("-U"));
        if other {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        if stat(inv) {
            return super::show::Show.compact(inv, out);
        }
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        (!stat(inv)).then(|| Box::new(LogPieces::default()) as Box<dyn Incremental>)
    }
}

/// `--stat` (bare) is on the line, before any `--`.
fn stat(inv: &Invocation<'_>) -> bool {
    inv.rest()
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--stat")
}

/// `git log` compacted commit by commit as the output arrives: text after the last complete
/// commit waits in the [`Cutter`] until the next `commit ` line (or the end) closes it. A parse
/// error is kept for `finish`, where a failed run's output is printed raw first.
struct LogPieces {
    cutter: Cutter,
    text: String,
    /// The last commit read, not yet written: whether it heads a run of one `who` depends on
    /// the next. `true` once its run's header is written.
    held: Option<(Commit, bool)>,
    dropped: usize,
    saw_lines: bool,
    error: Option<Unparsed>,
}

/// A `commit ` line starts each piece.
const MARKER: &str = "\ncommit ";

impl Default for LogPieces {
    fn default() -> Self {
        LogPieces {
            // Commit lines start at column 0 and message lines are indented, so a line
            // starting with `commit ` always starts the next commit.
            cutter: Cutter::new(MARKER),
            text: String::new(),
            held: None,
            dropped: 0,
            saw_lines: false,
            error: None,
        }
    }
}

impl LogPieces {
    /// Compacts the whole commits in `chunk` (which starts at a commit line or blank lines).
    fn commits(&mut self, chunk: &str) {
        if self.error.is_some() {
            return;
        }
        let mut lines: Vec<&str> = Vec::with_capacity(chunk.len() / 32);
        lines.extend(chunk.lines());
        self.saw_lines |= !lines.is_empty();
        let mut i = 0;
        while i < lines.len() {
            if lines[i].is_empty() {
                i += 1;
                continue;
            }
            match commit(&lines, i) {
                Ok(c) => {
                    self.dropped += c.dropped_body;
                    i = c.next;
                    self.hold(c);
                }
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            }
        }
    }
}

impl LogPieces {
    /// Writes the held commit — under a `<who>:` header when `next` continues its run — and
    /// holds `next`.
    fn hold(&mut self, next: Commit) {
        let in_run = match self.held.take() {
            Some((prev, headed)) => {
                let same = !prev.who.is_empty() && prev.who == next.who;
                if same && !headed {
                    self.text.push_str(&prev.who);
                    self.text.push_str(":\n");
                }
                self.text.push_str(if same || headed {
                    &prev.entry
                } else {
                    &prev.text
                });
                same
            }
            None => false,
        };
        self.held = Some((next, in_run));
    }

    /// Writes the held commit (the last one).
    fn flush(&mut self) {
        if let Some((c, headed)) = self.held.take() {
            self.text.push_str(if headed { &c.entry } else { &c.text });
        }
    }
}

impl Incremental for LogPieces {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        let mut cutter = std::mem::replace(&mut self.cutter, Cutter::new(MARKER));
        cutter.push(lines, |done| self.commits(done));
        self.cutter = cutter;
        Ok(())
    }
    fn eliding(&self) -> bool {
        self.saw_lines
    }
    fn finish(mut self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        let rest = self.cutter.rest();
        self.commits(&rest);
        self.flush();
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut elided = vec!["author emails and commit times".to_string()];
        if self.dropped > 0 {
            elided.push(format!("{} message body lines", self.dropped));
        }
        Ok(Compacted {
            stdout: self.text,
            stderr: None,
            elided: self.saw_lines.then(|| elided.join(", ")),
        })
    }
}

/// One compacted commit and where the next thing starts.
pub struct Commit {
    /// The whole commit: `<hash> <date> <author> … <subject>` and its kept body line.
    pub text: String,
    /// `<date> <author>` (either may be empty).
    pub who: String,
    /// The commit without `who`: `<hash> … <subject>` and its kept body line.
    pub entry: String,
    pub next: usize,
    pub dropped_body: usize,
}

/// Reads the medium-format commit starting at `lines[start]` (`commit <hash> …`): its headers and
/// its 4-space-indented message. Stops at the first line after the message that is neither
/// blank nor indented (next commit, or a diff in `git show`).
pub fn commit(lines: &[&str], start: usize) -> Result<Commit, Unparsed> {
    let first = lines[start];
    let rest = first
        .strip_prefix("commit ")
        .ok_or_else(|| Unparsed(format!("expected a commit line: {first}")))?;
    let (hash, deco) = match rest.split_once(' ') {
        Some((h, d)) => (h, Some(d)),
        None => (rest, None),
    };
    if hash.len() < 4 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Unparsed(format!("bad hash: {hash}")));
    }
    let mut author = "";
    let mut date = String::new();
    let mut merge = None;
    let mut i = start + 1;
    while i < lines.len() && !lines[i].is_empty() {
        let l = lines[i];
        if let Some(a) = l.strip_prefix("Author: ") {
            author = a.split(" <").next().unwrap_or(a).trim();
        } else if let Some(d) = l.strip_prefix("Date: ") {
            date = short_date(d.trim());
        } else if let Some(m) = l.strip_prefix("Merge: ") {
            merge = Some(m.trim());
        } else {
            return Err(Unparsed(format!("unknown commit header: {l}")));
        }
        i += 1;
    }
    let mut message: Vec<&str> = Vec::with_capacity(8);
    while i < lines.len() && (lines[i].is_empty() || lines[i].starts_with("    ")) {
        let m = lines[i].strip_prefix("    ").unwrap_or("");
        if !m.trim().is_empty() {
            message.push(m);
        }
        i += 1;
    }
    let who = [date.as_str(), author]
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    // The hash, then the rest of the line and a body line: sized once.
    let mut rest =
        String::with_capacity(40 + message.iter().take(2).map(|m| m.len()).sum::<usize>());
    if let Some(m) = merge {
        rest.push_str(" [merge ");
        rest.push_str(m);
        rest.push(']');
    }
    if let Some(d) = deco {
        rest.push(' ');
        rest.push_str(d);
    }
    if let Some(subject) = message.first() {
        rest.push(' ');
        rest.push_str(subject.trim());
    }
    rest.push('\n');
    let body = message.get(1..).unwrap_or(&[]);
    let mut kept = 0;
    for b in body.iter().filter(|b| !is_trailer(b)).take(BODY_LINES) {
        rest.push_str("  ");
        rest.push_str(b.trim_end());
        rest.push('\n');
        kept += 1;
    }
    let hash = &hash[..hash.len().min(HASH_LEN)];
    let text = match who.is_empty() {
        true => format!("{hash}{rest}"),
        false => format!("{hash} {who}{rest}"),
    };
    Ok(Commit {
        text,
        who,
        entry: format!("{hash}{rest}"),
        next: i,
        dropped_body: body.len() - kept,
    })
}

/// `Mon Jan 5 10:00:00 2026 +0000` → `2026-01-05`; anything else is kept as given.
pub fn short_date(d: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut w = d.split_whitespace();
    if let (Some(_), Some(mon), Some(day), Some(time), Some(year), Some(_tz), None) = (
        w.next(),
        w.next(),
        w.next(),
        w.next(),
        w.next(),
        w.next(),
        w.next(),
    ) {
        let m = MONTHS.iter().position(|x| *x == mon);
        let dd: Option<u32> = day.parse().ok().filter(|d| (1..=31).contains(d));
        if let (Some(m), Some(dd), true, true) = (m, dd, time.contains(':'), year.len() == 4) {
            let mut out = String::with_capacity(10);
            out.push_str(year);
            for n in [m as u32 + 1, dd] {
                out.push('-');
                out.push(char::from(b'0' + (n / 10 % 10) as u8));
                out.push(char::from(b'0' + (n % 10) as u8));
            }
            return out;
        }
    }
    d.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(short_date("Mon Jan 5 10:00:00 2026 +0000"), "2026-01-05");
        assert_eq!(short_date("2026-01-05 10:00"), "2026-01-05 10:00");
    }

    #[test]
    fn merge_is_labelled_and_body_capped() {
        let raw = "commit 0123456789abcdef0123456789abcdef01234567 (HEAD -> main)\nMerge: aaaaaaa bbbbbbb\nAuthor: A B <a@b>\nDate:   Mon Jan 5 10:00:00 2026 +0000\n\n    Merge x\n\n    Signed-off-by: A B <a@b>\n    1\n    2\n";
        let lines: Vec<&str> = raw.lines().collect();
        let c = commit(&lines, 0).unwrap();
        assert_eq!(
            c.text,
            "0123456789 2026-01-05 A B [merge aaaaaaa bbbbbbb] (HEAD -> main) Merge x\n  1\n"
        );
        assert_eq!(c.dropped_body, 2);
        assert_eq!(c.next, lines.len());
    }

    #[test]
    fn a_run_of_one_day_and_author_shares_a_header() {
        let c = |h: &str, who: &str, day: u8, s: &str| {
            format!("commit {h}\nAuthor: {who} <x@y>\nDate:   Mon Jan {day} 10:00:00 2026 +0000\n\n    {s}\n\n")
        };
        let raw = [
            c("aaaaaaa1", "A", 5, "one"),
            c("aaaaaaa2", "B", 5, "two"),
            c("aaaaaaa3", "B", 5, "three"),
            c("aaaaaaa4", "B", 4, "four"),
            c("aaaaaaa5", "A", 4, "five"),
            c("aaaaaaa6", "A", 4, "six"),
        ]
        .concat();
        let mut p = LogPieces::default();
        p.commits(&raw);
        p.flush();
        assert_eq!(
            p.text,
            "aaaaaaa1 2026-01-05 A one\n2026-01-05 B:\naaaaaaa2 two\naaaaaaa3 three\n\
             aaaaaaa4 2026-01-04 B four\n2026-01-04 A:\naaaaaaa5 five\naaaaaaa6 six\n"
        );
    }

    #[test]
    fn unknown_header_is_unparsed() {
        let lines = ["commit abcdef1", "Commit: X <x>", "", "    s"];
        assert!(commit(&lines, 0).is_err());
    }
}
