//! The forms of `markdownlint` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::mdlint`).

use super::Scope;

/// Arguments whose output is not the problem list (fixing, other formats, help, stdin).
pub const MARKDOWNLINT_OTHER: &[&str] = &[
    "--fix",
    "-f",
    "--json",
    "-j",
    "-o",
    "--output",
    "-s",
    "--stdin",
    "-h",
    "--help",
    "-V",
    "--version",
    "--format",
];

/// `markdownlint` / `markdownlint-cli2` listing problems.
pub const SCOPE: Scope = Scope::without(MARKDOWNLINT_OTHER);
