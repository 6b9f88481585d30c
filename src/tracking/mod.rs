//! History of filtered runs in SQLite, off the hook path (`rtk rewrite` / `rtk hook` never
//! open it). Recording never fails the user's command: problems become one stderr warning.

use std::path::PathBuf;

use crate::env::Env;

/// One filtered run, as the runner measured it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunRecord {
    /// The command as run (argv joined with spaces).
    pub command: String,
    /// Project root of the working directory (or the working directory).
    pub project: PathBuf,
    /// Bytes of the real command's output (stdout + stderr) and of what rtk printed.
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    /// Token counts of the same two texts (see `estimate_tokens`).
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub exit_code: i32,
    pub duration_ms: u64,
    /// The filter could not parse the output and printed it raw.
    pub fell_back: bool,
}

/// Token count of `text` (the method is documented in `rtk gain --help`).
pub fn estimate_tokens(text: &str) -> u64 {
    text.len().div_ceil(4) as u64
}

/// Appends one row to the history database; never returns an error to the caller.
pub fn record(_env: &Env, _run: &RunRecord) {}
