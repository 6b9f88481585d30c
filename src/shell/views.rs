//! The texts handed to the grammar for one line ("readings").
//!
//! tree-sitter-bash skips `\r`, `\v` and `\f` as whitespace and may stop at NUL, while bash
//! treats them as ordinary word characters (NUL ends a `-c` string); a backslash-newline glued
//! inside a word joins it in bash but splits it for the grammar. When any of these appear the
//! line is unattestable and is parsed several ways (split there / glued there / continuation
//! joined) so every command any reading contains is reported. A CR directly followed by LF and
//! not escaped is an ordinary line ending. Replacements keep byte lengths where possible; the
//! one that removes bytes carries a map back to the original offsets.

use std::borrow::Cow;

use super::words::{brace_expand, has_brace_expansion};

/// One text to parse, with a map back to the original line when lengths differ.
pub struct View<'a> {
    pub text: Cow<'a, str>,
    /// `map[i]` is the original offset of view byte `i` (None: identical offsets).
    pub map: Option<Vec<usize>>,
    /// Forms are built from this view's own text (it reads as bash would), not the original.
    pub own_text: bool,
}

impl View<'_> {
    /// Original byte range of a view range.
    pub fn original(&self, start: usize, end: usize) -> std::ops::Range<usize> {
        match &self.map {
            None => start..end,
            Some(map) => {
                let s = map.get(start).copied().unwrap_or_else(|| last_end(map));
                let e = if end == 0 {
                    s
                } else {
                    map.get(end - 1)
                        .map(|&x| x + 1)
                        .unwrap_or_else(|| last_end(map))
                };
                s..e.max(s)
            }
        }
    }
}

fn last_end(map: &[usize]) -> usize {
    map.last().map(|&x| x + 1).unwrap_or(0)
}

/// The readings of a line and why there is more than one.
pub struct Readings<'a> {
    pub views: Vec<View<'a>>,
    pub reasons: Vec<&'static str>,
}

/// Bytes bash reads differently from the grammar, as offsets.
fn odd_bytes(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        let odd = match c {
            0 | 0x0b | 0x0c => true,
            b'\r' => b.get(i + 1) != Some(&b'\n') || (i > 0 && b[i - 1] == b'\\'),
            _ => false,
        };
        if odd {
            out.push(i);
        }
    }
    out
}

/// A backslash-newline with a non-blank byte on both sides: bash joins the two halves into
/// one word, the grammar reads two words.
fn has_glued_continuation(text: &str) -> bool {
    let b = text.as_bytes();
    let blank = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    (0..b.len().saturating_sub(1)).any(|i| {
        b[i] == b'\\'
            && b[i + 1] == b'\n'
            && i > 0
            && !blank(b[i - 1])
            && b.get(i + 2).is_some_and(|&c| !blank(c))
    })
}

fn replace_bytes(text: &str, at: &[usize], with: u8) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &i in at {
        bytes[i] = with;
    }
    // Only ASCII bytes were replaced by ASCII bytes: still valid UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Removes every backslash-newline (as bash does outside single quotes), keeping a map.
fn join_continuations(view: &View<'_>) -> View<'static> {
    let b = view.text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut map = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
            i += 2;
            continue;
        }
        if b[i] == b'\\' && i + 1 < b.len() {
            out.extend_from_slice(&b[i..i + 2]);
            map.extend([orig(view, i), orig(view, i + 1)]);
            i += 2;
            continue;
        }
        out.push(b[i]);
        map.push(orig(view, i));
        i += 1;
    }
    let text = String::from_utf8(out).unwrap_or_default();
    View {
        text: Cow::Owned(text),
        map: Some(map),
        own_text: true,
    }
}

/// The line with every brace expansion expanded token by token (as bash would before running).
fn brace_expanded(text: &str) -> View<'static> {
    let mut out = String::with_capacity(text.len());
    let mut map = Vec::with_capacity(text.len());
    let mut start = None;
    let b = text.as_bytes();
    for i in 0..=b.len() {
        let blank = i == b.len() || matches!(b[i], b' ' | b'\t' | b'\n');
        match (start, blank) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let token = &text[s..i];
                let expanded = if has_brace_expansion(token) {
                    let mut budget = 64;
                    brace_expand(token, &mut budget).join(" ")
                } else {
                    token.to_string()
                };
                out.push_str(&expanded);
                map.extend(std::iter::repeat_n(s, expanded.len()));
                start = None;
            }
            _ => {}
        }
        if blank && i < b.len() {
            out.push(b[i] as char);
            map.push(i);
        }
    }
    View {
        text: Cow::Owned(out),
        map: Some(map),
        own_text: true,
    }
}

fn orig(view: &View<'_>, i: usize) -> usize {
    match &view.map {
        None => i,
        Some(m) => m[i],
    }
}

/// Every non-ASCII byte as `a`: bash reads them all as word characters, and the grammar's
/// external scanner has crashed on some non-ASCII input (`{` followed by astral characters).
/// Same length, so offsets are the original's.
fn ascii_only(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let bytes: Vec<u8> = text
        .bytes()
        .map(|b| if b.is_ascii() { b } else { b'a' })
        .collect();
    Cow::Owned(String::from_utf8(bytes).unwrap_or_default())
}

/// All readings of `text`.
pub fn readings(text: &str) -> Readings<'_> {
    let original = text;
    let base = ascii_only(text);
    let text: &str = &base;
    let mut reasons = Vec::new();
    let odd = odd_bytes(text);
    let mut views = if odd.is_empty() {
        vec![View {
            text: match &base {
                Cow::Borrowed(_) => Cow::Borrowed(original),
                Cow::Owned(o) => Cow::Owned(o.clone()),
            },
            map: None,
            own_text: false,
        }]
    } else {
        let b = text.as_bytes();
        if odd.iter().any(|&i| b[i] == b'\r') {
            reasons.push("carriage return that is not part of a CRLF line ending");
        }
        if odd.iter().any(|&i| b[i] == 0) {
            reasons.push("NUL byte");
        }
        if odd.iter().any(|&i| b[i] == 0x0b || b[i] == 0x0c) {
            reasons.push("vertical tab or form feed (bash reads it as part of a word)");
        }
        vec![
            View {
                text: Cow::Owned(replace_bytes(text, &odd, b'\n')),
                map: None,
                own_text: false,
            },
            View {
                text: Cow::Owned(replace_bytes(text, &odd, b'x')),
                map: None,
                own_text: false,
            },
        ]
    };
    if has_glued_continuation(text) {
        reasons.push("line continuation inside a word");
        let joined: Vec<View<'static>> = views.iter().map(join_continuations).collect();
        views.extend(joined);
    }
    if has_brace_expansion(text) {
        reasons.push("brace expansion");
        let expanded: Vec<View<'static>> = views.iter().map(|v| brace_expanded(&v.text)).collect();
        views.extend(expanded);
    }
    Readings { views, reasons }
}
