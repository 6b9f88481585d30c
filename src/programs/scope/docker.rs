//! The forms of `docker`, `docker-compose` and `kubectl` rtk handles (their routes' scopes in
//! the program table, read by the rewrite and by `filters::ops::docker`'s plan).

use super::{first_operand, has_any, Scope};
use crate::programs::Words;

/// `logs` (docker, docker-compose, kubectl) and `kubectl get`: never follow or watch.
pub const NO_FOLLOW: Scope = Scope::check(|w| !follows(w.rest()));

/// `docker compose ps|logs` (logs never followed).
pub const COMPOSE: Scope = Scope::check(|w| listing_or_logs(w, &["ps"]));

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
