//! Recording a run without adding its cost to the run: [`Recorder::start`] loads the settings,
//! opens the history database and does its maintenance (pruning, WAL checkpoint, spool and
//! tool-ledger import) on a thread while the command runs; [`Recorder::finish`] takes the
//! ready database back, does the one INSERT on the calling thread and keeps any trouble for
//! `rtk gain` ([`super::trouble`]).
//!
//! Same guarantees as [`super::record`]: the command's output and exit code never depend on
//! it, a problem is never printed into the command's output (the agent reads stderr too), and
//! a locked database holds the exit up by at most [`EXIT_WAIT`]; a row the database does not
//! take, whatever the fault, is spooled ([`super::spool`]) and goes in once the fault clears.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use super::db::{self, Db};
use super::{now_unix, open_for, spool, RunRecord, Settings, TrackingError};
use crate::config::Shared;
use crate::env::Env;
use crate::os;
use crate::warnings::Warnings;

/// How much the recorder's thread gives way to others (the `nice` scale, 0 to 19): opening
/// the database costs CPU while the command starts, and a command like `git status` keeps
/// both cores busy then (a large repository's `git status` ends sooner at 10 than at 0:
/// bench/README.md, "Measurements behind the code"). It still gets its share, so the wait for
/// it at the end does not grow.
const RECORDER_NICE: i32 = 10;

/// Longest the end of a run waits for a locked database. Past it (another process holds the
/// lock) the row is spooled for the next run ([`super::spool`]).
pub const EXIT_WAIT: Duration = Duration::from_millis(50);

/// Longest the end of a run waits for a database that is slow to open but not locked (a
/// first run creating it on a busy machine) before spooling the row all the same: the exit is
/// never held up by more than about this.
pub const SLOW_OPEN_WAIT: Duration = Duration::from_millis(200);

/// What the worker hands over: [`Prepared`] and the warnings so far.
type Ready = (Prepared, Vec<String>);

/// The database ready for the INSERT, with its path (None: tracking disabled); or why there is
/// none, with the path when there is one (a locked database spools there).
type Prepared = Result<Option<(Db, PathBuf)>, (TrackingError, Option<PathBuf>)>;

/// A recording in progress.
pub struct Recorder {
    ready: mpsc::Receiver<Ready>,
    give_up: Arc<AtomicBool>,
    /// The worker had to wait for a lock.
    waited: Arc<AtomicBool>,
    /// Whether the worker holds claimed spool files (see [`spool::import_marking`]).
    claims: Arc<AtomicU8>,
    env: Env,
    config: Shared,
}

impl Recorder {
    /// Starts loading the settings (the command's `config`, read on this thread unless it was
    /// already), opening the database and its maintenance on a thread.
    pub fn start(env: &Env, config: &Shared) -> Recorder {
        let kept = env.clone();
        let (shared, kept_config) = (config.clone(), config.clone());
        let env = env.clone();
        let (ready_tx, ready) = mpsc::channel::<Ready>();
        let give_up = Arc::new(AtomicBool::new(false));
        let waited = Arc::new(AtomicBool::new(false));
        let (flag, saw_wait) = (give_up.clone(), waited.clone());
        let claims = Arc::new(AtomicU8::new(spool::IDLE));
        let worker_claims = claims.clone();
        thread::spawn(move || {
            db::give_up_waits_with(flag, saw_wait);
            // Bookkeeping yields the cores to the command and rtk's reader: on Linux only, where
            // the nice value is this thread's own (the command, spawned by the main thread,
            // keeps its); elsewhere it would be the whole process's, so none.
            os::lower_thread_priority(RECORDER_NICE);
            // rtk's data folder, if an older rtk made it with wider modes, becomes private.
            if let Some(data) = env.data_home() {
                let _ = os::narrow_dir(&data.join("rtk"));
            }
            let mut warnings = shared.load_warnings().to_vec();
            let settings = Settings::resolve(&env, shared.get());
            let prepared = prepare(&env, &settings, &worker_claims, &mut warnings);
            let _ = ready_tx.send((prepared, warnings));
        });
        Recorder {
            ready,
            give_up,
            waited,
            claims,
            env: kept,
            config: kept_config,
        }
    }

    /// Stores `run` (or spools it) within about [`EXIT_WAIT`]; returns the warnings.
    fn wait(self, run: &RunRecord) -> Vec<String> {
        let started = Instant::now();
        let deadline = started + EXIT_WAIT;
        let ts = now_unix();
        // A locked database is given up on at EXIT_WAIT; a merely slow one gets until
        // SLOW_OPEN_WAIT.
        let got = loop {
            let waited = self.waited.load(Ordering::Relaxed);
            let limit = if waited { EXIT_WAIT } else { SLOW_OPEN_WAIT };
            let step = (started + limit)
                .saturating_duration_since(Instant::now())
                .min(Duration::from_millis(10));
            match self.ready.recv_timeout(step) {
                Err(mpsc::RecvTimeoutError::Timeout) if started.elapsed() < limit => continue,
                other => break other,
            }
        };
        let (prepared, mut warnings) = match got {
            Ok(ready) => ready,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // Still opening (a locked database, a slow disk): the worker stops waiting and
                // is left behind; the row goes to the spool.
                self.give_up.store(true, Ordering::Relaxed);
                // A worker importing spooled rows holds claimed files: ending the process now
                // would leave them claimed (for a minute). It holds the write lock then, so it
                // is done in moments.
                while self
                    .claims
                    .compare_exchange(
                        spool::IDLE,
                        spool::ENDING,
                        Ordering::SeqCst,
                        Ordering::SeqCst,
                    )
                    .is_err()
                    && started.elapsed() < SLOW_OPEN_WAIT
                {
                    thread::sleep(Duration::from_millis(1));
                }
                let settings = Settings::resolve(&self.env, self.config.get());
                let kept = match (settings.enabled, settings.db_path) {
                    (true, Some(path)) => spool::keep_anywhere(&self.env, &path, run, ts),
                    _ => return Vec::new(),
                };
                return kept
                    .err()
                    .map(|e| format!("history not recorded: {e}"))
                    .into_iter()
                    .collect();
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return vec!["history not recorded: the recorder panicked".into()];
            }
        };
        // Whatever stops the row going in, it is spooled (beside the database, else in the
        // temp dir) and goes in once the fault clears; only a lock is said nothing about.
        let failed = match prepared {
            Ok(None) => None,
            Ok(Some((mut db, path))) => {
                db::give_up_waits_at(deadline);
                db.insert(run, ts).err().map(|e| (e, path))
            }
            Err((e, Some(path))) => Some((e, path)),
            Err((e, None)) => {
                warnings.push(format!("history not recorded: {e}"));
                None
            }
        };
        if let Some((e, path)) = failed {
            warnings.extend(self.spool(&e, &path, run, ts));
        }
        warnings
    }

    /// Spools `run`, which the database at `path` did not take (`e`); what to tell the user.
    fn spool(
        &self,
        e: &TrackingError,
        path: &std::path::Path,
        run: &RunRecord,
        ts: i64,
    ) -> Option<String> {
        match spool::keep_anywhere(&self.env, path, run, ts) {
            Ok(_) if db::is_busy(e) => None,
            Ok(dir) => Some(format!(
                "history not written: {e}; rows are kept in {} and added once it can be",
                dir.display()
            )),
            Err(kept) => Some(format!("history not recorded: {e}; nor spooled: {kept}")),
        }
    }

    /// Stores `run` and waits for it; warnings go to `warn`.
    pub fn finish_to(self, run: &RunRecord, warn: &mut dyn Write) {
        let said = Warnings::new();
        said.extend(self.wait(run));
        let _ = said.print_to(warn);
    }

    /// Stores `run` and waits for it; trouble is kept for `rtk gain` and `rtk config`, not
    /// printed.
    pub fn finish(self, run: &RunRecord) {
        let env = self.env.clone();
        let warnings = self.wait(run);
        super::trouble::note(&env, &warnings, now_unix());
    }
}

/// Opens the database and does its maintenance (pruning, WAL checkpoint, rows spooled by
/// runs that found it locked), while the command runs: all the INSERT then needs is ready.
/// Errors carry the database path when there is one (a locked database spools there).
fn prepare(
    env: &Env,
    settings: &Settings,
    claims: &AtomicU8,
    warnings: &mut Vec<String>,
) -> Prepared {
    let path = settings.db_path.clone();
    let mut db = match open_for(settings, now_unix()) {
        Ok(Some((db, set_aside))) => {
            if let (Some(s), Some(p)) = (set_aside, path.as_deref()) {
                warnings.push(s.message(p));
            }
            db
        }
        Ok(None) => return Ok(None),
        Err(e) => return Err((e, path)),
    };
    db.warm();
    // A locked database leaves the maintenance to a later run.
    let pruned = db.prune_if_due(settings.retention_days, now_unix());
    db.checkpoint_if_large();
    let dirs = spool::dirs(env, db.path());
    let _ = spool::import_marking(&mut db, claims, &dirs);
    // The hook's savings ledger: a claim this process leaves when it ends first is taken
    // over by the next importer, and a call is stored once (`tools`).
    let _ = super::tools::import_all(&mut db, env);
    match pruned {
        Err(e) if !db::is_busy(&e) => Err((e, path)),
        _ => Ok(path.map(|p| (db, p))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> Env {
        Env::new(vars.iter().map(|(k, v)| (*k, *v)), "/")
    }

    fn start(env: &Env) -> Recorder {
        Recorder::start(env, &Shared::new(env))
    }

    #[test]
    fn finished_runs_are_stored_and_problems_warn_once() {
        let dir = tempfile::tempdir().unwrap();
        let db_path = dir.path().join("h.db");
        let db_str = db_path.to_str().unwrap();
        let run = RunRecord {
            command: "git status".into(),
            raw_tokens: 10,
            emitted_tokens: 2,
            ..RunRecord::default()
        };
        for _ in 0..3 {
            let mut warn = Vec::new();
            start(&env(&[("HOME", "/nonexistent"), ("RTK_DB_PATH", db_str)]))
                .finish_to(&run, &mut warn);
            assert!(warn.is_empty(), "{}", String::from_utf8_lossy(&warn));
        }
        let mut db = super::super::db::Db::open_existing(&db_path)
            .unwrap()
            .unwrap();
        // A run that found the database slow to open (a loaded machine) spooled its row.
        spool::import_all(
            &mut db,
            &env(&[("HOME", "/nonexistent"), ("RTK_DB_PATH", db_str)]),
        )
        .unwrap();
        assert_eq!(db.totals(None).unwrap().runs, 3);

        // A database path inside a regular file cannot be opened: one warning, and the row is
        // spooled in the temp dir; once the fault clears, the next run adds it.
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        let bad = file.join("h.db");
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let vars = [
            ("RTK_DB_PATH", bad.to_str().unwrap()),
            ("TMPDIR", tmp.to_str().unwrap()),
        ];
        let mut warn = Vec::new();
        start(&env(&vars)).finish_to(&run, &mut warn);
        let text = String::from_utf8_lossy(&warn);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.contains("history not written"), "{text}");
        let kept = tmp.join(os::user_dir_name());
        assert!(text.contains(kept.to_str().unwrap()), "{text}");
        std::fs::remove_file(&file).unwrap();
        let mut warn = Vec::new();
        start(&env(&vars)).finish_to(&run, &mut warn);
        assert!(warn.is_empty(), "{}", String::from_utf8_lossy(&warn));
        let mut db = super::super::db::Db::open_existing(&bad).unwrap().unwrap();
        // A run that found the database slow to open spooled its row beside it, or in the
        // temp dir: `rtk gain`'s import looks in both.
        spool::import_all(&mut db, &env(&vars)).unwrap();
        assert_eq!(db.totals(None).unwrap().runs, 2);

        // Disabled: nothing is opened or written, no warning.
        let mut warn = Vec::new();
        let off = dir.path().join("off.db");
        start(&env(&[
            ("RTK_DB_PATH", off.to_str().unwrap()),
            ("RTK_NO_TRACKING", "1"),
        ]))
        .finish_to(&run, &mut warn);
        assert!(warn.is_empty() && !off.exists());
    }

    #[test]
    fn a_recorded_run_prunes_rows_past_retention() {
        let dir = tempfile::tempdir().unwrap();
        let db_path = dir.path().join("h.db");
        let old = RunRecord {
            command: "git log".into(),
            ..RunRecord::default()
        };
        let mut db = super::super::db::Db::open_for_write(&db_path).unwrap();
        db.insert(&old, now_unix() - 400 * 86_400).unwrap();
        drop(db);
        let mut warn = Vec::new();
        let vars = [
            ("HOME", "/nonexistent"),
            ("RTK_DB_PATH", db_path.to_str().unwrap()),
        ];
        start(&env(&vars)).finish_to(&old, &mut warn);
        assert!(warn.is_empty(), "{}", String::from_utf8_lossy(&warn));
        let mut db = super::super::db::Db::open_existing(&db_path)
            .unwrap()
            .unwrap();
        spool::import(&mut db).unwrap();
        // The 400-day-old row went (default retention is 90 days); the new one is there.
        assert_eq!(db.totals(None).unwrap().runs, 1);
    }
    // That only the recorder's thread gives way (nice 10) is seen from outside, by the
    // command rtk runs: tests/proxy.rs `only_the_recorder_thread_gives_way`.
}
