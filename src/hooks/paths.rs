//! Claude-format file rules (`Read(…)`, `Edit(…)`, `Write(…)` deny and ask entries) applied to
//! the files a shell command names (docs/allow.md, "File rules"). Claude Code refuses or asks
//! for a Bash command that reads a path a `Read` rule covers (and writes one an `Edit`/`Write`
//! rule covers); rtk cannot rewrite such a line without changing that, so any line one of these
//! rules *could* cover is stepped aside from: no rewrite, no allow, the host judges the original.
//!
//! Pattern forms (gitignore-like, Claude's documented forms): `//abs` (from `/`), `~/x` (from the
//! home folder), `/x` (from the project root, or the settings file's project), `./x` and `x`
//! (from the project root or the shell's current directory: both are tried); a pattern with
//! no `/` (but a trailing one, after a leading `./`) matches at any depth; `*`, `?`, `[…]` within one name, `**` across names; a pattern
//! that matches a folder covers everything under it. Every uncertainty counts as a match.
//!
//! The words of a command: every argument that is not an option (and the value of
//! `--opt=value`, the rest of a glued `-fvalue`, each `:`-separated part, the value of a
//! `NAME=value` in front), resolved from every
//! folder the line may run in and from the project root. A folder named (or an unquoted glob's
//! folder, or `.` for a program that reads its working directory recursively when given no
//! path: `rg`, `grep -r`, `find`, `ls -R`, `git grep`, …) counts when any path under it could
//! match. A shell folder that a rule itself covers steps aside for every line. Lines without
//! such words (`ls`, `git status`, `git log`) are unaffected.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::shell::{Parsed, SimpleCommand};

/// The tools whose rules name files Claude applies to Bash commands.
pub const FILE_TOOLS: &[&str] = &["Read", "Edit", "Write", "MultiEdit", "NotebookEdit"];

/// Most paths one line may name under file rules before rtk stops checking and steps aside
/// (each costs a few file-system lookups; the hook's time stays bounded).
const MAX_PATHS: usize = 4096;

/// Paths checked before the clock is consulted: a line naming fewer is judged the same way
/// whatever the machine's load.
const FREE_PATHS: usize = 256;

/// Time past which a line naming more than [`FREE_PATHS`] paths stops being checked (the hook
/// steps aside: only savings are lost).
const MAX_CHECK_TIME: Duration = Duration::from_millis(10);

/// One deny or ask entry of a file tool, as written, with the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRule {
    /// The entry exactly as written (`Read(./.env)`).
    pub text: String,
    pub source: PathBuf,
    /// The pattern inside the parentheses (`**` for a bare tool name).
    pub spec: String,
}

/// Reads the file-tool entries of `permissions.deny` and `permissions.ask` (allow entries of
/// these tools never grant a shell command anything).
pub fn read_file_rules(permissions: &Value, source: &Path, out: &mut Vec<FileRule>) {
    for key in ["deny", "ask"] {
        let Some(items) = permissions.get(key).and_then(Value::as_array) else {
            continue;
        };
        out.extend(
            items
                .iter()
                .filter_map(Value::as_str)
                .filter_map(|text| file_rule(text, source)),
        );
    }
}

/// `Read(spec)` → its rule; `Read` alone → every file; other entries → None.
pub fn file_rule(text: &str, source: &Path) -> Option<FileRule> {
    let text_trim = text.trim();
    for tool in FILE_TOOLS {
        let Some(rest) = text_trim.strip_prefix(tool) else {
            continue;
        };
        let spec = if rest.is_empty() {
            "**".to_string()
        } else {
            let inner = rest.strip_prefix('(')?;
            // An unterminated entry: the whole rest, which can only widen what counts.
            inner.strip_suffix(')').unwrap_or(inner).trim().to_string()
        };
        let spec = if spec.is_empty() { "**".into() } else { spec };
        return Some(FileRule {
            text: text.to_string(),
            source: source.to_path_buf(),
            spec,
        });
    }
    None
}

/// Where a line is judged: the shell's current directory, the project root and the home folder.
#[derive(Debug, Clone)]
pub struct Where<'a> {
    pub cwd: &'a Path,
    pub project: &'a Path,
    pub home: Option<&'a Path>,
}

/// Why `parsed` must be stepped aside from under `rules` (None: no rule could cover any file
/// it names).
pub fn blocker(parsed: &Parsed, rules: &[FileRule], at: &Where) -> Option<String> {
    if rules.is_empty() {
        return None;
    }
    let compiled: Vec<(&FileRule, Vec<Compiled>)> =
        rules.iter().map(|r| (r, compile(r, at))).collect();
    // The shell's folder itself covered (a `cd` into it in an earlier call): every line there.
    let here = normalize(at.cwd);
    if let Some((rule, _)) = compiled
        .iter()
        .find(|(_, patterns)| patterns.iter().any(|p| p.covers(&here, false)))
    {
        return Some(format!(
            "the shell's folder may be covered by {}",
            rule.text
        ));
    }
    let mut dirs = vec![at.cwd.to_path_buf()];
    let mut seen: HashSet<(PathBuf, bool)> = HashSet::new();
    // The same word from the same folders names the same paths.
    let mut words: HashSet<(String, bool, usize)> = HashSet::new();
    let started = Instant::now();
    for c in &parsed.commands {
        if c.has_redirect {
            return Some("a redirect, under file rules".into());
        }
        for (word, as_dir) in operands(c, &dirs) {
            if !words.insert((word.clone(), as_dir, dirs.len())) {
                continue;
            }
            for path in resolve(&word, &dirs, at) {
                if !seen.insert((path.clone(), as_dir)) {
                    continue;
                }
                if seen.len() > MAX_PATHS {
                    return Some(format!(
                        "more than {MAX_PATHS} paths to check, under file rules"
                    ));
                }
                if seen.len() > FREE_PATHS
                    && seen.len().is_multiple_of(64)
                    && started.elapsed() > MAX_CHECK_TIME
                {
                    return Some("too long to check every path, under file rules".into());
                }
                let as_dir = as_dir || path.is_dir();
                for (rule, patterns) in &compiled {
                    if patterns.iter().any(|p| p.covers(&path, as_dir)) {
                        return Some(format!("`{word}` may be covered by {}", rule.text));
                    }
                }
            }
        }
        if let [cd, target] = c.words.as_slice() {
            if cd.value == "cd" {
                let last = dirs[dirs.len() - 1].join(&target.value);
                dirs.push(at.cwd.join(&target.value));
                dirs.push(last);
            }
        }
    }
    None
}

/// The words of one command that may name files, each with whether it is read as a folder
/// (any path under it counts) — see the module header.
fn operands(c: &SimpleCommand, dirs: &[PathBuf]) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let name = c.words.first().map(|w| w.value.as_str()).unwrap_or("");
    let name = name.rsplit('/').next().unwrap_or(name);
    let recursive = reads_recursively(name, c);
    // Whether an argument names something that exists (a recursive reader then reads that).
    let mut named_path = false;
    // Arguments, and the values of `NAME=value` words in front.
    for w in c.words.iter().skip(1).chain(&c.assignments) {
        let v = w.value.as_str();
        let texts: Vec<&str> = if let Some(long) = v.strip_prefix("--") {
            long.split_once('=')
                .map(|(_, val)| val)
                .into_iter()
                .collect()
        } else if let Some(short) = v.strip_prefix('-') {
            short
                .get(1..)
                .filter(|r| !r.is_empty())
                .into_iter()
                .collect()
        } else {
            vec![v]
        };
        for t in texts {
            let mut parts = vec![t];
            parts.extend(t.split([':', '=']).filter(|p| !p.is_empty() && *p != t));
            for p in parts {
                if p.contains(['*', '?', '[']) {
                    // Which files a glob names is unknown: its folder, read whole.
                    out.push((glob_folder(p), true));
                    named_path = true;
                } else {
                    named_path |= recursive
                        && !named_path
                        && !v.starts_with('-')
                        && dirs.iter().any(|d| d.join(p).exists());
                    out.push((p.to_string(), false));
                }
            }
        }
    }
    let find_without_path = name == "find"
        && c.words
            .get(1)
            .is_none_or(|w| w.value.starts_with(['-', '(', '!']));
    if find_without_path || (recursive && !named_path) {
        out.push((".".into(), true));
    }
    out
}

/// The folder part of a glob before its first name with a glob character (`src/*.rs` → `src`).
fn glob_folder(glob: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for part in glob.split('/') {
        if part.contains(['*', '?', '[']) {
            break;
        }
        kept.push(part);
    }
    match kept.join("/") {
        s if s.is_empty() && glob.starts_with('/') => "/".into(),
        s if s.is_empty() => ".".into(),
        s => s,
    }
}

/// Programs that, given no path, read their working directory's files recursively.
fn reads_recursively(name: &str, c: &SimpleCommand) -> bool {
    let flags = || {
        c.words
            .iter()
            .skip(1)
            .map(|w| w.value.as_str())
            .filter(|v| v.starts_with('-'))
    };
    let short_has = |ch: char| flags().any(|f| !f.starts_with("--") && f.contains(ch));
    match name {
        "rg" | "ag" | "ack" | "find" | "tree" | "du" | "fd" | "fdfind" => true,
        "grep" | "egrep" | "fgrep" => {
            short_has('r')
                || short_has('R')
                || flags().any(|f| {
                    f.starts_with("--recursive")
                        || f.starts_with("--dereference-recursive")
                        || f.starts_with("--directories")
                        || f == "-d"
                })
        }
        "ls" => short_has('R') || flags().any(|f| f == "--recursive"),
        "git" => c.words.iter().skip(1).any(|w| w.value == "grep"),
        _ => false,
    }
}

/// The absolute paths `word` may name: from each folder the line may be in and from the project.
fn resolve(word: &str, dirs: &[PathBuf], at: &Where) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(rest) = word.strip_prefix('~') {
        if let Some(home) = at.home {
            out.push(home.join(rest.trim_start_matches('/')));
        }
        // `~user` or no home: the word itself, from every folder, too.
    }
    let p = Path::new(word);
    if p.is_absolute() {
        out.push(p.to_path_buf());
    } else {
        out.extend(dirs.iter().map(|d| d.join(p)));
        out.push(at.project.join(p));
    }
    let mut all: Vec<PathBuf> = Vec::new();
    for p in out {
        let lexical = normalize(&p);
        if all.contains(&lexical) {
            continue;
        }
        if let Some(real) = real_path(&lexical).filter(|r| *r != lexical) {
            all.push(real);
        }
        all.push(lexical);
    }
    all
}

/// `path` with `.` and `..` steps resolved as text.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The longest existing part of `path` resolved through links, with the rest appended.
fn real_path(path: &Path) -> Option<PathBuf> {
    let mut head = path.to_path_buf();
    let mut tail = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(&head) {
            let mut r = real;
            for t in tail.iter().rev() {
                r.push(t);
            }
            return Some(r);
        }
        tail.push(head.file_name()?.to_os_string());
        if !head.pop() {
            return None;
        }
    }
}

/// One reading of a rule's pattern: the folder it starts from and its names.
#[derive(Debug)]
struct Compiled {
    base: PathBuf,
    names: Vec<String>,
}

/// Every reading of `rule` at `at` (see the module header), with links resolved as well.
fn compile(rule: &FileRule, at: &Where) -> Vec<Compiled> {
    let spec = rule.spec.as_str();
    let settings_project = rule
        .source
        .parent()
        .filter(|d| d.file_name().is_some_and(|n| n == ".claude"))
        .and_then(Path::parent);
    // `floats`: a relative pattern with no `/` once a leading `./` is gone matches at any depth
    // (gitignore): Claude Code 2.1.332 refuses `cat sub/.env` under `Read(./.env)`.
    let (bases, rest, floats): (Vec<PathBuf>, &str, bool) =
        if let Some(abs) = spec.strip_prefix("//") {
            (vec![PathBuf::from("/")], abs, false)
        } else if let Some(home) = spec.strip_prefix("~/") {
            (
                at.home.map(Path::to_path_buf).into_iter().collect(),
                home,
                false,
            )
        } else if let Some(rel) = spec.strip_prefix('/') {
            // Claude's docs: relative to the project (older releases: to the settings file);
            // an absolute path as written, too.
            let mut b = vec![at.project.to_path_buf(), PathBuf::from("/")];
            b.extend(settings_project.map(Path::to_path_buf));
            (b, rel, false)
        } else {
            let rel = spec.strip_prefix("./").unwrap_or(spec);
            let mut b = vec![at.project.to_path_buf(), at.cwd.to_path_buf()];
            b.extend(settings_project.map(Path::to_path_buf));
            (b, rel, !rel.trim_end_matches('/').contains('/'))
        };
    let rest = rest.trim_end_matches('/');
    let mut names: Vec<String> = rest
        .split('/')
        .filter(|n| !n.is_empty() && *n != ".")
        .map(str::to_string)
        .collect();
    if names.is_empty() {
        names.push("**".into());
    }
    if floats && names[0] != "**" {
        names.insert(0, "**".into());
    }
    let mut out: Vec<Compiled> = Vec::new();
    for base in bases {
        let lexical = normalize(&base);
        if out.iter().any(|c| c.base == lexical) {
            continue;
        }
        if let Some(real) = real_path(&lexical).filter(|r| *r != lexical) {
            out.push(Compiled {
                base: real,
                names: names.clone(),
            });
        }
        out.push(Compiled {
            base: lexical,
            names: names.clone(),
        });
    }
    out
}

impl Compiled {
    /// Whether `path` (absolute, normalized) is covered: it or a folder above it matches, or,
    /// read as a folder (named as one, or an existing folder), some path under it could match
    /// (or it holds the pattern's base).
    fn covers(&self, path: &Path, as_folder: bool) -> bool {
        let Ok(rel) = path.strip_prefix(&self.base) else {
            return as_folder && self.base.starts_with(path);
        };
        let segs: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
        if (1..=segs.len()).any(|k| match_names(&names, &segs[..k])) {
            return true;
        }
        as_folder && prefix_could_match(&names, &segs)
    }
}

/// Whether the pattern names match the path names exactly (`**` spans any number of names).
fn match_names(pat: &[&str], segs: &[&str]) -> bool {
    match pat.split_first() {
        None => segs.is_empty(),
        Some((&"**", rest)) => (0..=segs.len()).any(|k| match_names(rest, &segs[k..])),
        Some((p, rest)) => match segs.split_first() {
            Some((s, srest)) => match_name(p, s) && match_names(rest, srest),
            None => false,
        },
    }
}

/// Whether some path under the folder `segs` could match the pattern.
fn prefix_could_match(pat: &[&str], segs: &[&str]) -> bool {
    match (pat.split_first(), segs.split_first()) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some((&"**", _)), _) => true,
        (Some((p, rest)), Some((s, srest))) => match_name(p, s) && prefix_could_match(rest, srest),
    }
}

/// One name against one pattern name: `*` any run, `?` one character, `[…]` one character
/// (any: wider than the class), `\x` the character x.
fn match_name(pat: &str, name: &str) -> bool {
    let p: Vec<char> = pat.chars().collect();
    let n: Vec<char> = name.chars().collect();
    glob(&p, &n)
}

fn glob(p: &[char], n: &[char]) -> bool {
    match p.split_first() {
        None => n.is_empty(),
        Some(('*', rest)) => (0..=n.len()).any(|k| glob(rest, &n[k..])),
        Some(('?', rest)) => !n.is_empty() && glob(rest, &n[1..]),
        Some(('[', rest)) => match rest.iter().position(|&c| c == ']') {
            Some(end) if !n.is_empty() => glob(&rest[end + 1..], &n[1..]),
            Some(_) => false,
            None => n.first() == Some(&'[') && glob(rest, &n[1..]),
        },
        Some(('\\', rest)) if !rest.is_empty() => {
            n.first() == Some(&rest[0]) && glob(&rest[1..], &n[1..])
        }
        Some((c, rest)) => n.first() == Some(c) && glob(rest, &n[1..]),
    }
}

#[cfg(test)]
#[path = "paths_tests.rs"]
mod tests;
