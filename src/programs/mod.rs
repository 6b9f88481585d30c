//! The program table: one entry per program rtk knows, holding everything about it — how its
//! argv is recognised ([`crate::recognise`]), which filter (by name) serves which subcommand
//! and which of its command lines rtk handles (each route's [`scope::Scope`], read by both the
//! rewrite and the filter's plan), and its rewrite facts (where in a pipeline its rtk form may
//! stand, the redirect rule, the one-line note for docs). The rewrite's rule lookup ([`rule_for`])
//! and the filter lookup (`filters::registry::lookup`) both read [`PROGRAMS`]; neither keeps a
//! list of its own. This layer sits below both and imports neither: the hook path (`hooks`,
//! `rewrite`, `programs`, `shell`) never reaches the filters, the runner or the history.
//!
//! Invariant (tested in `tests.rs`): a command is rewritten only when a route of its entry
//! matches it, so every rewritten form reaches a filter; every route has an example command
//! line ([`Route::example`]) that is rewritten and that its filter compacts (plans a capture
//! or a stream).
//!
//! Adding a program = its filter (a `Filter`: a Rust file, or a declarative one — a
//! `filters::decl::Builtin` static over an embedded TOML file, docs/filters.md) registered by
//! name in `filters/registry.rs` + one entry in its ecosystem's `entries/<ecosystem>.rs`, named
//! in `entries/mod.rs`'s list (with an example and a scope per route; a scope larger than a line
//! in `scope/<program>.rs`) + fixtures. A declarative filter parses its file on first use, when
//! `rtk <program>` runs: the hook path only reads this table.
//! The user's own TOML filters never add an entry here, so they never add a rewrite.

pub mod args;
#[cfg(test)]
mod coverage;
mod entries;
pub mod scope;
#[cfg(test)]
mod tests;

pub use entries::PROGRAMS;

use crate::recognise::Syntax;
use scope::Scope;

/// One program (or a family of names that behave the same: `python`/`python3`).
pub struct Program {
    /// The command words served, exactly as typed: bare names, and the relative paths a
    /// project's own launcher is typed by (`./mvnw`, `vendor/bin/phpunit`), matched whole.
    pub names: &'static [&'static str],
    /// The ecosystem it belongs to (the coverage table, docs/coverage.md).
    pub ecosystem: Eco,
    /// How the subcommand is found.
    pub syntax: &'static Syntax,
    /// Which filter serves which subcommand, first match wins.
    pub routes: &'static [Route],
    pub rewrite: Rewrite,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("names", &self.names)
            .finish_non_exhaustive()
    }
}

/// Where a program belongs, for the coverage table (docs/coverage.md), in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Eco {
    Git,
    Files,
    Rust,
    Python,
    Go,
    JavaScript,
    Ruby,
    Php,
    Jvm,
    DotNet,
    Dart,
    Build,
    Containers,
    Infra,
    Cli,
    Databases,
    System,
}

impl Eco {
    pub fn title(self) -> &'static str {
        match self {
            Eco::Git => "Git",
            Eco::Files => "Files and search",
            Eco::Rust => "Rust",
            Eco::Python => "Python",
            Eco::Go => "Go",
            Eco::JavaScript => "JavaScript / TypeScript",
            Eco::Ruby => "Ruby",
            Eco::Php => "PHP",
            Eco::Jvm => "JVM",
            Eco::DotNet => ".NET",
            Eco::Dart => "Dart / Flutter",
            Eco::Build => "Build",
            Eco::Containers => "Containers and clusters",
            Eco::Infra => "Infrastructure as code",
            Eco::Cli => "Network and service CLIs",
            Eco::Databases => "Databases",
            Eco::System => "System",
        }
    }
}

/// A filter and the subcommand it serves (`None`: every command line of the program).
pub struct Route {
    pub sub: Option<&'static str>,
    /// The name of the filter serving it (`filters::registry::by_name`).
    pub filter: &'static str,
    /// A command line of this route, under the entry's first name: rewritten and compacted
    /// (tested for every name of the entry), and run by the argv-preservation test
    /// (`tests/semantics.rs`).
    pub example: &'static str,
    /// The command lines of this route rtk handles: the rewrite and the filter's plan both read
    /// it ([`Program::accepts`], [`in_scope`]).
    pub scope: &'static Scope,
}

impl Route {
    /// This route, handling only the command lines of `scope`.
    pub const fn scoped(self, scope: &'static Scope) -> Route {
        Route { scope, ..self }
    }
}

/// What the rewrite needs to know about a program beyond its routes.
pub struct Rewrite {
    pub pipe: PipeSafety,
    /// Never rewritten when the command carries any redirect (`cat`/`head`/`tail`: #315) but
    /// `2>/dev/null` (stdout is the same, and rtk's note is on stdout).
    pub no_redirects: bool,
    /// One line on what qualifies (docs).
    pub note: &'static str,
}

/// Where in a pipeline a program's rtk form may stand without changing what the pipeline
/// computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipeSafety {
    /// Only as a whole segment (never inside a pipeline).
    Never,
    /// As the first stage feeding display-only consumers: `cat` always, `tail` where its
    /// filter keeps the end ([`SUMMARY_AT_END`]), never `head`.
    Producer,
    /// As the last stage (its output goes to the agent).
    Final,
    /// Either.
    Both,
}

/// Filters whose last lines hold the same facts as the raw output's last lines (a test run's
/// failures and its summary end both): a producer with one of them may stand before `tail`
/// (`go test ./... | tail -5`, `npx jest 2>&1 | tail -20`). Before `head` no filter may
/// (`rewrite::rules::keeps_facts`). Checked by replaying `tail -N` over every captured failing
/// run (`tests/pipelines.rs`): what a raw tail shows and these filters drop is only what they
/// elide anyway (passing tests, a passing suite's name). Not `pytest`, `cargo-test` (nextest
/// too) or `unittest`: their raw output ends with the list of failing tests (pytest's short
/// summary, cargo's `failures:` list, nextest's `FAIL` lines) while the filter names each
/// failing test once, at the head of its block, so a short tail of rtk's output lost names the
/// raw tail shows. Not `tsc` (it regroups errors by file and code, so its last lines are other
/// errors than tsc's last ones, without their file), `playwright` (its raw output ends with the
/// failures' list and counts, which the filter keeps line for line, so its closing note pushes
/// the first of them out of `tail`), nor `npm-script` (which tool's filter runs is read from
/// the script's banner at run time).
pub const SUMMARY_AT_END: &[&str] = &["go-test", "jest"];

/// The filter whose output a later pipeline stage reads for this command line (arguments
/// after the program word): its route's filter, or for a route that runs another program
/// (`npx jest`, `pnpm exec jest`, `uv run pytest`) that program's, when it is the first word
/// after the route's subcommand (no option of the runner before it).
pub fn output_filter(p: &Program, args: &[&str]) -> Option<&'static str> {
    let (r, sub) = p.route(args)?;
    if !matches!(r.filter, "npx" | "runner") {
        return Some(r.filter);
    }
    let rest = Words { args, sub }.rest();
    let (tool, tool_args) = rest.split_first()?;
    let inner = program(tool)?;
    let (ir, _) = inner.route(tool_args)?;
    if matches!(ir.filter, "npx" | "runner") {
        return None;
    }
    inner.accepts(tool_args).then_some(ir.filter)
}

impl PipeSafety {
    pub fn producer(self) -> bool {
        matches!(self, PipeSafety::Producer | PipeSafety::Both)
    }
    pub fn final_stage(self) -> bool {
        matches!(self, PipeSafety::Final | PipeSafety::Both)
    }
}

/// The arguments of a command as the rewrite sees them (unquoted words after the program).
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    pub args: &'a [&'a str],
    /// Index of the subcommand word, when the program has one and it was found.
    pub sub: Option<usize>,
}

impl<'a> Words<'a> {
    /// The words after the subcommand (all of them when there is none).
    pub fn rest(&self) -> &'a [&'a str] {
        self.sub.map_or(self.args, |i| &self.args[i + 1..])
    }
}

const fn route(sub: &'static str, filter: &'static str, example: &'static str) -> Route {
    Route {
        sub: Some(sub),
        filter,
        example,
        scope: &Scope::ANY,
    }
}

const fn every(filter: &'static str, example: &'static str) -> Route {
    Route {
        sub: None,
        filter,
        example,
        scope: &Scope::ANY,
    }
}

impl Program {
    /// A route's example under every name of the entry (`python -m pytest`, `python3 -m
    /// pytest`): the example's first word is the entry's first name.
    pub fn examples(&self, r: &Route) -> Vec<String> {
        let tail = r.example.split_once(' ').map_or("", |(_, t)| t);
        self.names.iter().map(|n| format!("{n} {tail}")).collect()
    }

    /// The route serving `args`, with the subcommand's index when the route names one.
    pub fn route<S: AsRef<str>>(&self, args: &[S]) -> Option<(&'static Route, Option<usize>)> {
        let mut sub = None;
        let mut found = false;
        for r in self.routes {
            let Some(want) = r.sub else {
                return Some((r, None));
            };
            if !found {
                sub = self.syntax.subcommand(args);
                found = true;
            }
            if let Some((i, _)) = sub.filter(|(_, name)| *name == want) {
                return Some((r, Some(i)));
            }
        }
        None
    }

    /// Whether this command line (arguments after the program word) has an rtk form: a route
    /// serves it and the route's scope takes it.
    pub fn accepts(&self, args: &[&str]) -> bool {
        self.route(args)
            .is_some_and(|(r, sub)| r.scope.accepts(&Words { args, sub }))
    }
}

/// The entry for a command word (already unquoted) that is one of its names, if any.
pub fn program(name: &str) -> Option<&'static Program> {
    PROGRAMS.iter().find(|p| p.names.contains(&name))
}

/// The entry `rtk <word> …` runs under: the word itself when it is a name (`./mvnw`), else
/// its last path component (`/usr/bin/git` → `git`).
pub fn program_for_word(word: &str) -> Option<&'static Program> {
    program(word).or_else(|| program(word.rsplit('/').next().unwrap_or(word)))
}

/// Whether `rtk <program> <args>` is a form its route's scope takes (the filters' plans read
/// it). `program` is the word as run or its basename (`mvnw` for `./mvnw`).
pub fn in_scope<S: AsRef<str>>(program: &str, args: &[S]) -> bool {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    program_for_word(program)
        .or_else(|| {
            PROGRAMS.iter().find(|p| {
                p.names
                    .iter()
                    .any(|n| n.rsplit('/').next() == Some(program))
            })
        })
        .is_some_and(|p| p.accepts(&args))
}

/// The rewrite rule for a command word: its table entry (every entry is rewritten).
pub fn rule_for(name: &str) -> Option<&'static Program> {
    program(name)
}
