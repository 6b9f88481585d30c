//! The hook path: host rule sources and verdicts ([`permissions`], [`hosts`]), the one decision
//! function ([`decision`]), its exit-code rendering for `rtk rewrite` ([`rewrite_cmd`]) and each
//! host's JSON protocol for `rtk hook` ([`hook_cmd`]).

pub mod allow;
pub mod decision;
pub mod hook_cmd;
pub mod hosts;
pub mod pattern;
pub mod permissions;
pub mod rewrite_cmd;
