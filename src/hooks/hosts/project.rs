//! Project-root discovery by walking up from the working directory (never by spawning `git`).
//!
//! `<project>` = the nearest ancestor (the working directory included) holding the host's own
//! folder (`.claude/`, `.gemini/`, `.factory/`…), else the nearest holding `.git` (a directory,
//! or a file as in worktrees and submodules), else none.

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
