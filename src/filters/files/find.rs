//! `find`: every path kept, grouped by directory (`./src/a/: one.rs two.md`; a folder's only
//! path printed as it is) in order of first appearance; every name is printed whole, as find printed it, so it can be copied (a shared
//! extension is never factored out: docs/filters.md, "Facts stay copyable"). Actions
//! (`-exec`, `-delete`, `-printf`, `-print0`, `-ls`, …) pass through: find itself runs them.
//! Names containing whitespace → the raw list (grouping would be ambiguous). Paths are grouped
//! as find prints them ([`Groups`] is the filter's [`Incremental`]).

use std::collections::HashMap;

use crate::filters::{
    Compacted, Filter, Incremental, Invocation, Output, Unparsed, GROUP_LINE_CAP,
};

pub struct Find;

impl Filter for Find {
    fn name(&self) -> &'static str {
        "find"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut g = Groups::default();
        g.feed(out.stdout, 0);
        Box::new(g).finish(out)
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(Box::<Groups>::default())
    }
}

/// The grouping of a list of paths, one a line, as find's filter prints it (`git ls-files`,
/// `rg --files` and other path lists use it too).
pub fn path_list() -> Box<dyn Incremental> {
    Box::<Groups>::default()
}

/// Paths grouped by parent directory as they arrive, in first-seen order; paths without `/`
/// stay on their own lines (the `""` group). Names are spans of the whole output.
#[derive(Default)]
struct Groups {
    groups: Vec<(String, Vec<std::ops::Range<usize>>)>,
    index: HashMap<String, usize>,
    last: Option<usize>,
    whitespace: bool,
}

impl Groups {
    fn feed(&mut self, text: &str, offset: usize) {
        if self.whitespace || has_whitespace_in_a_line(text) {
            // The output will be printed raw: nothing more to group.
            self.whitespace = true;
            return;
        }
        // Bytes, found with vectorised searches: `/` and `\n` are ASCII, so every cut below is
        // a char boundary.
        let bytes = text.as_bytes();
        let mut start = 0;
        while start < bytes.len() {
            let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
            // `lines` drops the `\r` of a `\r\n` line end.
            let stop = if end > start && bytes[end - 1] == b'\r' && end < bytes.len() {
                end - 1
            } else {
                end
            };
            self.add(&text[start..stop], offset + start);
            start = end + 1;
        }
    }

    /// One path, at `at` in the whole output.
    fn add(&mut self, line: &str, at: usize) {
        let (dir, name) = match memchr::memrchr(b'/', line.as_bytes()) {
            Some(i) if i + 1 < line.len() => (&line[..=i], at + i + 1..at + line.len()),
            _ => ("", at..at + line.len()),
        };
        // A path usually shares its folder with the line before: that one is checked before
        // the map.
        let g = match self.last.filter(|&g| self.groups[g].0 == dir) {
            Some(g) => g,
            None => match self.index.get(dir) {
                Some(&g) => g,
                None => {
                    self.groups.push((dir.to_string(), Vec::new()));
                    self.index.insert(dir.to_string(), self.groups.len() - 1);
                    self.groups.len() - 1
                }
            },
        };
        self.groups[g].1.push(name);
        self.last = Some(g);
    }

    /// `./src/a/: one.rs two.md` per folder (more lines under the same header past
    /// [`GROUP_LINE_CAP`]), each name whole; a folder's only path as it is.
    fn render(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for (dir, names) in &self.groups {
            if dir.is_empty() {
                for n in names {
                    out.push_str(&text[n.clone()]);
                    out.push('\n');
                }
                continue;
            }
            out.push_str(dir);
            if let [only] = &names[..] {
                // One name: the path itself is shorter than a header.
                out.push_str(&text[only.clone()]);
                out.push('\n');
                continue;
            }
            out.push(':');
            let mut width = dir.len() + 1;
            for (i, n) in names.iter().enumerate() {
                if i > 0 && width + 1 + n.len() > GROUP_LINE_CAP {
                    // The folder's names go on under the same header.
                    out.push('\n');
                    out.push_str(dir);
                    out.push(':');
                    width = dir.len() + 1;
                }
                out.push(' ');
                out.push_str(&text[n.clone()]);
                width += 1 + n.len();
            }
            out.push('\n');
        }
        out
    }
}

impl Incremental for Groups {
    fn feed(&mut self, lines: &str, offset: usize) -> Result<(), Unparsed> {
        Groups::feed(self, lines, offset);
        Ok(())
    }
    fn finish(self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if self.whitespace {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted::stdout(self.render(out.stdout)))
    }
}

/// Groups every path of `text` by parent directory.
#[cfg(test)]
fn group_paths(text: &str) -> String {
    let mut g = Groups::default();
    g.feed(text, 0);
    g.render(text)
}

/// Whether a line holds whitespace (Unicode's, as `char::is_whitespace`): such names cannot
/// be told apart once joined with spaces. Bytes first; only text with non-ASCII is decoded.
fn has_whitespace_in_a_line(text: &str) -> bool {
    let bytes = text.as_bytes();
    // `lines` strips the `\r` of a `\r\n` line end (and only that one, not one at the very end).
    let stray_cr = memchr::memchr_iter(b'\r', bytes).any(|i| bytes.get(i + 1) != Some(&b'\n'));
    if memchr::memchr3(b' ', b'\t', 0x0b, bytes).is_some()
        || memchr::memchr(0x0c, bytes).is_some()
        || stray_cr
    {
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

    /// The grouping, written the plain way (`lines`, `rfind`, `split_off`), for comparison.
    fn grouped_plainly(text: &str) -> String {
        let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
        for line in text.lines() {
            let (dir, name) = match line.rfind('/') {
                Some(i) if i + 1 < line.len() => (&line[..=i], &line[i + 1..]),
                _ => ("", line),
            };
            match groups.iter_mut().find(|(d, _)| *d == dir) {
                Some((_, names)) => names.push(name),
                None => groups.push((dir, vec![name])),
            }
        }
        let mut out = String::new();
        for (dir, names) in groups {
            if dir.is_empty() {
                names.iter().for_each(|n| out.push_str(&format!("{n}\n")));
                continue;
            }
            if names.len() == 1 {
                out.push_str(&format!("{dir}{}\n", names[0]));
            } else {
                out.push_str(&format!("{dir}: {}\n", names.join(" ")));
            }
        }
        out
    }

    #[test]
    fn random_lists_group_as_the_plain_way_does() {
        // Names drawn from a small alphabet with dots, stars and colons in odd places, so that
        // shared and unshared extensions, hidden files and bare extensions all turn up.
        let parts = [
            "a", "b.rs", ".rs", "c.rs", ".git", "x.tar.gz", "y.gz", "*.rs", "d:", "e.rs:", "f.",
            "..", "g.RS", "h.rs.rs", "",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..2000 {
            let mut raw = String::new();
            for _ in 0..next(8) {
                let depth = next(3);
                let mut path = ["", "./", "/"][next(3)].to_string();
                for _ in 0..depth {
                    path.push_str(["src/", "a.rs/", "*/", "x:/"][next(4)]);
                }
                path.push_str(parts[next(parts.len())]);
                if path.is_empty() {
                    continue;
                }
                raw.push_str(&path);
                raw.push('\n');
            }
            let report = group_paths(&raw);
            assert_eq!(report, grouped_plainly(&raw), "{raw:?}");
        }
    }

    #[test]
    fn byte_search_groups_as_lines_and_rfind_do() {
        for t in [
            ".\n./a\n./a/x.rs\n./b/y.rs\n./a/z.rs\n",
            "a\r\nb/c\r\nb/d",
            "\n\nx\n\n./y/\n./y/z\n",
            "./é/ü.rs\n./é/a\n/\n//\nlast",
            "",
        ] {
            assert!(!has_whitespace_in_a_line(t), "{t:?}");
            assert_eq!(group_paths(t), grouped_plainly(t), "{t:?}");
        }
    }

    #[test]
    fn a_long_folder_line_goes_on_under_the_same_header() {
        let raw: String = (0..200).map(|i| format!("./corpus/{i:040}\n")).collect();
        let report = group_paths(&raw);
        let lines: Vec<&str> = report.lines().collect();
        assert!(lines.len() > 10, "{report}");
        let mut names = Vec::new();
        for l in lines {
            assert!(l.len() <= GROUP_LINE_CAP, "{l}");
            names.extend(l.strip_prefix("./corpus/: ").unwrap().split(' '));
        }
        let want: Vec<String> = (0..200).map(|i| format!("{i:040}")).collect();
        assert_eq!(names, want);
    }

    #[test]
    fn groups_keep_every_path() {
        let raw = ".\n./a\n./a/x.rs\n./b/y.rs\n./a/z.rs\n/abs\n";
        assert_eq!(
            group_paths(raw),
            ".\n./a\n./a/: x.rs z.rs\n./b/y.rs\n/abs\n"
        );
        // Names that share an extension keep it: each path can be copied as printed.
        let report = group_paths("./src/git.rs\n./src/ls.rs\n");
        assert_eq!(report, "./src/: git.rs ls.rs\n");
        assert!(report.contains("git.rs") && report.contains("ls.rs"));
    }
}
