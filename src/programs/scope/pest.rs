//! The forms of `pest` and `php artisan test` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::pest`).

use super::Scope;

/// Forms with another output, or that stay attached to a terminal.
pub const OTHER_FORMS: &[&str] = &[
    "--watch",
    "-h",
    "--help",
    "--version",
    "--init",
    "--teamcity",
    "--list-tests",
];

/// `pest` with its default printer (no watch, help, init, TeamCity).
pub const SCOPE: Scope = Scope::without(OTHER_FORMS);

/// `php artisan test …` only (no option before `artisan`): every other artisan command, script
/// or option of php runs unchanged.
pub const ARTISAN_TEST: Scope = Scope {
    sub_first: true,
    check: Some(|w| w.args.get(1) == Some(&"test")),
    ..SCOPE
};
