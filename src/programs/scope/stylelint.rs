//! The forms of `stylelint` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::stylelint`).

use super::Scope;

/// Arguments whose output is not the problem list (fixing, other formatters, help, stdin).
pub const STYLELINT_OTHER: &[&str] = &[
    "--fix",
    "-f",
    "--formatter",
    "-o",
    "--output-file",
    "--stdin",
    "--stdin-filename",
    "--print-config",
    "-h",
    "--help",
    "-v",
    "--version",
];

/// `stylelint` listing problems with its default formatter (never `--fix`, stdin or an
/// output file).
pub const SCOPE: Scope = Scope::without(STYLELINT_OTHER);
