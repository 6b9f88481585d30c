//! The forms of `shellcheck` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::shellcheck`): written once, here.

/// Whether an argument asks for something other than the default report (another format,
/// help, version, the optional-checks list).
pub fn other_form(a: &str) -> bool {
    matches!(
        a,
        "-f" | "--format" | "-V" | "--version" | "-h" | "--help" | "--list-optional"
    ) || (a.starts_with("-f") && a != "-f")
        || a.starts_with("--format=")
}
