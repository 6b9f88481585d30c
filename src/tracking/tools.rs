//! The hook path's savings ledger ([`crate::ledger`]) brought into the history, and read back
//! per tool for `rtk gain`.
//!
//! Invariants: an importer claims a ledger by renaming it (`.claimed-<pid>`; a hook that
//! appends afterwards starts a new file), stores its lines in one transaction, then removes
//! it; a claim left by an importer that died (its process gone, or older than a minute) is
//! imported by the next; a call (session, tool_use_id) is stored once, so a claim imported
//! twice counts once. A hook that opened the file just before the rename and writes just
//! after the read loses that one line (no lock on the hook path).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use rusqlite::{params, TransactionBehavior};

use super::db::{sql_err, Db};
use super::TrackingError;
use crate::env::Env;
use crate::ledger::{self, ToolSaving};
use crate::os;

const CLAIMED: &str = ".claimed-";

/// How old a claim must be before its importer counts as dead.
const STALE_CLAIM: std::time::Duration = std::time::Duration::from_secs(60);

/// Whether any ledger (or a claim of one) waits for the database at `db`.
pub fn waiting(env: &Env, db: &Path) -> bool {
    ledger::files(env, db)
        .iter()
        .any(|f| f.exists() || !claims_of(f).is_empty())
}

/// Imports every ledger of `db` (beside it and in the temp dirs); returns the rows stored.
pub fn import_all(db: &mut Db, env: &Env) -> Result<usize, TrackingError> {
    let mut n = 0;
    for f in ledger::files(env, db.path()) {
        n += import_file(db, &f)?;
    }
    Ok(n)
}

fn import_file(db: &mut Db, file: &Path) -> Result<usize, TrackingError> {
    let mut claims: Vec<PathBuf> = claims_of(file).into_iter().filter(|c| stale(c)).collect();
    let mine = claimed_name(file, std::process::id());
    if std::fs::rename(file, &mine).is_ok() {
        claims.push(mine);
    }
    if claims.is_empty() {
        return Ok(0);
    }
    let mut rows = Vec::new();
    for c in &claims {
        if let Ok(text) = std::fs::read(c) {
            rows.extend(ledger::parse(&text));
        }
    }
    // On an error the claims stay; the next importer (another process) takes them over.
    let n = insert(db, &rows)?;
    for c in &claims {
        let _ = std::fs::remove_file(c);
    }
    Ok(n)
}

fn insert(db: &mut Db, rows: &[ToolSaving]) -> Result<usize, TrackingError> {
    let path = db.path().to_path_buf();
    let e = |err| sql_err(&path, err);
    let tx = db
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(e)?;
    let mut n = 0;
    for r in rows {
        n += tx
            .execute(
                "INSERT OR IGNORE INTO tool_savings (ts, tool, session, tool_use_id, project,
                 before_tokens, after_tokens) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    r.ts,
                    r.tool,
                    r.session,
                    r.tool_use_id,
                    r.project,
                    r.before_tokens.min(i64::MAX as u64) as i64,
                    r.after_tokens.min(i64::MAX as u64) as i64
                ],
            )
            .map_err(e)?;
    }
    tx.commit().map_err(e)?;
    Ok(n)
}

fn claimed_name(file: &Path, pid: u32) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(format!("{CLAIMED}{pid}"));
    PathBuf::from(name)
}

/// Claims of `file` in its folder (any importer's).
fn claims_of(file: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (file.parent(), file.file_name()) else {
        return Vec::new();
    };
    let mut prefix = OsString::from(name);
    prefix.push(CLAIMED);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .as_encoded_bytes()
                .starts_with(prefix.as_encoded_bytes())
        })
        .map(|e| e.path())
        .collect()
}

/// A claim whose importer is gone (or took longer than [`STALE_CLAIM`]).
fn stale(claim: &Path) -> bool {
    let pid = claim
        .to_str()
        .and_then(|s| s.rsplit_once(CLAIMED))
        .and_then(|(_, p)| p.parse::<u32>().ok());
    let gone = pid.is_some_and(|p| p != std::process::id() && !os::process_alive(p));
    let old = std::fs::metadata(claim)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|m| m.elapsed().ok())
        .is_some_and(|a| a > STALE_CLAIM);
    gone || old
}

/// One tool's shortened results, summed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolGroup {
    pub tool: String,
    pub results: u64,
    pub before_tokens: u64,
    pub after_tokens: u64,
}

impl Db {
    /// The tool savings per tool (of `project`, or all), most tokens saved first.
    pub fn by_tool(&self, project: Option<&str>) -> Result<Vec<ToolGroup>, TrackingError> {
        let filter = match project {
            Some(_) => "WHERE (project = ?1 OR substr(project, 1, length(?1) + 1) = ?1 || '/')",
            None => "WHERE ?1 IS NULL",
        };
        let sql = format!(
            "SELECT tool, COUNT(*), SUM(before_tokens), SUM(after_tokens) FROM tool_savings
             {filter} GROUP BY tool ORDER BY SUM(before_tokens) - SUM(after_tokens) DESC, tool"
        );
        let e = |err| sql_err(self.path(), err);
        let mut stmt = self.conn.prepare(&sql).map_err(e)?;
        let rows = stmt
            .query_map([project], |r| {
                Ok(ToolGroup {
                    tool: r.get(0)?,
                    results: r.get::<_, i64>(1)? as u64,
                    before_tokens: r.get::<_, i64>(2)?.max(0) as u64,
                    after_tokens: r.get::<_, i64>(3)?.max(0) as u64,
                })
            })
            .map_err(e)?;
        rows.collect::<Result<_, _>>().map_err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saving(id: &str, project: &str, before: u64, after: u64) -> ToolSaving {
        ToolSaving {
            ts: 5,
            tool: "Read".into(),
            session: "s".into(),
            tool_use_id: id.into(),
            project: project.into(),
            before_tokens: before,
            after_tokens: after,
        }
    }

    #[test]
    fn ledgers_are_imported_once_and_summed_per_tool() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("h.db");
        let env = Env::new([("TMPDIR", t.path().to_str().unwrap())], t.path());
        ledger::append(&env, &path, &saving("a", "/p", 1000, 100)).unwrap();
        ledger::append(&env, &path, &saving("b", "/q", 500, 50)).unwrap();
        // The same call twice (a claim imported again) counts once.
        ledger::append(&env, &path, &saving("a", "/p", 1000, 100)).unwrap();
        // A claim left by an importer that is gone is taken over.
        let dead = claimed_name(&ledger::file(&path), u32::MAX - 1);
        std::fs::write(
            &dead,
            serde_json::to_string(&saving("c", "/p", 300, 30)).unwrap() + "\n",
        )
        .unwrap();
        assert!(waiting(&env, &path));
        let mut db = Db::open_for_write(&path).unwrap();
        assert_eq!(import_all(&mut db, &env).unwrap(), 3);
        assert!(!waiting(&env, &path));
        assert_eq!(import_all(&mut db, &env).unwrap(), 0);
        let all = db.by_tool(None).unwrap();
        assert_eq!(
            all,
            [ToolGroup {
                tool: "Read".into(),
                results: 3,
                before_tokens: 1800,
                after_tokens: 180
            }]
        );
        let p = db.by_tool(Some("/p")).unwrap();
        assert_eq!((p[0].results, p[0].before_tokens), (2, 1300));
        db.delete_runs(Some("/p")).unwrap();
        assert_eq!(db.by_tool(None).unwrap()[0].results, 1);
    }
}
