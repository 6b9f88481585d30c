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
