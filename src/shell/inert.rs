//! What the walk may attest, enumerated: the node kinds that run nothing by themselves, the
//! parameter-expansion forms whose operands are plain text, and the scan of text the grammar
//! leaves unparsed (expansion operands, patterns, words) for anything bash would still expand.
//!
//! Invariant: fail closed. A kind, operator or operand shape not listed here makes the line
//! unattestable; nothing here lists what is dangerous.

use tree_sitter::Node;

/// Node kinds that by themselves make a line unattestable, with the reason shown.
pub(super) fn flagged_kind(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "ansi_c_string" => "ANSI-C quoting $'…'",
        "translated_string" => "locale quoting $\"…\"",
        "c_style_for_statement" => "C-style for loop (arithmetic)",
        "function_definition" => "function definition",
        "subscript" => "array subscript (arithmetic)",
        "brace_expression" => "brace expansion",
        "ERROR" => "syntax error",
        _ => return None,
    })
}

/// Node kinds the walk understands and descends through (statements, words, quoting, plain
/// expansions; the kinds with checks of their own are matched in the walk before this list).
pub(super) fn structural_kind(kind: &str) -> bool {
    matches!(
        kind,
        "program"
            | "list"
            | "subshell"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "for_statement"
            | "do_group"
            | "case_statement"
            | "case_item"
            | "negated_command"
            | "command_name"
            | "word"
            | "string"
            | "raw_string"
            | "string_content"
            | "concatenation"
            | "simple_expansion"
            | "variable_name"
            | "special_variable_name"
            | "number"
            | "file_descriptor"
            | "test_operator"
            | "unary_expression"
            | "binary_expression"
            | "ternary_expression"
            | "postfix_expression"
            | "parenthesized_expression"
            | "regex"
            | "extglob_pattern"
            | "array"
            | "heredoc_start"
            | "heredoc_body"
            | "heredoc_content"
            | "heredoc_end"
    )
}

/// Leaf kinds whose text bash never expands (single quotes, comments, `$$`-style names), so
/// their text is not scanned.
fn inert_leaf(kind: &str) -> bool {
    matches!(kind, "raw_string" | "comment" | "special_variable_name")
}

/// True when `text`, as unparsed source, holds an unescaped `$`, a backtick, or `<(` / `>(`
/// (`in_double_quotes`: the text sits between double quotes, where `<(` is literal).
pub(super) fn has_live_expansion(text: &str, in_double_quotes: bool) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'$' | b'`' => return true,
            b'<' | b'>' if !in_double_quotes && b.get(i + 1) == Some(&b'(') => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The reason a named leaf's text makes the line unattestable, if it does: unparsed text
/// holding an expansion or substitution bash would perform.
pub(super) fn opaque_leaf(node: Node<'_>, text: &str) -> Option<&'static str> {
    if node.child_count() != 0 || !node.is_named() || inert_leaf(node.kind()) {
        return None;
    }
    let quoted = node.kind() == "string_content" || node.kind() == "heredoc_content";
    has_live_expansion(text, quoted)
        .then_some("unparsed text holding `$`, a backtick or a process substitution")
}

/// Claude Code's commit form, `git commit … "$(cat <<'EOF'` … `EOF` `)"`: a command substitution
/// whose whole body is `cat` reading one heredoc with a quoted delimiter (`'EOF'` or `"EOF"`:
/// bash expands nothing in its body), standing alone in double quotes as a whole argument of
/// `git commit`, so what it gives the argument is the body's text. Returns the `cat` command and
/// the heredoc body (still reported for deny/ask matching), or None for any other shape: an
/// unquoted delimiter, `<<-`, anything else in the substitution (another command, an argument or
/// redirect of `cat`, a pipe), anything else in the quotes, another program, a body holding its
/// own delimiter, or a syntax error anywhere in it. `src` is the text the tree was parsed from.
pub(super) fn quoted_heredoc_text<'t>(node: Node<'t>, src: &str) -> Option<(Node<'t>, Node<'t>)> {
    let text = |n: Node<'_>| src.get(n.start_byte()..n.end_byte()).unwrap_or("");
    let kids = |n: Node<'t>| {
        let mut cursor = n.walk();
        n.children(&mut cursor).collect::<Vec<Node<'t>>>()
    };
    if node.kind() != "command_substitution" || node.has_error() {
        return None;
    }
    // `$(` cat-with-heredoc `)`.
    let [open, stmt, close] = kids(node)[..] else {
        return None;
    };
    if open.kind() != "$(" || close.kind() != ")" || stmt.kind() != "redirected_statement" {
        return None;
    }
    let [cat, redirect] = kids(stmt)[..] else {
        return None;
    };
    if cat.kind() != "command" || cat.child_count() != 1 || text(cat) != "cat" {
        return None;
    }
    let [op, start, body, end] = kids(redirect)[..] else {
        return None;
    };
    if redirect.kind() != "heredoc_redirect"
        || op.kind() != "<<"
        || start.kind() != "heredoc_start"
        || body.kind() != "heredoc_body"
        || end.kind() != "heredoc_end"
        || body.child_count() != 0
    {
        return None;
    }
    // The argument: `"` substitution `"`, directly a word of `git commit …`. Checked after the
    // body's shape: `parent()` walks down from the root, so asking it of every substitution of
    // a deeply nested line would cost the square of its depth.
    let string = node.parent().filter(|p| p.kind() == "string")?;
    if string.child_count() != 3 {
        return None;
    }
    let command = string.parent().filter(|p| p.kind() == "command")?;
    let name = command.child_by_field_name("name")?;
    let mut cursor = command.walk();
    let args: Vec<Node<'t>> = command
        .children_by_field_name("argument", &mut cursor)
        .collect();
    if text(name) != "git"
        || args.first().map(|a| text(*a)) != Some("commit")
        || !args.iter().any(|a| a.id() == string.id())
    {
        return None;
    }
    let delim = text(start);
    let bare = delim
        .strip_prefix('\'')
        .and_then(|d| d.strip_suffix('\''))
        .or_else(|| delim.strip_prefix('"').and_then(|d| d.strip_suffix('"')))?;
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if bare.is_empty() || !bare.chars().all(plain) || text(end) != bare {
        return None;
    }
    if text(body).contains(bare) {
        return None;
    }
    Some((cat, body))
}

/// Operators of `${NAME<op>word}` whose operand is a pattern or a word (never evaluated as
/// arithmetic, never assigned).
const WORD_OPERATORS: &[&str] = &[
    ":-", "-", ":+", "+", ":?", "?", "#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",",
    ",,",
];

/// Node kinds an operand of a [`WORD_OPERATORS`] expansion may consist of (its text is also
/// scanned: no `$`, backtick, `<(`, `>(` anywhere in the expansion).
fn operand_kind(kind: &str) -> bool {
    matches!(
        kind,
        "regex" | "word" | "string" | "raw_string" | "concatenation" | "number" | "/"
    )
}

/// Checks one `${…}` node against the enumerated safe forms: `${NAME}`, `${#NAME}`, `${#}`
/// and `${NAME<op>word}` for the operators in [`WORD_OPERATORS`] (substring offsets,
/// subscripts, indirection, `@` transforms and assigning operators are not listed). `text` is
/// the node's source. Returns why it is not safe.
pub(super) fn expansion_form(node: Node<'_>, text: &str) -> Result<(), &'static str> {
    let inner = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .ok_or("parameter expansion beyond ${NAME}")?;
    if inner.contains(['$', '`']) || inner.contains("<(") || inner.contains(">(") {
        return Err("substitution or expansion inside a parameter expansion");
    }
    let mut cursor = node.walk();
    let kids: Vec<Node<'_>> = node.children(&mut cursor).collect();
    // kids[0] is `${`, the last is `}`.
    let body = match kids.as_slice() {
        [open, body @ .., close] if open.kind() == "${" && close.kind() == "}" => body,
        _ => return Err("parameter expansion beyond ${NAME}"),
    };
    let is_name = |n: &Node<'_>| matches!(n.kind(), "variable_name" | "special_variable_name");
    match body {
        [name] if is_name(name) => Ok(()),
        [hash] if hash.kind() == "#" => Ok(()),
        [hash, name] if hash.kind() == "#" && is_name(name) => Ok(()),
        [name, op, operand @ ..] if is_name(name) && WORD_OPERATORS.contains(&op.kind()) => {
            if operand.iter().all(|n| operand_kind(n.kind())) {
                Ok(())
            } else {
                Err("parameter expansion with an operand rtk cannot attest")
            }
        }
        _ => Err("parameter expansion beyond ${NAME}"),
    }
}

/// The bodies of the substitutions (`$(…)`, `` `…` ``, `<(…)`, `>(…)`) bash would run in a
/// piece of text the grammar left unparsed, outermost only, as byte ranges of `text`. An
/// unclosed one runs to the end of the text. Quotes are ignored: more bodies only make deny
/// matching see more.
pub(super) fn substitution_bodies(text: &str) -> Vec<std::ops::Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'`' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'`' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                let end = j.min(b.len());
                out.push(start..end);
                i = end;
            }
            b'$' | b'<' | b'>' if b.get(i + 1) == Some(&b'(') => {
                let start = i + 2;
                let mut depth = 1usize;
                let mut j = start;
                while j < b.len() {
                    match b[j] {
                        b'\\' => j += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let end = j.min(b.len());
                out.push(start..end);
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}
