//! Where rtk's own files go when its data folder cannot be written (a read-only HOME under a
//! host's sandbox, a full disk): this user's private folder `rtk-<uid>` in the temp dir
//! (`$TMPDIR`, else the system's: a sandbox keeps it writable); readers also look in `/tmp`,
//! where a run with another `$TMPDIR` (inside a sandbox, or outside) may have written, and in
//! Claude Code's `claude-<uid>` folder in each temp dir, the `$TMPDIR` its Bash sandbox gives
//! commands (docs/reliability.md). What belongs to one data folder (its trouble notes, its
//! history's spooled rows and tool ledger) is kept under a name derived from that folder's path,
//! so two HOMEs of one user never see each other's.
//!
//! Invariants: a folder is used only when [`os::user_dir_in`] says it is this user's and
//! private; the key of a path is stable across runs and rtk versions (FNV-1a, written here).

use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::os;

/// The temp dirs to try, in order: `$TMPDIR` (`TEMP` on Windows) when absolute, the system's,
/// and `/tmp` on Unix; then, on Unix, the temp dir Claude Code's sandbox gives its commands
/// (`claude-<uid>` in `$CLAUDE_CODE_TMPDIR` and in each of those), so a run outside that
/// sandbox finds what a run inside it kept; each once. Writers use only the first.
pub fn temp_bases(env: &Env) -> Vec<PathBuf> {
    let var = if cfg!(windows) { "TEMP" } else { "TMPDIR" };
    let mut bases: Vec<PathBuf> = env
        .path_var(var)
        .filter(|p| p.is_absolute())
        .into_iter()
        .collect();
    bases.push(std::env::temp_dir());
    if cfg!(unix) {
        bases.push(PathBuf::from("/tmp"));
        let claude = os::per_user_name("claude");
        let roots = env
            .path_var("CLAUDE_CODE_TMPDIR")
            .filter(|p| p.is_absolute())
            .into_iter()
            .chain(bases.clone());
        let sandbox: Vec<PathBuf> = roots.map(|r| r.join(&claude)).collect();
        bases.extend(sandbox);
    }
    let mut seen: Vec<PathBuf> = Vec::new();
    for b in bases {
        if !seen.contains(&b) {
            seen.push(b);
        }
    }
    seen
}

/// Where a writer goes: this user's private folder in the temp dir (`$TMPDIR`, else the
/// system's), when it is (or can be made) private. Only the first temp dir: `$TMPDIR` pointed
/// at something unwritable means nothing is written there (readers still look in all).
pub fn user_dir(env: &Env) -> Option<PathBuf> {
    temp_bases(env).first().and_then(|b| os::user_dir_in(b))
}

/// This user's folder in each temp dir where it exists and is private (for readers: nothing
/// is created, and a folder someone else could have filled is never read).
pub fn user_dir_paths(env: &Env) -> Vec<PathBuf> {
    temp_bases(env)
        .iter()
        .filter_map(|b| os::existing_user_dir_in(b))
        .collect()
}

/// A short name for `path` (16 hex digits of its FNV-1a hash): one per data folder or
/// database.
pub fn key(path: &Path) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in path.as_os_str().as_encoded_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_per_path_and_stay_the_same() {
        assert_eq!(
            key(Path::new("/h/a/.local/share/rtk")),
            key(Path::new("/h/a/.local/share/rtk"))
        );
        assert_ne!(
            key(Path::new("/h/a/.local/share/rtk")),
            key(Path::new("/h/b/.local/share/rtk"))
        );
        // FNV-1a of the empty string is its offset basis: the constants are the published ones.
        assert_eq!(key(Path::new("")), "cbf29ce484222325");
        assert_eq!(key(Path::new("a")), "af63dc4c8601ec8c");
    }

    #[test]
    fn tmpdir_comes_first_and_each_base_once() {
        let env = Env::new([("TMPDIR", "/x/tmp")], "/");
        let bases = temp_bases(&env);
        assert_eq!(bases[0], PathBuf::from("/x/tmp"));
        let mut dedup = bases.clone();
        dedup.dedup();
        assert_eq!(dedup.len(), bases.len());
        let rel = Env::new([("TMPDIR", "rel")], "/");
        assert!(!temp_bases(&rel).contains(&PathBuf::from("rel")));
    }

    /// Claude Code 2.1.332's Bash sandbox gives commands `TMPDIR=/tmp/claude-<uid>` (the only
    /// writable temp dir in it); a run outside, with another `$TMPDIR`, must still read there.
    #[cfg(unix)]
    #[test]
    fn readers_look_in_claude_codes_sandbox_temp_dir_writers_do_not() {
        let name = os::per_user_name("claude");
        let outside = Env::new([("TMPDIR", "/x/tmp")], "/");
        let bases = temp_bases(&outside);
        assert_eq!(bases[0], PathBuf::from("/x/tmp"));
        assert!(bases.contains(&PathBuf::from("/tmp").join(&name)));
        assert!(bases.contains(&PathBuf::from("/x/tmp").join(&name)));
        let moved = Env::new([("CLAUDE_CODE_TMPDIR", "/y")], "/");
        assert!(temp_bases(&moved).contains(&PathBuf::from("/y").join(&name)));
        // Inside the sandbox its temp dir is `$TMPDIR`: the writer's first choice.
        let inside_dir = PathBuf::from("/tmp").join(&name);
        let inside = Env::new([("TMPDIR", inside_dir.to_str().unwrap())], "/");
        assert_eq!(temp_bases(&inside)[0], inside_dir);
    }
}
