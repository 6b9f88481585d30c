//! rtk: a command proxy for AI coding agents.
//!
//! Bird's-eye view (see ARCHITECTURE.md):
//! - Hook path (`rtk rewrite`, `rtk hook <agent>`): [`shell`] parses the line with the bash
//!   grammar, [`rewrite`] plans the "insert `rtk `" edits, [`hooks::permissions`] judges every
//!   segment with the calling host's own rules, [`hooks::decision`] turns verdict + edits +
//!   host authority into one [`hooks::decision::Decision`], rendered as an exit code
//!   ([`hooks::rewrite_cmd`]) or a host's JSON ([`hosts`], one folder per host). Nothing on this path opens
//!   SQLite or spawns a process.
//! - Run path (`rtk git status`): [`runner`] asks [`filters`] for the filter, [`exec`] spawns the exact argv,
//!   the filter compacts the output, [`runner::tee`] keeps the raw output of what it elided,
//!   [`tracking`] records one row with [`tokens`]' estimate.
//! - Everything else: [`init`] (install hooks/plugins), [`gain`] (savings report),
//!   [`config`] (`config.toml`), [`discover`] (missed savings in transcripts); [`agents`]
//!   holds one descriptor per agent host, which `rtk init`, `rtk hook` and `--host` read.
//! - Layers (ARCHITECTURE.md): [`cli`] assembles [`cmd`] (one file per subcommand: its clap
//!   arguments and its `run`, including upstream rtk 1.x's command names in `cmd::compat`);
//!   `cmd` calls the domain modules above, which never import `cli` or `cmd`.
//!
//! Only `main` exits; every module returns `Result` or an exit code.
//!
//! Tests: a file's unit tests are its private child module `tests` (`#[cfg(test)] mod tests`),
//! at the end of the file, or, when they would take it past ~600 lines, in the sibling
//! `<file>_tests.rs` (`#[path = "<file>_tests.rs"]`; `mod_tests.rs` for a `mod.rs`). Tests
//! that run the `rtk` binary are in `tests/` (one binary, `tests/lib.rs`); captured tool
//! outputs are `tests/fixtures/<tool>/<case>.{argv,out,err,code}`, read by
//! `tests/common/fixtures.rs`.

pub mod agents;
pub mod cli;
pub mod cmd;
pub mod config;
pub mod discover;
pub mod env;
pub mod error;
pub mod exec;
pub mod filters;
pub mod gain;
pub mod hooks;
pub mod hosts;
pub mod init;
pub mod json;
pub mod ledger;
pub mod mask;
pub mod misetasks;
pub mod os;
pub mod programs;
pub mod recognise;
pub mod rewrite;
pub mod runner;
pub mod shell;
pub mod tokens;
pub mod tracking;
#[doc(hidden)]
pub mod vectors;
pub mod warnings;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

/// Runs rtk with the full argv (program name first) and returns the process exit code.
/// A broken pipe in rtk's own subcommands (`rtk gain | head`) ends quietly with 0; `rtk <cmd>`
/// never gets here with one (it returns the command's status: see `filters::run`). Any other
/// error is printed once on stderr with exit 1.
pub fn run(args: Vec<OsString>) -> ExitCode {
    match cli::dispatch(args) {
        Ok(code) => ExitCode::from(code),
        Err(err) if error::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "rtk: {err:#}");
            ExitCode::from(1)
        }
    }
}
