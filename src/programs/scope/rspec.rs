//! The forms of `rspec` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::rspec`): written once, here.

pub const OTHER_FORMS: &[&str] = &[
    "-f",
    "--format",
    "-o",
    "--out",
    "--dry-run",
    "--init",
    "-h",
    "--help",
    "-v",
    "--version",
    "--bisect",
];
