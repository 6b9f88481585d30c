//! History of filtered runs in SQLite, off the hook path (`rtk rewrite` / `rtk hook` never
//! open it). Recording never fails the user's command, and never prints into it: problems are
//! kept by [`trouble`] for `rtk gain` and `rtk config`.
//!
//! Layout: [`db`] opens the database (WAL, busy timeout, versioned migrations, pruning at
//! most once a day), [`upstream`] shares the file with upstream rtk 1.x and imports its rows,
//! [`command`] turns an argv into the stored command text (secrets masked) and its report
//! key, [`query`] is the read side used by `rtk gain` and `rtk discover`, [`recorder`] opens
//! the database while the command runs, [`spool`] keeps a row the database could not take (a
//! lock, or any fault that clears), [`repair`] sets a damaged history aside, [`trouble`] keeps
//! what went wrong, [`fallback`] (re-exported from [`crate::ledger`], which the hook path
//! writes) says where rtk's files go when the data folder cannot be written (the temp dir),
//! [`tools`] imports the hook path's PostToolUse savings ledger and sums it per tool,
//! [`dates`] turns Unix times into calendar dates. The token estimate is the leaf module
//! [`crate::tokens`].

pub mod command;
pub mod dates;
pub mod db;
pub mod query;
pub mod recorder;
pub mod repair;
pub mod spool;
pub mod tools;
pub mod trouble;
pub mod upstream;

pub use crate::ledger::{fallback, now_unix, project_root};

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::config::{Config, Shared};
use crate::env::Env;

pub use crate::tokens::{self, estimate_tokens, TOKEN_METHOD};
pub use recorder::Recorder;

/// One filtered run, as the runner measured it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunRecord {
    /// The command as run (argv joined with spaces).
    pub command: String,
    /// Project root of the working directory (or the working directory).
    pub project: PathBuf,
    /// Bytes of the real command's output (stdout + stderr) and of what rtk printed.
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    /// Token counts of the same two texts (see `estimate_tokens`).
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub exit_code: i32,
    pub duration_ms: u64,
    /// The filter could not parse the output and printed it raw.
    pub fell_back: bool,
}

/// Why a row could not be written or the history could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TrackingError {
    #[error("no history location: set RTK_DB_PATH, XDG_DATA_HOME or HOME")]
    NoLocation,
    #[error("cannot create {}: {source}", path.display())]
    CreateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Sqlite {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("{}: schema version {found} is newer than this rtk understands ({known}); upgrade rtk", path.display())]
    NewerSchema {
        path: PathBuf,
        found: i64,
        known: i64,
    },
}

/// What the tracking settings resolve to for one environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// False when `RTK_NO_TRACKING=1` or `[tracking] enabled = false`.
    pub enabled: bool,
    /// Where the database lives (None: no HOME/XDG and no override).
    pub db_path: Option<PathBuf>,
    /// Rows older than this many days are pruned (0 keeps everything).
    pub retention_days: u32,
}

impl Settings {
    /// `RTK_NO_TRACKING` and `RTK_DB_PATH` win over `[tracking]` in the config file, which wins
    /// over `$XDG_DATA_HOME/rtk/history.db`.
    pub fn resolve(env: &Env, config: &Config) -> Settings {
        let env_off = env
            .var("RTK_NO_TRACKING")
            .is_some_and(|v| !matches!(v, "0" | "false" | "no"));
        let db_path = env
            .path_var("RTK_DB_PATH")
            .or_else(|| {
                config
                    .tracking
                    .db_path
                    .as_ref()
                    .map(|p| expand_home(p, env))
            })
            .or_else(|| env.data_home().map(|d| d.join("rtk").join("history.db")));
        Settings {
            enabled: config.tracking.enabled && !env_off,
            db_path,
            retention_days: config.tracking.retention_days,
        }
    }
}

fn expand_home(p: &Path, env: &Env) -> PathBuf {
    match (p.strip_prefix("~"), env.home()) {
        (Ok(rest), Some(home)) => home.join(rest),
        _ => p.to_path_buf(),
    }
}

/// Appends one row to the history database; never returns an error to the caller.
/// Any problem is kept for `rtk gain` and `rtk config` ([`trouble`]), not printed.
pub fn record(env: &Env, run: &RunRecord) {
    Recorder::start(env, &Shared::new(env)).finish(run);
}

/// [`record`] with the warning (config warnings included) written to `warn`.
pub fn record_to(env: &Env, run: &RunRecord, warn: &mut dyn Write) {
    Recorder::start(env, &Shared::new(env)).finish_to(run, warn);
}

/// Appends one row stamped `ts` (Unix seconds, UTC) under `settings`; does nothing when
/// tracking is disabled.
pub fn record_with(settings: &Settings, run: &RunRecord, ts: i64) -> Result<(), TrackingError> {
    match open_for(settings, ts)? {
        Some((mut db, _)) => store(&mut db, settings, run, ts),
        None => Ok(()),
    }
}

/// The history database to write to (a damaged one set aside first: [`repair`]), or `None`
/// when tracking is disabled.
fn open_for(
    settings: &Settings,
    now: i64,
) -> Result<Option<(db::Db, Option<repair::SetAside>)>, TrackingError> {
    if !settings.enabled {
        return Ok(None);
    }
    let path = settings
        .db_path
        .as_deref()
        .ok_or(TrackingError::NoLocation)?;
    repair::open(path, now).map(Some)
}

/// Inserts `run`, then the occasional maintenance (retention pruning, WAL checkpoint).
fn store(
    db: &mut db::Db,
    settings: &Settings,
    run: &RunRecord,
    ts: i64,
) -> Result<(), TrackingError> {
    db.insert(run, ts)?;
    db.prune_if_due(settings.retention_days, ts)?;
    db.checkpoint_if_large();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Env {
        Env::new(vars.iter().map(|(k, v)| (*k, *v)), "/")
    }

    #[test]
    fn settings_precedence() {
        type Vars = &'static [(&'static str, &'static str)];
        let cases: &[(Vars, Option<&str>, bool)] = &[
            (
                &[("HOME", "/h")],
                Some("/h/.local/share/rtk/history.db"),
                true,
            ),
            (
                &[("HOME", "/h"), ("XDG_DATA_HOME", "/x")],
                Some("/x/rtk/history.db"),
                true,
            ),
            (
                &[("HOME", "/h"), ("RTK_DB_PATH", "/tmp/a.db")],
                Some("/tmp/a.db"),
                true,
            ),
            // A relative XDG path is ignored (XDG spec), never made under the working dir.
            (
                &[("HOME", "/h"), ("XDG_DATA_HOME", "rel")],
                Some("/h/.local/share/rtk/history.db"),
                true,
            ),
            (&[("HOME", "/h"), ("RTK_NO_TRACKING", "1")], None, false),
            (&[("HOME", "/h"), ("RTK_NO_TRACKING", "0")], None, true),
            (&[], None, true),
        ];
        for (vars, path, enabled) in cases {
            let s = Settings::resolve(&env(vars), &Config::default());
            if let Some(p) = path {
                assert_eq!(s.db_path.as_deref(), Some(Path::new(p)), "{vars:?}");
            }
            assert_eq!(s.enabled, *enabled, "{vars:?}");
        }
        let s = Settings::resolve(&env(&[]), &Config::default());
        assert_eq!(s.db_path, None);
    }

    #[test]
    fn config_db_path_and_enabled() {
        let mut c = Config::default();
        c.tracking.db_path = Some(PathBuf::from("~/rtk.db"));
        c.tracking.enabled = false;
        let s = Settings::resolve(&env(&[("HOME", "/h")]), &c);
        assert_eq!(s.db_path.as_deref(), Some(Path::new("/h/rtk.db")));
        assert!(!s.enabled);
        let s = Settings::resolve(&env(&[("HOME", "/h"), ("RTK_DB_PATH", "/o.db")]), &c);
        assert_eq!(s.db_path.as_deref(), Some(Path::new("/o.db")));
    }

    #[test]
    fn disabled_records_nothing_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/h.db");
        let s = Settings {
            enabled: false,
            db_path: Some(path.clone()),
            retention_days: 90,
        };
        record_with(&s, &RunRecord::default(), 1).unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn project_root_walks_to_git() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("a/b/c");
        std::fs::create_dir_all(&deep).unwrap();
        assert_eq!(project_root(&deep), deep);
        std::fs::create_dir_all(dir.path().join("a/.git")).unwrap();
        assert_eq!(project_root(&deep), dir.path().join("a"));
    }
}
