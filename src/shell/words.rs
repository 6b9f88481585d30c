//! Words: quote removal and unescaping as bash does it, plus scans of the unquoted parts of a
//! word (globs, brace expansion). Expansions are never evaluated: they stay as typed and the
//! word is marked non-literal.

use tree_sitter::Node;

use super::Word;

/// A word holding a substitution longer than this keeps only its two ends in forms.
const MAX_SUBSTITUTION_WORD: usize = 64;

fn has_substitution(text: &str) -> bool {
    text.contains("$(") || text.contains('`') || text.contains("<(") || text.contains(">(")
}

fn elide(text: &str) -> String {
    let half = MAX_SUBSTITUTION_WORD / 2;
    let mut head = half;
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = text.len() - half;
    while !text.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{} … {}", &text[..head], &text[tail..])
}

/// Nesting beyond which a word is taken as typed and non-literal.
const MAX_WORD_DEPTH: usize = 64;

/// Builds a [`Word`] for `node`; `src` is the text the node's offsets refer to and `orig_text`
/// the word's text in the original line (they differ only for rewritten readings).
pub fn word(node: Node<'_>, src: &str, span: std::ops::Range<usize>, orig_text: &str) -> Word {
    if orig_text.len() > MAX_SUBSTITUTION_WORD && has_substitution(orig_text) {
        // Unattestable anyway; the nested commands are reported on their own. Eliding keeps
        // deeply nested lines linear instead of copying the whole line once per level.
        let text = elide(orig_text);
        return Word {
            span,
            value: text.clone(),
            text,
            literal: false,
        };
    }
    let (value, literal) = if src.get(node.start_byte()..node.end_byte()) == Some(orig_text) {
        unquote(node, src, 0)
    } else {
        // A re-read view (continuations joined, odd bytes replaced): unquote the original text
        // of a plain word; anything else is taken as typed.
        (unescape_bare(orig_text), false)
    };
    Word {
        span,
        text: orig_text.to_string(),
        value,
        literal,
    }
}

fn text<'s>(node: Node<'_>, src: &'s str) -> &'s str {
    src.get(node.start_byte()..node.end_byte()).unwrap_or("")
}

/// (value after quote removal, literal?)
pub fn unquote(node: Node<'_>, src: &str, depth: usize) -> (String, bool) {
    let t = text(node, src);
    if depth > MAX_WORD_DEPTH {
        return (t.to_string(), false);
    }
    match node.kind() {
        "word" | "number" | "variable_name" | "command_name" | "$" => {
            if node.kind() == "command_name" {
                if let Some(c) = node.named_child(0) {
                    return unquote(c, src, depth + 1);
                }
            }
            (unescape_bare(t), true)
        }
        "raw_string" => (
            t.strip_prefix('\'')
                .and_then(|s| s.strip_suffix('\''))
                .unwrap_or(t)
                .to_string(),
            true,
        ),
        "string" => string_value(node, src, depth),
        "concatenation" => {
            let mut out = String::new();
            let mut literal = true;
            let mut pos = node.start_byte();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                if child.start_byte() > pos {
                    out.push_str(&unescape_bare(
                        src.get(pos..child.start_byte()).unwrap_or(""),
                    ));
                }
                let (v, l) = unquote(child, src, depth + 1);
                out.push_str(&v);
                literal &= l;
                pos = child.end_byte();
            }
            if node.end_byte() > pos {
                out.push_str(&unescape_bare(src.get(pos..node.end_byte()).unwrap_or("")));
            }
            (out, literal)
        }
        _ => (t.to_string(), false),
    }
}

fn string_value(node: Node<'_>, src: &str, depth: usize) -> (String, bool) {
    let inner_start = node.start_byte() + 1;
    let inner_end = node.end_byte().saturating_sub(1).max(inner_start);
    let mut out = String::new();
    let mut literal = true;
    let mut pos = inner_start;
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if child.start_byte() > pos {
            out.push_str(&unescape_double(
                src.get(pos..child.start_byte()).unwrap_or(""),
            ));
        }
        if child.kind() == "string_content" {
            out.push_str(&unescape_double(text(child, src)));
        } else {
            let (v, _) = unquote(child, src, depth + 1);
            out.push_str(&v);
            literal = false;
        }
        pos = child.end_byte();
    }
    if inner_end > pos {
        out.push_str(&unescape_double(src.get(pos..inner_end).unwrap_or("")));
    }
    (out, literal)
}

/// Unquoted context: `\x` → `x`, backslash-newline removed.
pub fn unescape_bare(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') => {}
                Some(n) => out.push(n),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Inside double quotes: only `\$`, `` \` ``, `\"`, `\\` and backslash-newline are escapes.
fn unescape_double(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('\n') => {
                    chars.next();
                }
                Some(&n @ ('$' | '`' | '"' | '\\')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The characters of a typed word that are outside any quotes and not escaped.
pub fn unquoted_chars(typed: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = typed.chars();
    let (mut single, mut double) = (false, false);
    while let Some(c) = chars.next() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '\\' if !single => {
                chars.next();
                // Escaped: stands for itself, never special.
                out.push('\u{0}');
            }
            _ if single || double => out.push('\u{0}'),
            _ => out.push(c),
        }
    }
    out
}

/// Bash would glob-expand this word (unquoted `*`, `?` or `[`).
pub fn has_glob(typed: &str) -> bool {
    typed.contains(['*', '?', '['])
        && unquoted_chars(typed)
            .iter()
            .any(|c| matches!(c, '*' | '?' | '['))
}

/// Bash would brace-expand this word (`{a,b}` or `{1..3}` outside quotes): some matched brace
/// pair holds a comma or `..` (one pass; each open brace carries what its text holds so far).
pub fn has_brace_expansion(typed: &str) -> bool {
    if !typed.contains('{') {
        return false;
    }
    // For each open brace: its text so far holds a comma or `..`.
    let mut open: Vec<bool> = Vec::new();
    let mut prev = '\u{0}';
    for c in unquoted_chars(typed) {
        match c {
            '{' => open.push(false),
            '}' if open.pop() == Some(true) => return true,
            ',' => mark(&mut open),
            '.' if prev == '.' => mark(&mut open),
            _ => {}
        }
        prev = c;
    }
    false
}

/// Marks every open brace (the character is inside each of them). Marked braces always form
/// the bottom of the stack, so the loop stops at the first marked one: amortized O(1).
fn mark(open: &mut [bool]) {
    for m in open.iter_mut().rev() {
        if *m {
            break;
        }
        *m = true;
    }
}

/// Brace-expands a word value for deny variants (bounded; first group, recursively).
pub fn brace_expand(value: &str, budget: &mut usize) -> Vec<String> {
    let chars: Vec<char> = value.chars().collect();
    let mut open = None;
    let mut depth = 0;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            '{' => {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let s = open.unwrap_or(0);
                    let inner: String = chars[s + 1..i].iter().collect();
                    let parts = split_top_commas(&inner);
                    if parts.len() < 2 {
                        continue;
                    }
                    let pre: String = chars[..s].iter().collect();
                    let post: String = chars[i + 1..].iter().collect();
                    let mut out = Vec::new();
                    for p in parts {
                        if *budget == 0 {
                            break;
                        }
                        *budget -= 1;
                        out.extend(brace_expand(&format!("{pre}{p}{post}"), budget));
                    }
                    return out;
                }
            }
            _ => {}
        }
    }
    vec![value.to_string()]
}

fn split_top_commas(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
}

/// Whitespace runs (space, tab, newline, CR) collapsed to one space; line continuations are
/// whitespace here. Leading/trailing whitespace removed.
pub fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let ws = match c {
            ' ' | '\t' | '\n' => true,
            '\r' if chars.peek() == Some(&'\n') => true,
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
                true
            }
            _ => false,
        };
        if ws {
            pending = !out.is_empty();
        } else {
            if pending {
                out.push(' ');
                pending = false;
            }
            out.push(c);
        }
    }
    out
}

/// `$'…'` or `$"…"` outside quotes anywhere in `text`.
pub fn has_dollar_quote(text: &str) -> bool {
    let b = text.as_bytes();
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if !single => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'$' if !single && !double && matches!(b.get(i + 1), Some(b'\'' | b'"')) => {
                return true
            }
            _ => {}
        }
        i += 1;
    }
    false
}
