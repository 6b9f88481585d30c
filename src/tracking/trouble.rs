//! Trouble rtk had keeping its own books while running a command (history not recorded, a
//! config file it could not read): kept here for `rtk gain` and `rtk config` to report, never
//! printed into the command's output, which the agent reads (issue 22).
//!
//! One small private file, `trouble.json`, in the first of these that can be written: rtk's data
//! folder, or this user's private folder under a temp dir (under a sandbox or a read-only
//! home often only that one), there named after the data folder ([`super::fallback`]).
//! Readers merge them all. Each distinct message is one entry with a
//! count and when it was first and last seen; at most [`MAX_ENTRIES`], the oldest dropped.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fallback;
use crate::env::Env;
use crate::os;

/// Distinct messages kept.
pub const MAX_ENTRIES: usize = 20;

const FILE: &str = "trouble.json";

/// One kind of trouble.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trouble {
    pub message: String,
    pub count: u64,
    /// Unix seconds.
    pub first: i64,
    pub last: i64,
}

/// Where the file may be, in the order a writer tries them: rtk's data folder, then this
/// user's folder in each temp dir (shared with other users: checked before use), under a name
/// of this data folder's own (`trouble-<key>.json`): trouble is per data folder, so one HOME's
/// never shows in another's report.
enum Folder {
    Data(PathBuf),
    /// A temp dir (`$TMPDIR`, `/tmp`) and the file's name there.
    Temp(PathBuf, String),
}

fn folders(env: &Env) -> Vec<Folder> {
    let data = env.data_home().map(|d| d.join("rtk"));
    let name = format!(
        "trouble-{}.json",
        fallback::key(data.as_deref().unwrap_or(Path::new("")))
    );
    data.map(Folder::Data)
        .into_iter()
        .chain(
            fallback::temp_bases(env)
                .into_iter()
                .map(|b| Folder::Temp(b, name.clone())),
        )
        .collect()
}

/// The folders a writer tries: the data folder, then the first temp dir only (see
/// [`fallback::user_dir`]).
fn writable_folders(env: &Env) -> Vec<Folder> {
    let mut all = folders(env);
    let temps = usize::from(env.data_home().is_some());
    all.truncate(temps + 1);
    all
}

impl Folder {
    /// The file's path, without making anything.
    /// In a temp dir, only in this user's private folder: one others could enter (and fill)
    /// is never read.
    fn file(&self) -> Option<PathBuf> {
        match self {
            Folder::Data(d) => Some(d.join(FILE)),
            Folder::Temp(base, name) => os::existing_user_dir_in(base).map(|d| d.join(name)),
        }
    }

    /// The file's path, its folder made (private) if missing; None when it cannot be.
    fn make(&self) -> Option<PathBuf> {
        match self {
            Folder::Data(d) => os::create_private_dir_all(d).ok().map(|()| d.join(FILE)),
            Folder::Temp(base, name) => os::user_dir_in(base).map(|d| d.join(name)),
        }
    }
}

/// Records `messages` (seen at `now`); best effort, silent: there is nowhere to say it failed.
pub fn note(env: &Env, messages: &[String], now: i64) {
    if messages.is_empty() {
        return;
    }
    for folder in writable_folders(env) {
        let Some(path) = folder.make() else {
            continue;
        };
        let mut entries = read_file(&path);
        for m in messages {
            match entries.iter_mut().find(|e| &e.message == m) {
                Some(e) => {
                    e.count += 1;
                    e.last = now;
                }
                None => entries.push(Trouble {
                    message: m.clone(),
                    count: 1,
                    first: now,
                    last: now,
                }),
            }
        }
        entries.sort_by_key(|e| std::cmp::Reverse(e.last));
        entries.truncate(MAX_ENTRIES);
        if write_file(&path, &entries).is_ok() {
            return;
        }
    }
}

/// Every recorded trouble, most recent first (both folders merged).
pub fn read(env: &Env) -> Vec<Trouble> {
    let mut all: Vec<Trouble> = Vec::new();
    for folder in folders(env) {
        let Some(file) = folder.file() else {
            continue;
        };
        for t in read_file(&file) {
            match all.iter_mut().find(|e| e.message == t.message) {
                Some(e) => {
                    e.count += t.count;
                    e.first = e.first.min(t.first);
                    e.last = e.last.max(t.last);
                }
                None => all.push(t),
            }
        }
    }
    all.sort_by_key(|e| std::cmp::Reverse(e.last));
    all
}

/// Forgets every recorded trouble (`rtk gain --reset`).
pub fn clear(env: &Env) -> std::io::Result<()> {
    for folder in folders(env) {
        if let Some(file) = folder.file().filter(|f| f.symlink_metadata().is_ok()) {
            std::fs::remove_file(file)?;
        }
    }
    Ok(())
}

fn read_file(path: &Path) -> Vec<Trouble> {
    std::fs::read(path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

/// Written whole under a temporary name, then renamed: a reader never sees half a file.
fn write_file(path: &Path, entries: &[Trouble]) -> std::io::Result<()> {
    use std::io::Write;
    let part = path.with_extension(format!("json.{}.part", std::process::id()));
    let text = serde_json::to_vec_pretty(entries).map_err(std::io::Error::other)?;
    let mut f = os::private_file()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&part)?;
    f.write_all(&text)?;
    drop(f);
    std::fs::rename(&part, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&part);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_in(dir: &Path, data: &Path) -> Env {
        Env::new(
            [
                ("XDG_DATA_HOME", data.to_str().unwrap()),
                ("TMPDIR", dir.join("tmp").to_str().unwrap()),
            ],
            dir,
        )
    }

    #[test]
    fn one_entry_per_message_counted_newest_first_and_capped() {
        let dir = tempfile::tempdir().unwrap();
        let env = env_in(dir.path(), &dir.path().join("data"));
        note(&env, &["a".into()], 10);
        note(&env, &["b".into(), "a".into()], 20);
        let got = read(&env);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].count, got[0].first, got[0].last), (2, 10, 20));
        assert_eq!(got[1].message, "b");
        for i in 0..(MAX_ENTRIES as i64 + 5) {
            note(&env, &[format!("m{i}")], 100 + i);
        }
        let got = read(&env);
        assert_eq!(got.len(), MAX_ENTRIES);
        assert_eq!(got[0].message, format!("m{}", MAX_ENTRIES + 4));
        assert!(dir.path().join("data/rtk").join(FILE).exists());
    }

    #[test]
    fn an_unwritable_data_folder_falls_back_to_a_private_temp_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("tmp")).unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        let env = env_in(dir.path(), &file);
        note(&env, &["history not recorded: x".into()], 5);
        let name = format!("trouble-{}.json", fallback::key(&file.join("rtk")));
        let kept = dir.path().join("tmp").join(os::user_dir_name()).join(name);
        assert!(kept.exists());
        #[cfg(unix)]
        assert_eq!(os::mode_of(kept.parent().unwrap()).unwrap(), 0o700);
        assert_eq!(read(&env)[0].message, "history not recorded: x");
        clear(&env).unwrap();
        assert!(read(&env).is_empty() && !kept.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_temp_folder_someone_else_could_enter_is_not_used() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = dir.path().join("tmp");
        let theirs = tmp.join(os::user_dir_name());
        std::fs::create_dir_all(&theirs).unwrap();
        os::set_mode(&theirs, 0o777).unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        note(&env_in(dir.path(), &file), &["m".into()], 5);
        assert!(std::fs::read_dir(&theirs).unwrap().next().is_none());
    }

    #[test]
    fn trouble_kept_in_the_temp_dir_is_per_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("tmp")).unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, "x").unwrap();
        std::fs::write(&b, "x").unwrap();
        // Both data folders are unwritable (files in their place): both fall back to the temp dir.
        note(&env_in(dir.path(), &a), &["trouble of a".into()], 5);
        let seen_b = read(&env_in(dir.path(), &b));
        assert!(
            seen_b.iter().all(|t| t.message != "trouble of a"),
            "{seen_b:?}"
        );
        assert_eq!(read(&env_in(dir.path(), &a))[0].message, "trouble of a");
    }
}
