//! Entries for Ruby: `rspec`, `rake`, `rails`, `rubocop`, `bundle` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

/// `rake test` alone (no other task: `rake test db:migrate` runs more than tests; `TEST=file`
/// and `TESTOPTS=…` are variables, not tasks).
const RAKE_TEST: Scope = Scope::check(|w| {
    !w.rest()
        .iter()
        .any(|a| !a.starts_with('-') && !a.contains('='))
});

pub const RSPEC: Program = Program {
    names: &["rspec"],
    ecosystem: Eco::Ruby,
    syntax: PLAIN,
    routes: &[every("rspec", "rspec spec/calc_spec.rb").scoped(&sc::rspec::SCOPE)],
    rewrite: rw(
        Producer,
        "progress format only (no other formatter, dry run, help)",
    ),
};

pub const RAKE: Program = Program {
    names: &["rake"],
    ecosystem: Eco::Ruby,
    syntax: &recognise::SUB,
    routes: &[route("test", "minitest", "rake test").scoped(&RAKE_TEST)],
    rewrite: rw(Producer, "`test` as the only task"),
};

pub const RAILS: Program = Program {
    names: &["rails", "bin/rails", "./bin/rails"],
    ecosystem: Eco::Ruby,
    syntax: &recognise::SUB,
    routes: &[route("test", "minitest", "rails test test/models")],
    rewrite: rw(Producer, "only `test`"),
};

pub const RUBOCOP: Program = Program {
    names: &["rubocop"],
    ecosystem: Eco::Ruby,
    syntax: PLAIN,
    routes: &[every("rubocop", "rubocop lib").scoped(&sc::rubocop::SCOPE)],
    rewrite: rw(Producer, "default formatter only"),
};

pub const BUNDLE: Program = Program {
    names: &["bundle"],
    ecosystem: Eco::Ruby,
    syntax: &recognise::SUB,
    routes: &[route("exec", "runner", "bundle exec rspec").scoped(&sc::runners::RUNS_TOOL)],
    rewrite: rw(Never, "`exec` of a program rtk filters"),
};
