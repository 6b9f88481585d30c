//! Filters: `rtk <program> <args…>` runs exactly that argv and compacts its output.
//! Until a family's filter exists, the command runs unchanged (pass-through).

use std::ffi::OsString;

use crate::env::Env;

/// `rtk <program> <args…>`.
pub fn run(argv: Vec<OsString>, _env: &Env) -> anyhow::Result<u8> {
    crate::exec::run_inherited(&argv)
}
