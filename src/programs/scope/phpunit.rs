//! The forms of `phpunit` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::phpunit`).

use super::Scope;

pub const OTHER_FORMS: &[&str] = &[
    "--testdox",
    "--teamcity",
    "--debug",
    "--list-suites",
    "--list-groups",
    "--list-tests",
    "--list-tests-xml",
    "--generate-configuration",
    "--migrate-configuration",
    "--check-version",
    "-h",
    "--help",
    "--version",
];

/// `phpunit` with its default printer.
pub const SCOPE: Scope = Scope::without(OTHER_FORMS);
