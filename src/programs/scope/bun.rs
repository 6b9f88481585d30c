//! The forms of `bun test` and `bun run <script>` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::bun`).

use super::Scope;
use crate::programs::Words;

pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "--help",
    "--watch",
    "--hot",
    "--reporter",
    "--inspect",
    "--inspect-brk",
];

/// `bun test` with its default reporter, no watch/hot/inspect mode.
pub const TEST: Scope = Scope {
    no_watch: true,
    ..Scope::without(OTHER_FORMS)
};

/// `bun run <script>` (`bun run` alone lists the scripts), no watch/hot/inspect mode, and not
/// a file (`bun run server.ts` may serve for ever: it streams as typed); which command the
/// script runs is read from bun's `$ cmd` line at run time (`filters::dev::js`).
pub const RUN: Scope = Scope {
    no_watch: true,
    operand: true,
    check: Some(script_not_file),
    ..Scope::without(OTHER_FORMS)
};

const FILE_ENDINGS: &[&str] = &[".js", ".ts", ".mjs", ".cjs", ".mts", ".cts", ".jsx", ".tsx"];

/// The word after `run` names a script, not a file to run.
fn script_not_file(w: &Words<'_>) -> bool {
    w.rest()
        .iter()
        .find(|a| !a.starts_with('-'))
        .is_some_and(|a| !a.contains('/') && !FILE_ENDINGS.iter().any(|e| a.ends_with(e)))
}
