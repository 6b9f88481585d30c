//! Project-root discovery by walking up from the working directory (never by spawning `git`).
//!
//! `find_root`: the nearest ancestor (the working directory included) holding the host's own
//! folder (`.gemini/`, …), else the nearest holding `.git` (a directory, or a file as in
//! worktrees and submodules), else none. `settings_dirs`: every ancestor whose host folder
//! holds one of the host's settings files (a host folder without them is not a project; Claude
//! and Gemini keep other things there, e.g. `.claude/commands/`).

use std::path::{Path, PathBuf};

/// The nearest ancestor of `cwd` holding a `marker` directory, else the nearest holding `.git`.
pub fn find_root(cwd: &Path, marker: &str) -> Option<PathBuf> {
    let mut git_root = None;
    for dir in cwd.ancestors() {
        if dir.join(marker).is_dir() {
            return Some(dir.to_path_buf());
        }
        if git_root.is_none() && dir.join(".git").exists() {
            git_root = Some(dir.to_path_buf());
        }
    }
    git_root
}

/// Whether `dir/<folder>/` holds one of `files`.
pub fn has_settings(dir: &Path, folder: &str, files: &[&str]) -> bool {
    let folder = dir.join(folder);
    files.iter().any(|f| folder.join(f).is_file())
}

/// `start` and its ancestors (nearest first) whose `<folder>/` holds one of `files`.
pub fn settings_dirs<'a>(
    start: &'a Path,
    folder: &'a str,
    files: &'a [&'a str],
) -> impl Iterator<Item = &'a Path> + 'a {
    start
        .ancestors()
        .filter(move |dir| has_settings(dir, folder, files))
}

/// Every ancestor of `cwd` (nearest first) up to and including the nearest one holding `.git`;
/// all ancestors up to `/` when there is none.
pub fn up_to_repo_root(cwd: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for dir in cwd.ancestors() {
        dirs.push(dir.to_path_buf());
        if dir.join(".git").exists() {
            break;
        }
    }
    dirs
}
