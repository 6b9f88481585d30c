//! Compaction of unified diffs (`git diff`, `git show`, `diff -u`), shared by those filters.
//!
//! Keeps: every file (one `## <status> <path>` line replacing git's 3–5 header lines), every
//! added/removed line byte for byte, `\ No newline` markers, binary/mode/rename facts, and any
//! text outside file sections (commit headers, `Only in …`) verbatim, and `--stat` blocks grouped
//! by folder ([`diffstat`]). Drops: `index` lines and unchanged context farther than `context`
//! lines from a change; each kept run of lines gets its own `@@ -old,n +new,m @@` header with exact line numbers, so the output is
//! still a valid patch. Combined (merge) diffs and anything malformed → [`Unparsed`].

use super::diffstat;
use super::pieces::{lines_inclusive, Cutter};
use super::{Compacted, Incremental, Output, Unparsed};

/// What was left out.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Elided {
    pub context: usize,
    pub index: usize,
}

impl Elided {
    /// One phrase for the elision note, or `None` when nothing was dropped.
    pub fn describe(&self) -> Option<String> {
        match (self.context, self.index) {
            (0, 0) => None,
            (c, 0) => Some(format!("{c} unchanged context lines")),
            (0, i) => Some(format!("{i} index header lines")),
            (c, i) => Some(format!(
                "{c} unchanged context lines and {i} index header lines"
            )),
        }
    }
}

/// Compacts `text`; `context` = unchanged lines kept around each change (`None` keeps all).
pub fn compact(text: &str, context: Option<usize>) -> Result<(String, Elided), Unparsed> {
    let mut out = String::with_capacity(text.len() / 2);
    let mut el = Elided::default();
    compact_into(text, context, &mut out, &mut el)?;
    Ok((out, el))
}

/// [`compact`], appending to `out` and adding to `el`.
fn compact_into(
    text: &str,
    context: Option<usize>,
    out: &mut String,
    el: &mut Elided,
) -> Result<(), Unparsed> {
    let mut lines: Vec<&str> = Vec::with_capacity(text.len() / 32);
    lines.extend(lines_inclusive(text));
    let mut scratch = Scratch::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let bare = line.trim_end_matches('\n');
        if bare.starts_with("diff --cc ") || bare.starts_with("diff --combined ") {
            return Err(Unparsed("combined diff".into()));
        }
        if bare.starts_with("diff --git ") {
            i = git_header(&lines, i, out, el)?;
        } else if bare.starts_with("--- ")
            && lines.get(i + 1).is_some_and(|n| n.starts_with("+++ "))
        {
            let old = plain_name(&bare[4..]);
            let new = plain_name(lines[i + 1].trim_end_matches('\n').get(4..).unwrap_or(""));
            out.push_str(&format!("## {old} -> {new}\n"));
            i += 2;
        } else if bare.starts_with("@@ ") {
            i = hunk(&lines, i, context, out, el, &mut scratch)?;
        } else if bare.starts_with(' ') && bare.contains(" | ") {
            match diffstat::block(&lines, i) {
                Ok((stat, next)) => {
                    out.push_str(&stat);
                    i = next;
                }
                Err(next) => {
                    lines[i..next].iter().for_each(|l| out.push_str(l));
                    i = next;
                }
            }
        } else {
            out.push_str(line);
            i += 1;
        }
    }
    Ok(())
}

/// [`compact`] in pieces, as the diff arrives: everything before a hunk header (`@@ `) is
/// compacted once that line arrives. Hunks and file headers are read independently of what
/// came before them, and hunk bodies never hold a line starting with `@@ ` (theirs start with
/// ` `, `+`, `-` or `\`), so the pieces give what the whole text gives. The first parse
/// error is kept for `finish`.
pub struct Pieces {
    cutter: Cutter,
    context: Option<usize>,
    /// Print the output raw when it holds no hunk (`diff` without `-u`: not a unified diff).
    raw_without_hunks: bool,
    out: String,
    el: Elided,
    /// A hunk header (`@@ `) was seen.
    saw_hunk: bool,
    error: Option<Unparsed>,
}

/// A hunk header line starts each piece.
const MARKER: &str = "\n@@ ";

impl Pieces {
    pub fn new(context: Option<usize>, raw_without_hunks: bool) -> Self {
        Pieces {
            cutter: Cutter::new(MARKER),
            context,
            raw_without_hunks,
            out: String::new(),
            el: Elided::default(),
            saw_hunk: false,
            error: None,
        }
    }

    fn section(&mut self, text: &str) {
        self.saw_hunk |= text.starts_with("@@ ") || text.contains("\n@@ ");
        if self.error.is_some() {
            return;
        }
        if let Err(e) = compact_into(text, self.context, &mut self.out, &mut self.el) {
            self.error = Some(e);
        }
    }
}

impl Incremental for Pieces {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        let mut cutter = std::mem::replace(&mut self.cutter, Cutter::new(MARKER));
        cutter.push(lines, |done| self.section(done));
        self.cutter = cutter;
        Ok(())
    }
    fn eliding(&self) -> bool {
        self.el != Elided::default()
    }
    fn finish(mut self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let rest = self.cutter.rest();
        self.section(&rest);
        // 1 = differences (diff, git diff --exit-code); anything else non-zero is an error.
        if out.code > 1 || (self.raw_without_hunks && !self.saw_hunk) {
            return Ok(Compacted::raw(out));
        }
        if let Some(e) = self.error {
            return Err(e);
        }
        Ok(Compacted {
            stdout: self.out,
            stderr: None,
            elided: self.el.describe(),
        })
    }
}

/// `name\t2026-01-01 …` → `name`.
fn plain_name(s: &str) -> &str {
    s.split('\t').next().unwrap_or(s)
}

/// Reads a `diff --git` header block starting at `i`; writes one summary line; returns the
/// index of the first line after the header.
fn git_header(
    lines: &[&str],
    start: usize,
    out: &mut String,
    el: &mut Elided,
) -> Result<usize, Unparsed> {
    let first = lines[start].trim_end_matches('\n');
    let mut status = "M";
    let (mut from, mut to): (Option<String>, Option<String>) = (None, None);
    let mut extras: Vec<String> = Vec::new();
    let mut old_mode = None;
    let mut i = start + 1;
    while i < lines.len() {
        let l = lines[i].trim_end_matches('\n');
        if l.starts_with("@@ ") || l.starts_with("diff ") {
            break;
        }
        if let Some(m) = l.strip_prefix("new file mode ") {
            status = "A";
            if m != "100644" {
                extras.push(format!("mode {m}"));
            }
        } else if l.starts_with("deleted file mode ") {
            status = "D";
        } else if let Some(m) = l.strip_prefix("old mode ") {
            old_mode = Some(m.to_string());
        } else if let Some(m) = l.strip_prefix("new mode ") {
            extras.push(format!(
                "mode {} -> {m}",
                old_mode.take().unwrap_or_default()
            ));
        } else if let Some(p) = l.strip_prefix("similarity index ") {
            extras.push(p.to_string());
        } else if let Some(p) = l.strip_prefix("dissimilarity index ") {
            extras.push(format!("dissimilarity {p}"));
        } else if let Some(p) = l.strip_prefix("rename from ") {
            status = "R";
            from = Some(p.to_string());
        } else if let Some(p) = l.strip_prefix("rename to ") {
            to = Some(p.to_string());
        } else if let Some(p) = l.strip_prefix("copy from ") {
            status = "C";
            from = Some(p.to_string());
        } else if let Some(p) = l.strip_prefix("copy to ") {
            to = Some(p.to_string());
        } else if l.starts_with("index ") {
            el.index += 1;
        } else if let Some(p) = l.strip_prefix("--- ") {
            if p != "/dev/null" && from.is_none() {
                from = Some(strip_prefix_dir(p, "a/"));
            }
        } else if let Some(p) = l.strip_prefix("+++ ") {
            if p != "/dev/null" {
                to = Some(strip_prefix_dir(p, "b/"));
            }
        } else if l.starts_with("Binary files ") {
            extras.push("binary".into());
        } else if l == "GIT binary patch" {
            return Err(Unparsed("binary patch".into()));
        } else {
            return Err(Unparsed(format!("unknown diff header line: {l}")));
        }
        i += 1;
    }
    let path = match (status, &from, &to) {
        ("R" | "C", Some(f), Some(t)) => format!("{f} -> {t}"),
        (_, _, Some(t)) => t.clone(),
        (_, Some(f), None) => f.clone(),
        _ => git_line_path(first).ok_or_else(|| Unparsed(format!("cannot read path: {first}")))?,
    };
    out.push_str("## ");
    out.push_str(status);
    out.push(' ');
    out.push_str(&path);
    if !extras.is_empty() {
        out.push_str(" (");
        out.push_str(&extras.join(", "));
        out.push(')');
    }
    out.push('\n');
    Ok(i)
}

fn strip_prefix_dir(p: &str, prefix: &str) -> String {
    if let Some(rest) = p.strip_prefix(prefix) {
        rest.to_string()
    } else if let Some(rest) = p.strip_prefix('"').and_then(|q| q.strip_prefix(prefix)) {
        format!("\"{rest}")
    } else {
        p.to_string()
    }
}

/// `diff --git a/P b/P` → `P` (only when both sides are the same path).
fn git_line_path(line: &str) -> Option<String> {
    let rest = line.strip_prefix("diff --git ")?;
    if rest.len() < 7 || (rest.len() - 5) % 2 != 0 {
        return None;
    }
    let n = (rest.len() - 5) / 2;
    let (a, b) = (rest.get(2..2 + n)?, rest.get(n + 5..)?);
    (rest.starts_with("a/") && rest.get(n + 2..n + 5) == Some(" b/") && a == b)
        .then(|| a.to_string())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ctx,
    Del,
    Add,
    NoNewline,
}

/// `@@ -a[,b] +c[,d] @@ heading` → (a, b, c, d, heading). Numbers are plain ASCII digits.
fn parse_hunk_header(h: &str) -> Option<(u64, u64, u64, u64, &str)> {
    if !h.starts_with("@@ -") {
        return None;
    }
    let b = h.as_bytes();
    let mut i = "@@ -".len();
    let (a, bb) = range(b, &mut i)?;
    if b.get(i..i + 2)? != b" +" {
        return None;
    }
    i += 2;
    let (c, d) = range(b, &mut i)?;
    if b.get(i..i + 3)? != b" @@" {
        return None;
    }
    // `i + 3` follows three ASCII bytes: a char boundary.
    Some((a, bb, c, d, &h[i + 3..]))
}

/// `start[,count]` at `b[*i..]` (count 1 when absent); moves `i` past it.
fn range(b: &[u8], i: &mut usize) -> Option<(u64, u64)> {
    let start = number(b, i)?;
    if b.get(*i) == Some(&b',') {
        *i += 1;
        Some((start, number(b, i)?))
    } else {
        Some((start, 1))
    }
}

/// A run of ASCII digits at `b[*i..]` that fits a u64; moves `i` past it.
fn number(b: &[u8], i: &mut usize) -> Option<u64> {
    let from = *i;
    let mut n: u64 = 0;
    while let Some(d) = b.get(*i).filter(|d| d.is_ascii_digit()) {
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        *i += 1;
    }
    (*i > from).then_some(n)
}

/// `n` in decimal, without the formatting machinery (one hunk header per kept run).
fn push_number(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Buffers one section's hunks reuse: line kinds and the keep mask.
#[derive(Default)]
struct Scratch {
    kinds: Vec<Kind>,
    keep: Vec<bool>,
}

/// Reads one hunk at `start`, writes its compacted form, returns the next line index.
fn hunk(
    lines: &[&str],
    start: usize,
    context: Option<usize>,
    out: &mut String,
    el: &mut Elided,
    scratch: &mut Scratch,
) -> Result<usize, Unparsed> {
    let header = lines[start].trim_end_matches('\n');
    let (a, b, c, d, heading) =
        parse_hunk_header(header).ok_or_else(|| Unparsed(format!("bad hunk header: {header}")))?;
    let (mut old_left, mut new_left) = (b, d);
    let kinds = &mut scratch.kinds;
    kinds.clear();
    let mut i = start + 1;
    while i < lines.len() {
        let l = lines[i];
        let kind = match l.as_bytes().first() {
            Some(b'\\') => Kind::NoNewline,
            _ if old_left == 0 && new_left == 0 => break,
            Some(b' ') | Some(b'\n') if old_left > 0 && new_left > 0 => Kind::Ctx,
            Some(b'-') if old_left > 0 => Kind::Del,
            Some(b'+') if new_left > 0 => Kind::Add,
            _ => return Err(Unparsed(format!("bad hunk line: {}", l.trim_end()))),
        };
        match kind {
            Kind::Ctx => {
                old_left -= 1;
                new_left -= 1;
            }
            Kind::Del => old_left -= 1,
            Kind::Add => new_left -= 1,
            Kind::NoNewline => {}
        }
        kinds.push(kind);
        i += 1;
    }
    if old_left != 0 || new_left != 0 {
        return Err(Unparsed("truncated hunk".into()));
    }
    let body = &lines[start + 1..i];
    let kinds = &scratch.kinds;
    let keep = &mut scratch.keep;
    keep_mask(kinds, context, keep);
    if keep.iter().all(|&k| k) {
        out.push_str(lines[start]);
        for l in body {
            out.push_str(l);
        }
        return Ok(i);
    }
    let mut old_next = if b == 0 { a + 1 } else { a };
    let mut new_next = if d == 0 { c + 1 } else { c };
    let mut first_group = true;
    let mut j = 0;
    while j < body.len() {
        if !keep[j] {
            el.context += 1;
            old_next += 1;
            new_next += 1;
            j += 1;
            continue;
        }
        let (gs_old, gs_new) = (old_next, new_next);
        let (mut oc, mut nc) = (0u64, 0u64);
        let mut first_old = None;
        let mut first_new = None;
        let group_start = j;
        while j < body.len() && keep[j] {
            let k = kinds[j];
            if matches!(k, Kind::Ctx | Kind::Del) {
                first_old.get_or_insert(old_next);
                oc += 1;
                old_next += 1;
            }
            if matches!(k, Kind::Ctx | Kind::Add) {
                first_new.get_or_insert(new_next);
                nc += 1;
                new_next += 1;
            }
            j += 1;
        }
        // `@@ -os,oc +ns,nc @@heading`
        out.push_str("@@ -");
        push_number(out, first_old.unwrap_or(gs_old - 1));
        out.push(',');
        push_number(out, oc);
        out.push_str(" +");
        push_number(out, first_new.unwrap_or(gs_new - 1));
        out.push(',');
        push_number(out, nc);
        out.push_str(" @@");
        if first_group {
            out.push_str(heading);
        }
        out.push('\n');
        for l in &body[group_start..j] {
            out.push_str(l);
        }
        first_group = false;
    }
    Ok(i)
}

/// Which body lines to keep (into `keep`): every change, and context within `context` lines
/// of one.
fn keep_mask(kinds: &[Kind], context: Option<usize>, keep: &mut Vec<bool>) {
    let n = kinds.len();
    keep.clear();
    let Some(k) = context else {
        keep.resize(n, true);
        return;
    };
    let is_change = |i: usize| matches!(kinds[i], Kind::Del | Kind::Add);
    // Within `k` lines after a change (forward pass) or before one (backward pass).
    let mut last: Option<usize> = None;
    keep.extend((0..n).map(|i| {
        if is_change(i) {
            last = Some(i);
        }
        last.is_some_and(|l| i - l <= k)
    }));
    last = None;
    for i in (0..n).rev() {
        if is_change(i) {
            last = Some(i);
        }
        keep[i] |= last.is_some_and(|l| l - i <= k);
    }
    for i in 1..n {
        if kinds[i] == Kind::NoNewline {
            keep[i] = keep[i - 1];
        }
    }
    if n > 0 && kinds[0] == Kind::NoNewline {
        keep[0] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "diff --git a/f.txt b/f.txt
index 1111111..2222222 100644
--- a/f.txt
+++ b/f.txt
@@ -1,9 +1,9 @@ fn main
 one
 two
 three
-four
+FOUR
 five
 six
 seven
 eight
";

    #[test]
    fn keeps_changes_and_near_context_with_exact_line_numbers() {
        let text = format!("{DIFF} nine\n");
        let (out, el) = compact(&text, Some(1)).unwrap();
        assert_eq!(
            out,
            "## M f.txt\n@@ -3,3 +3,3 @@ fn main\n three\n-four\n+FOUR\n five\n"
        );
        assert_eq!(
            el,
            Elided {
                context: 6,
                index: 1
            }
        );
    }

    #[test]
    fn full_context_keeps_hunk_verbatim() {
        let text = format!("{DIFF} nine\n");
        let (out, el) = compact(&text, None).unwrap();
        assert!(out.starts_with("## M f.txt\n@@ -1,9 +1,9 @@ fn main\n one\n"));
        assert_eq!(el.context, 0);
    }

    #[test]
    fn truncated_hunk_is_unparsed() {
        assert!(compact(DIFF, Some(1)).is_err());
    }

    #[test]
    fn new_file_and_rename_headers() {
        let text = "diff --git a/n.sh b/n.sh
new file mode 100755
index 0000000..3333333
--- /dev/null
+++ b/n.sh
@@ -0,0 +1 @@
+echo hi
diff --git a/old b/new
similarity index 100%
rename from old
rename to new
";
        let (out, _) = compact(text, Some(1)).unwrap();
        assert_eq!(
            out,
            "## A n.sh (mode 100755)\n@@ -0,0 +1 @@\n+echo hi\n## R old -> new (100%)\n"
        );
    }

    #[test]
    fn hunk_headers_parse_plain_numbers_only() {
        let ok = [
            ("@@ -1,9 +1,9 @@ fn main", (1, 9, 1, 9, " fn main")),
            ("@@ -0,0 +1 @@", (0, 0, 1, 1, "")),
            ("@@ -7 +7,0 @@@@ x", (7, 1, 7, 0, "@@ x")),
            ("@@ -18446744073709551615 +1 @@", (u64::MAX, 1, 1, 1, "")),
        ];
        for (h, want) in ok {
            assert_eq!(parse_hunk_header(h), Some(want), "{h}");
        }
        for h in [
            "@@ -18446744073709551616 +1 @@",
            "@@ -1,2 +3,4",
            "@@ -a +1 @@",
            "@@ -1, +1 @@",
            "@@ -+1 +1 @@",
            "@@ -1 +1 @",
            "@@ 1 +1 @@",
        ] {
            assert_eq!(parse_hunk_header(h), None, "{h}");
        }
    }

    #[test]
    fn numbers_print_in_decimal() {
        for n in [0, 7, 10, 99, 1234567, u64::MAX] {
            let mut s = String::new();
            push_number(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    #[test]
    fn git_line_path_needs_equal_halves() {
        assert_eq!(
            git_line_path("diff --git a/x y b/x y").as_deref(),
            Some("x y")
        );
        assert_eq!(git_line_path("diff --git a/x b/y"), None);
    }
}
