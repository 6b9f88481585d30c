//! The positive grammar a line must match before any host's allow can be asserted for it
//! (docs/allow.md): simple commands joined by `&&`, `||`, `;` or `|` on one line, each a
//! program and its words, no assignment in front, every word plain text, and only the
//! redirections measured as silent (`N>&M`, `>/dev/null`). Everything else — subshells,
//! groups, loops, `case`, `if`, functions, `&`, `|&`, newlines, `{fd}`/`-` redirections, tilde,
//! globs, brace and history expansion, any `$` — makes the line "not plain": it may still be
//! rewritten, but no allow is asserted for it.
//!
//! Invariant: enumerate what is plain, never what is dangerous. A node kind, character or
//! redirect form not listed here makes the line not plain.

use tree_sitter::Node;

/// Characters a word may hold outside quotes. No glob (`*?[]`), brace (`{}`), tilde (`~`),
/// history (`!`), comment (`#`), escape (`\`) or expansion (`$`, backtick) character, and
/// nothing outside ASCII.
fn plain_unquoted(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_./:=,+%@-^".contains(c)
}

/// Why the line `text` (whose grammar tree is `root`) is not a plain list of simple commands;
/// None when it is.
pub(super) fn not_plain(root: Node<'_>, text: &str) -> Option<String> {
    if text.contains(['\n', '\r']) {
        return Some("a line break".into());
    }
    if !text.is_ascii() {
        return Some("a character outside ASCII".into());
    }
    if root.has_error() {
        return Some("a syntax error".into());
    }
    let mut cursor = root.walk();
    let mut stack: Vec<(Node<'_>, Role)> = Vec::new();
    for child in root.children(&mut cursor) {
        match child.kind() {
            ";" => {}
            "&" => return Some("a command sent to the background with `&`".into()),
            "comment" => return Some("a comment".into()),
            _ if child.is_named() => stack.push((child, Role::Statement)),
            other => return Some(format!("`{other}`")),
        }
    }
    // An explicit stack: a list of 10,000 commands nests 10,000 deep.
    while let Some((node, role)) = stack.pop() {
        let why = match role {
            Role::Statement => statement(node, text, &mut stack),
            Role::Command => command(node, text, &mut stack),
            Role::Word => word(node, text, &mut stack),
        };
        if why.is_some() {
            return why;
        }
    }
    None
}

/// What a node on the walk's stack must be.
#[derive(Clone, Copy)]
enum Role {
    /// A list member: `a && b`, `a || b`, a pipeline, a command, a redirected command.
    Statement,
    /// `program word…`.
    Command,
    /// One word of a command.
    Word,
}

type Stack<'t> = Vec<(Node<'t>, Role)>;

fn kids<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children(&mut cursor).collect()
}

fn node_text<'t>(node: Node<'_>, text: &'t str) -> &'t str {
    text.get(node.start_byte()..node.end_byte()).unwrap_or("")
}

fn statement<'t>(node: Node<'t>, text: &str, stack: &mut Stack<'t>) -> Option<String> {
    match node.kind() {
        "list" => {
            for c in kids(node) {
                match c.kind() {
                    "&&" | "||" => {}
                    _ if c.is_named() => stack.push((c, Role::Statement)),
                    other => return Some(format!("`{other}` in a list")),
                }
            }
            None
        }
        "pipeline" => {
            for c in kids(node) {
                match c.kind() {
                    "|" => {}
                    "|&" => return Some("`|&`".into()),
                    "command" | "redirected_statement" => stack.push((c, Role::Statement)),
                    other => return Some(structure_name(other)),
                }
            }
            None
        }
        "command" => {
            stack.push((node, Role::Command));
            None
        }
        "redirected_statement" => {
            let body = node.child_by_field_name("body");
            for c in kids(node) {
                if body.is_some_and(|b| b.id() == c.id()) {
                    match c.kind() {
                        "command" => stack.push((c, Role::Command)),
                        other => return Some(structure_name(other)),
                    }
                } else if c.kind() == "file_redirect" {
                    if let Some(why) = redirect(node_text(c, text)) {
                        return Some(why);
                    }
                } else {
                    return Some(structure_name(c.kind()));
                }
            }
            None
        }
        other => Some(structure_name(other)),
    }
}

/// How a node that is not a plain command is named in the reason.
fn structure_name(kind: &str) -> String {
    match kind {
        "subshell" => "a subshell `( … )`".into(),
        "compound_statement" => "a group `{ …; }`".into(),
        "for_statement" | "c_style_for_statement" => "a `for`/`select` loop".into(),
        "while_statement" => "a `while`/`until` loop".into(),
        "if_statement" => "an `if`".into(),
        "case_statement" => "a `case`".into(),
        "function_definition" => "a function definition".into(),
        "negated_command" => "a `!` negation".into(),
        "variable_assignment" | "variable_assignments" => "an assignment".into(),
        "declaration_command" | "unset_command" => "a declaration".into(),
        "test_command" => "a `[ ]` test".into(),
        "heredoc_redirect" => "a heredoc".into(),
        "herestring_redirect" => "a here-string".into(),
        other => format!("`{other}`"),
    }
}

fn command<'t>(node: Node<'t>, text: &str, stack: &mut Stack<'t>) -> Option<String> {
    for c in kids(node) {
        match c.kind() {
            "command_name" => stack.extend(kids(c).into_iter().map(|w| (w, Role::Word))),
            "file_redirect" => {
                if let Some(why) = redirect(node_text(c, text)) {
                    return Some(why);
                }
            }
            "variable_assignment" => return Some("an assignment before the command".into()),
            _ if c.is_named() => stack.push((c, Role::Word)),
            other => return Some(format!("`{other}` in a command")),
        }
    }
    None
}

/// Unquoted text: safe characters, and `~` only where bash leaves it alone (not first, not
/// after `=` or `:`).
fn unquoted(t: &str) -> Option<String> {
    let mut prev = None;
    for c in t.chars() {
        let tilde_ok = c == '~' && prev.is_some_and(|p| p != '=' && p != ':');
        if !plain_unquoted(c) && !tilde_ok {
            return Some(format!("`{c}` in the word `{t}`"));
        }
        prev = Some(c);
    }
    None
}

/// A word of plain text: unquoted safe characters, single quotes, or double quotes holding no
/// `$`, backtick, backslash or `!`.
fn word<'t>(node: Node<'t>, text: &str, stack: &mut Stack<'t>) -> Option<String> {
    let t = node_text(node, text);
    match node.kind() {
        "word" | "number" => unquoted(t),
        "raw_string" => None,
        "string" => kids(node)
            .into_iter()
            .find(|c| !matches!(c.kind(), "\"" | "string_content"))
            .map(|c| format!("`{}` inside double quotes", c.kind()))
            .or_else(|| {
                t.chars()
                    .find(|c| "$`\\!".contains(*c))
                    .map(|c| format!("`{c}` inside double quotes"))
            }),
        "concatenation" => {
            stack.extend(kids(node).into_iter().map(|w| (w, Role::Word)));
            None
        }
        "simple_expansion" | "expansion" => Some(format!("the expansion `{t}`")),
        "brace_expression" => Some(format!("the brace expansion `{t}`")),
        other => Some(format!("`{other}` as a word")),
    }
}

/// Only `N>&M` (M a digit, no `-`) and a write to `/dev/null` are plain redirections.
fn redirect(raw: &str) -> Option<String> {
    let t: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    let fd = |s: &str| s.len() <= 1 && s.bytes().all(|b| b.is_ascii_digit());
    let plain = match t.split_once(">&") {
        Some((from, to)) => fd(from) && to.len() == 1 && fd(to),
        None => ["&>/dev/null", ">/dev/null", ">>/dev/null"]
            .iter()
            .any(|form| t == *form || t.strip_suffix(form).is_some_and(|n| !n.is_empty() && fd(n))),
    };
    (!plain).then(|| format!("the redirection `{t}`"))
}
