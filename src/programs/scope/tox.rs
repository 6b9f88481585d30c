//! The forms of `tox` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::tox`).

use super::Scope;
use crate::programs::Words;

/// `tox`, `tox run` or `tox r` with options known to take no value or the value they name
/// (a run's report; `--` starts the commands' own arguments); parallel runs, other commands
/// (`exec`, `devenv`, `list`, `config`…), help and unknown words are not handled.
pub const RUN: Scope = Scope::check(run);

/// Options that take a value (as the next word, or `--name=value`).
const VALUE: &[&str] = &[
    "-e",
    "-c",
    "--conf",
    "-m",
    "-f",
    "--root",
    "--workdir",
    "--installpkg",
    "--hashseed",
    "--result-json",
    "-x",
    "--override",
    "--discover",
    "--runner",
    "--colored",
    "--skip-env",
    "--exit-and-dump-after",
];

/// Options that take none and leave a run's report as it is.
const FLAG: &[&str] = &[
    "-r",
    "--recreate",
    "-n",
    "--notest",
    "-q",
    "-v",
    "-vv",
    "-qq",
    "--skip-missing-interpreters",
    "--no-recreate-pkg",
    "--skip-pkg-install",
    "--develop",
    "--no-provision",
    "--list-dependencies",
    "--no-list-dependencies",
    "--sdistonly",
    "--pre",
];

fn run(w: &Words<'_>) -> bool {
    let mut args = w.args.iter().copied();
    let mut sub = false;
    while let Some(a) = args.next() {
        let joined = |v: &&str| a.starts_with(&format!("{v}="));
        match a {
            "--" => break,
            _ if VALUE.contains(&a) => {
                args.next();
            }
            "run" | "r" if !sub => sub = true,
            _ if FLAG.contains(&a)
                || (a.starts_with("-e") && a.len() > 2)
                || (a.starts_with("--") && VALUE.iter().any(joined)) => {}
            _ => return false,
        }
    }
    true
}
