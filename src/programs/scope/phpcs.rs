//! The forms of `phpcs` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::phpcs`).

use super::Scope;

pub const OTHER_FORMS: &[&str] = &[
    "--report",
    "-a",
    "-i",
    "-e",
    "-h",
    "--help",
    "--version",
    "--generator",
    "--config-show",
    "--config-set",
];

/// `phpcs` with its full report, never interactive (`-a`).
pub const SCOPE: Scope = Scope::without(OTHER_FORMS);
