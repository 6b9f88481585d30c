//! The forms of `dotnet` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::dotnet`).

use super::Scope;

/// Forms whose output is wanted whole or has another shape: help, the terminal logger,
/// interactive authentication.
pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "-?",
    "--help",
    "-tl",
    "--tl",
    "-tl:on",
    "--tl:on",
    "-tl:auto",
    "--tl:auto",
    "-terminalLogger",
    "-terminalLogger:on",
    "--interactive",
];

/// `dotnet build|test|restore` with no option before the subcommand; never help, the terminal
/// logger or interactive authentication.
pub const SCOPE: Scope = Scope {
    sub_first: true,
    ..Scope::without(OTHER_FORMS)
};
