//! The forms of `stylelint` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::stylelint`): written once, here.

/// Arguments whose output is not the problem list (fixing, other formatters, help, stdin).
pub const STYLELINT_OTHER: &[&str] = &[
    "--fix",
    "-f",
    "--formatter",
    "-o",
    "--output-file",
    "--stdin",
    "--stdin-filename",
    "--print-config",
    "-h",
    "--help",
    "-v",
    "--version",
];
