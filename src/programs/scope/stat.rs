//! The forms of `stat` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::stat`).

use super::Scope;
use crate::programs::args::{Closed, Spec};

/// Whether `stat` with these arguments prints its default format for named files: options
/// only `-L`/`--dereference`, at least one file, never stdin (`-`).
pub fn default_format<S: AsRef<str>>(args: &[S]) -> bool {
    OPTIONS
        .operands(args, false)
        .is_some_and(|files| !files.is_empty() && !files.contains(&"-"))
}

/// The options of stat's default format: `-L`/`--dereference` only.
pub const OPTIONS: Closed = Closed {
    spec: Spec {
        short_with_value: "",
        long_with_value: &[],
    },
    short_flags: "L",
    long_flags: &["dereference"],
};

/// `stat FILE…` in its default format (any format the agent asked for runs unchanged).
pub const SCOPE: Scope = Scope::check(|w| default_format(w.args));
