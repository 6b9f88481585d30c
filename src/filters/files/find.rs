//! `find`: every path kept, grouped by directory (`./src/a/: one.rs two.rs`) in order of first
//! appearance. Actions (`-exec`, `-delete`, `-printf`, `-print0`, `-ls`, …) pass through: find
//! itself runs them. Names containing whitespace → the raw list (grouping would be ambiguous).

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Find;

const ACTIONS: &[&str] = &[
    "-exec", "-execdir", "-ok", "-okdir", "-delete", "-print0", "-printf", "-fprint", "-fprint0",
    "-fprintf", "-ls", "-fls",
];

impl Filter for Find {
    fn name(&self) -> &'static str {
        "find"
    }
    fn routes(&self) -> &'static [Route] {
        &[Route {
            program: "find",
            sub: None,
        }]
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if inv.args.iter().any(|a| ACTIONS.contains(&a.as_str())) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if has_whitespace_in_a_line(out.stdout) {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted {
            stdout: group_paths(out.stdout),
            stderr: None,
            elided: None,
        })
    }
}

/// Groups paths by parent directory; paths without `/` stay on their own lines.
pub fn group_paths(text: &str) -> String {
    // Groups in first-seen order; a path usually shares its folder with the line before, so
    // that one is checked before the map.
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut last: Option<usize> = None;
    for line in text.lines() {
        let (dir, name) = match line.rfind('/') {
            Some(i) if i + 1 < line.len() => (&line[..=i], &line[i + 1..]),
            _ => ("", line),
        };
        let g = match last.filter(|&g| groups[g].0 == dir) {
            Some(g) => g,
            None => *index.entry(dir).or_insert_with(|| {
                groups.push((dir, Vec::new()));
                groups.len() - 1
            }),
        };
        groups[g].1.push(name);
        last = Some(g);
    }
    let mut out = String::with_capacity(text.len());
    for (dir, names) in &groups {
        if dir.is_empty() {
            for n in names {
                out.push_str(n);
                out.push('\n');
            }
        } else {
            out.push_str(dir);
            out.push(':');
            for n in names {
                out.push(' ');
                out.push_str(n);
            }
            out.push('\n');
        }
    }
    out
}

/// Whether a line holds whitespace (Unicode's, as `char::is_whitespace`): such names cannot
/// be told apart once joined with spaces. Bytes first; only text with non-ASCII is decoded.
fn has_whitespace_in_a_line(text: &str) -> bool {
    let bytes = text.as_bytes();
    let ascii_space = |(i, &b): (usize, &u8)| match b {
        b' ' | b'\t' | 0x0b | 0x0c => true,
        // `lines` strips the `\r` of a `\r\n` line end, and only that one.
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        _ => false,
    };
    if bytes.iter().enumerate().any(ascii_space) {
        return true;
    }
    !text.is_ascii() && text.lines().any(|l| l.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_check_matches_the_char_check() {
        for t in [
            "a\nb\n",
            "a b\n",
            "a\tb",
            "a\u{a0}b\n",
            "é\n",
            "x\r\n",
            "x\r",
            "x\ry\n",
            "a\u{2003}\n",
            "",
        ] {
            assert_eq!(
                has_whitespace_in_a_line(t),
                t.lines().any(|l| l.contains(char::is_whitespace)),
                "{t:?}"
            );
        }
    }

    #[test]
    fn groups_keep_every_path() {
        let raw = ".\n./a\n./a/x.rs\n./b/y.rs\n./a/z.rs\n/abs\n";
        assert_eq!(
            group_paths(raw),
            ".\n./: a\n./a/: x.rs z.rs\n./b/: y.rs\n/: abs\n"
        );
    }
}
