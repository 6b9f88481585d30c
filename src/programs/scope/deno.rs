//! The forms of `deno` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::deno`): written once, here.

/// Forms printed as they are (and not rewritten).
pub const OTHER_FORMS: &[&str] = &[
    "--watch",
    "--json",
    "--compact",
    "--reporter",
    "--junit-path",
    "--inspect",
    "--inspect-brk",
    "--inspect-wait",
    "-h",
    "--help",
    "--rules",
    "--fix",
];
