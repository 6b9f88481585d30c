//! Entries for Rust: cargo: `cargo` (see [`super`]).

use super::rw;
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

/// `cargo doc` without `--open` (which starts a browser).
const DOC: Scope = Scope::without(&["--open"]);

pub const CARGO: Program = Program {
    names: &["cargo"],
    ecosystem: Eco::Rust,
    syntax: &recognise::CARGO,
    routes: &[
        route("test", "cargo-test", "cargo test"),
        route("nextest", "cargo-test", "cargo nextest run").scoped(&sc::cargo::NEXTEST),
        route("build", "cargo-build", "cargo build --release"),
        route("check", "cargo-build", "cargo check"),
        route("clippy", "cargo-build", "cargo clippy --all-targets"),
        route("fmt", "cargo-fmt-check", "cargo fmt --check").scoped(&sc::cargo::FMT),
        route("tree", "cargo-tree", "cargo tree"),
        route("doc", "cargo-build", "cargo doc --no-deps").scoped(&DOC),
        route("bench", "cargo-bench", "cargo bench"),
    ],
    rewrite: rw(
        Producer,
        "`nextest` only as `nextest run`; `fmt` only with --check; `doc` never --open",
    ),
};
