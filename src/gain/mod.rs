//! `rtk gain`: token-savings report from the history database — totals, top commands,
//! `--history`, `--failures`, `--daily/--weekly/--monthly/--all`, `--graph`, `--project`,
//! `--format text|json|csv`, and `--reset` (upstream rtk's short flags too). Reading never
//! creates the database; an empty history is a friendly message and exit 0. Rows upstream rtk
//! wrote into the same file are imported first (`tracking::upstream`) and marked as such.

pub mod render;
pub mod report;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Component, Path, PathBuf};

use crate::config::Config;
use crate::env::Env;
use crate::tracking::db::Db;
use crate::tracking::query::Period;
use crate::tracking::{self, now_unix, project_root, upstream, Settings};
use crate::warnings::Warnings;

use report::Plan;

/// `rtk gain --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GainFormat {
    Text,
    Json,
    Csv,
}

/// What `rtk gain` was asked for (see `cmd::gain` for each flag).
#[derive(Debug, Clone)]
pub struct GainOptions {
    pub history: bool,
    pub failures: bool,
    /// Periods to total by, in the order shown (empty: none).
    pub periods: Vec<Period>,
    /// `--project`'s argument, not yet resolved.
    pub project: Option<String>,
    pub graph: bool,
    pub format: GainFormat,
    pub limit: usize,
    pub reset: bool,
    pub yes: bool,
}

/// `rtk gain`.
pub fn run(
    args: &GainOptions,
    env: &Env,
    config: &Config,
    warnings: &Warnings,
) -> anyhow::Result<u8> {
    let settings = Settings::resolve(env, config);
    let path = settings.db_path.clone().ok_or_else(|| {
        anyhow::anyhow!("no history location: set RTK_DB_PATH, XDG_DATA_HOME or HOME")
    })?;
    let project = args
        .project
        .as_deref()
        .map(|p| resolve_project(env.cwd(), p));
    let mut err = std::io::stderr().lock();
    if args.reset {
        let code = reset(&path, env, project.as_deref(), args.yes, &mut err)?;
        if code == 0 && project.is_none() {
            tracking::trouble::clear(env)?;
        }
        return Ok(code);
    }
    if args.graph && args.format != GainFormat::Text {
        anyhow::bail!(
            "--graph draws in the terminal; for the numbers use --daily --format json|csv"
        );
    }
    let periods = args.periods.clone();
    if args.format == GainFormat::Csv && args.history && !periods.is_empty() {
        anyhow::bail!("csv holds one table: choose --history or one of --daily/--weekly/--monthly");
    }
    if !settings.enabled {
        writeln!(err, "rtk: note: history recording is disabled (RTK_NO_TRACKING or [tracking] enabled = false)")?;
    }
    let plan = Plan {
        project,
        limit: args.limit,
        history: args.history,
        failures: args.failures,
        periods,
        graph: args.graph,
    };
    let now = now_unix();
    let mut db = open_with_spool(&path, env)?;
    if let Some(db) = db.as_mut() {
        if let Err(e) = upstream::import(db) {
            warnings.push(format!("upstream rtk's history not imported: {e}"));
        }
    }
    let report = match &db {
        Some(db) => report::build(db, &plan, now)?,
        None => report::empty(path.display().to_string(), &plan, now),
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        GainFormat::Json => {
            // Serialized first, so a closed pipe is an io error (quiet exit), not a serde one.
            let text = serde_json::to_string_pretty(&report)?;
            writeln!(out, "{text}")?;
        }
        GainFormat::Csv => render::csv(&report, &mut out)?,
        GainFormat::Text if report.summary.runs == 0 && report.tools.is_empty() => {
            let scope = match &report.project {
                Some(p) => format!(" for {p}"),
                None => String::new(),
            };
            writeln!(
                out,
                "No runs recorded yet{scope} (history: {}).",
                path.display()
            )?;
            writeln!(
                out,
                "Commands run through rtk (e.g. `rtk git status`, or via `rtk init` hooks) appear here."
            )?;
        }
        GainFormat::Text => render::text(&report, &mut out)?,
    }
    report_trouble(&tracking::trouble::read(env), &mut err)?;
    Ok(0)
}

/// What went wrong while runs were being recorded (kept by [`tracking::trouble`], since a
/// command's own output is no place for it), on stderr: stdout stays the report.
fn report_trouble(
    trouble: &[tracking::trouble::Trouble],
    err: &mut impl Write,
) -> std::io::Result<()> {
    if trouble.is_empty() {
        return Ok(());
    }
    writeln!(
        err,
        "rtk: trouble while recording runs (cleared by --reset):"
    )?;
    for t in trouble {
        let times = if t.count == 1 {
            "once".to_string()
        } else {
            format!("{} times", t.count)
        };
        let when = if t.first == t.last {
            report::iso(t.last)
        } else {
            format!("{} .. {}", report::iso(t.first), report::iso(t.last))
        };
        writeln!(err, "  {}: {times}, {when}", t.message)?;
    }
    Ok(())
}

/// The project folder a `--project` argument means: the argument made absolute against the
/// working directory, symlinks resolved when it exists, then its project root.
pub fn resolve_project(cwd: &Path, arg: &str) -> String {
    let joined = cwd.join(arg);
    let abs = std::fs::canonicalize(&joined).unwrap_or_else(|_| lexical(&joined));
    project_root(&abs).display().to_string()
}

/// The history database with the rows runs spooled (they found it locked, read-only, or could
/// not reach it: beside it or in the temp dir) added; made when only spooled rows exist. A
/// damaged history is set aside and a new one started ([`tracking::repair`]), the user told
/// through the trouble notes. None when there is no history at all.
fn open_with_spool(path: &Path, env: &Env) -> anyhow::Result<Option<Db>> {
    let mut db = match Db::open_existing(path) {
        Err(e) if tracking::repair::damaged(&e, path) => {
            let (db, set_aside) = tracking::repair::open(path, now_unix())?;
            if let Some(s) = set_aside {
                tracking::trouble::note(env, &[s.message(path)], now_unix());
            }
            Some(db)
        }
        other => other?,
    };
    let spooled = tracking::spool::dirs(env, path).iter().any(|d| d.is_dir())
        || tracking::tools::waiting(env, path);
    // Rows wait in a spool: the history is made for them, when it can be (else they wait on).
    if db.is_none() && spooled {
        db = Db::open_for_write(path).ok();
    }
    if let Some(db) = db.as_mut() {
        let _ = tracking::spool::import_all(db, env);
        if let Err(e) = tracking::tools::import_all(db, env) {
            tracking::trouble::note(
                env,
                &[format!("the hook's tool savings not imported: {e}")],
                now_unix(),
            );
        }
    }
    Ok(db)
}

fn lexical(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn reset(
    path: &Path,
    env: &Env,
    project: Option<&str>,
    yes: bool,
    err: &mut impl Write,
) -> anyhow::Result<u8> {
    let Some(mut db) = open_with_spool(path, env)? else {
        writeln!(
            err,
            "rtk: no history at {}; nothing to reset",
            path.display()
        )?;
        return Ok(0);
    };
    let runs = db.totals(project)?.runs;
    let scope = project.map_or(String::new(), |p| format!(" of {p}"));
    if !yes {
        let stdin = std::io::stdin();
        if !stdin.is_terminal() {
            writeln!(
                err,
                "rtk: --reset would delete {runs} runs{scope} from {}; stdin is not a terminal, \
                 so re-run with --yes to confirm",
                path.display()
            )?;
            return Ok(1);
        }
        write!(
            err,
            "Delete {runs} runs{scope} from {}? [y/N] ",
            path.display()
        )?;
        err.flush()?;
        let mut answer = String::new();
        stdin.lock().read_line(&mut answer)?;
        if !matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes") {
            writeln!(err, "rtk: history kept")?;
            return Ok(1);
        }
    }
    let deleted = db.delete_runs(project)?;
    writeln!(
        err,
        "rtk: deleted {deleted} runs{scope} from {}",
        path.display()
    )?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_argument_resolves_to_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        std::fs::create_dir_all(root.join("repo/.git")).unwrap();
        std::fs::create_dir_all(root.join("repo/src")).unwrap();
        let repo = root.join("repo").display().to_string();
        assert_eq!(resolve_project(&root.join("repo/src"), "."), repo);
        assert_eq!(resolve_project(&root, "repo/src/../src"), repo);
        // A path that does not exist is used lexically.
        assert_eq!(
            resolve_project(&root, "nope/./x/.."),
            root.join("nope").display().to_string()
        );
    }
}
