//! The forms of `mvn` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::maven`).

use super::{only_operands, Scope};

/// Forms whose output is wanted whole.
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "-v", "--version", "-X", "--debug"];

/// `mvn` running lifecycle phases only (`clean install`, `-pl core test`): any other goal
/// (`dependency:tree`, `exec:java`, `spring-boot:run`) or help/version/debug is left alone.
pub const LIFECYCLE: Scope = Scope {
    check: Some(|w| only_operands(w.args, WITH_VALUE, |a| PHASES.contains(&a))),
    ..Scope::without(OTHER_FORMS)
};

const PHASES: &[&str] = &[
    "clean",
    "validate",
    "compile",
    "test-compile",
    "test",
    "package",
    "verify",
    "install",
];

/// Options that take the next word as their value.
const WITH_VALUE: &[&str] = &[
    "-pl",
    "--projects",
    "-f",
    "--file",
    "-s",
    "--settings",
    "-gs",
    "--global-settings",
    "-P",
    "--activate-profiles",
    "-T",
    "--threads",
    "-rf",
    "--resume-from",
    "-D",
    "-t",
    "--toolchains",
    "-b",
    "--builder",
];
