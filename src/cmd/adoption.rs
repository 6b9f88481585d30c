//! `rtk session [--dir DIR] [--limit N]`: rtk's adoption per Claude Code session (upstream's
//! `rtk session`); the counting is `discover::sessions`.

use std::io::Write;

use clap::Args;

use super::session::Session;
use crate::discover::{self, sessions, Engine};

/// Most history rows read (newest first): far more than ten sessions make.
const HISTORY_ROWS: usize = 200_000;

#[derive(Debug, Args)]
pub struct SessionArgs {
    /// Transcript folder (default: $CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
    /// How many sessions, newest first.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub limit: usize,
}

/// `rtk session`.
pub fn run(args: &SessionArgs, s: &Session) -> anyhow::Result<u8> {
    let env = &s.env;
    let dir = match &args.dir {
        Some(d) => env.cwd().join(d),
        None => discover::default_dir(env)
            .ok_or_else(|| anyhow::anyhow!("no transcript folder: pass --dir or set HOME"))?,
    };
    if !dir.is_dir() {
        anyhow::bail!(
            "no transcript folder at {} (Claude Code keeps them in ~/.claude/projects; use --dir)",
            dir.display()
        );
    }
    let engine = Engine {
        hooks: s.config().hooks.clone(),
    };
    // The history only adds what the hook rewrote; without one, the transcripts still count.
    let config = s.config();
    let history: Vec<sessions::Run> = crate::tracking::Settings::resolve(env, config)
        .db_path
        .and_then(|p| crate::tracking::db::Db::open_existing(&p).ok().flatten())
        .and_then(|db| db.recent(None, HISTORY_ROWS).ok())
        .unwrap_or_default()
        .into_iter()
        .map(|r| sessions::Run {
            time: r.time,
            project: r.project,
        })
        .collect();
    let rows = sessions::newest(&dir, &engine, &history, args.limit);
    let mut out = std::io::stdout().lock();
    sessions::text(&rows, &dir, &mut out)?;
    out.flush()?;
    Ok(0)
}
