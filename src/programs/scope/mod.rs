//! Each route's scope: which of its command lines rtk handles, declared once as data
//! ([`Scope`]) on the route in the program table. One interpreter ([`Scope::accepts`]) answers
//! both questions asked of it: the rewrite's (is this argv rewritten?) and the route's filter's
//! plan (does this argv stay in the handled form, or pass through?, via
//! [`crate::programs::in_scope`]). What data does not say is a small named predicate in the
//! program's file here ([`Scope::check`]), read the same way by both.

use super::args::attached;
pub use super::args::has_any;
use super::Words;

pub mod aws;
pub mod biome;
pub mod bun;
pub mod cargo;
pub mod cc;
pub mod cloud;
pub mod cmake;
pub mod container_run;
pub mod deno;
pub mod docker;
pub mod dotnet;
pub mod du;
pub mod files;
pub mod gh;
pub mod git;
pub mod golangci;
pub mod golist;
pub mod gradle;
pub mod jsinstall;
pub mod maven;
pub mod mdlint;
pub mod mise;
pub mod next;
pub mod nl;
pub mod pest;
pub mod phpcs;
pub mod phpstan;
pub mod phpunit;
pub mod playwright;
pub mod procs;
pub mod prove;
pub mod pycheck;
pub mod quality;
pub mod rspec;
pub mod rubocop;
pub mod runners;
pub mod sbt;
pub mod sed;
pub mod shellcheck;
pub mod sql;
pub mod stat;
pub mod stylelint;
pub mod terraform;
pub mod tox;

/// Which words [`Scope::other`] is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Within {
    /// The whole argv (options before the subcommand too).
    All,
    /// The words after the subcommand.
    Rest,
}

/// The command lines of a route rtk handles. Every part only narrows: a line is in scope when
/// no part says no. [`Scope::ANY`] takes every line of the route.
#[derive(Clone, Copy)]
pub struct Scope {
    /// Options that leave the line to the program (another format or reporter, help, writes,
    /// interactive modes): each matched as the whole word, a long one also as `--name=value`.
    pub other: &'static [&'static str],
    /// Where [`Scope::other`] is looked for.
    pub within: Within,
    /// Also match a two-letter short option of [`Scope::other`] with its value attached
    /// (`-fd` for `-f d`).
    pub attached: bool,
    /// Watch and dev modes (`--watch`, `-w`, `watch`, `--watchAll`, `dev`, anywhere) leave it too.
    pub no_watch: bool,
    /// Non-empty: one of these words must follow the subcommand (`--check`: without it the
    /// program rewrites files).
    pub requires: &'static [&'static str],
    /// Non-empty: the first operand after the subcommand must be one of these (`gh pr list`).
    pub action: &'static [&'static str],
    /// An operand must follow the subcommand (`yarn run <script>`, `composer require <pkg>`).
    pub operand: bool,
    /// The subcommand is the first word (no option before it).
    pub sub_first: bool,
    /// What data does not say, a named predicate in the program's scope file.
    pub check: Option<fn(&Words<'_>) -> bool>,
}

impl std::fmt::Debug for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scope")
            .field("other", &self.other)
            .finish_non_exhaustive()
    }
}

impl Scope {
    /// Every command line of the route.
    pub const ANY: Scope = Scope {
        other: &[],
        within: Within::All,
        attached: false,
        no_watch: false,
        requires: &[],
        action: &[],
        operand: false,
        sub_first: false,
        check: None,
    };

    /// Any line without one of `other` (anywhere on it).
    pub const fn without(other: &'static [&'static str]) -> Scope {
        Scope {
            other,
            ..Scope::ANY
        }
    }

    /// Only what `check` accepts.
    pub const fn check(check: fn(&Words<'_>) -> bool) -> Scope {
        Scope {
            check: Some(check),
            ..Scope::ANY
        }
    }

    /// Any line without a watch mode.
    pub const NO_WATCH: Scope = Scope {
        no_watch: true,
        ..Scope::ANY
    };

    /// Whether this command line (its words, the subcommand's index) is in scope.
    pub fn accepts(&self, w: &Words<'_>) -> bool {
        let words = match self.within {
            Within::All => w.args,
            Within::Rest => w.rest(),
        };
        let first_operand = || first_operand(w.rest()).map(|(_, a)| a);
        let refused = (self.no_watch && watches(w.args))
            || (self.sub_first && w.sub != Some(0))
            || has_any(words, self.other)
            || (self.attached && attached(words, self.other));
        !refused
            && (self.requires.is_empty() || w.rest().iter().any(|a| self.requires.contains(a)))
            && (self.action.is_empty() || first_operand().is_some_and(|a| self.action.contains(&a)))
            && (!self.operand || first_operand().is_some())
            && self.check.is_none_or(|check| check(w))
    }
}

/// Whether a watch or dev mode is asked for.
pub fn watches(args: &[&str]) -> bool {
    args.iter()
        .any(|a| matches!(*a, "--watch" | "-w" | "watch" | "--watchAll" | "dev"))
}

/// The first argument that is not an option, with its index.
pub fn first_operand<'a>(args: &[&'a str]) -> Option<(usize, &'a str)> {
    args.iter()
        .copied()
        .enumerate()
        .find(|(_, a)| !(a.len() > 1 && a.starts_with('-')))
}

/// Whether `args` name at least one operand and every operand (a word that is neither an
/// option nor the value of one of `with_value`) is one `ok` accepts (`mvn clean test`).
pub fn only_operands(args: &[&str], with_value: &[&str], ok: impl Fn(&str) -> bool) -> bool {
    let mut named = 0;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if with_value.contains(&a) {
            i += 1;
        } else if !a.starts_with('-') {
            if !ok(a) {
                return false;
            }
            named += 1;
        }
        i += 1;
    }
    named > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_part_only_narrows() {
        const OTHER: Scope = Scope::without(&["-f", "--format"]);
        const ATTACHED: Scope = Scope {
            attached: true,
            ..OTHER
        };
        const REST: Scope = Scope {
            within: Within::Rest,
            ..OTHER
        };
        const CHECK: Scope = Scope {
            requires: &["--check"],
            ..Scope::ANY
        };
        const ACTION: Scope = Scope {
            action: &["list"],
            ..Scope::ANY
        };
        const OPERAND: Scope = Scope {
            operand: true,
            ..Scope::ANY
        };
        const FIRST: Scope = Scope {
            sub_first: true,
            ..Scope::ANY
        };
        const CHECKED: Scope = Scope::check(|w| w.args.len() < 3);
        let cases: &[(&Scope, &str, Option<usize>, bool)] = &[
            (&Scope::ANY, "anything --at all", None, true),
            (&OTHER, "src", None, true),
            (&OTHER, "-f json src", None, false),
            (&OTHER, "--format=json src", None, false),
            (&OTHER, "-fjson src", None, true),
            (&ATTACHED, "-fjson src", None, false),
            (&ATTACHED, "--fix src", None, true),
            (&REST, "-f run x", Some(1), true),
            (&REST, "run -f x", Some(0), false),
            (&Scope::NO_WATCH, "--watch", None, false),
            (&Scope::NO_WATCH, "dev", None, false),
            (&Scope::NO_WATCH, "--watch=false", None, true),
            (&CHECK, "fmt --check", Some(0), true),
            (&CHECK, "--check fmt", Some(1), false),
            (&ACTION, "pr --web list", Some(0), true),
            (&ACTION, "pr view 1", Some(0), false),
            (&ACTION, "pr", Some(0), false),
            (&OPERAND, "run build", Some(0), true),
            (&OPERAND, "run -s", Some(0), false),
            (&FIRST, "build -v", Some(0), true),
            (&FIRST, "-v build", Some(1), false),
            (&FIRST, "build", None, false),
            (&CHECKED, "a b", None, true),
            (&CHECKED, "a b c", None, false),
        ];
        for (scope, line, sub, want) in cases {
            let args: Vec<&str> = line.split_whitespace().collect();
            let got = scope.accepts(&Words {
                args: &args,
                sub: *sub,
            });
            assert_eq!(got, *want, "{line:?} ({sub:?}) with {scope:?}");
        }
    }
}
