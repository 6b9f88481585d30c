//! Sharing `history.db` with upstream rtk 1.x, which uses the same default path.
//!
//! Upstream owns `PRAGMA user_version` (it sets 2) and its tables (`commands`, `parse_failures`,
//! `hook_decisions`, …); rtk owns `runs` and `meta`. So rtk keeps its own schema version as the
//! `meta` row `schema_version` and never reads or writes `user_version` nor any upstream table
//! except to read `commands`. A file rtk wrote before this scheme (`runs` present, no row) is
//! version 1 (the row is read and written by `db`, which migrates).
//!
//! [`import`] copies upstream's `commands` rows that are newer than the last import into
//! `runs`, marked `origin = 'upstream'`, so `rtk gain` includes them; upstream keeps writing
//! its own table on the same file. The mark of the last import (`meta` row
//! `upstream_imported_until`, upstream's own timestamp text) survives `rtk gain --reset`,
//! so reset rows never come back. Upstream counts tokens as ceil(bytes / 4) and records no
//! byte counts, so an imported row's bytes are its tokens × 4; it records no exit code (0).

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::db::{has_table, sql_err, Db};
use super::{command, TrackingError};

/// `runs.origin` of an imported upstream row (rtk's own rows are `'rtk'`).
pub const ORIGIN_UPSTREAM: &str = "upstream";

const IMPORTED_KEY: &str = "upstream_imported_until";

/// One upstream `commands` row, as far as rtk uses it.
struct UpstreamRow {
    stamp: String,
    ts: i64,
    command: String,
    project: String,
    input_tokens: i64,
    output_tokens: i64,
    exec_time_ms: i64,
    fell_back: bool,
}

const INSERT_IMPORTED: &str = "INSERT INTO runs (ts, command, command_key, project, raw_bytes,
    emitted_bytes, raw_tokens, emitted_tokens, exit_code, duration_ms, fell_back, origin)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?10, 'upstream')";

/// Copies upstream's rows newer than the last import into `runs`; returns how many. A file
/// without upstream's table imports nothing. Runs in one write transaction, so two
/// concurrent imports never copy a row twice.
pub fn import(db: &mut Db) -> Result<usize, TrackingError> {
    let path = db.path().to_path_buf();
    let e = |err| sql_err(&path, err);
    if !has_table(&db.conn, "commands").map_err(e)? {
        return Ok(0);
    }
    let tx = db
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(e)?;
    let since: String = tx
        .query_row(
            "SELECT value FROM meta WHERE key = ?1",
            [IMPORTED_KEY],
            |r| r.get(0),
        )
        .optional()
        .map_err(e)?
        .unwrap_or_default();
    let rows = read_rows(&tx, &since).map_err(e)?;
    let Some(last) = rows.last().map(|r| r.stamp.clone()) else {
        return Ok(0);
    };
    {
        let mut insert = tx.prepare_cached(INSERT_IMPORTED).map_err(e)?;
        for r in &rows {
            let cmd = command::normalize(&r.command);
            let key = command::key(&cmd);
            let (raw, emitted) = (r.input_tokens.max(0), r.output_tokens.max(0));
            insert
                .execute(params![
                    r.ts,
                    cmd,
                    key,
                    r.project,
                    raw.saturating_mul(4),
                    emitted.saturating_mul(4),
                    raw,
                    emitted,
                    r.exec_time_ms.max(0),
                    r.fell_back,
                ])
                .map_err(e)?;
        }
    }
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![IMPORTED_KEY, last],
    )
    .map_err(e)?;
    tx.commit().map_err(e)?;
    Ok(rows.len())
}

/// Upstream rows stamped after `since` (its own RFC 3339 text, which sorts by time), oldest
/// first. Columns upstream added over time (`project_path`, `exec_time_ms`) may be absent.
fn read_rows(conn: &Connection, since: &str) -> rusqlite::Result<Vec<UpstreamRow>> {
    let mut stmt = conn.prepare(
        "SELECT *, CAST(strftime('%s', timestamp) AS INTEGER) AS rtk_unix FROM commands
         WHERE timestamp > ?1 ORDER BY timestamp, id",
    )?;
    let rows = stmt.query_map([since], |r| {
        let text = |name: &str| -> String {
            r.get::<_, Option<String>>(name)
                .ok()
                .flatten()
                .unwrap_or_default()
        };
        let int = |name: &str| r.get::<_, Option<i64>>(name).ok().flatten().unwrap_or(0);
        let rtk_cmd = text("rtk_cmd");
        Ok(UpstreamRow {
            stamp: text("timestamp"),
            ts: r.get::<_, Option<i64>>("rtk_unix")?.unwrap_or(0),
            command: text("original_cmd"),
            project: text("project_path"),
            input_tokens: int("input_tokens"),
            output_tokens: int("output_tokens"),
            exec_time_ms: int("exec_time_ms"),
            fell_back: rtk_cmd.contains("fallback"),
        })
    })?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracking::db::stored_version;
    use crate::tracking::RunRecord;

    /// The shape upstream 1.1.0 gives a new file (its `commands` table and version), enough
    /// for these tests; the real binary is exercised by scripts/test-migration.sh.
    fn upstream_file(path: &std::path::Path) -> Connection {
        let c = Connection::open(path).unwrap();
        c.execute_batch(
            "CREATE TABLE commands (id INTEGER PRIMARY KEY, timestamp TEXT NOT NULL,
                original_cmd TEXT NOT NULL, rtk_cmd TEXT NOT NULL, input_tokens INTEGER NOT NULL,
                output_tokens INTEGER NOT NULL, saved_tokens INTEGER NOT NULL,
                savings_pct REAL NOT NULL, exec_time_ms INTEGER DEFAULT 0,
                project_path TEXT DEFAULT '');
             CREATE TABLE parse_failures (id INTEGER PRIMARY KEY, timestamp TEXT NOT NULL,
                raw_command TEXT NOT NULL, error_message TEXT NOT NULL,
                fallback_succeeded INTEGER NOT NULL DEFAULT 0);
             PRAGMA user_version = 2;",
        )
        .unwrap();
        c
    }

    fn upstream_row(c: &Connection, stamp: &str, cmd: &str, input: i64, output: i64) {
        c.execute(
            "INSERT INTO commands (timestamp, original_cmd, rtk_cmd, input_tokens,
                output_tokens, saved_tokens, savings_pct, exec_time_ms, project_path)
             VALUES (?1, ?2, 'rtk ' || ?2, ?3, ?4, ?3 - ?4, 0, 7, '/p')",
            params![stamp, cmd, input, output],
        )
        .unwrap();
    }

    fn origins(db: &Db) -> Vec<(String, String, i64)> {
        let mut s = db
            .conn
            .prepare("SELECT origin, command, ts FROM runs ORDER BY id")
            .unwrap();
        s.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn upstream_first_then_rtk_then_upstream_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        let up = upstream_file(&path);
        upstream_row(&up, "2026-12-01T10:00:00.5+00:00", "git status", 54, 14);
        upstream_row(&up, "2026-12-01T10:00:01.25+00:00", "ls -la", 72, 14);

        // rtk opens upstream's file: no "newer schema" refusal, its version is its own.
        let mut db = Db::open_for_write(&path).unwrap();
        assert_eq!(
            stored_version(&db.conn).unwrap(),
            super::super::db::SCHEMA_VERSION
        );
        db.insert(
            &RunRecord {
                command: "cargo test".into(),
                ..RunRecord::default()
            },
            5,
        )
        .unwrap();
        assert_eq!(import(&mut db).unwrap(), 2);
        assert_eq!(
            import(&mut db).unwrap(),
            0,
            "a second import copies nothing"
        );
        let rows = origins(&db);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            rows[1],
            ("upstream".into(), "git status".into(), 1_796_119_200)
        );
        assert_eq!(rows[0].0, "rtk");

        // Upstream's version and tables are untouched; it keeps appending.
        let v: i64 = up
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 2);
        upstream_row(&up, "2026-12-02T09:00:00+00:00", "git diff", 10, 1);
        assert_eq!(import(&mut db).unwrap(), 1);

        // After a reset the imported rows stay gone.
        db.delete_runs(None).unwrap();
        assert_eq!(import(&mut db).unwrap(), 0);
        assert!(origins(&db).is_empty());
        let n: i64 = up
            .query_row("SELECT count(*) FROM commands", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 3, "upstream's rows are never deleted");
    }

    #[test]
    fn rtk_first_then_upstream_sets_its_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.db");
        drop(Db::open_for_write(&path).unwrap());
        // What upstream does to a file it opens: its tables, user_version = 2.
        drop(upstream_file(&path));
        let mut db = Db::open_for_write(&path).unwrap();
        db.insert(&RunRecord::default(), 1).unwrap();
        let v: i64 = db
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 2, "rtk never writes user_version");
    }

    #[test]
    fn files_from_before_the_meta_version_are_version_1() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.db");
        let c = Connection::open(&path).unwrap();
        assert_eq!(stored_version(&c).unwrap(), 0);
        c.execute_batch(
            "CREATE TABLE runs (id INTEGER PRIMARY KEY, ts INTEGER NOT NULL,
                command TEXT NOT NULL, command_key TEXT NOT NULL, project TEXT NOT NULL,
                raw_bytes INTEGER NOT NULL, emitted_bytes INTEGER NOT NULL,
                raw_tokens INTEGER NOT NULL, emitted_tokens INTEGER NOT NULL,
                exit_code INTEGER NOT NULL, duration_ms INTEGER NOT NULL,
                fell_back INTEGER NOT NULL);
             CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             INSERT INTO runs VALUES (1, 1, 'ls', 'ls', '/p', 4, 4, 1, 1, 0, 1, 0);
             PRAGMA user_version = 1;",
        )
        .unwrap();
        assert_eq!(stored_version(&c).unwrap(), 1);
        drop(c);
        let db = Db::open_for_write(&path).unwrap();
        assert_eq!(origins(&db), [("rtk".into(), "ls".into(), 1)]);
    }
}
