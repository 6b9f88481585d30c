//! The forms of `biome` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::dev::biome`): written once, here.

/// Forms printed as they are: another reporter, writes, help, version.
pub const OTHER_FORMS: &[&str] = &[
    "--reporter",
    "--write",
    "--fix",
    "--apply",
    "--apply-unsafe",
    "--unsafe",
    "-h",
    "--help",
    "-V",
    "--version",
    "--verbose",
    "--watch",
];
