//! The hook path: host rule sources and verdicts ([`permissions`]), the one decision function
//! and its exit-code rendering ([`rewrite_cmd`]), and each host's JSON protocol ([`hook_cmd`]).

pub mod hook_cmd;
pub mod hosts;
pub mod pattern;
pub mod permissions;
pub mod rewrite_cmd;
