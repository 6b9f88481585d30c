//! The escape format of the table-driven test vectors in `tests/vectors/*.tsv`, shared by the
//! unit tests and the integration tests so every table reads the same way. Not part of the
//! product: hidden from the docs.
//!
//! A field may hold `\t` `\n` `\r` `\0` `\v` `\f` and `\\`; any other backslash is literal.

/// Decodes one field's escapes.
pub fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('v') => out.push('\u{b}'),
            Some('f') => out.push('\u{c}'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unescape;

    #[test]
    fn escapes_decode_and_unknown_ones_stay_literal() {
        assert_eq!(unescape(r"a\tb\nc\rd\0e\\f"), "a\tb\nc\rd\0e\\f");
        assert_eq!(unescape(r"\v\f"), "\u{b}\u{c}");
        assert_eq!(unescape(r"\d\"), "\\d\\");
    }
}
