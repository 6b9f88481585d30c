//! The forms of `dotnet` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::dotnet`): written once, here.

/// Forms whose output is wanted whole or has another shape: help, the terminal logger,
/// interactive authentication.
pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "-?",
    "--help",
    "-tl",
    "--tl",
    "-tl:on",
    "--tl:on",
    "-tl:auto",
    "--tl:auto",
    "-terminalLogger",
    "-terminalLogger:on",
    "--interactive",
];
