//! Entries for system tools: `ps`, `df`, `stat`, `du` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope as sc;
use crate::programs::{every, Eco, PipeSafety, Program};
use PipeSafety::{Never, Producer};

pub const PS: Program = Program {
    names: &["ps"],
    ecosystem: Eco::System,
    syntax: PLAIN,
    routes: &[every("ps", "ps aux").scoped(&sc::procs::PS)],
    rewrite: rw(
        Producer,
        "no forest, help or no-header forms; columns other than ps's standard ones print as they are",
    ),
};

pub const DF: Program = Program {
    names: &["df"],
    ecosystem: Eco::System,
    syntax: PLAIN,
    routes: &[every("df", "df -h").scoped(&sc::procs::DF)],
    rewrite: rw(Producer, "no --output or help"),
};

pub const STAT: Program = Program {
    names: &["stat"],
    ecosystem: Eco::System,
    syntax: PLAIN,
    routes: &[every("stat", "stat Cargo.toml").scoped(&sc::stat::SCOPE)],
    rewrite: rw(
        Producer,
        "default format of named files (no -c/--format/--printf, -f, -t)",
    ),
};

pub const DU: Program = Program {
    names: &["du"],
    ecosystem: Eco::System,
    syntax: PLAIN,
    routes: &[every("du", "du -h src").scoped(&sc::du::SCOPE)],
    // Never in a pipeline: a long listing's kept lines are a selection, not its first ones.
    rewrite: rw(
        Never,
        "size options, depth, exclude and totals only (no --time, -0, --files0-from, stdin)",
    ),
};
