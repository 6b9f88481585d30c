//! The forms of `rspec` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::rspec`).

use super::Scope;

pub const OTHER_FORMS: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--out",
    "--dry-run",
    "--init",
    "-h",
    "--help",
    "-v",
    "--version",
    "--bisect",
];

/// `rspec` in its progress format (another formatter, `--dry-run`, help: not rewritten).
pub const SCOPE: Scope = Scope {
    attached: true,
    ..Scope::without(OTHER_FORMS)
};
