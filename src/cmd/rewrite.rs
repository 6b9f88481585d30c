//! `rtk rewrite [--host H] [--explain] [--absolute] <command…>`: the decision for one command
//! line under a host's rules, answered as an exit code (see `hooks::rewrite_cmd`).

use std::ffi::OsString;
use std::io::Write;

use clap::Args;

use super::session::Session;
use crate::config::HooksConfig;
use crate::hooks::decision::absolute_program;
use crate::hooks::rewrite_cmd;
use crate::hosts::{evaluate_for, resolve_host};

#[derive(Debug, Args)]
pub struct RewriteArgs {
    /// Whose permission rules and authority apply (default: $RTK_REWRITE_HOST, else claude).
    #[arg(long, value_name = "HOST")]
    pub host: Option<String>,
    /// Explain the decision on stderr: each segment, the rule that decided it, its file.
    #[arg(long)]
    pub explain: bool,
    /// Insert rtk's absolute path instead of `rtk`, for hosts whose login shell resets PATH.
    #[arg(long)]
    pub absolute: bool,
    /// The command; words are joined with single spaces.
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        num_args = 0..
    )]
    pub command: Vec<OsString>,
}

/// `rtk rewrite`.
pub fn run(args: &RewriteArgs, s: &Session) -> anyhow::Result<u8> {
    let env = &s.env;
    let mut err = std::io::stderr().lock();
    let host = match resolve_host(args.host.as_deref(), env) {
        Ok(h) => h,
        Err(msg) => {
            writeln!(err, "rtk: {msg}")?;
            return Ok(1);
        }
    };
    let Some(cmd) = super::join_words(&args.command) else {
        writeln!(err, "rtk: command is not valid UTF-8; left unchanged")?;
        return Ok(1);
    };
    let program = if args.absolute {
        absolute_program()
    } else {
        None
    };
    let hooks = HooksConfig {
        rtk_program: program,
        ..s.hook_config().hooks.clone()
    };
    let decision = evaluate_for(&cmd, host, env, &hooks);
    s.warnings.extend(decision.warnings.iter().cloned());
    Ok(rewrite_cmd::answer(
        &decision,
        args.explain,
        &mut std::io::stdout().lock(),
        &mut err,
    )?)
}
