//! The forms of `bun` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::bun`): written once, here.

pub const OTHER_FORMS: &[&str] = &[
    "-h",
    "--help",
    "--watch",
    "--hot",
    "--reporter",
    "--inspect",
    "--inspect-brk",
];
