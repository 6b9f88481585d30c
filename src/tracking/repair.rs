//! A damaged history (garbage where the database should be, a folder in its place) is set
//! aside, renamed with the time, and a new one started; the user is told once, where they look
//! (`rtk gain`, `rtk config`: through [`super::trouble`]), with the set-aside file's name.
//!
//! Invariant: only damage is set aside, never a fault that clears (a lock, permissions, a full
//! disk: those rows are spooled, [`super::spool`]); nothing is deleted.

use std::path::{Path, PathBuf};

use super::db::Db;
use super::TrackingError;

/// [`Db::open_for_write`]; a damaged history in the way (not a database, or a folder named
/// like a database file: [`damaged`]) is first set aside, renamed with the time `now`, and
/// a new one made. The [`SetAside`] says so, for the user to be told.
pub fn open(path: &Path, now: i64) -> Result<(Db, Option<SetAside>), TrackingError> {
    let e = match Db::open_for_write(path) {
        Ok(db) => return Ok((db, None)),
        Err(e) if damaged(&e, path) => e,
        Err(e) => return Err(e),
    };
    // Another run may have set it aside and started a new one meanwhile: that one is kept.
    if let Ok(db) = Db::open_for_write(path) {
        return Ok((db, None));
    }
    let folder = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir());
    let to = set_aside(path, now).map_err(|source| TrackingError::CreateDir {
        path: path.to_path_buf(),
        source,
    })?;
    let db = Db::open_for_write(path)?;
    let why = match e {
        _ if folder => "a folder in its place".to_string(),
        TrackingError::Sqlite { source, .. } => source.to_string(),
        other => other.to_string(),
    };
    Ok((db, Some(SetAside { to, why })))
}

/// A damaged history [`open`] renamed out of the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    /// Where it is now.
    pub to: PathBuf,
    /// What was wrong with it (SQLite's words).
    pub why: String,
}

impl SetAside {
    /// The one line the user is told (by `rtk gain` and `rtk config`).
    pub fn message(&self, db: &Path) -> String {
        format!(
            "history {} was damaged ({}): set aside as {}; a new history was started",
            db.display(),
            self.why,
            self.to.display()
        )
    }
}

/// Whether opening the history at `path` failed because it is damaged: the file is not a
/// SQLite database (garbage, a bad copy), or a folder stands where a file named `*.db` should
/// be. Locks, permissions and full disks are faults that clear, never damage.
pub fn damaged(e: &TrackingError, path: &Path) -> bool {
    let not_a_db = matches!(
        e,
        TrackingError::Sqlite {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } if f.code == rusqlite::ErrorCode::NotADatabase
    );
    let folder = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
        && path.extension().is_some_and(|x| x == "db");
    not_a_db || folder
}

/// Renames `path` (and its `-wal` and `-shm` files, which belong to it) to
/// `<path>.damaged-<UTC time>`; the new name.
fn set_aside(path: &Path, now: i64) -> std::io::Result<PathBuf> {
    let stamp: String = super::dates::iso(now)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let with = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    let mut to = with(&format!(".damaged-{stamp}"));
    let mut n = 1;
    while to.symlink_metadata().is_ok() {
        n += 1;
        to = with(&format!(".damaged-{stamp}-{n}"));
    }
    std::fs::rename(path, &to)?;
    for side in ["-wal", "-shm"] {
        let from = with(side);
        if from.symlink_metadata().is_ok() {
            let mut dest = to.as_os_str().to_owned();
            dest.push(side);
            let _ = std::fs::rename(&from, PathBuf::from(dest));
        }
    }
    Ok(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_is_set_aside_with_the_time_and_a_new_history_started() {
        let t = tempfile::tempdir().unwrap();
        let db = t.path().join("history.db");
        std::fs::write(&db, vec![b'x'; 4096]).unwrap();
        std::fs::write(t.path().join("history.db-wal"), "w").unwrap();
        let (mut fresh, set) = open(&db, 0).unwrap();
        let set = set.unwrap();
        assert_eq!(set.to, t.path().join("history.db.damaged-19700101T000000Z"));
        assert_eq!(std::fs::read(&set.to).unwrap(), vec![b'x'; 4096]);
        assert!(t
            .path()
            .join("history.db.damaged-19700101T000000Z-wal")
            .exists());
        assert_eq!(set.why, "file is not a database");
        fresh
            .insert(&super::super::RunRecord::default(), 1)
            .unwrap();
        // A folder in its place, the same second: a second name.
        drop(fresh);
        for side in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{side}", db.display()));
        }
        std::fs::create_dir(&db).unwrap();
        std::fs::write(db.join("kept"), "k").unwrap();
        let (_, set) = open(&db, 0).unwrap();
        let set = set.unwrap();
        assert_eq!(
            set.to,
            t.path().join("history.db.damaged-19700101T000000Z-2")
        );
        assert_eq!(set.why, "a folder in its place");
        assert_eq!(std::fs::read_to_string(set.to.join("kept")).unwrap(), "k");
        assert!(set.message(&db).contains("set aside as"));
        // A healthy history is opened as it is.
        let (_, set) = open(&db, 0).unwrap();
        assert!(set.is_none());
    }

    #[test]
    fn a_folder_not_named_like_a_database_is_never_moved() {
        let t = tempfile::tempdir().unwrap();
        let data = t.path().join("data");
        std::fs::create_dir(&data).unwrap();
        assert!(open(&data, 0).is_err());
        assert!(data.is_dir());
    }
}
