//! Entries for Dart and Flutter: `dart`, `flutter` (see [`super`]).

use super::rw;
use crate::programs::scope::Scope;
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

/// `dart analyze` / `flutter analyze` in the text format; never another `--format`, help or
/// watch mode, no option before the subcommand.
const ANALYZE: Scope = Scope {
    no_watch: true,
    sub_first: true,
    ..Scope::without(&["--format", "--help", "-h", "--write", "--suggestions"])
};

/// `dart test` / `flutter test` with the default reporter; never another reporter (`-r json`,
/// `--machine`), help, or a paused or debugging run; no option before the subcommand.
const TEST: Scope = Scope {
    no_watch: true,
    sub_first: true,
    ..Scope::without(&[
        "-r",
        "--reporter",
        "--machine",
        "--help",
        "-h",
        "--pause-after-load",
        "--start-paused",
        "--debug",
    ])
};

pub const DART: Program = Program {
    names: &["dart"],
    ecosystem: Eco::Dart,
    syntax: &recognise::SUB,
    routes: &[
        route("analyze", "dart-analyze", "dart analyze").scoped(&ANALYZE),
        route("test", "dart-test", "dart test").scoped(&TEST),
    ],
    rewrite: rw(
        Producer,
        "`analyze` (text format) and `test` (default reporter); no option before them",
    ),
};

pub const FLUTTER: Program = Program {
    names: &["flutter"],
    ecosystem: Eco::Dart,
    syntax: &recognise::SUB,
    routes: &[
        route("analyze", "dart-analyze", "flutter analyze").scoped(&ANALYZE),
        route("test", "dart-test", "flutter test").scoped(&TEST),
    ],
    rewrite: rw(
        Producer,
        "`analyze` (text format) and `test` (default reporter); no option before them",
    ),
};
