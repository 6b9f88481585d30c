//! Entries for build tools and task runners: `make`, `mise run`, `gcc`, `shellcheck`, `cmake`, `ctest`, `prove` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope as sc;
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

pub const MAKE: Program = Program {
    names: &["make", "gmake"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("make", "make -j4")],
    rewrite: rw(Never, "any arguments"),
};

/// `mise run <task>`: which command the task runs is read at run time, from mise's `[task] $ cmd`
/// line checked against the task's definition (`filters::dev::mise`). Before `tail` only when
/// that definition, read at rewrite time in the line's folder, is a test runner's
/// (`rewrite::Planner::task_filter`).
pub const MISE: Program = Program {
    names: &["mise"],
    ecosystem: Eco::Build,
    syntax: &recognise::SUB,
    routes: &[
        route("run", "mise-run", "mise run test").scoped(&sc::mise::RUN),
        route("r", "mise-run", "mise r test").scoped(&sc::mise::RUN),
    ],
    rewrite: rw(
        Producer,
        "`run <task> [args]`, one task, no mise option; never watch, help or the task selector",
    ),
};

// H1 (issue 20): C/C++ build tools and shell/perl checkers.
pub const GCC: Program = Program {
    names: &["gcc", "g++", "cc", "c++", "clang", "clang++"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("cc", "gcc -Wall -c main.c -o main.o").scoped(&sc::cc::COMPILE)],
    rewrite: rw(
        Never,
        "compiling or linking (-c, -S, -o or -fsyntax-only); never -E, -M*, help, version, -v, response files or JSON diagnostics",
    ),
};

pub const SHELLCHECK: Program = Program {
    names: &["shellcheck"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("shellcheck", "shellcheck deploy.sh").scoped(&sc::shellcheck::SCOPE)],
    rewrite: rw(
        Never,
        "files given, default (tty) format; never -f/--format, help or version",
    ),
};

pub const CMAKE: Program = Program {
    names: &["cmake"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("cmake-build", "cmake --build build -j 4").scoped(&sc::cmake::BUILD)],
    rewrite: rw(
        Never,
        "`--build <dir>` only (never configure, -v/--verbose, help or version)",
    ),
};

pub const CTEST: Program = Program {
    names: &["ctest"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("ctest", "ctest --test-dir build --output-on-failure").scoped(&sc::cmake::CTEST)],
    rewrite: rw(
        Never,
        "selection, parallelism, timeouts and --output-on-failure only; never verbose, progress, dashboard or script modes",
    ),
};

pub const PROVE: Program = Program {
    names: &["prove"],
    ecosystem: Eco::Build,
    syntax: PLAIN,
    routes: &[every("prove", "prove -lv t/").scoped(&sc::prove::SCOPE)],
    rewrite: rw(
        Never,
        "test files/dirs with include, verbosity, jobs and merge flags only (never --timer, formatters, dry runs, help)",
    ),
};
