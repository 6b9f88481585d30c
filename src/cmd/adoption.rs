//! `rtk session [--dir DIR] [--limit N]`: rtk's adoption per Claude Code session (upstream's
//! `rtk session`); the counting is `discover::sessions`.

use std::io::Write;

use clap::Args;

use super::session::Session;
use crate::discover::{self, sessions, Engine};

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
    let rows = sessions::newest(&dir, &engine, args.limit);
    let mut out = std::io::stdout().lock();
    sessions::text(&rows, &dir, &mut out)?;
    out.flush()?;
    Ok(0)
}
