//! JSON minification that keeps every value exactly: the text is validated as JSON, then only
//! whitespace outside strings is removed (numbers, escapes and key order untouched).

/// The minified form, or `None` when `text` is not one JSON value (or is minified already).
pub fn minify(text: &str) -> Option<String> {
    let t = text.trim();
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
        } else if !c.is_whitespace() {
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
    fn non_json_and_minified_are_left_alone() {
        assert_eq!(minify("<html>\n"), None);
        assert_eq!(minify("{\"a\":1}"), None);
        assert_eq!(minify("{\"a\": 1} trailing"), None);
    }
}
