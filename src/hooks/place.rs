//! Where a line runs (docs/allow.md, "The session's folder"): the shell's current directory
//! (a host that keeps it between calls says so in its payload: Claude's `cwd`), the project
//! the host's rules were read for (never taken from the payload), the home folder. And the
//! checks that follow from it, before any rewrite: the current directory must be inside the
//! project, and a `git` command must use the project's own repository — Claude Code asks
//! ("Git would use a repository that Claude Code cannot match to this project…") when git,
//! run from the current directory, from a folder a `cd` earlier in the line moved to, or from
//! its `-C` folder, would find another one: a nested checkout, or a bare repository laid out
//! as plain files (`HEAD`, `objects/`, `refs/`), whose config can make git run programs. A
//! line that fails is stepped aside from: no rewrite, no allow.

use std::path::{Path, PathBuf};

use crate::shell::{Parsed, SimpleCommand};

/// Where a line runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The shell's current directory.
    pub cwd: PathBuf,
    /// The session's project (what the host's rules were read for).
    pub project: PathBuf,
    /// The home folder, if known.
    pub home: Option<PathBuf>,
    /// The environment variables the rewrite reads at the folder (`misetasks::read_vars`).
    pub vars: Vec<(String, String)>,
}

impl Place {
    /// Where `mise run` would read its tasks from, for the rewrite.
    pub fn site(&self) -> crate::misetasks::Site {
        crate::misetasks::Site {
            cwd: self.cwd.clone(),
            home: self.home.clone(),
            vars: self.vars.clone(),
        }
    }

    /// A line run in the project folder itself.
    pub fn at(dir: &Path) -> Place {
        Place {
            cwd: dir.to_path_buf(),
            project: dir.to_path_buf(),
            home: None,
            vars: Vec::new(),
        }
    }
}

/// Why `parsed` must be stepped aside from at `place` (None: it may be judged as usual).
pub fn blocker(parsed: &Parsed, place: &Place) -> Option<String> {
    if place.cwd != place.project && !inside(&place.cwd, &place.project) {
        return Some(format!(
            "the shell's current directory {} is outside the project {}",
            place.cwd.display(),
            place.project.display()
        ));
    }
    let mut dirs = vec![place.cwd.clone()];
    for c in &parsed.commands {
        if is_git(c) {
            if let Some(why) = git_blocker(c, &dirs, place) {
                return Some(why);
            }
        }
        if let [cd, target] = c.words.as_slice() {
            if cd.value == "cd" {
                let last = dirs[dirs.len() - 1].join(&target.value);
                dirs.push(place.cwd.join(&target.value));
                dirs.push(last);
            }
        }
    }
    None
}

fn is_git(c: &SimpleCommand) -> bool {
    c.words
        .first()
        .map(|w| w.value.rsplit('/').next().unwrap_or(&w.value))
        == Some("git")
}

/// Git options that name the repository or work tree directly.
const REPO_OPTIONS: &[&str] = &["--git-dir", "--work-tree", "--namespace"];

/// Why git, run from any of `dirs`, may use a repository other than the project's.
fn git_blocker(c: &SimpleCommand, dirs: &[PathBuf], place: &Place) -> Option<String> {
    if c.assignments.iter().any(|a| a.value.starts_with("GIT_")) {
        return Some("a GIT_ variable names git's repository".into());
    }
    let mut froms: Vec<PathBuf> = dirs.to_vec();
    let args: Vec<&str> = c.words.iter().skip(1).map(|w| w.value.as_str()).collect();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if REPO_OPTIONS
            .iter()
            .any(|o| a == *o || a.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        {
            return Some(format!("`{a}` names git's repository"));
        }
        if a == "-C" {
            let Some(target) = args.get(i + 1) else { break };
            froms = froms.iter().map(|d| d.join(target)).collect();
            i += 2;
            continue;
        }
        if !a.starts_with('-') {
            break; // the subcommand: what follows is its own.
        }
        i += 1;
    }
    if froms.iter().all(|d| *d == place.project) {
        return None;
    }
    let own = repository(&place.project);
    for d in &froms {
        let found = repository(d);
        if found == Repo::Unknown || found != own {
            return Some(format!(
                "git would use a repository other than the project's from {}",
                d.display()
            ));
        }
    }
    None
}

/// The repository git finds from a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Repo {
    /// No repository up to `/`.
    None,
    /// The folder holding `.git`, or the bare repository's own folder (resolved).
    At(PathBuf),
    /// rtk cannot tell (a folder that cannot be resolved or examined).
    Unknown,
}

/// Git's discovery, walking up from `dir`: a `.git` entry (folder or file), else the folder
/// itself laid out as a repository (`HEAD` and `objects/` or `refs/`).
fn repository(dir: &Path) -> Repo {
    let Ok(mut d) = std::fs::canonicalize(dir) else {
        return Repo::Unknown;
    };
    loop {
        match std::fs::symlink_metadata(d.join(".git")) {
            Ok(_) => return Repo::At(d),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(_) => return Repo::Unknown,
        }
        if d.join("HEAD").exists() && (d.join("objects").is_dir() || d.join("refs").is_dir()) {
            return Repo::At(d);
        }
        if !d.pop() {
            return Repo::None;
        }
    }
}

/// `dir` resolves inside `root` (both through links); a folder that cannot be resolved is not.
fn inside(dir: &Path, root: &Path) -> bool {
    match (std::fs::canonicalize(dir), std::fs::canonicalize(root)) {
        (Ok(d), Ok(r)) => d.starts_with(r),
        _ => false,
    }
}

#[cfg(test)]
#[path = "place_tests.rs"]
mod tests;
