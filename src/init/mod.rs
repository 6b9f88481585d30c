//! `rtk init --agent <host>`: install, show or remove rtk's hook or plugin for a host.

use crate::cli::InitArgs;
use crate::env::Env;

pub fn run(_args: &InitArgs, _env: &Env) -> anyhow::Result<u8> {
    anyhow::bail!("rtk init is not built yet")
}
