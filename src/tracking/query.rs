//! Read side of the history: totals, per-command and per-period groups, recent rows.
//! Every number is a plain SQL SUM/COUNT over `runs`, so reports equal the sums of the rows.
//! A project filter matches the project folder and its subfolders.

use rusqlite::{params, Row};

use super::db::{sql_err, Db};
use super::TrackingError;

/// "project is ?1 or inside it", true for every row when ?1 is NULL.
const OPTIONAL_PROJECT: &str =
    "(?1 IS NULL OR project = ?1 OR substr(project, 1, length(?1) + 1) = ?1 || '/')";

/// Sums over all selected rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub runs: u64,
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub duration_ms: u64,
    /// Runs whose filter printed the raw output.
    pub fell_back_runs: u64,
    /// Runs whose command exited non-zero.
    pub failed_runs: u64,
    /// Rows imported from upstream rtk's history (see `tracking::upstream`).
    pub imported_runs: u64,
    /// Largest raw − emitted of a single run (shows when one run dominates the savings).
    pub max_run_saved_tokens: i64,
    /// First and last run time, ISO-8601 UTC.
    pub first_run: Option<String>,
    pub last_run: Option<String>,
}

/// Sums over one group (a command key or a period).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Group {
    pub key: String,
    pub runs: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub duration_ms: u64,
}

/// One stored run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryRow {
    /// ISO-8601 UTC.
    pub time: String,
    pub command: String,
    pub project: String,
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub exit_code: i32,
    pub duration_ms: u64,
    pub fell_back: bool,
    /// Imported from upstream rtk's history.
    pub imported: bool,
}

/// Calendar bucket for `--daily/--weekly/--monthly` (UTC; weeks start on Monday and are
/// labelled by that Monday's date).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Day,
    Week,
    Month,
}

impl Period {
    pub fn name(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Month => "month",
        }
    }

    fn sql(self) -> &'static str {
        match self {
            Period::Day => "date(ts, 'unixepoch')",
            Period::Week => "date(ts, 'unixepoch', 'weekday 0', '-6 days')",
            Period::Month => "strftime('%Y-%m', ts, 'unixepoch')",
        }
    }
}

const ISO: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', ts, 'unixepoch')";

fn u(row: &Row<'_>, i: usize) -> rusqlite::Result<u64> {
    row.get::<_, i64>(i).map(|v| v.max(0) as u64)
}

fn group(row: &Row<'_>) -> rusqlite::Result<Group> {
    Ok(Group {
        key: row.get(0)?,
        runs: u(row, 1)?,
        raw_tokens: u(row, 2)?,
        emitted_tokens: u(row, 3)?,
        duration_ms: u(row, 4)?,
    })
}

const GROUP_SUMS: &str =
    "COUNT(*), COALESCE(SUM(raw_tokens), 0), COALESCE(SUM(emitted_tokens), 0), \
     COALESCE(SUM(duration_ms), 0)";

impl Db {
    /// Totals over every row (of `project` and its subfolders when given).
    pub fn totals(&self, project: Option<&str>) -> Result<Totals, TrackingError> {
        let sql = format!(
            "SELECT COUNT(*), COALESCE(SUM(raw_bytes), 0), COALESCE(SUM(emitted_bytes), 0),
                    COALESCE(SUM(raw_tokens), 0), COALESCE(SUM(emitted_tokens), 0),
                    COALESCE(SUM(duration_ms), 0), COALESCE(SUM(fell_back != 0), 0),
                    COALESCE(SUM(exit_code != 0), 0),
                    COALESCE(MAX(raw_tokens - emitted_tokens), 0),
                    COALESCE(SUM(origin = 'upstream'), 0),
                    strftime('%Y-%m-%dT%H:%M:%SZ', MIN(ts), 'unixepoch'),
                    strftime('%Y-%m-%dT%H:%M:%SZ', MAX(ts), 'unixepoch')
             FROM runs WHERE {OPTIONAL_PROJECT}"
        );
        self.conn
            .query_row(&sql, [project], |r| {
                Ok(Totals {
                    runs: u(r, 0)?,
                    raw_bytes: u(r, 1)?,
                    emitted_bytes: u(r, 2)?,
                    raw_tokens: u(r, 3)?,
                    emitted_tokens: u(r, 4)?,
                    duration_ms: u(r, 5)?,
                    fell_back_runs: u(r, 6)?,
                    failed_runs: u(r, 7)?,
                    max_run_saved_tokens: r.get(8)?,
                    imported_runs: u(r, 9)?,
                    first_run: r.get(10)?,
                    last_run: r.get(11)?,
                })
            })
            .map_err(|e| sql_err(self.path(), e))
    }

    /// Per command key, most tokens saved first; at most `limit` groups (None: all).
    pub fn by_command(
        &self,
        project: Option<&str>,
        limit: Option<usize>,
    ) -> Result<Vec<Group>, TrackingError> {
        let sql = format!(
            "SELECT command_key, {GROUP_SUMS} FROM runs WHERE {OPTIONAL_PROJECT}
             GROUP BY command_key
             ORDER BY SUM(raw_tokens) - SUM(emitted_tokens) DESC, command_key
             LIMIT ?2"
        );
        let limit = limit.map_or(-1, |l| l as i64);
        self.collect(&sql, params![project, limit], group)
    }

    /// Per calendar period, oldest first.
    pub fn by_period(
        &self,
        project: Option<&str>,
        period: Period,
    ) -> Result<Vec<Group>, TrackingError> {
        let sql = format!(
            "SELECT {p} AS period, {GROUP_SUMS} FROM runs WHERE {OPTIONAL_PROJECT}
             GROUP BY period ORDER BY period",
            p = period.sql()
        );
        self.collect(&sql, params![project], group)
    }

    /// Per UTC day for runs at or after `since_ts` (Unix seconds), oldest first; days without
    /// runs are absent.
    pub fn daily_since(
        &self,
        project: Option<&str>,
        since_ts: i64,
    ) -> Result<Vec<Group>, TrackingError> {
        let sql = format!(
            "SELECT date(ts, 'unixepoch') AS period, {GROUP_SUMS} FROM runs
             WHERE {OPTIONAL_PROJECT} AND ts >= ?2
             GROUP BY period ORDER BY period"
        );
        self.collect(&sql, params![project, since_ts], group)
    }

    /// The `limit` most recent runs, newest first.
    pub fn recent(
        &self,
        project: Option<&str>,
        limit: usize,
    ) -> Result<Vec<HistoryRow>, TrackingError> {
        self.recent_where(project, limit, "1")
    }

    /// The `limit` most recent runs whose filter printed the raw output, newest first.
    pub fn recent_fallbacks(
        &self,
        project: Option<&str>,
        limit: usize,
    ) -> Result<Vec<HistoryRow>, TrackingError> {
        self.recent_where(project, limit, "fell_back != 0")
    }

    fn recent_where(
        &self,
        project: Option<&str>,
        limit: usize,
        filter: &str,
    ) -> Result<Vec<HistoryRow>, TrackingError> {
        let sql = format!(
            "SELECT {ISO}, command, project, raw_bytes, emitted_bytes, raw_tokens,
                    emitted_tokens, exit_code, duration_ms, fell_back, origin = 'upstream'
             FROM runs WHERE {OPTIONAL_PROJECT} AND {filter}
             ORDER BY ts DESC, id DESC LIMIT ?2"
        );
        self.collect(&sql, params![project, limit as i64], |r| {
            Ok(HistoryRow {
                time: r.get(0)?,
                command: r.get(1)?,
                project: r.get(2)?,
                raw_bytes: u(r, 3)?,
                emitted_bytes: u(r, 4)?,
                raw_tokens: u(r, 5)?,
                emitted_tokens: u(r, 6)?,
                exit_code: r.get(7)?,
                duration_ms: u(r, 8)?,
                fell_back: r.get(9)?,
                imported: r.get(10)?,
            })
        })
    }

    fn collect<T>(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, TrackingError> {
        let e = |err| sql_err(self.path(), err);
        let mut stmt = self.conn.prepare(sql).map_err(e)?;
        let rows = stmt.query_map(params, f).map_err(e)?;
        rows.collect::<rusqlite::Result<Vec<T>>>().map_err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tracking::RunRecord;

    fn run(cmd: &str, project: &str, raw: u64, emitted: u64) -> RunRecord {
        RunRecord {
            command: cmd.into(),
            project: project.into(),
            raw_bytes: raw * 4,
            emitted_bytes: emitted * 4,
            raw_tokens: raw,
            emitted_tokens: emitted,
            exit_code: 0,
            duration_ms: 10,
            fell_back: false,
        }
    }

    fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open_for_write(&dir.path().join("h.db")).unwrap();
        (dir, db)
    }

    const DAY: i64 = 86_400;
    // 2026-11-30 is a Monday.
    const MON: i64 = 20_787 * DAY;

    #[test]
    fn totals_and_groups_are_row_sums() {
        let (_d, mut db) = db();
        db.insert(&run("git status", "/a", 100, 20), MON).unwrap();
        db.insert(&run("git status -s", "/a/sub", 50, 10), MON + DAY)
            .unwrap();
        db.insert(&run("cargo test", "/b", 300, 30), MON + 7 * DAY)
            .unwrap();
        let t = db.totals(None).unwrap();
        assert_eq!((t.runs, t.raw_tokens, t.emitted_tokens), (3, 450, 60));
        assert_eq!(
            (t.raw_bytes, t.emitted_bytes, t.duration_ms),
            (1800, 240, 30)
        );
        assert_eq!(t.max_run_saved_tokens, 270);
        assert_eq!(t.first_run.as_deref(), Some("2026-11-30T00:00:00Z"));
        let a = db.totals(Some("/a")).unwrap();
        assert_eq!((a.runs, a.raw_tokens), (2, 150));
        // "/a" must not match "/ab".
        db.insert(&run("ls", "/ab", 1, 1), MON).unwrap();
        assert_eq!(db.totals(Some("/a")).unwrap().runs, 2);

        let cmds = db.by_command(None, None).unwrap();
        let keys: Vec<_> = cmds.iter().map(|g| g.key.as_str()).collect();
        assert_eq!(keys, ["cargo test", "git status", "ls"]);
        assert_eq!(cmds[1].runs, 2);
        assert_eq!(db.by_command(None, Some(1)).unwrap().len(), 1);

        let weeks = db.by_period(None, Period::Week).unwrap();
        let labels: Vec<_> = weeks.iter().map(|g| (g.key.as_str(), g.runs)).collect();
        assert_eq!(labels, [("2026-11-30", 3), ("2026-12-07", 1)]);
        let months = db.by_period(None, Period::Month).unwrap();
        assert_eq!(months.len(), 2);
        assert_eq!(months[0].key, "2026-11");
        let days = db.daily_since(None, MON + DAY).unwrap();
        assert_eq!(days.len(), 2);
    }

    #[test]
    fn recent_is_newest_first() {
        let (_d, mut db) = db();
        for i in 0..5 {
            db.insert(&run(&format!("cmd{i}"), "/a", i, 0), MON + i as i64)
                .unwrap();
        }
        let rows = db.recent(None, 3).unwrap();
        let cmds: Vec<_> = rows.iter().map(|r| r.command.as_str()).collect();
        assert_eq!(cmds, ["cmd4", "cmd3", "cmd2"]);
        assert_eq!(rows[0].time, "2026-11-30T00:00:04Z");
    }

    #[test]
    fn delete_by_project() {
        let (_d, mut db) = db();
        db.insert(&run("a", "/a", 1, 0), MON).unwrap();
        db.insert(&run("b", "/a/x", 1, 0), MON).unwrap();
        db.insert(&run("c", "/b", 1, 0), MON).unwrap();
        assert_eq!(db.delete_runs(Some("/a")).unwrap(), 2);
        assert_eq!(db.delete_runs(None).unwrap(), 1);
    }
}
