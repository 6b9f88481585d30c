//! The forms of `biome` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::biome`).

use super::Scope;

/// Forms printed as they are: another reporter, writes, help, version.
pub const OTHER_FORMS: &[&str] = &[
    "--reporter",
    "--write",
    "--fix",
    "--apply",
    "--apply-unsafe",
    "--unsafe",
    "-h",
    "--help",
    "-V",
    "--version",
    "--verbose",
    "--watch",
];

/// The default reporter; never writes or watch.
pub const SCOPE: Scope = Scope::without(OTHER_FORMS);
