//! The forms of `mdlint` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::mdlint`): written once, here.

/// Arguments whose output is not the problem list (fixing, other formats, help, stdin).
pub const MARKDOWNLINT_OTHER: &[&str] = &[
    "--fix",
    "-f",
    "--json",
    "-j",
    "-o",
    "--output",
    "-s",
    "--stdin",
    "-h",
    "--help",
    "-V",
    "--version",
    "--format",
];
