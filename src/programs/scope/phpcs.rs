//! The forms of `phpcs` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::phpcs`): written once, here.

pub const OTHER_FORMS: &[&str] = &[
    "--report",
    "-a",
    "-i",
    "-e",
    "-h",
    "--help",
    "--version",
    "--generator",
    "--config-show",
    "--config-set",
];
