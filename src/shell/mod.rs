//! Shell understanding on the real bash grammar (tree-sitter-bash): one command line in,
//! every simple command out (top level, inside substitutions, inside `sh -c '…'` scripts),
//! plus the reasons the line cannot be attested (docs/contract.md §2).
//!
//! Invariants: anything the grammar reports as an error or missing node is unattestable; where
//! bash and the grammar could read the text differently (lone CR, `\v`, `\f`, NUL, a line
//! continuation glued inside a word) the line is unattestable and every reading's commands are
//! reported, so a deny rule sees all of them. Nothing here does I/O.
//!
//! Layout: `views` (the texts to parse), `walk` (tree → commands + unattestable reasons),
//! `inert` (the enumerated inert kinds and expansion forms), `checks` (what the walk checks),
//! `words` (unquoting), `forms` (permission forms, wrapper peeling, `sh -c` detection).

mod checks;
mod forms;
mod inert;
mod plain;
mod scripts;
mod session;
mod views;
mod walk;
mod words;

#[cfg(test)]
#[path = "mod_tests.rs"]
pub(crate) mod tests;

use std::collections::HashMap;
use std::ops::Range;

pub use forms::{basename, command_views, is_assignment as is_assignment_value};
pub use session::{BudgetStart, OVER_BUDGET};

/// Where a simple command sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Context {
    /// A segment of the line itself: the only place rtk ever rewrites.
    TopLevel,
    /// Inside `$(…)`, backticks or `<(…)`/`>(…)`: judged for deny, never rewritten. Also the
    /// operator-separated pieces of a line the grammar could not fully parse.
    Substitution,
    /// Inside the script of `sh|bash|zsh -c '…'` (also `watch`/`su -c`, heredoc and
    /// here-string bodies, text piped into a shell): judged for deny, never auto-allowed.
    ShellScript,
}

/// The texts a permission rule is matched against for one simple command.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PermissionForms {
    /// The command as typed, whitespace runs collapsed to one space, quotes kept, redirects
    /// left out (allow rules match only this, or this with a leading `rtk ` removed).
    pub exact: String,
    /// Extra views for deny/ask matching only: assignments and wrappers peeled, absolute program
    /// path reduced to its basename, leading `rtk ` removed, words unquoted. Never contains
    /// `exact`; deduplicated.
    pub variants: Vec<String>,
}

/// One shell word as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Byte range in the parsed text (the line itself, or the script for `ShellScript`).
    pub span: Range<usize>,
    /// The word as typed.
    pub text: String,
    /// The word after quote removal and unescaping; expansions are kept as typed.
    pub value: String,
    /// No expansion or substitution anywhere in the word (`value` is what bash passes).
    pub literal: bool,
}

/// What kind of statement a [`SimpleCommand`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandKind {
    /// `[NAME=v…] program args…`
    Simple,
    /// Only assignments (`FOO=1`).
    Assignment,
    /// `export`/`declare`/`local`/`readonly`/`typeset`/`unset`.
    Declaration,
    /// `[ … ]` or `[[ … ]]`.
    Test,
}

/// Position of a command that is itself one stage of a pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PipelinePos {
    /// Same id for every stage of one pipeline.
    pub id: usize,
    pub stage: usize,
    pub stages: usize,
    /// Some stage boundary is `|&` (stderr goes down the pipe too).
    pub stderr_piped: bool,
}

/// One simple command of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// Byte range in the original line (for nested scripts: the range of the script argument).
    pub span: Range<usize>,
    pub context: Context,
    pub forms: PermissionForms,
    pub kind: CommandKind,
    /// Leading `NAME=value` words.
    pub assignments: Vec<Word>,
    /// The command word and its arguments (empty for a bare assignment).
    pub words: Vec<Word>,
    /// Any redirect is attached to the command (fd dups and `/dev/null` included).
    pub has_redirect: bool,
    /// It has redirects, and every one is `2>/dev/null` (its stdout is as without them).
    pub stderr_discarded_only: bool,
    /// Set when this command is directly one stage of a pipeline.
    pub pipeline: Option<PipelinePos>,
    /// Inside a compound (`( )`, `{ }`, `if`, loop…) whose output is piped, or in a pipeline
    /// stage that is not a plain command: never rewritten.
    pub in_piped_compound: bool,
}

/// Why a line cannot be attested (never rewritten, never auto-allowed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unattestable(pub String);

/// The parse of one command line.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub commands: Vec<SimpleCommand>,
    pub unattestable: Vec<Unattestable>,
    /// A `sh|bash|zsh -c` wrapper (or a shell reading commands from stdin) is present: never
    /// Allow.
    pub has_shell_wrapper: bool,
    /// Why the line is not a plain list of simple commands (`plain.rs`), so no allow may be
    /// asserted for it; None when it is. Set for a top-level parse only.
    pub not_plain: Option<String>,
}

impl Parsed {
    /// True when nothing in the line prevents attesting it.
    pub fn is_attestable(&self) -> bool {
        self.unattestable.is_empty()
    }

    fn flag(&mut self, reason: impl Into<String>) {
        let reason = Unattestable(reason.into());
        if !self.unattestable.contains(&reason) {
            self.unattestable.push(reason);
        }
    }
}

/// How deep `sh -c '…'` scripts are followed before the line is declared unattestable.
const MAX_SCRIPT_DEPTH: usize = 4;

/// Parses one command line.
pub fn parse(line: &str) -> Parsed {
    parse_since(line, BudgetStart::now())
}

/// Parses one command line within what is left of a budget started at `start` (the parses one
/// decision makes share a budget, so a decision's parsing is bounded, not each parse).
pub fn parse_since(line: &str, start: BudgetStart) -> Parsed {
    parse_in(
        line,
        Context::TopLevel,
        0,
        &mut session::Session::since(start),
    )
}

/// Parses `text` as a script whose commands sit in `context` (nested `sh -c` scripts).
fn parse_in(text: &str, context: Context, depth: usize, session: &mut session::Session) -> Parsed {
    let mut parsed = Parsed::default();
    if depth > MAX_SCRIPT_DEPTH {
        parsed.flag("shell scripts nested too deeply");
        return parsed;
    }
    if words::has_dollar_quote(text) {
        parsed.flag("$'…' or $\"…\" quoting");
    }
    let top = depth == 0 && context == Context::TopLevel;
    if top {
        parsed.not_plain = Some(NOT_PARSED.into());
    }
    let readings = views::readings(text);
    for reason in &readings.reasons {
        parsed.flag(*reason);
    }
    for view in &readings.views {
        walk::walk(text, view, context, depth, &mut parsed, session);
    }
    if readings.views.len() > 1 {
        dedup_commands(&mut parsed.commands);
        if top {
            parsed.not_plain = Some("the line reads more than one way".into());
        }
    }
    parsed
}

/// `Parsed::not_plain` until the line's one reading has been checked.
const NOT_PARSED: &str = "the line could not be parsed";

/// Drops commands two readings both found, keeping every variant either reading produced.
fn dedup_commands(commands: &mut Vec<SimpleCommand>) {
    let mut kept: Vec<SimpleCommand> = Vec::with_capacity(commands.len());
    let mut index: HashMap<(Range<usize>, String, Context), usize> = HashMap::new();
    for c in commands.drain(..) {
        let key = (c.span.clone(), c.forms.exact.clone(), c.context);
        match index.get(&key) {
            Some(&k) => {
                let k = &mut kept[k];
                for v in c.forms.variants {
                    if !k.forms.variants.contains(&v) {
                        k.forms.variants.push(v);
                    }
                }
            }
            None => {
                index.insert(key, kept.len());
                kept.push(c);
            }
        }
    }
    *commands = kept;
}
