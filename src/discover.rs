//! `rtk discover`: find shell commands in Claude Code transcripts that rtk would have compacted.

use crate::cli::DiscoverArgs;
use crate::env::Env;

pub fn run(_args: &DiscoverArgs, _env: &Env) -> anyhow::Result<u8> {
    anyhow::bail!("rtk discover is not built yet")
}
