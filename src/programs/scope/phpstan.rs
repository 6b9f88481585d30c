//! The forms of `phpstan` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::phpstan`): written once, here.

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
