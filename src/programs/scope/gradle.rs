//! The forms of `gradle` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::gradle`).

use super::{only_operands, Scope};
use crate::programs::Words;

/// Forms whose output is wanted whole or that stay attached to a terminal: help, version,
/// continuous builds, build scans (they ask to accept terms), the rich console.
pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "-?",
    "--help",
    "-v",
    "--version",
    "-t",
    "--continuous",
    "--scan",
    "--console=rich",
    "--console=verbose",
];

/// `gradle`/`./gradlew` running build, test, check, assemble, clean or compile tasks (also of a
/// subproject, `:app:test`); never a continuous build, a build scan, help, or any other task
/// (`bootRun`, `run`, `dependencies`, a project's own tasks).
pub const TASKS: Scope = Scope {
    check: Some(tasks),
    ..Scope::without(OTHER_FORMS)
};

const TASK_NAMES: &[&str] = &[
    "build",
    "test",
    "check",
    "assemble",
    "clean",
    "cleanTest",
    "classes",
    "testClasses",
    "compileJava",
    "compileTestJava",
    "compileKotlin",
    "compileTestKotlin",
    "compileGroovy",
    "compileScala",
    "jar",
    "javadoc",
];

/// Options that take the next word as their value.
const WITH_VALUE: &[&str] = &[
    "--tests",
    "-x",
    "--exclude-task",
    "-p",
    "--project-dir",
    "-b",
    "--build-file",
    "-c",
    "--settings-file",
    "-g",
    "--gradle-user-home",
    "-I",
    "--init-script",
    "-D",
    "--system-prop",
    "-P",
    "--project-prop",
    "--warning-mode",
    "--console",
    "--max-workers",
    "--priority",
];

fn tasks(w: &Words<'_>) -> bool {
    if w.args
        .windows(2)
        .any(|p| p == ["--console", "rich"] || p == ["--console", "verbose"])
    {
        return false;
    }
    only_operands(w.args, WITH_VALUE, |a| {
        TASK_NAMES.contains(&a.rsplit(':').next().unwrap_or(a))
    })
}
