//! The forms of `rubocop` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::rubocop`).

use super::Scope;

pub const OTHER_FORMS: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--out",
    "-L",
    "--list-target-files",
    "--show-cops",
    "--show-docs-url",
    "--auto-gen-config",
    "-h",
    "--help",
    "-v",
    "--version",
    "-V",
    "--verbose-version",
    "--stdin",
    "-s",
    "--lsp",
    "--server",
];

/// `rubocop` with its default formatter.
pub const SCOPE: Scope = Scope {
    attached: true,
    ..Scope::without(OTHER_FORMS)
};
