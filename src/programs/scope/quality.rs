//! The forms of `yamllint`, `coverage report` and `bandit` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::quality`).

use super::{Scope, Within};

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

/// `yamllint` printing its standard report (no other format, listing, help or stdin).
pub const YAMLLINT: Scope = Scope {
    attached: true,
    ..Scope::without(YAMLLINT_OTHER)
};

/// `coverage report` with its text table.
pub const COVERAGE_REPORT: Scope = Scope {
    within: Within::Rest,
    attached: true,
    ..Scope::without(COVERAGE_OTHER)
};

/// `bandit` printing its screen report (no other format, output file or help).
pub const BANDIT: Scope = Scope {
    attached: true,
    ..Scope::without(BANDIT_OTHER)
};
