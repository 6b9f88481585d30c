//! The forms of `bun test` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::bun`).

use super::Scope;

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
