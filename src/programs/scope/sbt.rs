//! The forms of `sbt` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::sbt`).

use super::Scope;
use crate::programs::Words;

/// `sbt` in batch mode running build commands only: every command is `clean`, `compile`,
/// `test`, `testOnly …`, `testQuick …` (also `Test/compile`, `Test / test`), options are
/// `-D…`/`-J…`/`--batch`/`--no-colors`; never bare (the shell), `~` (watch), `run`, `console`,
/// a client or an option the scope does not know.
pub const BATCH: Scope = Scope::check(batch);

fn batch(w: &Words<'_>) -> bool {
    const COMMANDS: &[&str] = &["clean", "compile", "test", "testOnly", "testQuick"];
    let mut commands = 0;
    for a in w.args {
        if a.starts_with('-') {
            let known = a.starts_with("-D")
                || a.starts_with("-J")
                || matches!(*a, "--batch" | "-batch" | "--no-colors" | "-no-colors");
            if !known {
                return false;
            }
            continue;
        }
        let first = a.split_whitespace().next().unwrap_or("");
        let task = first.rsplit(['/', ' ']).next().unwrap_or(first);
        let scope_ok =
            !first.contains('/') || first.starts_with("Test/") || first.starts_with("Compile/");
        let command = if a.contains(" / ") {
            a.rsplit(" / ").next().unwrap_or("")
        } else {
            task
        };
        if !(scope_ok && COMMANDS.contains(&command.split_whitespace().next().unwrap_or(""))) {
            return false;
        }
        commands += 1;
    }
    commands > 0
}
