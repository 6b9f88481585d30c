//! The command layer: one file per subcommand, each holding its clap `Args` and its `run`
//! (parse the arguments into the plain settings a domain module takes, call it, print).
//! This is the only layer that knows clap; `crate::cli` assembles these into `rtk`'s parser.
//! Nothing below (hooks, rewrite, filters, gain, …) imports this layer.

pub mod adoption;
pub mod compat;
pub mod config;
pub mod discover;
pub mod filters;
pub mod gain;
pub mod hook;
pub mod hook_audit;
pub mod init;
pub mod pipe;
pub mod rewrite;
pub mod session;
pub mod upstream;

use std::ffi::OsString;

/// Joins argv words into one command line; None if any word is not UTF-8.
pub fn join_words(words: &[OsString]) -> Option<String> {
    let words: Option<Vec<&str>> = words.iter().map(|w| w.to_str()).collect();
    words.map(|w| w.join(" "))
}
