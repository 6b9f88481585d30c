//! `grep`/`rg` with context lines (`-A`/`-B`/`-C`/`-NUM`), numbered, over several files: each
//! file's lines under one `path (N)` header (N: its matching lines), each line as printed after
//! the path (`12:match`, `11-context`), so the path is not repeated on every line; grep's `--`
//! between two groups of one file stays. Every line is kept, none is shortened, nothing is
//! elided. grep puts `--` between files too, so a group (the lines between two `--`) is one
//! file's: its path is the first that a match line names (`path:N:`, as the plain grouping
//! reads it) and that begins every line of the group; a group with no such path makes the whole
//! output print as it is.

use crate::filters::{Compacted, Output, Unparsed};

/// Groups `out` by file (see the module header); grep's errors (exit 2) print as they are.
pub fn compact(out: &Output<'_>) -> Result<Compacted, Unparsed> {
    if out.code > 1 || out.stdout.is_empty() {
        return Ok(Compacted::raw(out));
    }
    let Some(body) = out.stdout.strip_suffix('\n') else {
        return Ok(Compacted::raw(out));
    };
    let mut blocks: Vec<(&str, usize, String)> = Vec::new();
    for group in body.split("\n--\n") {
        let lines: Vec<&str> = group.lines().collect();
        let Some((path, kept, matches)) = one_file(&lines) else {
            return Ok(Compacted::raw(out));
        };
        match blocks.last_mut() {
            Some((p, n, text)) if *p == path => {
                *n += matches;
                text.push_str("--\n");
                text.push_str(&kept);
            }
            _ => blocks.push((path, matches, kept)),
        }
    }
    let mut text = String::with_capacity(out.stdout.len());
    for (path, n, lines) in &blocks {
        text.push_str(&format!("{path} ({n})\n"));
        text.push_str(lines);
    }
    Ok(Compacted::stdout(text))
}

/// The file of one group, its lines without the path, and how many of them match.
fn one_file<'a>(lines: &[&'a str]) -> Option<(&'a str, String, usize)> {
    let candidates = lines
        .iter()
        .filter_map(|l| split_path(l, true).map(|(p, _)| p));
    candidates.into_iter().find_map(|path| {
        let mut kept = String::new();
        let mut matches = 0;
        for l in lines {
            let (rest, is_match) = after(l, path)?;
            matches += usize::from(is_match);
            kept.push_str(rest);
            kept.push('\n');
        }
        (matches > 0).then_some((path, kept, matches))
    })
}

/// `line` as `path:N:text` (a match) or `path-N-text` (context): the part after the path.
fn after<'a>(line: &'a str, path: &str) -> Option<(&'a str, bool)> {
    let rest = line.strip_prefix(path)?;
    let sep = rest.bytes().next()?;
    let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
    let ok = digits > 0 && rest.as_bytes().get(1 + digits) == Some(&sep);
    match sep {
        b':' if ok => Some((&rest[1..], true)),
        b'-' if ok => Some((&rest[1..], false)),
        _ => None,
    }
}

/// Splits `path:12:text` (numbered) or `path:text` at the path's colon (the first `:N:`; also
/// the plain grouping's, `super::search`).
pub(super) fn split_path(line: &str, numbered: bool) -> Option<(&str, &str)> {
    if !numbered {
        let i = line.find(':')?;
        return Some((&line[..i], &line[i + 1..]));
    }
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(off) = line[from..].find(':') {
        let i = from + off;
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 0 && bytes.get(i + 1 + digits) == Some(&b':') {
            return Some((&line[..i], &line[i + 1..]));
        }
        from = i + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(stdout: &str) -> String {
        let out = Output {
            stdout,
            stderr: "",
            code: 0,
        };
        compact(&out).unwrap().stdout
    }

    #[test]
    fn groups_by_file_keeping_every_line() {
        let raw = "f1:1:x\nf1-2-a\nf1-3-b\nf1:4:x\n--\nf1-8-c\nf1:9:x\n--\nsrc/a-2-b.rs:1:x\nsrc/a-2-b.rs-2-c\n";
        assert_eq!(
            run(raw),
            "f1 (3)\n1:x\n2-a\n3-b\n4:x\n--\n8-c\n9:x\nsrc/a-2-b.rs (1)\n1:x\n2-c\n"
        );
        // A context line whose text reads like another path's match stays this file's.
        assert_eq!(run("a-1-b:5:y\na:2:x\n"), "a (1)\n1-b:5:y\n2:x\n");
        assert_eq!(run("a-1-b:5:y\n"), "a-1-b (1)\n5:y\n");
    }

    #[test]
    fn unreadable_groups_print_raw() {
        for raw in [
            // A line of no file.
            "f1:1:x\nBinary file f2 matches\n",
            // Context only: no match names the file.
            "f1-1-x\n",
            // Two files in one group.
            "a:1:x\nb:5:y\n",
        ] {
            assert_eq!(run(raw), raw);
        }
    }
}
