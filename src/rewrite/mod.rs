//! The rewrite engine: which commands have an rtk form (a data table), and the per-segment
//! "insert `rtk ` before the command word" edits applied to a parsed line. Changes nothing
//! else: operators, spacing, quoting, assignments and wrappers stay as typed.

use crate::config::HooksConfig;
use crate::shell::Parsed;

/// Result of planning the rewrite of one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rewrite {
    /// The rewritten line, or None when no segment has an rtk form.
    pub line: Option<String>,
    /// Messages for stderr (e.g. RTK_DISABLED seen in the command).
    pub warnings: Vec<String>,
}

/// Plans the rewrite of `line` (already parsed as `parsed`).
pub fn rewrite_line(_line: &str, _parsed: &Parsed, _config: &HooksConfig) -> Rewrite {
    Rewrite::default()
}
