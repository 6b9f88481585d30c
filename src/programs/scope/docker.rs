//! The forms of `docker`, `docker-compose` and `kubectl` rtk handles (their routes' scopes in
//! the program table, read by the rewrite and by `filters::ops::docker`'s plan).

use super::{first_operand, has_any, Scope};
use crate::programs::Words;

/// `logs` (docker, docker-compose, kubectl) and `kubectl get`: never follow or watch.
pub const NO_FOLLOW: Scope = Scope::check(|w| !follows(w.rest()));

/// `docker compose ps|logs|build|up` (logs never followed, `build` printing its log, `up`
/// only detached: attached, it follows every service's logs until interrupted).
pub const COMPOSE: Scope = Scope::check(|w| {
    let rest = w.rest();
    match compose_command(rest) {
        // compose's own `--progress` stands before the command: checked with the rest.
        Some((j, "build")) => builds(rest) && builds(&rest[j + 1..]),
        Some((j, "up")) => builds(rest) && detached(&rest[j + 1..]),
        Some((_, "ps")) => true,
        Some((j, "logs")) => !follows(&rest[j + 1..]),
        _ => false,
    }
});

/// compose's command after its own options (`-f x.yml`, `-p name`…).
fn compose_command<'a>(rest: &[&'a str]) -> Option<(usize, &'a str)> {
    const WITH_VALUE: &[&str] = &[
        "-f",
        "--file",
        "-p",
        "--project-name",
        "--profile",
        "--env-file",
        "--project-directory",
        "--ansi",
        "--progress",
        "--parallel",
    ];
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i];
        if WITH_VALUE.contains(&a) {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            return Some((i, a));
        }
    }
    None
}

/// `docker-compose build` printing its log; `docker-compose up` only detached.
pub const COMPOSE_V1_BUILD: Scope = Scope::check(|w| builds(w.rest()));
pub const COMPOSE_V1_UP: Scope = Scope::check(|w| detached(w.rest()));

/// `docker build` printing BuildKit's plain log (or the legacy builder's): never quiet, never
/// an output (`-o -` writes a tar to stdout), a `--progress` other than plain/auto, or the
/// forms that print something else (`--print`, `--call`, `--check`, help).
pub const BUILD: Scope = Scope::check(|w| builds(w.rest()));

/// `docker inspect` in its default JSON (a `--format` template prints anything).
pub const INSPECT: Scope = Scope {
    attached: true,
    ..Scope::without(&["-f", "--format", "-h", "--help"])
};

fn builds(args: &[&str]) -> bool {
    let progress_ok = args.iter().enumerate().all(|(i, a)| {
        let value = match a.strip_prefix("--progress") {
            Some("") => args.get(i + 1).copied(),
            Some(v) => v.strip_prefix('='),
            None => return true,
        };
        value.is_some_and(|v| v == "plain" || v == "auto")
    });
    progress_ok
        && !has_any(
            args,
            &[
                "-q", "--quiet", "-o", "--output", "--print", "--call", "--check", "-h", "--help",
            ],
        )
        && !args.iter().any(|a| a.starts_with("-o") && a.len() > 2)
}

/// `up` with `-d`/`--detach` (also `--detach=true`), never help, `--watch`, `--menu` or the
/// options that wait on containers' exits; a build it runs prints as `build` does.
fn detached(args: &[&str]) -> bool {
    args.iter()
        .any(|a| matches!(*a, "-d" | "--detach" | "--detach=true"))
        && !has_any(
            args,
            &[
                "-h",
                "--help",
                "--watch",
                "-w",
                "--menu",
                "--abort-on-container-exit",
                "--exit-code-from",
            ],
        )
        && builds(args)
}

/// `docker container ls|list|logs` (logs never followed).
pub const CONTAINER: Scope = Scope::check(|w| listing_or_logs(w, &["ls", "list"]));

/// `docker image ls|list`.
pub const IMAGE: Scope = Scope {
    action: &["ls", "list"],
    ..Scope::ANY
};

/// Whether the command after the subcommand is one of `listings`, or `logs` not followed.
fn listing_or_logs(w: &Words<'_>, listings: &[&str]) -> bool {
    let rest = w.rest();
    match first_operand(rest) {
        Some((_, a)) if listings.contains(&a) => true,
        Some((j, "logs")) => !follows(&rest[j + 1..]),
        _ => false,
    }
}

/// Whether the arguments follow or watch (`-f` also inside a short cluster such as `-tf`).
pub fn follows(args: &[&str]) -> bool {
    has_any(
        args,
        &[
            "-f",
            "--follow",
            "-w",
            "--watch",
            "--watch-only",
            "-F",
            "--retry",
        ],
    ) || args
        .iter()
        .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('f'))
}
