//! The forms of `golangci-lint` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::golangci`).

use super::Scope;

/// Whether an argument asks for another output (`--out-format x`, `--output.json.path=…`) or
/// help/version.
pub fn other_form<'a>(mut args: impl Iterator<Item = &'a str>) -> bool {
    args.any(|a| {
        OTHER_FORMS.contains(&a) || a.starts_with("--out-format=") || a.starts_with("--output.")
    })
}

/// Forms with another output or none: help, version, other formats.
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "--version", "--out-format"];

/// `golangci-lint run` with its default text output (no other format, help or version) and no
/// option before `run`.
pub const RUN: Scope = Scope {
    sub_first: true,
    check: Some(|w| !other_form(w.args.iter().copied())),
    ..Scope::ANY
};
