//! The forms of `jsinstall` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::jsinstall`): written once, here.

/// Forms printed as they are: machine-readable output, help.
pub const OTHER_FORMS: &[&str] = &[
    "--json",
    "--parseable",
    "-p",
    "--reporter",
    "-h",
    "--help",
    "--verbose",
    "--loglevel",
    "--flat",
    "-i",
    "--interactive",
];
