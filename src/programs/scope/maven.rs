//! The forms of `maven` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::maven`): written once, here.

/// Forms whose output is wanted whole.
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "-v", "--version", "-X", "--debug"];
