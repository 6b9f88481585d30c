//! The hook path's engine, the same for every host: rule sources and verdicts
//! ([`permissions`], [`pattern`], [`rule_files`], [`project`]; file rules on shell commands:
//! [`paths`]; where a line runs and the repository check: [`place`]), the one decision function
//! ([`decision`], which asks the host only through [`host::Judge`]; the host's text checks:
//! [`lexical`]), its exit-code rendering for
//! `rtk rewrite` ([`rewrite_cmd`]), and the pieces each host's JSON answer is made of
//! ([`answer`], [`input`]). Each host's own rules and answer are in `crate::hosts`.

pub mod allow;
pub mod answer;
pub mod decision;
pub mod host;
pub mod input;
pub mod lexical;
pub mod paths;
pub mod pattern;
pub mod permissions;
pub mod place;
pub mod project;
pub mod rewrite_cmd;
pub mod rule_files;
