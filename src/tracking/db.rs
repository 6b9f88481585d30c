//! Opening the history database: WAL journal (checkpointed by writers once it passes 256 KiB),
//! a 5 s wait for a locked database that the recorder cuts short ([`give_up_waits_with`],
//! [`give_up_waits_at`]), schema migrations keyed by rtk's own version row in `meta` (DDL runs
//! only when the version is behind; `user_version` belongs to upstream rtk, see
//! [`super::upstream`]), one INSERT per run, and retention pruning at most once a day (the last
//! prune time lives in the `meta` table).
//!
//! Invariant: a database written by a newer rtk (higher stored version) is never modified.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rusqlite::config::DbConfig;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};

use super::{command, RunRecord, TrackingError};
use crate::os;

/// SQL predicate for "project is ?1 or inside it" (?1 bound to the project path); the reports'
/// form, true for every row when ?1 is NULL, is `query`'s.
const PROJECT_FILTER: &str = "(project = ?1 OR substr(project, 1, length(?1) + 1) = ?1 || '/')";

/// The `meta` row holding rtk's schema version (upstream rtk owns `PRAGMA user_version`: see
/// `upstream`).
const VERSION_KEY: &str = "schema_version";

/// How long a writer waits for another writer's lock before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// WAL size past which a writer checkpoints and truncates it. Every run is a new process, and
/// the first connection to open a database reads the whole WAL to rebuild its index, so the
/// WAL must stay small. SQLite's own autocheckpoint cannot do it across processes: the
/// rebuilt index forgets what was already copied, so the WAL is never restarted and grows
/// (to megabytes within a day, re-read by every run: bench/README.md, "Measurements behind the
/// code"). Here a
/// TRUNCATE checkpoint runs about every 20 runs (two fsyncs) and no run reads more than this.
pub const WAL_CHECKPOINT_BYTES: u64 = 256 * 1024;
/// Prefix of the `meta` keys naming rows imported from the spool (see
/// [`Db::insert_all_locked`]); pruned with the rows.
const SPOOLED_KEY: &str = "spooled:";
/// Seconds between two retention prunes.
pub const PRUNE_INTERVAL_SECS: i64 = 86_400;

/// Migration `i` brings the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    // v1: one row per filtered run; `ts` is Unix seconds (UTC).
    "CREATE TABLE runs (
        id             INTEGER PRIMARY KEY,
        ts             INTEGER NOT NULL,
        command        TEXT    NOT NULL,
        command_key    TEXT    NOT NULL,
        project        TEXT    NOT NULL,
        raw_bytes      INTEGER NOT NULL,
        emitted_bytes  INTEGER NOT NULL,
        raw_tokens     INTEGER NOT NULL,
        emitted_tokens INTEGER NOT NULL,
        exit_code      INTEGER NOT NULL,
        duration_ms    INTEGER NOT NULL,
        fell_back      INTEGER NOT NULL
    );
    CREATE INDEX runs_ts ON runs(ts);
    CREATE INDEX runs_project_ts ON runs(project, ts);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    // v2: where a row comes from: 'rtk', or 'upstream' (imported from upstream rtk's table).
    "ALTER TABLE runs ADD COLUMN origin TEXT NOT NULL DEFAULT 'rtk';",
    // v3: one row per tool result a PostToolUse answer shortened (the hook's ledger,
    // `crate::ledger`, imported by `tracking::tools`); a call is stored once.
    "CREATE TABLE tool_savings (
        id            INTEGER PRIMARY KEY,
        ts            INTEGER NOT NULL,
        tool          TEXT    NOT NULL,
        session       TEXT    NOT NULL,
        tool_use_id   TEXT    NOT NULL,
        project       TEXT    NOT NULL,
        before_tokens INTEGER NOT NULL,
        after_tokens  INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX tool_savings_call ON tool_savings(session, tool_use_id);
    CREATE INDEX tool_savings_ts ON tool_savings(ts);",
];

/// The schema version this rtk writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// An open, migrated history database.
pub struct Db {
    pub(crate) conn: Connection,
    path: PathBuf,
}

impl Db {
    /// Opens (creating the file and its folder if needed) for recording.
    pub fn open_for_write(path: &Path) -> Result<Db, TrackingError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            os::create_private_dir_all(parent).map_err(|source| TrackingError::CreateDir {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        // Created 0600 here, not by SQLite (0644); its -wal and -shm files take this mode.
        match os::private_file().write(true).create_new(true).open(path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                return Err(TrackingError::CreateDir {
                    path: path.to_path_buf(),
                    source: e,
                })
            }
            _ => {}
        }
        let conn = Connection::open(path).map_err(|e| sql_err(path, e))?;
        // The last connection to close would checkpoint the WAL with fsyncs (two on every
        // run, the slowest part of it: bench/README.md, "Measurements behind the code");
        // writers leave that to SQLite's autocheckpoint (every 1000 pages) and readers.
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
            .map_err(|e| sql_err(path, e))?;
        Db::setup(conn, path)
    }

    /// Opens an existing database for reading and maintenance; None when the file is absent
    /// (nothing is created).
    pub fn open_existing(path: &Path) -> Result<Option<Db>, TrackingError> {
        if !path.exists() {
            return Ok(None);
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_err(path, e))?;
        Db::setup(conn, path).map(Some)
    }

    fn setup(conn: Connection, path: &Path) -> Result<Db, TrackingError> {
        let e = |err| sql_err(path, err);
        conn.busy_handler(Some(busy)).map_err(e)?;
        // Already-WAL databases answer without taking a lock; a new one switches once. That
        // switch needs an exclusive lock, and when writers race to create the database SQLite
        // can answer BUSY at once (deadlock avoidance skips the busy handler): retry then.
        let started = std::time::Instant::now();
        let mode: String = loop {
            match conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0)) {
                Err(rusqlite::Error::SqliteFailure(f, _))
                    if f.code == rusqlite::ErrorCode::DatabaseBusy
                        && started.elapsed() < BUSY_TIMEOUT
                        && !waits_given_up() =>
                {
                    std::thread::sleep(Duration::from_millis(2));
                }
                other => break other.map_err(e)?,
            }
        };
        if !mode.eq_ignore_ascii_case("wal") {
            // e.g. a filesystem without shared memory: rollback journal still works.
            conn.pragma_update(None, "journal_mode", "DELETE")
                .map_err(e)?;
        }
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(e)?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(e)?;
        let mut db = Db {
            conn,
            path: path.to_path_buf(),
        };
        db.migrate()?;
        Ok(db)
    }

    /// The file this database lives in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn migrate(&mut self) -> Result<(), TrackingError> {
        let path = self.path.clone();
        let e = |err| sql_err(&path, err);
        let found = stored_version(&self.conn).map_err(e)?;
        if found == SCHEMA_VERSION {
            return Ok(());
        }
        if found > SCHEMA_VERSION {
            return Err(TrackingError::NewerSchema {
                path,
                found,
                known: SCHEMA_VERSION,
            });
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        // Another process may have migrated while we waited for the lock.
        let now = stored_version(&tx).map_err(e)?;
        if now > SCHEMA_VERSION {
            return Err(TrackingError::NewerSchema {
                path,
                found: now,
                known: SCHEMA_VERSION,
            });
        }
        for sql in &MIGRATIONS[now as usize..] {
            tx.execute_batch(sql).map_err(e)?;
        }
        store_version(&tx, SCHEMA_VERSION).map_err(e)?;
        tx.commit().map_err(e)
    }

    /// Appends one run stamped `ts`.
    pub fn insert(&mut self, run: &RunRecord, ts: i64) -> Result<(), TrackingError> {
        insert_on(&self.conn, run, ts).map_err(|e| sql_err(&self.path, e))
    }

    /// Takes the write lock (waiting as for any write), then appends the runs `rows` gives
    /// (called only once the lock is held), all or none. Each run comes with a unique name,
    /// kept in `meta` in the same transaction: a run whose name is there was stored before
    /// and is skipped (an importer that died after its commit leaves its files behind).
    pub fn insert_all_locked(
        &mut self,
        rows: impl FnOnce() -> Vec<(String, i64, RunRecord)>,
    ) -> Result<usize, TrackingError> {
        let path = self.path.clone();
        let e = |err| sql_err(&path, err);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        let rows = rows();
        let mut stored = 0;
        for (name, ts, run) in &rows {
            let new = tx
                .execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES (?1, ?2)",
                    params![format!("{SPOOLED_KEY}{name}"), ts.to_string()],
                )
                .map_err(e)?;
            if new == 1 {
                insert_on(&tx, run, *ts).map_err(e)?;
                stored += 1;
            }
        }
        tx.commit().map_err(e)?;
        Ok(stored)
    }

    /// Gets an insert ready before there is a run to store: its statements compiled, the pages
    /// it reads cached (the recorder does this while the command runs). Errors are left for
    /// the insert itself to report.
    pub fn warm(&self) {
        let _ = self.conn.prepare_cached(INSERT_RUN);
        let _ = last_prune(&self.conn);
        let _ = self
            .conn
            .prepare_cached("SELECT max(id) FROM runs")
            .and_then(|mut s| s.query_row([], |r| r.get::<_, Option<i64>>(0)));
    }

    /// Copies the WAL into the database and truncates it once it is past
    /// [`WAL_CHECKPOINT_BYTES`]. Maintenance only: when another process holds the database it
    /// does not wait (the next run tries again), and its errors are not the run's.
    pub fn checkpoint_if_large(&self) {
        let mut wal = self.path.clone().into_os_string();
        wal.push("-wal");
        let big = std::fs::metadata(&wal).is_ok_and(|m| m.len() > WAL_CHECKPOINT_BYTES);
        if big && self.conn.busy_handler(None).is_ok() {
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                    r.get::<_, i64>(0)
                });
            let _ = self.conn.busy_handler(Some(busy));
        }
    }

    /// Deletes rows older than `retention_days` if the last prune is a day old or more
    /// (0 days: keep everything). Returns the number of rows deleted.
    pub fn prune_if_due(&mut self, retention_days: u32, now: i64) -> Result<usize, TrackingError> {
        if retention_days == 0 || !self.prune_due(now)? {
            return Ok(0);
        }
        let path = self.path.clone();
        let e = |err| sql_err(&path, err);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(e)?;
        let last = last_prune(&tx).map_err(e)?;
        if last.is_some_and(|l| (0..PRUNE_INTERVAL_SECS).contains(&(now - l))) {
            return Ok(0); // someone else pruned while we waited
        }
        let cutoff = now - i64::from(retention_days) * 86_400;
        let deleted = tx
            .execute("DELETE FROM runs WHERE ts < ?1", [cutoff])
            .map_err(e)?;
        tx.execute("DELETE FROM tool_savings WHERE ts < ?1", [cutoff])
            .map_err(e)?;
        tx.execute(
            "DELETE FROM meta WHERE key LIKE 'spooled:%' AND CAST(value AS INTEGER) < ?1",
            [cutoff],
        )
        .map_err(e)?;
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_prune', ?1)",
            [now.to_string()],
        )
        .map_err(e)?;
        tx.commit().map_err(e)?;
        Ok(deleted)
    }

    fn prune_due(&self, now: i64) -> Result<bool, TrackingError> {
        let last = last_prune(&self.conn).map_err(|e| sql_err(&self.path, e))?;
        Ok(!last.is_some_and(|l| (0..PRUNE_INTERVAL_SECS).contains(&(now - l))))
    }

    /// Deletes every row (or those of one project and its subfolders); returns the count.
    /// Deletes the runs (and the tool savings) of `project`, or all; returns how many runs.
    pub fn delete_runs(&mut self, project: Option<&str>) -> Result<usize, TrackingError> {
        let delete = |table: &str| match project {
            None => self.conn.execute(&format!("DELETE FROM {table}"), []),
            Some(p) => self.conn.execute(
                &format!("DELETE FROM {table} WHERE {}", PROJECT_FILTER),
                [p],
            ),
        };
        let n = delete("runs").map_err(|e| sql_err(&self.path, e))?;
        delete("tool_savings").map_err(|e| sql_err(&self.path, e))?;
        Ok(n)
    }
}

/// Sleep between two tries at a locked database.
const BUSY_STEP: Duration = Duration::from_millis(2);

/// When a thread's waits for a locked database end (see [`give_up_waits_with`]).
#[derive(Default)]
struct GiveUp {
    flag: Option<Arc<AtomicBool>>,
    at: Option<Instant>,
    /// Set at the first wait for a lock, for the thread that may cut waits short to see.
    waited: Option<Arc<AtomicBool>>,
}

thread_local! {
    static GIVE_UP: std::cell::RefCell<GiveUp> = std::cell::RefCell::new(GiveUp::default());
}

/// From now on, this thread's waits for a locked database end (as SQLITE_BUSY) once `flag`
/// is set, by whichever thread: the recorder's owner sets it when the run must end.
/// `waited` is set when this thread first has to wait for a lock.
pub fn give_up_waits_with(flag: Arc<AtomicBool>, waited: Arc<AtomicBool>) {
    GIVE_UP.with(|g| {
        let mut g = g.borrow_mut();
        g.flag = Some(flag);
        g.waited = Some(waited);
    });
}

/// From now on, this thread's waits for a locked database end at `deadline`.
pub fn give_up_waits_at(deadline: Instant) {
    GIVE_UP.with(|g| g.borrow_mut().at = Some(deadline));
}

fn waits_given_up() -> bool {
    GIVE_UP.with(|g| {
        let g = g.borrow();
        if let Some(w) = &g.waited {
            w.store(true, Ordering::Relaxed);
        }
        g.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || g.at.is_some_and(|at| Instant::now() >= at)
    })
}

/// SQLite's busy handler (called on the thread running the statement): waits in
/// [`BUSY_STEP`]s up to [`BUSY_TIMEOUT`], unless this thread was told to give up.
fn busy(tries: i32) -> bool {
    if waits_given_up() {
        return false;
    }
    std::thread::sleep(BUSY_STEP);
    BUSY_STEP * (tries.max(0) as u32 + 1) < BUSY_TIMEOUT
}

/// The error says the database was locked (or a wait for it was given up).
pub fn is_busy(e: &TrackingError) -> bool {
    matches!(
        e,
        TrackingError::Sqlite {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } if matches!(
            f.code,
            rusqlite::ErrorCode::DatabaseBusy
                | rusqlite::ErrorCode::DatabaseLocked
                | rusqlite::ErrorCode::OperationInterrupted
        )
    )
}

const INSERT_RUN: &str = "INSERT INTO runs (ts, command, command_key, project, raw_bytes,
    emitted_bytes, raw_tokens, emitted_tokens, exit_code, duration_ms, fell_back)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";
/// One INSERT of `run` stamped `ts` (its command masked and capped by `command::normalize`).
fn insert_on(conn: &Connection, run: &RunRecord, ts: i64) -> rusqlite::Result<()> {
    let cmd = command::normalize(&run.command);
    let key = command::key(&cmd);
    conn.prepare_cached(INSERT_RUN)
        .and_then(|mut insert| {
            insert.execute(params![
                ts,
                cmd,
                key,
                run.project.to_string_lossy(),
                sql_u64(run.raw_bytes),
                sql_u64(run.emitted_bytes),
                sql_u64(run.raw_tokens),
                sql_u64(run.emitted_tokens),
                run.exit_code,
                sql_u64(run.duration_ms),
                run.fell_back,
            ])
        })
        .map(drop)
}

const LAST_PRUNE: &str = "SELECT value FROM meta WHERE key = 'last_prune'";

fn last_prune(conn: &Connection) -> rusqlite::Result<Option<i64>> {
    let v: Option<String> = conn
        .prepare_cached(LAST_PRUNE)?
        .query_row([], |r| r.get(0))
        .optional()?;
    Ok(v.and_then(|s| s.parse().ok()))
}

fn sql_u64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

pub(crate) fn sql_err(path: &Path, source: rusqlite::Error) -> TrackingError {
    TrackingError::Sqlite {
        path: path.to_path_buf(),
        source,
    }
}

/// rtk's schema version in this file: the `meta` row, else 1 when `runs` exists (files from
/// before this scheme), else 0.
pub fn stored_version(conn: &Connection) -> rusqlite::Result<i64> {
    let row: rusqlite::Result<Option<String>> = conn
        .prepare_cached("SELECT value FROM meta WHERE key = 'schema_version'")
        .and_then(|mut s| s.query_row([], |r| r.get(0)).optional());
    if let Ok(Some(v)) = row {
        // Unreadable text is treated as newer than any version, so the file is left alone.
        return Ok(v.trim().parse().unwrap_or(i64::MAX));
    }
    Ok(i64::from(has_table(conn, "runs")?))
}

/// Records rtk's schema version (inside the migration's transaction).
pub fn store_version(conn: &Connection, version: i64) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![VERSION_KEY, version.to_string()],
    )
    .map(drop)
}

pub fn has_table(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [name],
        |r| r.get(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cmd: &str, raw: u64, emitted: u64) -> RunRecord {
        RunRecord {
            command: cmd.into(),
            project: "/p".into(),
            raw_tokens: raw,
            emitted_tokens: emitted,
            ..RunRecord::default()
        }
    }

    fn count(db: &Db) -> i64 {
        db.conn
            .query_row("SELECT count(*) FROM runs", [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn the_wal_stays_small_when_every_run_is_a_new_connection() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.db");
        let wal = dir.path().join("h.db-wal");
        let mut largest = 0;
        // One connection per run, as one process per run does: 300 runs write ~900 WAL pages.
        for i in 0..300 {
            let mut db = Db::open_for_write(&path).unwrap();
            db.insert(&run(&format!("git log -n {i}"), 10, 1), i)
                .unwrap();
            db.checkpoint_if_large();
            drop(db);
            largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
        }
        let db = Db::open_existing(&path).unwrap().unwrap();
        assert_eq!(count(&db), 300);
        // Past the limit by at most one run's pages.
        assert!(
            largest <= WAL_CHECKPOINT_BYTES + 16 * 4096,
            "WAL grew to {largest} bytes"
        );
    }

    #[test]
    fn migrates_once_and_stores_its_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.db");
        let db = Db::open_for_write(&path).unwrap();
        assert_eq!(stored_version(&db.conn).unwrap(), SCHEMA_VERSION);
        drop(db);
        // Reopening must not run the DDL again (it would fail: tables exist).
        let db = Db::open_for_write(&path).unwrap();
        assert_eq!(stored_version(&db.conn).unwrap(), SCHEMA_VERSION);
        let mode: String = db
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn newer_schema_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.db");
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch(&format!(
                "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                 INSERT INTO meta VALUES ('schema_version', '{}');",
                SCHEMA_VERSION + 5
            ))
            .unwrap();
        }
        let err = Db::open_for_write(&path)
            .err()
            .expect("newer schema refused");
        assert!(matches!(err, TrackingError::NewerSchema { .. }), "{err}");
        assert!(err.to_string().contains("upgrade rtk"));
    }

    #[test]
    fn open_existing_does_not_create() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("none.db");
        assert!(Db::open_existing(&path).unwrap().is_none());
        assert!(!path.exists());
    }

    #[test]
    fn prune_runs_at_most_once_a_day() {
        let dir = tempfile::tempdir().unwrap();
        let mut db = Db::open_for_write(&dir.path().join("h.db")).unwrap();
        let day = 86_400;
        let now = 1_000 * day;
        db.insert(&run("old", 1, 1), now - 100 * day).unwrap();
        db.insert(&run("new", 1, 1), now - day).unwrap();
        assert_eq!(db.prune_if_due(90, now).unwrap(), 1);
        assert_eq!(count(&db), 1);
        // Within the day: not due even though an old row appears.
        db.insert(&run("old2", 1, 1), now - 200 * day).unwrap();
        assert_eq!(db.prune_if_due(90, now + 10).unwrap(), 0);
        assert_eq!(count(&db), 2);
        // A day later: due again.
        assert_eq!(db.prune_if_due(90, now + day).unwrap(), 1);
        assert_eq!(count(&db), 1);
        // Retention 0 keeps everything.
        db.insert(&run("old3", 1, 1), 0).unwrap();
        assert_eq!(db.prune_if_due(0, now + 10 * day).unwrap(), 0);
        assert_eq!(count(&db), 2);
    }

    #[test]
    fn insert_masks_secrets_and_stores_key() {
        let dir = tempfile::tempdir().unwrap();
        let mut db = Db::open_for_write(&dir.path().join("h.db")).unwrap();
        db.insert(&run("git push --token=abc123 origin", 5, 2), 7)
            .unwrap();
        let (cmd, key): (String, String) = db
            .conn
            .query_row("SELECT command, command_key FROM runs", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert!(!cmd.contains("abc123"), "{cmd}");
        assert_eq!(key, "git push");
    }
}
