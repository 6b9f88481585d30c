//! The forms of `aws` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::ops::aws`): written once, here.

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
