//! The forms of `quality` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::quality`): written once, here.

/// yamllint arguments whose output is not the standard report (other formats, help, listings,
/// stdin).
pub const YAMLLINT_OTHER: &[&str] = &[
    "-f",
    "--format",
    "-h",
    "--help",
    "-v",
    "--version",
    "--list-files",
    "-",
];

/// `coverage report` arguments whose output is not the text table.
pub const COVERAGE_OTHER: &[&str] = &["--format", "-h", "--help", "--debug"];

/// bandit arguments whose output is not the screen report (other formats, files, help).
pub const BANDIT_OTHER: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--output",
    "--msg-template",
    "-h",
    "--help",
    "--version",
];
