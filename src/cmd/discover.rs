//! `rtk discover [--dir DIR] [--format text|json] [--limit N]`: arguments to `discover::run`.

use clap::Args;

use super::session::Session;
use crate::discover::{self, DiscoverOptions};

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
    discover::run(&options, &s.env, s.config())
}
