//! The forms of `gcloud` and `helm` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::cloud`).

use super::Scope;
use crate::programs::Words;

/// `gcloud` options that change the output's shape.
pub fn gcloud_other(a: &str) -> bool {
    a.starts_with("--format") || matches!(a, "--uri" | "--help" | "-h")
}

/// Forms with another output: help, other formats.
pub const HELM_OTHER: &[&str] = &["-h", "--help", "-o", "--output", "--short", "-q"];

/// `gcloud [--project X] <group…> list …`: command words (lowercase, digits, hyphens) up to
/// `list`, in the default table format (no `--format`, `--uri` or help anywhere).
pub const GCLOUD_LIST: Scope = Scope::check(gcloud_list);

/// `helm list|ls|history` in the default table format (no `-o`, `--short`, help), no option
/// before the subcommand.
pub const HELM: Scope = Scope {
    sub_first: true,
    check: Some(|w| !w.args.iter().any(|a| a.starts_with("-o="))),
    ..Scope::without(HELM_OTHER)
};

fn gcloud_list(w: &Words<'_>) -> bool {
    if w.args.iter().any(|a| gcloud_other(a)) {
        return false;
    }
    let mut i = 0;
    let mut groups = 0;
    while i < w.args.len() {
        let a = w.args[i];
        match a {
            "list" => return groups > 0,
            "--project" | "--account" | "--configuration" => i += 2,
            "--quiet" | "-q" => i += 1,
            _ if a.starts_with("--project=") || a.starts_with("--account=") => i += 1,
            _ if !a.is_empty()
                && a.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !a.starts_with('-') =>
            {
                groups += 1;
                i += 1;
            }
            _ => return false,
        }
    }
    false
}
