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

pub const DART: Program = Program {
    names: &["dart"],
    ecosystem: Eco::Dart,
    syntax: &recognise::SUB,
    routes: &[route("analyze", "dart-analyze", "dart analyze").scoped(&ANALYZE)],
    rewrite: rw(
        Producer,
        "`analyze` in the text format; no option before it, never --format, help or watch",
    ),
};

pub const FLUTTER: Program = Program {
    names: &["flutter"],
    ecosystem: Eco::Dart,
    syntax: &recognise::SUB,
    routes: &[route("analyze", "dart-analyze", "flutter analyze").scoped(&ANALYZE)],
    rewrite: rw(
        Producer,
        "`analyze` in the text format; no option before it, never --format, help or watch",
    ),
};
