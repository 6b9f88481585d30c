//! JSON minification that keeps every value exactly: the text is validated as one JSON value,
//! then only JSON's own whitespace (space, tab, CR, LF) outside strings is removed — numbers as
//! written (`1.50`, `1e3`, 20-digit integers), escapes, key order and duplicate keys untouched.
//! A leaf: the filters (`gh --json`, `aws`, `curl`, …) and the hook path (Claude Code's MCP
//! results, `hosts/claude/post_mcp`) share it.

/// JSON's insignificant whitespace (RFC 8259 §2), the only characters removed.
fn is_json_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// The minified form, or `None` when `text` is not one JSON object or array (surrounded by
/// JSON whitespace at most) or is minified already. A trailing newline is kept.
pub fn minify(text: &str) -> Option<String> {
    let t = text.trim_matches(is_json_space);
    if !(t.starts_with('{') || t.starts_with('[')) {
        return None;
    }
    serde_json::from_str::<serde::de::IgnoredAny>(t).ok()?;
    let mut out = String::with_capacity(t.len());
    let mut in_str = false;
    let mut escaped = false;
    for c in t.chars() {
        if in_str {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
            out.push(c);
        } else if !is_json_space(c) {
            out.push(c);
        }
    }
    (out.len() < t.len()).then(|| {
        // Keep a trailing newline when the body had one, so the prompt stays on its own line.
        if text.ends_with('\n') {
            out.push('\n');
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_untouched() {
        let raw = "{\n  \"a b\": 1.50,\n  \"big\": 123456789012345678901234567890,\n  \"s\": \"x \\\" y\",\n  \"n\": [ null, true ]\n}\n";
        assert_eq!(
            minify(raw).unwrap(),
            "{\"a b\":1.50,\"big\":123456789012345678901234567890,\"s\":\"x \\\" y\",\"n\":[null,true]}\n"
        );
    }

    #[test]
    fn strings_keep_their_whitespace_and_escapes() {
        let raw = "[ \"tab\\there\", \"two  spaces\", \"\\\\\", \"\\\"\" , {\"k\" : \"v\"} ]";
        assert_eq!(
            minify(raw).unwrap(),
            "[\"tab\\there\",\"two  spaces\",\"\\\\\",\"\\\"\",{\"k\":\"v\"}]"
        );
    }

    #[test]
    fn non_json_and_minified_are_left_alone() {
        assert_eq!(minify("<html>\n"), None);
        assert_eq!(minify("{\"a\":1}"), None);
        assert_eq!(minify("{\"a\": 1} trailing"), None);
        assert_eq!(minify("42 "), None);
        // Whitespace JSON does not allow (U+2028, a no-break space) is not JSON's to remove.
        assert_eq!(minify("\u{2028}{\"a\": 1}"), None);
        assert_eq!(minify("{\"a\":\u{a0}1}"), None);
    }
}
