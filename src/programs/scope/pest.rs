//! The forms of `pest` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::pest`): written once, here.

/// Forms with another output, or that stay attached to a terminal.
pub const OTHER_FORMS: &[&str] = &[
    "--watch",
    "-h",
    "--help",
    "--version",
    "--init",
    "--teamcity",
    "--list-tests",
];
