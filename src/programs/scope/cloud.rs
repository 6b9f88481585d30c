//! The forms of `cloud` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::ops::cloud`): written once, here.

/// `gcloud` options that change the output's shape.
pub fn gcloud_other(a: &str) -> bool {
    a.starts_with("--format") || matches!(a, "--uri" | "--help" | "-h")
}

/// Forms with another output: help, other formats.
pub const HELM_OTHER: &[&str] = &["-h", "--help", "-o", "--output", "--short", "-q"];
