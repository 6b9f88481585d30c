//! The forms of `golangci` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::golangci`): written once, here.

/// Whether an argument asks for another output (`--out-format x`, `--output.json.path=…`) or
/// help/version.
pub fn other_form<'a>(mut args: impl Iterator<Item = &'a str>) -> bool {
    args.any(|a| {
        OTHER_FORMS.contains(&a) || a.starts_with("--out-format=") || a.starts_with("--output.")
    })
}

/// Forms with another output or none: help, version, other formats.
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "--version", "--out-format"];
