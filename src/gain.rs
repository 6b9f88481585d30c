//! `rtk gain`: token-savings report from the history database.

use crate::cli::GainArgs;
use crate::env::Env;

pub fn run(_args: &GainArgs, _env: &Env) -> anyhow::Result<u8> {
    anyhow::bail!("rtk gain is not built yet")
}
