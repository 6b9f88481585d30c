//! The forms of `shellcheck` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::shellcheck`).

use super::Scope;

/// Whether an argument asks for something other than the default report (another format,
/// help, version, the optional-checks list).
pub fn other_form(a: &str) -> bool {
    matches!(
        a,
        "-f" | "--format" | "-V" | "--version" | "-h" | "--help" | "--list-optional"
    ) || (a.starts_with("-f") && a != "-f")
        || a.starts_with("--format=")
}

/// `shellcheck <files>` in its default format (no other format, help or version).
pub const SCOPE: Scope =
    Scope::check(|w| !w.args.is_empty() && !w.args.iter().any(|a| other_form(a)));
