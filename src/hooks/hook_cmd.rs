//! `rtk hook <agent>`: read the host's JSON payload, decide with `evaluate_for` under that host's
//! own rules, and answer in the host's JSON shape. Fails open with valid output.

use crate::cli::HookArgs;
use crate::env::Env;

pub fn run(_args: &HookArgs, _env: &Env) -> anyhow::Result<u8> {
    anyhow::bail!("rtk hook is not built yet")
}
