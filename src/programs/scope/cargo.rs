//! The forms of `cargo` rtk handles.

use super::{Scope, Within};

/// `cargo nextest run` (any other nextest command lists or archives).
pub const NEXTEST: Scope = Scope::check(|w| w.rest().first() == Some(&"run"));

/// `cargo fmt --check`: without `--check` cargo fmt rewrites files (G2, issue 20).
pub const FMT: Scope = Scope {
    within: Within::Rest,
    requires: &["--check"],
    ..Scope::without(&["--message-format", "-h", "--help"])
};
