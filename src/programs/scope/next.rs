//! The forms of `next` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::next`): written once, here.

/// Forms printed as they are (and not rewritten).
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "--debug", "-d", "--profile"];
