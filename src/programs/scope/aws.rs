//! The forms of `aws` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::aws`).

use super::Scope;
use crate::programs::Words;

/// Value-less global options that change nothing about the output's shape.
pub const FLAGS: &[&str] = &[
    "--no-paginate",
    "--no-verify-ssl",
    "--no-sign-request",
    "--no-cli-pager",
];

/// Options of the `aws` command line that take a value (anywhere on the line).
pub const WITH_VALUE: &[&str] = &[
    "--profile",
    "--region",
    "--output",
    "--endpoint-url",
    "--query",
    "--color",
    "--ca-bundle",
    "--cli-read-timeout",
    "--cli-connect-timeout",
    "--cli-binary-format",
    "--page-size",
    "--max-items",
    "--starting-token",
];

/// `aws [options] <service> <operation> …` where the operation only reads (`describe-*`,
/// `list-*`, `get-*`), returns no secret (`get-secret-value`, `get-login-password`,
/// `get-session-token`, anything naming a password, token, secret or credentials, decrypted
/// parameters) and writes no file (`get-object*`); JSON or table output only; never `help`,
/// `--debug`, skeletons or an option the scope does not know.
pub const READ: Scope = Scope::check(read);

fn read(w: &Words<'_>) -> bool {
    let mut words = Vec::new();
    let mut i = 0;
    while i < w.args.len() {
        let a = w.args[i];
        let name = a.split('=').next().unwrap_or(a);
        if a == "--output" || name == "--output" {
            let v = a.strip_prefix("--output=").or(w.args.get(i + 1).copied());
            if !matches!(v, Some("json" | "table")) {
                return false;
            }
        }
        if WITH_VALUE.contains(&a) {
            i += 2;
            continue;
        }
        if a.starts_with('-') {
            // Before the operation only the known global options; after it, the operation's
            // own options (values included), except skeleton/input generation and debug.
            let known = FLAGS.contains(&a) || WITH_VALUE.contains(&name);
            let banned = name.starts_with("--generate-cli-skeleton")
                || name == "--debug"
                || name == "--with-decryption";
            if banned || (words.len() < 2 && !known) {
                return false;
            }
        } else if words.len() < 2 {
            words.push(a);
        }
        i += 1;
    }
    let [_service, op] = words[..] else {
        return false;
    };
    let read = ["describe-", "list-", "get-"]
        .iter()
        .any(|p| op.starts_with(p));
    let sensitive = ["secret", "password", "token", "credential", "login"]
        .iter()
        .any(|s| op.contains(s))
        || op.starts_with("get-object");
    read && !sensitive
}
