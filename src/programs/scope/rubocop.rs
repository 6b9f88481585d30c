//! The forms of `rubocop` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::rubocop`): written once, here.

pub const OTHER_FORMS: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--out",
    "-L",
    "--list-target-files",
    "--show-cops",
    "--show-docs-url",
    "--auto-gen-config",
    "-h",
    "--help",
    "-v",
    "--version",
    "-V",
    "--verbose-version",
    "--stdin",
    "-s",
    "--lsp",
    "--server",
];
