//! The forms of `du` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::du`).

use super::Scope;
use crate::programs::args::{Closed, Spec};

/// The operands of a `du` command line whose options are all known (`["."]` when none is
/// named); `None` for any other form or stdin (`-`).
pub fn operands<S: AsRef<str>>(args: &[S]) -> Option<Vec<String>> {
    let files = OPTIONS.operands(args, false)?;
    if files.contains(&"-") {
        return None;
    }
    if files.is_empty() {
        return Some(vec![".".into()]);
    }
    Some(files.into_iter().map(String::from).collect())
}

/// The options the filter knows (any other, such as `--time`, `-0`, `--files0-from`,
/// changes the listing's shape).
pub const OPTIONS: Closed = Closed {
    spec: Spec {
        short_with_value: "dBtX",
        long_with_value: &[
            "max-depth",
            "block-size",
            "threshold",
            "exclude",
            "exclude-from",
        ],
    },
    short_flags: "ahsckmbxLHPlSD",
    long_flags: &[
        "all",
        "apparent-size",
        "bytes",
        "total",
        "dereference-args",
        "human-readable",
        "inodes",
        "dereference",
        "count-links",
        "no-dereference",
        "separate-dirs",
        "si",
        "summarize",
        "one-file-system",
    ],
};

/// `du` with options rtk knows (its listing keeps the shape the filter reads).
pub const SCOPE: Scope = Scope::check(|w| operands(w.args).is_some());
