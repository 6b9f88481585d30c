//! `plugins.enabled` in Hermes' `config.yaml`, edited as text so every comment, key and its
//! formatting survive. rtk has no YAML parser: it accepts only the plain shapes Hermes writes
//! and documents (a block mapping at the top, `plugins:` as a block mapping, `enabled` /
//! `disabled` as a block list or a one-line flow list of simple names) and refuses anything
//! else (anchors, tags, multi-line values, documents, tabs, duplicate keys) with an error, so
//! a file it cannot read with certainty is never changed.

pub const NAME: &str = "rtk-rewrite";

/// Why the file was not edited.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {why}")]
pub struct EditError {
    line: usize,
    why: &'static str,
}

fn err<T>(line: usize, why: &'static str) -> Result<T, EditError> {
    Err(EditError {
        line: line + 1,
        why,
    })
}

struct Line<'a> {
    /// The line without its end-of-line.
    text: &'a str,
    indent: usize,
    /// Blank or comment only.
    empty: bool,
}

fn lines(text: &str) -> Vec<Line<'_>> {
    text.split_inclusive('\n')
        .map(|raw| {
            let text = raw.trim_end_matches(['\n', '\r']);
            let body = text.trim_start_matches(' ');
            Line {
                text,
                indent: text.len() - body.len(),
                empty: body.is_empty() || body.starts_with('#'),
            }
        })
        .collect()
}

/// `key: rest` for a simple key; `rest` has its comment removed and is trimmed.
fn key_value(body: &str) -> Option<(&str, &str)> {
    let (key, rest) = body.split_once(':')?;
    if key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        || !(rest.is_empty() || rest.starts_with(' '))
    {
        return None;
    }
    Some((key, strip_comment(rest).trim()))
}

fn strip_comment(s: &str) -> &str {
    if s.trim_start().starts_with('#') {
        return "";
    }
    match s.find(" #") {
        Some(i) => &s[..i],
        None => s,
    }
}

/// A simple scalar: a plain name or a quoted one without escapes.
fn scalar(s: &str) -> Option<String> {
    let s = s.trim();
    let plain = |t: &str| {
        !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '@'))
    };
    for q in ['\'', '"'] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return plain(inner).then(|| inner.to_string());
        }
    }
    plain(s).then(|| s.to_string())
}

/// A list value under `plugins`.
#[derive(Debug)]
enum ListShape {
    /// `key:` with nothing after it (or `~`, `null`, `[]`).
    Empty,
    /// `key: [a, b]` on the key's line.
    Flow(Vec<String>),
    /// `- a` items on the given lines.
    Block(Vec<(usize, String)>),
}

#[derive(Debug)]
struct Key {
    line: usize,
    value: ListShape,
}

/// What rtk found in the file.
#[derive(Debug)]
struct Doc {
    /// The `plugins:` line, and whether it was written `plugins: {}`.
    plugins: Option<(usize, bool)>,
    /// Indent of the keys under `plugins` (2 when there are none).
    child_indent: usize,
    enabled: Option<Key>,
    disabled: Option<Key>,
    /// Last line that belongs to the `plugins` section.
    section_end: usize,
}

fn parse_list(ls: &[Line], at: usize, inline: &str, end: usize) -> Result<ListShape, EditError> {
    let items: Vec<usize> = (at + 1..end).filter(|&i| !ls[i].empty).collect();
    match inline {
        "" | "~" | "null" => {}
        "[]" if items.is_empty() => return Ok(ListShape::Empty),
        s if s.starts_with('[') && s.ends_with(']') && items.is_empty() => {
            let names = s[1..s.len() - 1]
                .split(',')
                .map(|p| scalar(p).ok_or(()))
                .collect::<Result<Vec<_>, _>>();
            return match names {
                Ok(n) => Ok(ListShape::Flow(n)),
                Err(()) => err(at, "the list holds something other than plain plugin names"),
            };
        }
        _ => return err(at, "the value is not a list rtk can edit"),
    }
    if items.is_empty() {
        return Ok(ListShape::Empty);
    }
    let mut out = Vec::new();
    for i in items {
        let body = &ls[i].text[ls[i].indent..];
        let Some(item) = body.strip_prefix("- ") else {
            return err(i, "expected a `- name` list item");
        };
        match scalar(strip_comment(item)) {
            Some(n) => out.push((i, n)),
            None => return err(i, "the list holds something other than plain plugin names"),
        }
    }
    Ok(ListShape::Block(out))
}

fn parse(text: &str) -> Result<Doc, EditError> {
    let ls = lines(text);
    let mut doc = Doc {
        plugins: None,
        child_indent: 2,
        enabled: None,
        disabled: None,
        section_end: 0,
    };
    for (i, l) in ls.iter().enumerate() {
        if l.text.starts_with('\t') || l.text[l.indent..].starts_with('\t') && !l.empty {
            return err(i, "tabs in indentation");
        }
        if l.indent > 0 || l.empty {
            continue;
        }
        if l.text.starts_with("---") || l.text.starts_with("...") || l.text.starts_with('%') {
            return err(i, "YAML document markers or directives");
        }
        let Some((key, value)) = key_value(l.text) else {
            return err(i, "the top level is not a plain `key: value` mapping");
        };
        if key != "plugins" {
            continue;
        }
        if doc.plugins.is_some() {
            return err(i, "`plugins` appears twice");
        }
        let braces = match value {
            "" | "~" | "null" => false,
            "{}" => true,
            _ => return err(i, "`plugins` is not a block mapping"),
        };
        doc.plugins = Some((i, braces));
        let end = (i + 1..ls.len())
            .find(|&j| !ls[j].empty && ls[j].indent == 0)
            .unwrap_or(ls.len());
        doc.section_end = end;
        let children: Vec<usize> = (i + 1..end).filter(|&j| !ls[j].empty).collect();
        if braces && !children.is_empty() {
            return err(i, "`plugins: {}` is followed by indented lines");
        }
        let Some(&first) = children.first() else {
            continue;
        };
        let ci = ls[first].indent;
        doc.child_indent = ci;
        let keys: Vec<usize> = children
            .iter()
            .copied()
            .filter(|&j| ls[j].indent == ci && !ls[j].text[ci..].starts_with("- "))
            .collect();
        for (n, &k) in keys.iter().enumerate() {
            if ls[k].indent < ci {
                return err(k, "inconsistent indentation under `plugins`");
            }
            let Some((name, value)) = key_value(&ls[k].text[ci..]) else {
                return err(k, "a key under `plugins` is not a plain `key: value`");
            };
            let next = keys.get(n + 1).copied().unwrap_or(end);
            let slot = match name {
                "enabled" => &mut doc.enabled,
                "disabled" => &mut doc.disabled,
                _ => continue,
            };
            if slot.is_some() {
                return err(k, "a key under `plugins` appears twice");
            }
            *slot = Some(Key {
                line: k,
                value: parse_list(&ls, k, value, next)?,
            });
        }
        if children.iter().any(|&j| ls[j].indent < ci) {
            return err(first, "inconsistent indentation under `plugins`");
        }
    }
    Ok(doc)
}

fn names(k: &Option<Key>) -> Vec<&str> {
    match k.as_ref().map(|k| &k.value) {
        Some(ListShape::Flow(n)) => n.iter().map(String::as_str).collect(),
        Some(ListShape::Block(n)) => n.iter().map(|(_, s)| s.as_str()).collect(),
        _ => Vec::new(),
    }
}

/// Is rtk's plugin in `plugins.enabled`?
pub fn is_enabled(text: &str) -> Result<bool, EditError> {
    Ok(names(&parse(text)?.enabled).contains(&NAME))
}

fn eol(text: &str) -> &'static str {
    if text.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    }
}

/// Replaces line `at` of `text` with `with` (several lines, without a final end-of-line) and
/// inserts `insert` (whole lines) after line `after`.
fn splice(text: &str, edits: &[(usize, Option<String>, Option<String>)]) -> String {
    let nl = eol(text);
    let mut out = String::new();
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let mut done = false;
        for (at, replace, insert_after) in edits {
            if *at != i {
                continue;
            }
            match replace {
                Some(r) => out.push_str(&format!("{r}{nl}")),
                None if !done => {
                    out.push_str(raw);
                    if !raw.ends_with('\n') {
                        out.push_str(nl);
                    }
                }
                None => {}
            }
            done = true;
            if let Some(ins) = insert_after {
                out.push_str(ins);
            }
        }
        if !done {
            out.push_str(raw);
        }
    }
    out
}

/// The line's trailing comment with the spaces before it (`  # note`), or "".
fn comment_of(line: &str) -> &str {
    match line.find(" #") {
        Some(i) => &line[line[..i].trim_end().len()..],
        None => "",
    }
}

/// The new text with rtk's plugin enabled, or `None` when it already is.
pub fn enable(text: &str) -> Result<Option<String>, EditError> {
    let doc = parse(text)?;
    if names(&doc.disabled).contains(&NAME) {
        return err(
            doc.disabled.as_ref().map_or(0, |k| k.line),
            "`plugins.disabled` lists rtk-rewrite; remove it there first if you want the plugin",
        );
    }
    if names(&doc.enabled).contains(&NAME) {
        return Ok(None);
    }
    let nl = eol(text);
    let ls = lines(text);
    let ci = " ".repeat(doc.child_indent);
    let block = format!("{ci}enabled:{nl}{ci}  - {NAME}{nl}");
    let Some((pline, braces)) = doc.plugins else {
        let mut out = text.to_string();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(nl);
        }
        out.push_str(&format!("plugins:{nl}  enabled:{nl}    - {NAME}{nl}"));
        return Ok(Some(out));
    };
    let plugins_line = braces.then(|| format!("plugins:{}", comment_of(ls[pline].text)));
    let Some(key) = doc.enabled else {
        return Ok(Some(splice(text, &[(pline, plugins_line, Some(block))])));
    };
    let line = ls[key.line].text;
    let edit = match key.value {
        ListShape::Empty => (
            key.line,
            Some(format!(
                "{ci}enabled:{}{nl}{ci}  - {NAME}",
                comment_of(line)
            )),
            None,
        ),
        ListShape::Flow(mut n) => {
            n.push(NAME.to_string());
            (
                key.line,
                Some(format!(
                    "{ci}enabled: [{}]{}",
                    n.join(", "),
                    comment_of(line)
                )),
                None,
            )
        }
        ListShape::Block(items) => {
            let (last, _) = *items.last().expect("a block list has items");
            let item_indent = " ".repeat(ls[items[0].0].indent);
            (last, None, Some(format!("{item_indent}- {NAME}{nl}")))
        }
    };
    Ok(Some(splice(text, &[edit])))
}

/// The new text without rtk's plugin in `plugins.enabled`, or `None` when it was not there.
pub fn disable(text: &str) -> Result<Option<String>, EditError> {
    let doc = parse(text)?;
    if !names(&doc.enabled).contains(&NAME) {
        return Ok(None);
    }
    let ls = lines(text);
    let key = doc.enabled.expect("enabled holds rtk");
    let ci = " ".repeat(doc.child_indent);
    let line = ls[key.line].text;
    let mut keep = Vec::new();
    let mut drop = Vec::new();
    match &key.value {
        ListShape::Flow(n) => {
            let rest: Vec<&str> = n
                .iter()
                .map(String::as_str)
                .filter(|s| *s != NAME)
                .collect();
            let new = format!("{ci}enabled: [{}]{}", rest.join(", "), comment_of(line));
            return Ok(Some(splice(text, &[(key.line, Some(new), None)])));
        }
        ListShape::Block(items) => {
            for (i, n) in items {
                if n == NAME {
                    drop.push(*i);
                } else {
                    keep.push(*i);
                }
            }
        }
        ListShape::Empty => unreachable!("an empty list does not hold rtk"),
    }
    if keep.is_empty() {
        // The list held only rtk: drop the key, and `plugins:` too when nothing else is left.
        drop.push(key.line);
        if let Some((pline, _)) = doc.plugins {
            let others = (pline + 1..doc.section_end).any(|i| !ls[i].empty && !drop.contains(&i));
            if !others {
                drop.push(pline);
            }
        }
    }
    let out: String = text
        .split_inclusive('\n')
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, raw)| raw)
        .collect();
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HERMES_DEFAULT: &str = "model:\n  default: anthropic/claude-opus\n  provider: auto\n\n# Plugins\nplugins:\n  enabled:\n    - disk-cleanup   # tidy\n  disabled:\n    - noisy\n  hook_callback_timeout: 30\n\ndisplay:\n  skin: default\n";

    #[test]
    fn enable_disable_table() {
        // (before, after enable); disable must give `before` back unless noted.
        let cases: &[(&str, &str)] = &[
            ("", "plugins:\n  enabled:\n    - rtk-rewrite\n"),
            (
                "model: x\n",
                "model: x\nplugins:\n  enabled:\n    - rtk-rewrite\n",
            ),
            (
                HERMES_DEFAULT,
                "model:\n  default: anthropic/claude-opus\n  provider: auto\n\n# Plugins\nplugins:\n  enabled:\n    - disk-cleanup   # tidy\n    - rtk-rewrite\n  disabled:\n    - noisy\n  hook_callback_timeout: 30\n\ndisplay:\n  skin: default\n",
            ),
            (
                "plugins:\n    hook_callback_timeout: 30\nx: 1\n",
                "plugins:\n    enabled:\n      - rtk-rewrite\n    hook_callback_timeout: 30\nx: 1\n",
            ),
            (
                "plugins:\n  enabled: [a, 'b']  # mine\n",
                "plugins:\n  enabled: [a, b, rtk-rewrite]  # mine\n",
            ),
            (
                // Items at the key's own indent are valid YAML and kept that way.
                "plugins:\n  enabled:\n  - a\n  other: 1\n",
                "plugins:\n  enabled:\n  - a\n  - rtk-rewrite\n  other: 1\n",
            ),
        ];
        for (before, after) in cases {
            let got = enable(before).unwrap().unwrap();
            assert_eq!(&got, after, "{before:?}");
            assert!(is_enabled(&got).unwrap());
            assert_eq!(enable(&got).unwrap(), None, "idempotent: {before:?}");
            let back = disable(&got).unwrap().unwrap();
            let normal = before.replace("[a, 'b']", "[a, b]");
            assert_eq!(back, normal, "{before:?}");
            assert_eq!(disable(&back).unwrap(), None);
        }
        // Empty or null lists become a block list; a list only rtk filled goes on uninstall.
        for empty in [
            "plugins:\n  enabled:\n",
            "plugins:\n  enabled: []\n",
            "plugins: {}\n",
        ] {
            let got = enable(empty).unwrap().unwrap();
            assert!(got.contains("  enabled:\n    - rtk-rewrite\n"), "{got:?}");
            assert_eq!(
                disable(&got)
                    .unwrap()
                    .unwrap()
                    .matches("rtk-rewrite")
                    .count(),
                0
            );
        }
        assert_eq!(
            disable("a: 1\nplugins:\n  enabled:\n    - rtk-rewrite\n")
                .unwrap()
                .unwrap(),
            "a: 1\n"
        );
        assert_eq!(
            disable("plugins:\n  enabled: [rtk-rewrite]\n")
                .unwrap()
                .unwrap(),
            "plugins:\n  enabled: []\n"
        );
    }

    #[test]
    fn shapes_rtk_cannot_edit_safely_are_refused() {
        for bad in [
            "{plugins: {enabled: [a]}}\n",
            "---\nplugins:\n  enabled: [a]\n",
            "plugins: &p\n  enabled: [a]\n",
            "plugins:\n  enabled: *list\n",
            "plugins:\n  enabled:\n    - !tag a\n",
            "plugins:\n  enabled:\n    - [a]\n",
            "plugins:\n  enabled: [a, [b]]\n",
            "plugins:\n  enabled: |\n    a\n",
            "plugins:\n\tenabled: [a]\n",
            "plugins:\n  enabled: [a]\nplugins:\n  enabled: [b]\n",
            "plugins:\n  enabled: [a]\n  enabled: [b]\n",
            "plugins:\n    x: 1\n  enabled: [a]\n",
            "plugins: [a]\n",
            "\"plugins\":\n  enabled: [a]\n",
            "plugins:\n  disabled: [rtk-rewrite]\n",
        ] {
            assert!(enable(bad).is_err(), "{bad:?}");
        }
        // Reading is refused the same way, and a present entry is still found.
        assert!(is_enabled("plugins: &p\n").is_err());
        assert!(is_enabled("plugins:\n  enabled: [\"rtk-rewrite\"]\n").unwrap());
    }

    #[test]
    fn crlf_files_keep_crlf() {
        let got = enable("plugins:\r\n  enabled:\r\n    - a\r\n")
            .unwrap()
            .unwrap();
        assert_eq!(
            got,
            "plugins:\r\n  enabled:\r\n    - a\r\n    - rtk-rewrite\r\n"
        );
    }
}
