//! The forms of `gradle` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::gradle`): written once, here.

/// Forms whose output is wanted whole or that stay attached to a terminal: help, version,
/// continuous builds, build scans (they ask to accept terms), the rich console.
pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "-?",
    "--help",
    "-v",
    "--version",
    "-t",
    "--continuous",
    "--scan",
    "--console=rich",
    "--console=verbose",
];
