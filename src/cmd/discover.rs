//! `rtk discover [--dir DIR] [--format text|json] [--limit N]`: arguments to `discover::run`,
//! and its Read replay: Claude Code's PostToolUse Read hook (`hosts::claude::post_read::replay`)
//! and where `rtk init` finds it installed (`discover` itself may reach neither).

use clap::Args;

use std::collections::HashSet;
use std::path::Path;

use super::session::Session;
use crate::agents::Agent;
use crate::discover::reads::{ReadHook, ReadReplay, SessionReads};
use crate::discover::{self, DiscoverOptions};
use crate::hosts::claude::post_read::replay;

#[derive(Debug, Args)]
pub struct DiscoverArgs {
    /// Transcript folder (default: $CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiscoverFormat::Text)]
    pub format: DiscoverFormat,
    /// How many command families to list.
    #[arg(long, default_value_t = 15, value_name = "N")]
    pub limit: usize,
}

/// `rtk discover --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiscoverFormat {
    Text,
    Json,
}

/// `rtk discover`.
pub fn run(args: &DiscoverArgs, s: &Session) -> anyhow::Result<u8> {
    let options = DiscoverOptions {
        dir: args.dir.clone(),
        format: match args.format {
            DiscoverFormat::Text => discover::DiscoverFormat::Text,
            DiscoverFormat::Json => discover::DiscoverFormat::Json,
        },
        limit: args.limit,
    };
    let read = ReadHook {
        replay: &PostRead,
        installed: Agent::Claude
            .more_hooks()
            .iter()
            .flat_map(|spec| crate::init::status::hook_installed(Agent::Claude, spec, &s.env))
            .collect(),
        max_scanned: replay::MAX_SCANNED,
    };
    discover::run(&options, &s.env, s.config(), &read)
}

/// The real hook's decision, replayed on a transcript file.
struct PostRead;

impl ReadReplay for PostRead {
    fn session(&self, file: &Path, counted: &mut HashSet<String>) -> std::io::Result<SessionReads> {
        let f = std::fs::File::open(file)?;
        let r = replay::session(std::io::BufReader::new(f), counted)?;
        Ok(SessionReads {
            reads: r.reads,
            repeated: r.repeated,
            shortened: r.shortened,
            before_tokens: r.before_tokens,
            after_tokens: r.after_tokens,
            not_replayed: r.not_replayed,
            long_lines: r.long_lines,
        })
    }
}
