//! What a line needs, beyond a host's allow rules or read-only table, before rtk asserts an
//! allow for it (docs/allow.md): the plain grammar of `shell::plain`, and the checks hosts
//! apply on top of their rules, modelled only where they make rtk stricter — the working
//! directory (no absolute path, no `..` step, no `cd` to `$HOME`/`$OLDPWD`, no link that leads
//! out of it), applied for every host. A line that fails gets no allow: the caller steps aside
//! and the host judges the original itself.

use std::path::{Path, PathBuf};

use crate::shell::{Context, Parsed, SimpleCommand};

/// Why no allow may be asserted for `parsed`, read from the line alone (None: an allow may be
/// earned as far as the text goes; see also [`link_blocker`]).
pub fn blocker(parsed: &Parsed) -> Option<String> {
    if let Some(why) = &parsed.not_plain {
        return Some(why.clone());
    }
    top(parsed).find_map(command_paths)
}

fn top(parsed: &Parsed) -> impl Iterator<Item = &SimpleCommand> {
    parsed
        .commands
        .iter()
        .filter(|c| c.context == Context::TopLevel)
}

/// Why no allow may be asserted for `parsed` run in `dir`: a word names a path whose existing
/// part resolves, through a symbolic link, outside `dir` (or outside a folder a `cd` in the line
/// moves to). Consults the file system (no process); a `dir` that cannot be resolved blocks.
pub fn link_blocker(parsed: &Parsed, dir: &Path) -> Option<String> {
    let Ok(root) = std::fs::canonicalize(dir) else {
        return Some("the working directory cannot be resolved".into());
    };
    let mut dirs = vec![root.clone()];
    for c in top(parsed) {
        for value in path_values(c) {
            for d in &dirs {
                if !stays_inside(&root, &d.join(value)) {
                    return Some(format!("`{value}` leads out of the working directory"));
                }
            }
        }
        if let [cd, target] = c.words.as_slice() {
            if cd.value == "cd" {
                // Whether or not an earlier `cd` succeeded.
                let last = dirs[dirs.len() - 1].join(&target.value);
                dirs.push(root.join(&target.value));
                dirs.push(last);
            }
        }
    }
    None
}

/// The path-like texts of one command's words: each word, and for `--flag=value` or
/// `name=value` words the value too.
fn path_values(c: &SimpleCommand) -> impl Iterator<Item = &str> {
    c.words.iter().skip(1).flat_map(|w| {
        let v = w.value.as_str();
        let after = v.split_once('=').map(|(_, rest)| rest);
        std::iter::once(v)
            .filter(|v| !v.starts_with('-'))
            .chain(after)
    })
}

/// Where one command's words leave the working directory as written (no file system).
fn command_paths(c: &SimpleCommand) -> Option<String> {
    let name = c.words.first().map(|w| w.value.as_str()).unwrap_or("");
    if matches!(name, "cd" | "pushd" | "popd") {
        match c.words.get(1).map(|w| w.value.as_str()) {
            None => return Some(format!("`{name}` without a folder goes to $HOME")),
            Some("-") => return Some(format!("`{name} -` goes to $OLDPWD")),
            Some(_) if name != "cd" || c.words.len() != 2 => {
                return Some(format!("`{name}` in this form"));
            }
            Some(a) if a.starts_with('-') => return Some(format!("`{name} {a}`")),
            Some(_) => {}
        }
    }
    if let Some(why) = find_glob(c) {
        return Some(why);
    }
    c.words.iter().find_map(|w| leaves(&w.value))
}

/// `find` predicates whose value is a pattern (glob characters there are find's own).
const FIND_PATTERNS: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-lname",
    "-ilname",
    "-regex",
    "-iregex",
];

/// Claude Code 2.1.332 refuses glob characters in a `find` argument even when quoted
/// (`find "*" -maxdepth 2`), except as the value of a pattern predicate (`-name '*.py'`).
fn find_glob(c: &SimpleCommand) -> Option<String> {
    if c.words.first().map(|w| w.value.as_str()) != Some("find") {
        return None;
    }
    c.words.windows(2).find_map(|pair| {
        let (before, w) = (&pair[0], &pair[1]);
        (w.value.contains(['*', '?', '[']) && !FIND_PATTERNS.contains(&before.value.as_str()))
            .then(|| format!("the glob `{}` in a `find` argument", w.value))
    })
}

/// Why one word names a place outside the working directory, read as text: an absolute
/// path, a `..` step, a path glued to a short flag, or such a value after `=` or `:`; and a
/// `~` path even when quoted (Claude Code 2.1.332 reads `find '~'` as the home folder).
fn leaves(value: &str) -> Option<String> {
    if value.starts_with('-') && !value.contains('=') && value.contains('/') {
        return Some(format!("the flag `{value}` holds a path"));
    }
    for part in value.split(['=', ':']) {
        if part.starts_with('/') {
            return Some(format!("the absolute path in `{value}`"));
        }
        if part.starts_with('~') {
            return Some(format!("the home path in `{value}`"));
        }
        if part.split('/').any(|step| step == "..") {
            return Some(format!("`..` in `{value}`"));
        }
    }
    None
}

/// `path` (absolute) resolves, through any symbolic link, inside `root` (canonical). A path
/// that does not exist is judged by the longest part of it that does.
fn stays_inside(root: &Path, path: &Path) -> bool {
    let mut p: PathBuf = path.to_path_buf();
    loop {
        match std::fs::canonicalize(&p) {
            Ok(real) => return real.starts_with(root),
            Err(_) => {
                if !p.pop() {
                    return false;
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "allow_tests.rs"]
mod tests;
