//! The host's checks on the text of a line, before and beside its grammar (docs/allow.md §6,
//! where each of Claude Code's checks is listed with rtk's handling): Claude Code 2.1.332 reads the raw line with a few patterns and
//! answers "too complex" (it asks) whatever its rules say; a line one of them would stop gets
//! no allow from rtk either, under an allow rule as under the read-only table. Applied for every
//! host (they only make rtk stricter). Nothing here does I/O.

use crate::shell::{Parsed, SimpleCommand};

/// Claude Code's parser gives up on a line longer than this many UTF-16 code units (its
/// `e.length > 1e4` before parsing; 2.1.332) and asks.
pub const HOST_PARSE_LIMIT: usize = 10_000;

/// Why the host's text checks stop `line` (None: none of them does).
pub fn blocker(line: &str, parsed: &Parsed) -> Option<String> {
    let units = line.encode_utf16().count();
    if units > HOST_PARSE_LIMIT {
        return Some(format!(
            "the line is {units} UTF-16 units, over Claude Code's {HOST_PARSE_LIMIT}-unit parse limit"
        ));
    }
    raw_text(line)
        .map(str::to_string)
        .or_else(|| parsed.commands.iter().find_map(command_words))
}

/// The raw-text patterns, in the host's order, each named by the check it stands for.
fn raw_text(line: &str) -> Option<&'static str> {
    let b = line.as_bytes();
    if b.iter()
        .any(|&c| matches!(c, 0x00..=0x08 | 0x0B..=0x1F | 0x7F))
    {
        return Some("control characters");
    }
    if line.chars().any(unicode_blank) {
        return Some("Unicode whitespace");
    }
    if escaped_blank(b) {
        return Some("backslash-escaped whitespace");
    }
    if line.contains("~[") {
        return Some("zsh `~[` dynamic directory syntax");
    }
    if equals_word(b) {
        return Some("zsh `=cmd` equals expansion");
    }
    if numeric_range(b) {
        return Some("zsh `<N-M>` numeric-range glob");
    }
    if brace_with_quote(b) {
        return Some("a brace with a quote character");
    }
    None
}

/// The host's Unicode whitespace set besides U+2000-U+200B (no-break, ogham, separators,
/// narrow no-break, medium mathematical, ideographic, BOM).
const UNICODE_BLANKS: &[char] = &[
    '\u{00A0}', '\u{1680}', '\u{2028}', '\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}', '\u{FEFF}',
];

fn unicode_blank(c: char) -> bool {
    ('\u{2000}'..='\u{200B}').contains(&c) || UNICODE_BLANKS.contains(&c)
}

/// A backslash before a blank anywhere (quoted or not), or a line continuation the host does
/// not take: an odd run of backslashes before a newline that follows text other than a blank,
/// or a run of three or more after a blank.
fn escaped_blank(b: &[u8]) -> bool {
    if b.windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b' ' | b'\t'))
    {
        return true;
    }
    b.iter().enumerate().any(|(i, &c)| {
        if c != b'\n' {
            return false;
        }
        let run = b[..i].iter().rev().take_while(|&&c| c == b'\\').count();
        if run % 2 == 0 {
            return false;
        }
        match i.checked_sub(run + 1).map(|p| b[p]) {
            None => true,
            Some(b' ' | b'\t') => run >= 3,
            Some(b'\\') => false,
            Some(_) => true,
        }
    })
}

/// `=` starting a word (after the start, a blank or `;&|`) and followed by a letter or `_`,
/// quoted or not: the host's pattern reads the raw text.
fn equals_word(b: &[u8]) -> bool {
    b.windows(2).enumerate().any(|(i, w)| {
        let starts = i == 0 || b[i - 1].is_ascii_whitespace() || b"\x0b;&|".contains(&b[i - 1]);
        w[0] == b'=' && starts && (w[1].is_ascii_alphabetic() || w[1] == b'_')
    })
}

/// `<`, digits, `-`, digits, `>` anywhere.
fn numeric_range(b: &[u8]) -> bool {
    b.iter().enumerate().any(|(i, &c)| {
        if c != b'<' {
            return false;
        }
        let rest = &b[i + 1..];
        let d1 = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        let rest = &rest[d1..];
        if rest.first() != Some(&b'-') {
            return false;
        }
        let d2 = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        rest.get(1 + d2) == Some(&b'>')
    })
}

/// A `{` outside quotes followed, before any `}`, by a quote character. Braces inside quotes
/// do not count (the host blanks them before it looks). Linear: the nearest quote and `}`
/// after each position are found in one pass from the end.
fn brace_with_quote(b: &[u8]) -> bool {
    // quote_first[i]: from i on, a quote comes before any `}`.
    let mut quote_first = vec![false; b.len() + 1];
    for i in (0..b.len()).rev() {
        quote_first[i] = match b[i] {
            b'\'' | b'"' => true,
            b'}' => false,
            _ => quote_first[i + 1],
        };
    }
    let (mut single, mut double, mut tick) = (false, false, false);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if single {
            single = c != b'\'';
        } else if c == b'\\' {
            i += 1;
        } else if double || tick {
            double &= c != b'"';
            tick &= c != b'`';
        } else {
            match c {
                b'\'' => single = true,
                b'"' => double = true,
                b'`' => tick = true,
                b'{' if quote_first[i + 1] => return true,
                _ => {}
            }
        }
        i += 1;
    }
    false
}

/// Word-level checks the host makes on what its parser read: a word that starts with `=` as
/// typed or once unquoted (zsh replaces `=cmd` with the program's path; `ls =`,
/// `head -1 = a.txt` ask too, and `ls '=ls'`: the host checks the word after quote removal),
/// `command noglob …` (the host cannot tell whether the wrapped command runs), a glob in a
/// `read`/`unset` operand (the host cannot tell which variable it sets), and
/// `find -files0-from`, which reads the names to search from a file.
fn command_words(c: &SimpleCommand) -> Option<String> {
    let equals = |w: &&crate::shell::Word| w.text.starts_with('=') || w.value.starts_with('=');
    if let Some(w) = c.words.iter().find(equals) {
        return Some(format!("the word `{}` starts with `=` (zsh)", w.text));
    }
    let head = c.words.first().map(|w| w.value.as_str());
    if matches!(head, Some("command" | "builtin")) {
        let next = c.words[1..].iter().find(|w| !w.value.starts_with('-'));
        if next.is_some_and(|w| w.value == "noglob") {
            return Some("`noglob` behind `command`/`builtin` runs on zsh only".into());
        }
    }
    if matches!(head, Some("read" | "unset"))
        && c.words[1..]
            .iter()
            .any(|w| w.text.contains(['*', '?', '[']))
    {
        return Some("a pattern in a `read`/`unset` operand".into());
    }
    let find = head == Some("find");
    if find && c.words.iter().any(|w| w.value == "-files0-from") {
        return Some("`find -files0-from` reads its starting points from a file".into());
    }
    None
}

#[cfg(test)]
#[path = "lexical_tests.rs"]
mod tests;
