//! The forms of `deno` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::deno`).

use super::Scope;

/// Forms printed as they are (and not rewritten).
pub const OTHER_FORMS: &[&str] = &[
    "--watch",
    "--json",
    "--compact",
    "--reporter",
    "--junit-path",
    "--inspect",
    "--inspect-brk",
    "--inspect-wait",
    "-h",
    "--help",
    "--rules",
    "--fix",
];

/// `deno test|lint|check`: never watch, JSON or other reporters.
pub const SCOPE: Scope = Scope::without(OTHER_FORMS);

/// `deno fmt` only with `--check` (without, it rewrites files).
pub const FMT: Scope = Scope {
    requires: &["--check"],
    ..SCOPE
};
