//! The forms of `npm`/`pnpm`/`yarn`/`bun` installs` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::jsinstall`).

use super::Scope;

/// Forms printed as they are: machine-readable output, help.
pub const OTHER_FORMS: &[&str] = &[
    "--json",
    "--parseable",
    "-p",
    "--reporter",
    "-h",
    "--help",
    "--verbose",
    "--loglevel",
    "--flat",
    "-i",
    "--interactive",
];

/// A package install, update or removal (`install`, `i`, `ci`, `add`, `update`, `up`,
/// `upgrade`, `uninstall`, `remove`, `rm`; each program routes its own): never machine-readable
/// output, verbose logs, help or a prompting mode.
pub const INSTALL: Scope = Scope::without(OTHER_FORMS);
