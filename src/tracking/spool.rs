//! Rows the history database could not take (another process held it locked when the run had
//! to end; or it could not be written at all: read-only, a full disk, its folder unwritable):
//! each is kept as one small file in `<db>-spool/` beside the database, or, where that cannot
//! be written either, in `spool-<key of the database path>/` in this user's temp folder
//! ([`super::fallback`]: a sandbox's read-only HOME); the next run that opens the database
//! imports both.
//!
//! Invariants: a spooled row is already masked and capped (`command::normalize`); files are
//! private (folder 0700, file 0600); a row is imported once: an importer claims each file by
//! renaming it (atomic), and puts it back if the insert fails; a claim older than a minute
//! (its importer died) is taken over.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU8, Ordering};

use serde::{Deserialize, Serialize};

use super::db::Db;
use super::{command, fallback, RunRecord, TrackingError};
use crate::env::Env;
use crate::os;

/// Suffix of a file an importer has claimed.
const CLAIMED: &str = ".claimed";

/// One spooled row.
#[derive(Serialize, Deserialize)]
struct Spooled {
    ts: i64,
    run: RunRecord,
}

/// The spool folder of the database at `db`.
pub fn dir(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-spool");
    PathBuf::from(name)
}

/// The spool folder of the database at `db` in this user's temp folder under `user_dir`.
fn temp_dir(user_dir: &Path, db: &Path) -> PathBuf {
    user_dir.join(format!("spool-{}", fallback::key(db)))
}

/// Every folder that may hold rows spooled for the database at `db`: beside it, then in each
/// temp dir.
pub fn dirs(env: &Env, db: &Path) -> Vec<PathBuf> {
    std::iter::once(dir(db))
        .chain(
            fallback::user_dir_paths(env)
                .iter()
                .map(|u| temp_dir(u, db)),
        )
        .collect()
}

/// Keeps `run` (stamped `ts`) for the next run to import: beside the database, else in this
/// user's temp folder. Returns the folder it went to.
pub fn keep_anywhere(
    env: &Env,
    db: &Path,
    run: &RunRecord,
    ts: i64,
) -> Result<PathBuf, TrackingError> {
    let first = match keep_in(dir(db), run, ts) {
        Ok(d) => return Ok(d),
        Err(e) => e,
    };
    match fallback::user_dir(env) {
        Some(user) => keep_in(temp_dir(&user, db), run, ts).map_err(|_| first),
        None => Err(first),
    }
}

/// Keeps `run` (stamped `ts`) beside the database for the next run to import.
pub fn keep(db: &Path, run: &RunRecord, ts: i64) -> Result<(), TrackingError> {
    keep_in(dir(db), run, ts).map(|_| ())
}

/// Most rows one spool folder holds: a fault that never clears (a history on a read-only
/// disk for good) must not fill the disk a row at a time. Past it, rows are not spooled (and
/// the trouble note says so).
pub const MAX_SPOOLED: usize = 10_000;

fn keep_in(dir: PathBuf, run: &RunRecord, ts: i64) -> Result<PathBuf, TrackingError> {
    static SEQ: AtomicU32 = AtomicU32::new(0);
    let err = |source| TrackingError::CreateDir {
        path: dir.clone(),
        source,
    };
    os::create_private_dir_all(&dir).map_err(err)?;
    let held = std::fs::read_dir(&dir)
        .map_err(err)?
        .take(MAX_SPOOLED)
        .count();
    if held >= MAX_SPOOLED {
        return Err(err(std::io::Error::other(format!(
            "{MAX_SPOOLED} rows already wait there"
        ))));
    }
    let mut run = run.clone();
    run.command = command::normalize(&run.command);
    let text = serde_json::to_vec(&Spooled { ts, run }).map_err(|e| err(e.into()))?;
    // The pid alone does not tell runs apart: in a sandbox's pid namespace every run may be
    // pid 2. A random number drawn once per process (std's hash keys) does.
    let name = format!(
        "{ts}-{}-{:016x}-{}.json",
        std::process::id(),
        process_token(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    );
    // Written under a name importers skip, then renamed: never read half-written.
    let part = dir.join(format!("{name}.part"));
    let mut f = os::private_file()
        .write(true)
        .create_new(true)
        .open(&part)
        .map_err(err)?;
    let mut write = || -> std::io::Result<()> {
        use std::io::Write;
        f.write_all(&text)?;
        std::fs::rename(&part, dir.join(&name))
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&part);
        err(e)
    })?;
    Ok(dir)
}

/// A random number, the same for the whole process.
fn process_token() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    static TOKEN: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TOKEN.get_or_init(|| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(std::process::id());
        h.finish()
    })
}

/// Imports every spooled row into `db` (one transaction) and removes their files; returns
/// how many. Files are claimed only once the write lock is held, so a run that cannot get it
/// (or ends while waiting) leaves them for the next. No folder costs one failed `read_dir`.
pub fn import(db: &mut Db) -> Result<usize, TrackingError> {
    let beside = [dir(db.path())];
    import_marking(db, &AtomicU8::new(IDLE), &beside)
}

/// [`import`] from every folder of [`dirs`] (the temp folders too).
pub fn import_all(db: &mut Db, env: &Env) -> Result<usize, TrackingError> {
    let all = dirs(env, db.path());
    import_marking(db, &AtomicU8::new(IDLE), &all)
}

/// `claims` of [`import_marking`]: no claim held.
pub const IDLE: u8 = 0;
/// `claims`: claimed files are held (from the first claim until removed or put back).
pub const CLAIMING: u8 = 1;
/// `claims`: set by the thread about to end the process; no claim may start.
pub const ENDING: u8 = 2;

/// [`import`] from each of `dirs`, with `claims` saying when this thread holds claimed files:
/// claiming starts only from [`IDLE`] (never once [`ENDING`] is set), and `claims` is back to
/// [`IDLE`] once the files are removed or put back.
pub fn import_marking(
    db: &mut Db,
    claims: &AtomicU8,
    dirs: &[PathBuf],
) -> Result<usize, TrackingError> {
    let mut n = 0;
    for dir in dirs {
        n += import_dir(db, claims, dir)?;
    }
    Ok(n)
}

fn import_dir(db: &mut Db, claims: &AtomicU8, dir: &Path) -> Result<usize, TrackingError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(0);
    };
    let entries: Vec<std::fs::DirEntry> = entries.flatten().collect();
    let waiting = entries
        .iter()
        .any(|e| e.file_name().as_encoded_bytes().ends_with(b".json") || stale_claim(e).is_some());
    if !waiting {
        return Ok(0);
    }
    let mut claimed: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut started = false;
    let result = db.insert_all_locked(|| {
        started = claims
            .compare_exchange(IDLE, CLAIMING, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        if started {
            claim_all(dir, entries, &mut claimed)
        } else {
            Vec::new()
        }
    });
    match &result {
        Ok(_) => {
            for (_, to) in &claimed {
                let _ = std::fs::remove_file(to);
            }
        }
        Err(_) => {
            for (from, to) in &claimed {
                let _ = std::fs::rename(to, from);
            }
        }
    }
    if started {
        claims.store(IDLE, Ordering::SeqCst);
    }
    result
}

/// Claims and reads every spooled row in `dir`; `claimed` gets each file's (original, claimed)
/// paths.
fn claim_all(
    dir: &Path,
    entries: Vec<std::fs::DirEntry>,
    claimed: &mut Vec<(PathBuf, PathBuf)>,
) -> Vec<(String, i64, RunRecord)> {
    let mut rows = Vec::new();
    let me = format!("{CLAIMED}-{}", std::process::id());
    for e in entries {
        let mut name = e.file_name();
        if let Some(orig) = stale_claim(&e) {
            // Its importer died before finishing: released for this one.
            if std::fs::rename(e.path(), dir.join(&orig)).is_err() {
                continue;
            }
            name = orig;
        }
        if !name.as_encoded_bytes().ends_with(b".json") {
            continue;
        }
        let from = dir.join(&name);
        let mut to = OsString::from(&name);
        to.push(&me);
        let to = dir.join(to);
        // Someone else claimed (or imported) it first.
        if std::fs::rename(&from, &to).is_err() {
            continue;
        }
        match std::fs::read(&to)
            .ok()
            .and_then(|b| serde_json::from_slice::<Spooled>(&b).ok())
        {
            Some(s) => {
                rows.push((name.to_string_lossy().into_owned(), s.ts, s.run));
                claimed.push((from, to));
            }
            // Unreadable: nothing to import, and it would fail every run.
            None => {
                let _ = std::fs::remove_file(&to);
            }
        }
    }
    rows
}

/// How old a claimed file must be before its importer counts as dead.
const STALE_CLAIM: std::time::Duration = std::time::Duration::from_secs(60);

/// The original name of a file claimed by an importer that never finished: its process is
/// gone, or the claim is older than [`STALE_CLAIM`]. (A row it did store is not stored twice:
/// see [`Db::insert_all_locked`].)
fn stale_claim(e: &std::fs::DirEntry) -> Option<OsString> {
    let name = e.file_name();
    let text = name.to_str()?;
    let (orig, pid) = text.split_once(CLAIMED)?;
    let gone = pid
        .strip_prefix('-')
        .and_then(|p| p.parse::<u32>().ok())
        .is_some_and(|p| p != std::process::id() && !os::process_alive(p));
    let age = e.metadata().ok()?.modified().ok()?.elapsed().ok()?;
    (gone || age > STALE_CLAIM).then(|| orig.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cmd: &str) -> RunRecord {
        RunRecord {
            command: cmd.into(),
            project: "/p".into(),
            raw_tokens: 10,
            emitted_tokens: 2,
            exit_code: 3,
            ..RunRecord::default()
        }
    }

    #[test]
    fn kept_rows_are_private_masked_and_imported_once() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("h.db");
        keep(&path, &run("curl --token SECRET https://h"), 100).unwrap();
        keep(&path, &run("git status"), 101).unwrap();
        let d = dir(&path);
        let files: Vec<PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 2);
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            assert!(!text.contains("SECRET"), "{text}");
            #[cfg(unix)]
            assert_eq!(os::mode_of(f).unwrap(), 0o600);
        }
        #[cfg(unix)]
        assert_eq!(os::mode_of(&d).unwrap(), 0o700);
        std::fs::write(d.join("junk.json"), "not json").unwrap();
        // A fresh claim is another importer's; an old one is taken over.
        let row = serde_json::to_vec(&Spooled {
            ts: 99,
            run: run("ls"),
        })
        .unwrap();
        let fresh = d.join("9-1-0.json.claimed-1");
        std::fs::write(&fresh, &row).unwrap();
        let old = d.join("9-2-0.json.claimed-2");
        std::fs::write(&old, &row).unwrap();
        let long_ago = std::time::SystemTime::now() - 2 * STALE_CLAIM;
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();

        let mut db = Db::open_for_write(&path).unwrap();
        assert_eq!(import(&mut db).unwrap(), 3);
        assert_eq!(import(&mut db).unwrap(), 0);
        let left: Vec<PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(left, [fresh]);
        let rows: Vec<(i64, String, i64)> = db
            .conn
            .prepare("SELECT ts, command, exit_code FROM runs ORDER BY ts")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            rows,
            [
                (99, "ls".to_string(), 3),
                (100, "curl --token *** https://h".to_string(), 3),
                (101, "git status".to_string(), 3)
            ]
        );
    }

    #[test]
    fn a_full_spool_takes_no_more_rows() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("h.db");
        let d = dir(&path);
        std::fs::create_dir_all(&d).unwrap();
        for i in 0..MAX_SPOOLED - 1 {
            std::fs::write(d.join(format!("{i}.json")), "{}").unwrap();
        }
        keep(&path, &run("ls"), 1).unwrap();
        let e = keep(&path, &run("ls"), 2).unwrap_err().to_string();
        assert!(e.contains("rows already wait there"), "{e}");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), MAX_SPOOLED);
    }

    #[cfg(unix)]
    #[test]
    fn rows_spooled_in_the_temp_dir_come_back_only_from_a_private_folder() {
        let t = tempfile::tempdir().unwrap();
        let tmp = t.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let env = Env::new([("TMPDIR", tmp.to_str().unwrap())], t.path());
        // The history's folder is a file: the row goes to the temp dir.
        std::fs::write(t.path().join("blocked"), "x").unwrap();
        let blocked = t.path().join("blocked/h.db");
        let kept = keep_anywhere(&env, &blocked, &run("git log"), 5).unwrap();
        assert!(kept.starts_with(tmp.join(os::user_dir_name())), "{kept:?}");
        // Read against a history at the same path once it can be made.
        std::fs::remove_file(t.path().join("blocked")).unwrap();
        let mut db = Db::open_for_write(&blocked).unwrap();
        // A folder others could enter (and fill) is not read.
        let user = tmp.join(os::user_dir_name());
        os::set_mode(&user, 0o777).unwrap();
        assert_eq!(import_all(&mut db, &env).unwrap(), 0);
        os::set_mode(&user, 0o700).unwrap();
        assert_eq!(import_all(&mut db, &env).unwrap(), 1);
        assert_eq!(import_all(&mut db, &env).unwrap(), 0);
    }

    /// Claude Code's Bash sandbox: HOME read-only, `TMPDIR=<tmp>/claude-<uid>` the writable
    /// temp dir. A row spooled there comes back in a later run outside the sandbox, whose
    /// `$TMPDIR` is `<tmp>` (as `bench/sandbox/claude.sh` shows with the real host).
    #[cfg(unix)]
    #[test]
    fn rows_spooled_in_claude_codes_sandbox_come_back_outside_it() {
        let t = tempfile::tempdir().unwrap();
        let tmp = t.path().join("tmp");
        let sandbox_tmp = tmp.join(os::per_user_name("claude"));
        std::fs::create_dir_all(&sandbox_tmp).unwrap();
        let inside = Env::new([("TMPDIR", sandbox_tmp.to_str().unwrap())], t.path());
        std::fs::write(t.path().join("blocked"), "x").unwrap();
        let blocked = t.path().join("blocked/h.db");
        let kept = keep_anywhere(&inside, &blocked, &run("git log"), 5).unwrap();
        assert!(kept.starts_with(&sandbox_tmp), "{kept:?}");
        std::fs::remove_file(t.path().join("blocked")).unwrap();
        let mut db = Db::open_for_write(&blocked).unwrap();
        let outside = Env::new([("TMPDIR", tmp.to_str().unwrap())], t.path());
        assert_eq!(import_all(&mut db, &outside).unwrap(), 1);
        assert_eq!(import_all(&mut db, &outside).unwrap(), 0);
    }
}
