//! The forms of `phpstan` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::phpstan`).

use super::Scope;

/// Forms with another output: help, version, the web UI (`--pro`), other error formats
/// (`--error-format=table` is the default and stays filtered; see [`other_format`]).
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "-V", "--version", "--pro", "--watch"];

/// Whether the arguments ask for an error format other than `table`.
pub fn other_format<'a>(args: impl IntoIterator<Item = &'a str>) -> bool {
    let mut prev = "";
    args.into_iter().any(|a| {
        let value = a
            .strip_prefix("--error-format=")
            .or((prev == "--error-format").then_some(a));
        prev = a;
        value.is_some_and(|v| v != "table")
    })
}

/// `phpstan analyse|analyze` in the default table format, no option before the command; never
/// help, version, the web UI or another error format.
pub const SCOPE: Scope = Scope {
    sub_first: true,
    check: Some(|w| !other_format(w.args.iter().copied())),
    ..Scope::without(OTHER_FORMS)
};
