//! `grep` and `rg`: matches grouped by file — one `path (N)` header with the match count, then
//! each matching line exactly as printed, as `rg --heading` does (`12:text` with line numbers;
//! indented, `  text`, without them, so a line never reads as a header) — so the path is not
//! repeated per line; a file with a single match keeps grep's own `path:12:text` line, and a
//! numbered match whose text recurs is printed once, where it first stands, with every later
//! place named after it (`  same line: path:N …`: a later file's single match, or a later line
//! of a file's group, which its `(N)` still counts). Lines
//! are never shortened. Up to [`FULL_UP_TO`] matching lines everything
//! is shown; past that each file shows its first lines — [`BUDGET`] / files, between 1 and
//! [`PER_FILE`] — and a `... +N more` line: every matching file and its count stay, and the
//! elision note names the tee file holding every match. Exit codes (1 = no match, 2 = error) are grep's own. Output that has no file prefix (one file, `-h`), or machine forms (`-c`, `-l`,
//! `-o`, `-q`, `-Z`, context `-A/-B/-C`, `--json`, …) stream through unchanged.
//!
//! The output is split into runs of lines per file while grep still runs ([`Runs`] is the
//! filter's [`Incremental`]); grouping and the cap are applied once it has exited.
//!
//! Pipes: agents read command output through a pipe, so "stdout is not a TTY" cannot tell an
//! agent from a downstream program; rtk therefore always groups, and the rewrite engine keeps
//! grep raw when its output feeds another stage (`grep x | wc -l` is never rewritten).

use std::fmt::Write as _;

use super::grepctx::split_path;
use crate::filters::args::Spec;
use crate::filters::files::find::path_list;
use crate::filters::{whole, Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};

pub struct Grep;

/// Total matching lines shown in full.
pub const FULL_UP_TO: usize = 50;
/// Most lines shown per file when the total is larger.
pub const PER_FILE: usize = 10;
/// Matching lines shown in all when the total is larger (at least one per file).
pub const BUDGET: usize = 200;

const GREP: Spec = Spec {
    short_with_value: "efmABCdDX",
    long_with_value: &[
        "regexp",
        "file",
        "max-count",
        "after-context",
        "before-context",
        "context",
        "devices",
        "directories",
        "exclude",
        "include",
        "exclude-dir",
        "label",
        "binary-files",
        "exclude-from",
    ],
};
const RG: Spec = Spec {
    short_with_value: "efmABCgtTMjE",
    long_with_value: &[
        "regexp",
        "file",
        "max-count",
        "after-context",
        "before-context",
        "context",
        "glob",
        "iglob",
        "type",
        "type-not",
        "max-columns",
        "threads",
        "encoding",
        "max-depth",
        "max-filesize",
        "replace",
        "sort",
        "sortr",
        "type-add",
        "pre",
        "pre-glob",
        "path-separator",
        "engine",
        "ignore-file",
        "dfa-size-limit",
        "regex-size-limit",
    ],
};

/// Short and long flags after which the output is not `path:[line:]text` lines.
const GREP_RAW_SHORT: &str = "clLoqZzbABCTUu0123456789";
const GREP_RAW_LONG: &[&str] = &[
    "count",
    "files-with-matches",
    "files-without-match",
    "only-matching",
    "quiet",
    "silent",
    "null",
    "null-data",
    "byte-offset",
    "after-context",
    "before-context",
    "context",
    "color",
    "colour",
    "initial-tab",
    "label",
];
const RG_RAW_SHORT: &str = "clLoqZbABCpr0h";
const RG_RAW_LONG: &[&str] = &[
    "count",
    "count-matches",
    "files-with-matches",
    "files-without-match",
    "files",
    "only-matching",
    "quiet",
    "null",
    "null-data",
    "byte-offset",
    "after-context",
    "before-context",
    "context",
    "color",
    "colors",
    "json",
    "vimgrep",
    "heading",
    "pretty",
    "passthru",
    "passthrough",
    "stats",
    "column",
    "type-list",
    "replace",
    "help",
    "version",
    "debug",
    "trace",
];

impl Filter for Grep {
    fn name(&self) -> &'static str {
        "grep"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let a = inv.args;
        if rg_file_list(inv) {
            return Plan::Capture { stderr: false };
        }
        let (raw, prefixed) = if inv.program == "rg" {
            (RG.has(a, RG_RAW_SHORT, RG_RAW_LONG), rg_prefixes_paths(a))
        } else {
            (
                GREP.has(a, GREP_RAW_SHORT, GREP_RAW_LONG),
                grep_prefixes_paths(a),
            )
        };
        if context_form(inv) {
            Plan::Capture { stderr: false }
        } else if raw || !prefixed {
            Plan::Stream
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if context_form(inv) {
            return super::grepctx::compact(out);
        }
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        if context_form(inv) {
            return None;
        }
        if rg_file_list(inv) {
            return Some(path_list());
        }
        Some(Box::new(Runs::new(numbered(inv))))
    }
}

/// Numbered lines with context (`-A`/`-B`/`-C`/`-NUM`) from several files, and no other form
/// that changes the lines or grep's `--` separator: grouped by [`super::grepctx`].
fn context_form(inv: &Invocation<'_>) -> bool {
    const CONTEXT_SHORT: &str = "ABC0123456789";
    let context_long = |l: &&str| l.ends_with("context");
    let (spec, short, long, prefixed) = if inv.program == "rg" {
        (&RG, RG_RAW_SHORT, RG_RAW_LONG, rg_prefixes_paths(inv.args))
    } else {
        (
            &GREP,
            GREP_RAW_SHORT,
            GREP_RAW_LONG,
            grep_prefixes_paths(inv.args),
        )
    };
    let a = inv.args;
    let other_short: String = short
        .chars()
        .filter(|c| !CONTEXT_SHORT.contains(*c))
        .collect();
    let other_long: Vec<&str> = long.iter().copied().filter(|l| !context_long(l)).collect();
    let context_longs: Vec<&str> = long.iter().copied().filter(context_long).collect();
    prefixed
        && numbered(inv)
        && spec.has(a, CONTEXT_SHORT, &context_longs)
        && !spec.has(a, &other_short, &other_long)
        && !spec.has(
            a,
            "",
            &[
                "group-separator",
                "no-group-separator",
                "field-context-separator",
                "field-match-separator",
            ],
        )
}

/// `rg --files`: a list of paths, one a line (not NUL-separated, not counted or sorted
/// otherwise), grouped by folder as `find`'s are.
fn rg_file_list(inv: &Invocation<'_>) -> bool {
    inv.program == "rg"
        && RG.has(inv.args, "", &["files"])
        && !RG.has(
            inv.args,
            "0",
            &["null", "json", "type-list", "help", "version"],
        )
}

/// `git grep`: the same `path:[line:]text` lines as grep (git always names the file), grouped
/// the same way. Forms whose lines are not that stream through: counts, file lists, context,
/// function lines (`-p`, `-W`), `--heading`/`--break`, `-z`, `-h`, `-o`, `-O`, `--column`.
pub struct GitGrep;

const GIT_GREP: Spec = Spec {
    short_with_value: "efABCmO",
    long_with_value: &[
        "file",
        "max-count",
        "after-context",
        "before-context",
        "context",
        "threads",
        "max-depth",
        "open-files-in-pager",
    ],
};
const GIT_GREP_RAW_SHORT: &str = "clLoqzhpWABCO0123456789";
const GIT_GREP_RAW_LONG: &[&str] = &[
    "count",
    "files-with-matches",
    "name-only",
    "files-without-match",
    "only-matching",
    "quiet",
    "null",
    "no-filename",
    "show-function",
    "function-context",
    "after-context",
    "before-context",
    "context",
    "heading",
    "break",
    "open-files-in-pager",
    "column",
    "color",
];

impl Filter for GitGrep {
    fn name(&self) -> &'static str {
        "git-grep"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if GIT_GREP.has(inv.rest(), "O", &["open-files-in-pager"]) {
            Plan::Passthrough
        } else if GIT_GREP.has(inv.rest(), GIT_GREP_RAW_SHORT, GIT_GREP_RAW_LONG) {
            Plan::Stream
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        whole(self.incremental(inv).expect("incremental"), out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        let numbered = GIT_GREP.has(inv.rest(), "n", &["line-number"]);
        Some(Box::new(Runs::new(numbered)))
    }
}

/// Whether the output lines carry line numbers (`path:12:text`).
fn numbered(inv: &Invocation<'_>) -> bool {
    if inv.program == "rg" {
        RG.has(inv.args, "n", &["line-number"]) && !RG.has(inv.args, "N", &["no-line-number"])
    } else {
        GREP.has(inv.args, "n", &["line-number"])
    }
}

impl Incremental for Runs {
    fn feed(&mut self, lines: &str, offset: usize) -> Result<(), Unparsed> {
        Runs::feed(self, lines, offset)
    }
    fn eliding(&self) -> bool {
        self.lines > FULL_UP_TO
    }
    fn finish(self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let total = self.lines;
        if total <= FULL_UP_TO {
            let (stdout, _) = render(out.stdout, &self.runs, self.numbered, None);
            return Ok(Compacted {
                stdout,
                stderr: None,
                elided: None,
            });
        }
        let files = self.runs.len().max(1);
        let per_file = (BUDGET / files).clamp(1, PER_FILE);
        let (stdout, dropped) = render(out.stdout, &self.runs, self.numbered, Some(per_file));
        Ok(Compacted {
            stdout,
            stderr: None,
            elided: (dropped > 0).then(|| {
                format!("{dropped} of {total} matching lines (showing {per_file} per file)")
            }),
        })
    }
}

/// The file operands of a grep-like argv (the first operand is the pattern unless `-e`/`-f`).
fn files<'a>(spec: &Spec, a: &'a [String]) -> Vec<&'a str> {
    let ops = spec.operands(a);
    if spec.has(a, "ef", &["regexp", "file"]) {
        ops
    } else {
        ops.into_iter().skip(1).collect()
    }
}

fn grep_prefixes_paths(a: &[String]) -> bool {
    if GREP.has(a, "h", &["no-filename"]) {
        return false;
    }
    GREP.has(
        a,
        "HrR",
        &["with-filename", "recursive", "dereference-recursive"],
    ) || files(&GREP, a).len() > 1
}

fn rg_prefixes_paths(a: &[String]) -> bool {
    if RG.has(a, "I", &["no-filename"]) {
        return false;
    }
    if RG.has(a, "H", &["with-filename"]) {
        return true;
    }
    let f = files(&RG, a);
    !(f.len() == 1 && std::path::Path::new(f[0]).is_file())
}

/// A byte range of grep's output.
type Span = std::ops::Range<usize>;

/// One run of lines in grep's output: a file's matches (path and the text after `path:`), or a
/// line printed as it is (`Binary file x matches`).
enum Run {
    File(Span, Vec<Span>),
    Verbatim(Span),
}

/// Grep's output split into runs as it arrives (one pass; a file whose matches are interrupted
/// starts a new run, as grep printed it). Spans point into the whole output.
struct Runs {
    numbered: bool,
    runs: Vec<Run>,
    /// The path of the last `File` run, to check the next line's prefix before searching it.
    path: String,
    lines: usize,
}

impl Runs {
    fn new(numbered: bool) -> Self {
        Runs {
            numbered,
            runs: Vec::new(),
            path: String::new(),
            lines: 0,
        }
    }

    /// Takes whole lines of the output, `text` starting at byte `offset`.
    fn feed(&mut self, text: &str, offset: usize) -> Result<(), Unparsed> {
        let base = text.as_ptr() as usize;
        for line in text.split_terminator('\n') {
            self.lines += 1;
            let at = offset + (line.as_ptr() as usize - base);
            if line.starts_with("Binary file ") || line.starts_with("binary file ") {
                self.runs.push(Run::Verbatim(at..at + line.len()));
                continue;
            }
            // Most lines continue the current file: check its prefix before searching the line.
            if let Some(Run::File(_, lines)) = self.runs.last_mut() {
                if let Some((_, rest)) = same_path(line, &self.path, self.numbered) {
                    let start = at + line.len() - rest.len();
                    lines.push(start..at + line.len());
                    continue;
                }
            }
            let (path, rest) = split_path(line, self.numbered)
                .ok_or_else(|| Unparsed(format!("not a path:match line: {line}")))?;
            self.path.clear();
            self.path.push_str(path);
            let start = at + line.len() - rest.len();
            let mut lines = Vec::with_capacity(4);
            lines.push(start..at + line.len());
            self.runs.push(Run::File(at..at + path.len(), lines));
        }
        Ok(())
    }
}

/// Prints runs grouped: `path (N)` then the matches (at most `cap` of them, then `... +K
/// more`), indented only when they have no line number to set them apart from a header; a file
/// with one match keeps grep's `path:line`. A numbered match whose text recurs (a method every
/// impl defines, an import every module has) prints it once, where it first stands, followed by
/// `  same line: path:N path:N …` naming every later place: a later file with that one match
/// is named there only; a later line of a file's group leaves the group (its header still
/// counts it) and is named there too. With a cap, only single-match files share.
/// Returns the text and the number of match lines left out.
fn render(text: &str, runs: &[Run], numbered: bool, cap: Option<usize>) -> (String, usize) {
    let indent = if numbered { "" } else { "  " };
    let mut out = String::with_capacity(text.len());
    let mut dropped = 0;
    let shared = same_lines(text, runs, numbered, cap.is_none());
    let moved: std::collections::HashSet<(usize, usize)> =
        shared.values().flatten().copied().collect();
    let same_line = |out: &mut String, at: (usize, usize)| {
        let Some(others) = shared.get(&at) else {
            return;
        };
        out.push_str("  same line:");
        for &(j, m) in others {
            if let Run::File(q, l) = &runs[j] {
                out.push(' ');
                out.push_str(&text[q.clone()]);
                let n = &text[l[m].clone()];
                out.push(':');
                out.push_str(&n[..n.find(':').unwrap_or(n.len())]);
            }
        }
        out.push('\n');
    };
    for (i, run) in runs.iter().enumerate() {
        match run {
            Run::Verbatim(line) => {
                out.push_str(&text[line.clone()]);
                out.push('\n');
            }
            Run::File(_, lines) if lines.len() == 1 && moved.contains(&(i, 0)) => {}
            Run::File(p, lines)
                if lines.len() == 1 && !(numbered && text[p.clone()].starts_with(digit)) =>
            {
                // One match: the tool's own `path:line` form is already the shortest (but a
                // path starting with a digit would read as a line of the group above).
                out.push_str(&text[p.clone()]);
                out.push(':');
                out.push_str(&text[lines[0].clone()]);
                out.push('\n');
                same_line(&mut out, (i, 0));
            }
            Run::File(p, lines) => {
                out.push_str(&text[p.clone()]);
                let _ = writeln!(out, " ({})", lines.len());
                let keep = cap.unwrap_or(usize::MAX).min(lines.len());
                for (k, l) in lines[..keep].iter().enumerate() {
                    if moved.contains(&(i, k)) {
                        continue;
                    }
                    out.push_str(indent);
                    out.push_str(&text[l.clone()]);
                    out.push('\n');
                    same_line(&mut out, (i, k));
                }
                if keep < lines.len() {
                    let _ = writeln!(out, "{indent}... +{} more", lines.len() - keep);
                    dropped += lines.len() - keep;
                }
            }
        }
    }
    (out, dropped)
}

/// Shortest matched text worth sharing: below it, `path:N` alone costs about what the line does.
const SHARED_MIN: usize = 12;

/// Each numbered match (run, line) whose text recurs later, with the places it recurs in (keyed
/// by the first). `groups`: lines of several-match files share too; otherwise only single-match
/// files do. Only numbered matches share (a location is `path:N`, which also names the file as
/// grep's `path:` does). Runs whose path holds whitespace never share (the `same line:` list is
/// space-separated), nor runs of a digit-led path.
fn same_lines(
    text: &str,
    runs: &[Run],
    numbered: bool,
    groups: bool,
) -> std::collections::HashMap<(usize, usize), Vec<(usize, usize)>> {
    let mut first: std::collections::HashMap<&str, (usize, usize)> =
        std::collections::HashMap::new();
    let mut shared: std::collections::HashMap<(usize, usize), Vec<(usize, usize)>> =
        std::collections::HashMap::new();
    if !numbered {
        return shared;
    }
    for (i, run) in runs.iter().enumerate() {
        let Run::File(p, lines) = run else { continue };
        let path = &text[p.clone()];
        if (!groups && lines.len() != 1)
            || path.contains(char::is_whitespace)
            || path.starts_with(digit)
        {
            continue;
        }
        for (k, l) in lines.iter().enumerate() {
            let line = &text[l.clone()];
            let body = line.find(':').map_or(line, |c| &line[c + 1..]);
            if body.trim().len() < SHARED_MIN {
                continue;
            }
            match first.get(body) {
                Some(&f) => shared.entry(f).or_default().push((i, k)),
                None => {
                    first.insert(body, (i, k));
                }
            }
        }
    }
    shared
}

fn digit(c: char) -> bool {
    c.is_ascii_digit()
}

/// `split_path(line)` when it would return `path` (which `split_path` returned for an earlier
/// line): `line` starts with `path:` (`path:N:` when numbered). The first `:` of a line that
/// qualifies lies at the end of `path`, or `path` would have been cut shorter.
fn same_path<'a>(line: &'a str, path: &str, numbered: bool) -> Option<(&'a str, &'a str)> {
    let rest = line.strip_prefix(path)?.strip_prefix(':')?;
    if numbered {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || rest.as_bytes().get(digits) != Some(&b':') {
            return None;
        }
    }
    Some((&line[..path.len()], rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Runs`] then [`render`].
    fn group(text: &str, numbered: bool, cap: Option<usize>) -> Result<(String, usize), Unparsed> {
        let mut runs = Runs::new(numbered);
        runs.feed(text, 0)?;
        Ok(render(text, &runs.runs, numbered, cap))
    }

    #[test]
    fn a_single_match_in_a_file_named_by_digits_is_a_group_of_its_own() {
        let raw = "a.rs:1:x\na.rs:5:y\n7:3:w\n7x:2:v\n";
        assert_eq!(
            group(raw, true, None).unwrap().0,
            "a.rs (2)\n1:x\n5:y\n7 (1)\n3:w\n7x (1)\n2:v\n"
        );
        assert_eq!(group("7:w\n", false, None).unwrap().0, "7:w\n");
    }

    #[test]
    fn a_crlf_line_keeps_its_carriage_return() {
        let raw = "a.rs:1:x\r\na.rs:5:y\r\nb.rs:2:w\r\n";
        assert_eq!(
            group(raw, true, None).unwrap().0,
            "a.rs (2)\n1:x\r\n5:y\r\nb.rs:2:w\r\n"
        );
    }

    #[test]
    fn groups_with_counts() {
        let raw = "a.rs:1:x\na.rs:5:y:z\nb:c.rs:2:w\nBinary file d matches\n";
        assert_eq!(
            group(raw, true, None).unwrap().0,
            "a.rs (2)\n1:x\n5:y:z\nb:c.rs:2:w\nBinary file d matches\n"
        );
        assert_eq!(
            group("a:x\na:y\n", false, None).unwrap().0,
            "a (2)\n  x\n  y\n"
        );
        assert!(group("no number here\n", true, None).is_err());
    }

    #[test]
    fn the_prefix_shortcut_splits_as_the_search_does() {
        let lines = [
            "a.rs:1:x",
            "a.rs:22:y:3:z",
            "a.rs:x:1:q",
            "a.rs:1:2:3",
            "a.rs:",
            "a.rs::1:",
            "a:1:b:2:c",
            "a:1:b:2:d",
            "a:1:",
            "b",
        ];
        for numbered in [true, false] {
            for prev in lines {
                let Some((path, _)) = split_path(prev, numbered) else {
                    continue;
                };
                for line in lines {
                    if let Some(fast) = same_path(line, path, numbered) {
                        assert_eq!(
                            Some(fast),
                            split_path(line, numbered),
                            "{prev:?} then {line:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn files_with_the_same_single_line_share_it() {
        let sig = "    fn compact(&self) -> Result<(), E> {";
        let raw = format!(
            "a/x.rs:3:{sig}\nb.rs:1:use y;\nb.rs:9:{sig}\nc/z.rs:40:{sig}\nd.rs:7:other line here\ne.rs:2:{sig}\n"
        );
        assert_eq!(
            group(&raw, true, None).unwrap().0,
            format!(
                "a/x.rs:3:{sig}\n  same line: b.rs:9 c/z.rs:40 e.rs:2\nb.rs (2)\n1:use y;\nd.rs:7:other line here\n"
            )
        );
        // A group's line can be the first place too; with a cap only single matches share.
        let raw =
            format!("b.rs:1:use y;\nb.rs:9:{sig}\nc.rs:4:{sig}\nd.rs:1:{sig}\nd.rs:2:{sig}\n");
        assert_eq!(
            group(&raw, true, None).unwrap().0,
            format!("b.rs (2)\n1:use y;\n9:{sig}\n  same line: c.rs:4 d.rs:1 d.rs:2\nd.rs (2)\n")
        );
        assert_eq!(
            group(&raw, true, Some(5)).unwrap().0,
            format!("b.rs (2)\n1:use y;\n9:{sig}\nc.rs:4:{sig}\nd.rs (2)\n1:{sig}\n2:{sig}\n")
        );
        // Short lines are not shared, nor lines of a path with a space in it, nor lines
        // without a number (grep's `path:` would be lost).
        let raw = format!("a:1:{sig}\nc:2:use y;\nd:3:use y;\ne f:4:{sig}\n");
        assert_eq!(group(&raw, true, None).unwrap().0, raw);
        let raw = format!("a:{sig}\nb:{sig}\n");
        assert_eq!(group(&raw, false, None).unwrap().0, raw);
    }

    #[test]
    fn cap_keeps_every_file_and_count() {
        let raw = "a:1\na:2\na:3\nb:4\n";
        let (out, dropped) = group(raw, false, Some(2)).unwrap();
        assert_eq!(out, "a (3)\n  1\n  2\n  ... +1 more\nb:4\n");
        assert_eq!(dropped, 1);
    }

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn path_prefix_rules() {
        assert!(grep_prefixes_paths(&v("-rn x src")));
        assert!(grep_prefixes_paths(&v("x a b")));
        assert!(!grep_prefixes_paths(&v("-n x a")));
        assert!(!grep_prefixes_paths(&v("-rh x src")));
        assert!(grep_prefixes_paths(&v("-e x a b")));
        assert!(!grep_prefixes_paths(&v("-e x a")));
    }
}
