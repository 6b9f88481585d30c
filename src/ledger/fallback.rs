//! Where rtk's own files go when its data folder cannot be written (a read-only HOME under a
//! host's sandbox, a full disk): this user's private folder `rtk-<uid>` in the temp dir
//! (`$TMPDIR`, else the system's: a sandbox keeps it writable); readers also look in `/tmp`,
//! where a run with another `$TMPDIR` (inside a sandbox, or outside) may have written. What
//! belongs to one data folder (its trouble notes, its history's spooled rows and tool ledger)
//! is kept under a name derived from that folder's path, so two HOMEs of one user never see
//! each other's.
//!
//! Invariants: a folder is used only when [`os::user_dir_in`] says it is this user's and
//! private; the key of a path is stable across runs and rtk versions (FNV-1a, written here).

use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::os;

/// The temp dirs to try, in order: `$TMPDIR` (`TEMP` on Windows) when absolute, the system's,
/// and `/tmp` on Unix; each once.
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
}
