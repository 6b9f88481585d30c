//! The benchmark rows: each command (as an agent would type it) with the facts its rtk form must
//! keep, and the checks that compare the raw run with the rtk run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::corpus::{git, Corpus};

/// What one run printed.
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub code: i32,
}

impl Run {
    pub fn text(&self) -> String {
        let mut t = String::from_utf8_lossy(&self.stdout).into_owned();
        t.push_str(&String::from_utf8_lossy(&self.stderr));
        t
    }
}

/// A fact the rtk output must keep.
pub enum Fact {
    /// This text appears somewhere.
    Contains(String),
    /// stdout is byte-identical to the raw command's.
    Exact,
    /// Every added/removed line of the raw diff appears as a whole line (one fact per line).
    ChangedLines,
    /// Every line of the raw output appears as a whole line, compared with whitespace runs
    /// squeezed (column padding removed). One fact per line.
    AllLinesTrimmed,
    /// Every path of the raw output (one per line, as find prints them) can be copied from the
    /// rtk output as it is: a line that is the path, or its name as one word of a line headed by
    /// its folder (`./src/: git.rs ls.rs`). One fact per path.
    CopyablePaths,
    /// Every name of a listing without `-l` (one a line, as ls prints to a pipe; `dir:` headers
    /// aside) can be copied as it is: a whole line, or one space-separated word of a line. One
    /// fact per name.
    Names,
    /// Every line of a `--stat` block can be read back as it is: git's own line (padding and
    /// all), or a file's `name change` (`parser.rs 8 ++++----`) as one `, `-separated item of a
    /// line headed by its folder (`src/buffer/: parser.rs 8 ++++----, …`; a file at the top
    /// on a line with no header). One fact per line.
    StatEntries,
    /// The line naming commit `hash` also names each parent (merges are labelled, not hidden).
    MergeShown { hash: String, parents: Vec<String> },
}

pub struct Row {
    pub label: String,
    pub argv: Vec<String>,
    pub cwd: PathBuf,
    pub facts: Vec<Fact>,
}

fn row(label: &str, argv: &[&str], cwd: &Path, facts: Vec<Fact>) -> Row {
    Row {
        label: label.into(),
        argv: argv.iter().map(|s| s.to_string()).collect(),
        cwd: cwd.into(),
        facts,
    }
}

fn contains_all<I: IntoIterator<Item = String>>(items: I) -> Vec<Fact> {
    items
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(Fact::Contains)
        .collect()
}

fn on_path(prog: &str) -> bool {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|d| d.join(prog).is_file())
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Commits of `git log <args> --format=%H %P%x09%s` as (hash, parents, subject).
fn commits(c: &Corpus, args: &[&str]) -> Result<Vec<(String, Vec<String>, String)>> {
    let mut a = vec!["log"];
    a.extend_from_slice(args);
    a.push("--format=%H %P%x09%s");
    Ok(git(c, &c.repo, &a)?
        .lines()
        .map(|l| {
            let (ids, subject) = l.split_once('\t').unwrap_or((l, ""));
            let mut it = ids.split_whitespace().map(String::from);
            let hash = it.next().unwrap_or_default();
            (hash, it.collect(), subject.to_string())
        })
        .collect())
}

fn log_facts(list: &[(String, Vec<String>, String)], subjects: bool) -> Vec<Fact> {
    let mut f = Vec::new();
    for (h, parents, s) in list {
        f.push(Fact::Contains(h[..7].to_string()));
        if subjects {
            f.push(Fact::Contains(s.clone()));
        }
        if parents.len() > 1 {
            f.push(Fact::MergeShown {
                hash: h[..7].to_string(),
                parents: parents.iter().map(|p| p[..7].to_string()).collect(),
            });
        }
    }
    f
}

pub fn rows(c: &Corpus) -> Result<Vec<Row>> {
    let r = &c.repo;
    let mut rows = Vec::new();
    let porcelain = git(c, r, &["status", "--porcelain"])?;
    let status_paths = porcelain
        .lines()
        .flat_map(|l| l[3..].split(" -> ").map(String::from).collect::<Vec<_>>());
    rows.push(row(
        "git status",
        &["git", "status"],
        r,
        contains_all(status_paths),
    ));
    let mut f = contains_all(
        git(c, r, &["diff", "--name-only"])?
            .lines()
            .map(String::from),
    );
    f.push(Fact::ChangedLines);
    rows.push(row("git diff", &["git", "diff"], r, f));
    let mut f = contains_all(
        git(c, r, &["diff", "--cached", "--name-only"])?
            .lines()
            .map(String::from),
    );
    f.push(Fact::ChangedLines);
    rows.push(row("git diff --cached", &["git", "diff", "--cached"], r, f));
    rows.push(row(
        "git diff --stat",
        &["git", "diff", "--stat"],
        r,
        vec![Fact::StatEntries],
    ));
    let mut f = contains_all(
        git(c, r, &["diff", "--name-only", "HEAD~3", "--", "src"])?
            .lines()
            .map(String::from),
    );
    f.push(Fact::ChangedLines);
    rows.push(row(
        "git diff HEAD~3 -- src",
        &["git", "diff", "HEAD~3", "--", "src"],
        r,
        f,
    ));
    rows.push(row(
        "git log -n 30",
        &["git", "log", "-n", "30"],
        r,
        log_facts(&commits(c, &["-n", "30"])?, true),
    ));
    rows.push(row(
        "git log -n 200",
        &["git", "log", "-n", "200"],
        r,
        log_facts(&commits(c, &["-n", "200"])?, false),
    ));
    let mut f = log_facts(&commits(c, &["-n", "5"])?, true);
    f.push(Fact::StatEntries);
    rows.push(row(
        "git log --stat -5",
        &["git", "log", "--stat", "-5"],
        r,
        f,
    ));
    rows.push(row(
        "git log --oneline -n 50",
        &["git", "log", "--oneline", "-n", "50"],
        r,
        log_facts(&commits(c, &["-n", "50"])?, true),
    ));
    let show = commits(c, &["-n", "1", "HEAD~2"])?;
    let hash = show[0].0.clone();
    let mut f = log_facts(&show, true);
    f.extend(contains_all(
        git(c, r, &["show", "--name-only", "--format=", &hash])?
            .lines()
            .map(String::from),
    ));
    f.push(Fact::ChangedLines);
    rows.push(row("git show <commit>", &["git", "show", &hash], r, f));
    let branches = git(
        c,
        r,
        &["for-each-ref", "--format=%(refname:short)", "refs/heads"],
    )?;
    rows.push(row(
        "git branch",
        &["git", "branch"],
        r,
        contains_all(branches.lines().map(String::from)),
    ));

    rows.push(row("ls -la", &["ls", "-la"], r, contains_all(names_in(r))));
    rows.push(row("ls", &["ls"], r, vec![Fact::Names]));
    let module = r
        .join("src")
        .read_dir()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .min()
        .unwrap();
    let module_rel = module.strip_prefix(r)?.display().to_string();
    rows.push(row(
        "ls -la src/<module>",
        &["ls", "-la", &module_rel],
        r,
        contains_all(names_in(&module)),
    ));
    rows.push(row(
        "ls -R src/<module>",
        &["ls", "-R", &module_rel],
        r,
        vec![Fact::Names],
    ));
    if on_path("tree") {
        let mut names = names_in(&r.join("src"));
        names.extend(names_in(&module));
        rows.push(row("tree src", &["tree", "src"], r, contains_all(names)));
    }
    rows.push(row(
        "find . -name *.rs",
        &["find", ".", "-name", "*.rs"],
        r,
        vec![Fact::CopyablePaths],
    ));
    rows.push(row(
        "find src -type d",
        &["find", "src", "-type", "d"],
        r,
        vec![Fact::CopyablePaths],
    ));

    let grep_files = |pattern: &str| -> Result<Vec<Fact>> {
        let out = std::process::Command::new("grep")
            .args(["-rc", pattern, "src"])
            .current_dir(r)
            .env_clear()
            .env("LC_ALL", "C")
            .output()?;
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.rsplit_once(':'))
            .filter(|(_, n)| *n != "0")
            .map(|(p, n)| {
                Fact::Contains(if n == "1" {
                    format!("{p}:")
                } else {
                    format!("{p} ({n})")
                })
            })
            .collect())
    };
    rows.push(row(
        "grep -rn 'fn ' src",
        &["grep", "-rn", "fn ", "src"],
        r,
        grep_files("fn ")?,
    ));
    rows.push(row(
        "grep -rn TODO src",
        &["grep", "-rn", "TODO", "src"],
        r,
        grep_files("TODO")?,
    ));
    if on_path("rg") {
        let facts = grep_files("saturating_add")?
            .into_iter()
            .map(|f| match f {
                Fact::Contains(s) => Fact::Contains(s.split(" (").next().unwrap_or("").to_string()),
                other => other,
            })
            .collect();
        rows.push(row(
            "rg -n saturating_add",
            &["rg", "-n", "saturating_add"],
            r,
            facts,
        ));
    }
    if on_path("rg") {
        rows.push(row(
            "rg --files src",
            &["rg", "--files", "src"],
            r,
            vec![Fact::CopyablePaths],
        ));
    }
    // With context lines every file is grouped under `path (N)`, a single match too.
    let headed = grep_files("TODO")?
        .into_iter()
        .map(|f| match f {
            Fact::Contains(h) => Fact::Contains(match h.strip_suffix(':') {
                Some(p) => format!("{p} (1)"),
                None => h,
            }),
            other => other,
        })
        .collect();
    rows.push(row(
        "grep -rn -C2 TODO src",
        &["grep", "-rn", "-C2", "TODO", "src"],
        r,
        headed,
    ));
    rows.push(row(
        "grep -rn (no match)",
        &["grep", "-rn", "NO_SUCH_SYMBOL_ANYWHERE", "src"],
        r,
        vec![],
    ));

    let file = module.join(names_in(&module)[0].clone());
    let file_rel = file.strip_prefix(r)?.display().to_string();
    rows.push(row("cat <file>", &["cat", &file_rel], r, vec![Fact::Exact]));
    rows.push(row(
        "head -n 40 <file>",
        &["head", "-n", "40", &file_rel],
        r,
        vec![Fact::Exact],
    ));
    rows.push(row(
        "sed -n '10,60p' <file>",
        &["sed", "-n", "10,60p", &file_rel],
        r,
        vec![Fact::Exact],
    ));
    rows.push(row(
        "tail -n 25 <file>",
        &["tail", "-n", "25", &file_rel],
        r,
        vec![Fact::Exact],
    ));
    let files: Vec<String> = names_in(&module)
        .iter()
        .take(6)
        .map(|n| format!("{module_rel}/{n}"))
        .collect();
    let mut argv = vec!["wc", "-l"];
    argv.extend(files.iter().map(String::as_str));
    rows.push(row(
        "wc -l <6 files>",
        &argv,
        r,
        vec![Fact::AllLinesTrimmed],
    ));
    rows.push(row(
        "diff -u old new",
        &["diff", "-u", "old.txt", "new.txt"],
        &c.root,
        vec![Fact::ChangedLines],
    ));
    Ok(rows)
}

/// Whether `path` can be copied from `out` as it is: a whole line, or its name as one
/// space-separated word of a line headed by its folder (`dir/: a b`). Never reconstructed
/// from pieces (`dir/*.rs: a b` keeps no `a.rs`).
fn path_copyable(out: &str, path: &str) -> bool {
    let (dir, name) = match path.rfind('/') {
        Some(i) if i + 1 < path.len() => path.split_at(i + 1),
        _ => ("", path),
    };
    out.lines().any(|l| {
        l == path
            || (!dir.is_empty()
                && l.strip_prefix(dir)
                    .and_then(|rest| rest.strip_prefix(": "))
                    .is_some_and(|names| names.split(' ').any(|n| n == name)))
    })
}

/// (passed, total) fact checks, counting the exit code as one fact.
pub fn check(row: &Row, raw: &Run, rtk: &Run) -> (usize, usize, Vec<String>) {
    let out = rtk.text();
    let lines: BTreeSet<&str> = out.lines().collect();
    let raw_text = raw.text();
    let mut pass = 0;
    let mut total = 0;
    let mut failures = Vec::new();
    let mut verdict = |ok: bool, what: String| {
        total += 1;
        if ok {
            pass += 1;
        } else {
            failures.push(what);
        }
    };
    verdict(
        raw.code == rtk.code,
        format!("exit code {} vs {}", raw.code, rtk.code),
    );
    for fact in &row.facts {
        match fact {
            Fact::Contains(s) => verdict(out.contains(s.as_str()), format!("missing {s:?}")),
            Fact::Exact => verdict(raw.stdout == rtk.stdout, "stdout not byte-identical".into()),
            Fact::ChangedLines => {
                for l in raw_text.lines() {
                    let change = (l.starts_with('+') && !l.starts_with("+++ "))
                        || (l.starts_with('-') && !l.starts_with("--- "));
                    if change {
                        verdict(lines.contains(l), format!("lost diff line {l:?}"));
                    }
                }
            }
            Fact::AllLinesTrimmed => {
                for l in raw_text.lines() {
                    let squeezed = l.split_whitespace().collect::<Vec<_>>().join(" ");
                    verdict(
                        lines.contains(squeezed.as_str()),
                        format!("lost line {l:?}"),
                    );
                }
            }
            Fact::CopyablePaths => {
                for p in String::from_utf8_lossy(&raw.stdout).lines() {
                    verdict(path_copyable(&out, p), format!("path {p:?} not copyable"));
                }
            }
            Fact::Names => {
                let words: BTreeSet<&str> = out.lines().flat_map(|l| l.split(' ')).collect();
                for n in String::from_utf8_lossy(&raw.stdout).lines() {
                    if !n.is_empty() && !n.ends_with(':') {
                        verdict(
                            lines.contains(n) || words.contains(n),
                            format!("name {n:?} not copyable"),
                        );
                    }
                }
            }
            Fact::StatEntries => {
                // Every line of a stat block (`name | N ++-`, `N files changed, …`); other
                // lines (`git log --stat`'s commit headers) are other facts' business.
                let stat_line =
                    |l: &&str| l.starts_with(' ') && (l.contains(" | ") || l.contains(" changed"));
                for l in raw_text.lines().filter(stat_line) {
                    verdict(
                        lines.contains(l) || stat_entry_copyable(&out, l),
                        format!("lost stat line {l:?}"),
                    );
                }
            }
            Fact::MergeShown { hash, parents } => {
                let line = out
                    .lines()
                    .find(|l| l.contains(hash.as_str()))
                    .unwrap_or("");
                verdict(
                    parents.iter().all(|p| line.contains(p.as_str())),
                    format!("merge {hash} not labelled"),
                );
            }
        }
    }
    (pass, total, failures)
}

/// Whether `out` holds the stat line ` name   |  8 ++++----` as `base 8 ++++----`, one
/// `, `-separated item of a line headed `dir/: ` (no header for a file at the top).
fn stat_entry_copyable(out: &str, line: &str) -> bool {
    let Some((name, change)) = line.strip_prefix(' ').and_then(|b| b.rsplit_once(" | ")) else {
        return false;
    };
    let (name, change) = (name.trim_end(), change.trim_start());
    let (header, base) = match name.rsplit_once('/') {
        Some((dir, base)) => (format!("{dir}/: "), base),
        None => (String::new(), name),
    };
    let item = format!("{base} {change}");
    out.lines().any(|l| {
        let items = if header.is_empty() {
            (!l.contains("/: ")).then_some(l)
        } else {
            l.strip_prefix(header.as_str())
        };
        items.is_some_and(|items| items.split(", ").any(|i| i == item))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_lines_must_read_back_whole() {
        let row = row("stat", &["git"], Path::new("."), vec![Fact::StatEntries]);
        let raw = run(
            " README.md           |  4 ++--\n src/a/parser.rs    | 10 +++++-----\n src/a/token.rs     |  1 +\n 3 files changed, 8 insertions(+), 7 deletions(-)\n",
        );
        assert_eq!(check(&row, &raw, &raw).0, 5);
        let grouped = run(
            "README.md 4 ++--\nsrc/a/: parser.rs 10 +++++-----, token.rs 1 +\n 3 files changed, 8 insertions(+), 7 deletions(-)\n",
        );
        assert_eq!(check(&row, &raw, &grouped).0, 5);
        // A count changed, a name under another folder, the summary lost.
        let wrong = run("README.md 4 ++--\nsrc/: parser.rs 10 +++++-----\nsrc/a/: token.rs 2 +\n");
        assert_eq!(
            check(&row, &raw, &wrong).2,
            vec![
                "lost stat line \" src/a/parser.rs    | 10 +++++-----\"",
                "lost stat line \" src/a/token.rs     |  1 +\"",
                "lost stat line \" 3 files changed, 8 insertions(+), 7 deletions(-)\"",
            ]
        );
    }

    fn run(stdout: &str) -> Run {
        Run {
            stdout: stdout.as_bytes().to_vec(),
            stderr: Vec::new(),
            code: 0,
        }
    }

    #[test]
    fn find_paths_must_be_copyable_as_printed() {
        let row = row("find", &["find"], Path::new("."), vec![Fact::CopyablePaths]);
        let raw = run("./src/git.rs\n./src/ls.rs\n./README.md\n./build\n");
        // rtk before issue 32: the shared extension written once, cut off every name.
        let old = run("./src/*.rs: git ls\n./: README.md build\n");
        let (pass, total, failures) = check(&row, &raw, &old);
        assert_eq!((pass, total), (3, 5), "{failures:?}");
        assert_eq!(
            failures,
            vec![
                "path \"./src/git.rs\" not copyable",
                "path \"./src/ls.rs\" not copyable"
            ]
        );
        let grouped = run("./src/: git.rs ls.rs\n./: README.md build\n");
        assert_eq!(check(&row, &raw, &grouped).0, 5);
        assert_eq!(check(&row, &raw, &raw).0, 5);
        // A name must be a whole word under its own folder.
        let wrong = run("./: git.rs ls.rs README.md build\n./src/: git.rsx ls.rs\n");
        assert_eq!(
            check(&row, &raw, &wrong).2,
            vec!["path \"./src/git.rs\" not copyable"]
        );
    }

    #[test]
    fn listing_names_must_be_whole_words() {
        let row = row("ls", &["ls"], Path::new("."), vec![Fact::Names]);
        let raw = run("a file.txt\nlib.rs\n\nsrc:\nmain.rs\n");
        assert_eq!(check(&row, &raw, &raw).0, 4);
        let joined = run("lib.rs\na file.txt\n\nsrc:\nmain.rs\n");
        assert_eq!(check(&row, &raw, &joined).0, 4);
        // A name cut, and a name with a space joined to others (no longer one word).
        let cut = run("a file.txt lib\n\nsrc:\nmain.rs\n");
        assert_eq!(
            check(&row, &raw, &cut).2,
            vec![
                "name \"a file.txt\" not copyable",
                "name \"lib.rs\" not copyable"
            ]
        );
    }
}
