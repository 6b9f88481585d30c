//! The forms of `next build` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::next`).

use super::Scope;

/// Forms printed as they are (and not rewritten).
pub const OTHER_FORMS: &[&str] = &["-h", "--help", "--debug", "-d", "--profile"];

/// `next build`; no debug or profile.
pub const BUILD: Scope = Scope::without(OTHER_FORMS);
