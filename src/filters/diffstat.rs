//! git's `--stat` blocks (`git show --stat`, `git diff --stat`, `-p --stat`): one line per run
//! of files in the same folder (up to [`LINE_CAP`] bytes a line), `src/filters/: diff.rs 12
//! ++--, unified.rs 4 +`, instead of one padded line per file. Every name, count, bar,
//! `Bin a -> b bytes` and the summary line stay as git printed them; only the column padding and
//! the repeated folder go. A name with a space or a comma in it, or a rename (`a => b`), keeps
//! its own line as git printed it, and so does anything that is not a whole stat block ending
//! in git's `N files changed` line.

use super::GROUP_LINE_CAP as LINE_CAP;

/// One file's line of a stat block: `name` as git printed it (possibly `.../`-shortened by
/// git) and what follows the `|`, its padding dropped.
struct Entry<'a> {
    name: &'a str,
    change: String,
    line: &'a str,
}

/// ` name   |  12 ++--`, ` name | Bin 0 -> 24 bytes`, ` name | Unmerged`.
fn entry(line: &str) -> Option<Entry<'_>> {
    let body = line.strip_prefix(' ')?;
    let (name, change) = body.rsplit_once(" | ")?;
    let name = name.trim_end_matches(' ');
    let change = change.trim_start_matches(' ');
    let ok = match change.split_once(' ') {
        _ if change == "Unmerged" => true,
        None => is_count(change),
        Some(("Bin", rest)) => bin(rest),
        Some((n, bar)) => {
            is_count(n) && !bar.is_empty() && bar.bytes().all(|b| b == b'+' || b == b'-')
        }
    };
    (ok && !name.is_empty() && !name.starts_with(' ')).then(|| Entry {
        name,
        change: change.to_string(),
        line,
    })
}

fn is_count(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `0 -> 24 bytes`
fn bin(rest: &str) -> bool {
    let Some((a, b)) = rest.split_once(" -> ") else {
        return false;
    };
    is_count(a) && b.strip_suffix(" bytes").is_some_and(is_count)
}

/// ` 3 files changed, 10 insertions(+), 2 deletions(-)` (each part optional but the first).
fn is_summary(line: &str) -> bool {
    let mut parts = line.trim_start_matches(' ').split(", ");
    let first = parts.next().unwrap_or("");
    let counted = |p: &str, words: &[&str]| {
        p.split_once(' ')
            .is_some_and(|(n, w)| is_count(n) && words.contains(&w))
    };
    counted(first, &["file changed", "files changed"])
        && parts.all(|p| {
            counted(
                p,
                &[
                    "insertion(+)",
                    "insertions(+)",
                    "deletion(-)",
                    "deletions(-)",
                ],
            )
        })
}

/// A name that reads back whole from `folder/: name change, name change`.
fn groupable(name: &str) -> bool {
    !name.contains([' ', ',', '\t']) && !name.ends_with('/')
}

/// The stat block starting at `lines[i]` (lines with their `\n`), grouped: `Ok((text, next))`
/// where `next` is the line after its summary line. When no whole block starts there,
/// `Err(next)`: lines `i..next` (at least one) are to be kept as they are.
pub fn block(lines: &[&str], i: usize) -> Result<(String, usize), usize> {
    let mut entries = Vec::new();
    let mut j = i;
    while let Some(e) = lines.get(j).and_then(|l| entry(l.strip_suffix('\n')?)) {
        entries.push(e);
        j += 1;
    }
    let whole = |s: &&&str| s.ends_with('\n') && is_summary(s.trim_end_matches('\n'));
    let Some(summary) = lines.get(j).filter(whole).filter(|_| !entries.is_empty()) else {
        return Err(j.max(i + 1));
    };
    let mut out = String::new();
    let mut folder: Option<&str> = None;
    let mut line_len = 0;
    for e in &entries {
        if !groupable(e.name) {
            if folder.take().is_some() {
                out.push('\n');
            }
            out.push_str(e.line);
            out.push('\n');
            continue;
        }
        let (dir, base) = match e.name.rsplit_once('/') {
            Some((d, b)) => (&e.name[..d.len() + 1], b),
            None => ("", e.name),
        };
        let item = base.len() + 1 + e.change.len();
        if folder == Some(dir) && line_len + 2 + item <= LINE_CAP {
            out.push_str(", ");
            line_len += 2;
        } else {
            if folder.is_some() {
                out.push('\n');
            }
            line_len = 0;
            if !dir.is_empty() {
                out.push_str(dir);
                out.push_str(": ");
                line_len = dir.len() + 2;
            }
            folder = Some(dir);
        }
        out.push_str(base);
        out.push(' ');
        out.push_str(&e.change);
        line_len += item;
    }
    if folder.is_some() {
        out.push('\n');
    }
    out.push_str(summary);
    Ok((out, j + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(text: &str) -> Option<String> {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        match block(&lines, 0) {
            Ok((t, next)) => {
                assert_eq!(next, lines.len());
                Some(t)
            }
            Err(next) => {
                assert!(next >= 1 && next <= lines.len());
                None
            }
        }
    }

    #[test]
    fn files_of_one_folder_share_one_line() {
        let raw = " README.md               |  4 ++--\n src/filters/diff.rs     | 12 +++++++-----\n src/filters/unified.rs  |  1 +\n src/main.rs             |  0\n tests/a.bin             | Bin 0 -> 24 bytes\n 5 files changed, 10 insertions(+), 7 deletions(-)\n";
        assert_eq!(
            group(raw).unwrap(),
            "README.md 4 ++--\nsrc/filters/: diff.rs 12 +++++++-----, unified.rs 1 +\nsrc/: main.rs 0\ntests/: a.bin Bin 0 -> 24 bytes\n 5 files changed, 10 insertions(+), 7 deletions(-)\n"
        );
    }

    #[test]
    fn names_that_would_not_read_back_keep_their_line() {
        let raw = " a/b c.txt      | 1 +\n a/d.txt        | 2 ++\n {x => y}/e.rs  | 3 +++\n 3 files changed, 6 insertions(+)\n";
        assert_eq!(
            group(raw).unwrap(),
            " a/b c.txt      | 1 +\na/: d.txt 2 ++\n {x => y}/e.rs  | 3 +++\n 3 files changed, 6 insertions(+)\n"
        );
    }

    #[test]
    fn git_shortened_names_stay_as_git_printed_them() {
        let raw = " .../corpus/0021ce | Bin 0 -> 24 bytes\n .../corpus/00c76b | Bin 0 -> 8 bytes\n 2 files changed, 0 insertions(+), 0 deletions(-)\n";
        assert_eq!(
            group(raw).unwrap(),
            ".../corpus/: 0021ce Bin 0 -> 24 bytes, 00c76b Bin 0 -> 8 bytes\n 2 files changed, 0 insertions(+), 0 deletions(-)\n"
        );
    }

    #[test]
    fn a_long_folder_line_goes_on_under_the_same_header() {
        let mut raw = String::new();
        for i in 0..100 {
            raw.push_str(&format!(" fuzz/corpus/{i:040} | 1 +\n"));
        }
        raw.push_str(" 100 files changed, 100 insertions(+)\n");
        let out = group(&raw).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 10, "{out}");
        let mut names = 0;
        for l in &lines[..lines.len() - 1] {
            assert!(l.len() <= LINE_CAP, "{l}");
            let items = l.strip_prefix("fuzz/corpus/: ").unwrap();
            names += items.split(", ").count();
        }
        assert_eq!(names, 100);
    }

    #[test]
    fn anything_but_a_whole_block_is_not_a_block() {
        // No summary line; a summary alone; a line that is not git's; a dirstat line.
        assert_eq!(group(" a.rs | 1 +\n"), None);
        assert_eq!(group(" 1 file changed, 1 insertion(+)\n"), None);
        assert_eq!(
            group(" a.rs | 1 +x\n 1 file changed, 1 insertion(+)\n"),
            None
        );
        assert_eq!(group(" a.rs | one\n 1 file changed\n"), None);
        assert_eq!(group("  50.0% src/\n 1 file changed\n"), None);
        assert_eq!(group(" a.rs | 1 +\n 1 file changed, 1 insertion(+)"), None);
    }
}
