//! What the decision function asks of the host it decides for, and nothing else: the host's
//! key (its descriptor in `crate::agents`: authority, whether it re-judges a rewrite) and its
//! built-in read-only table, if rtk has a measured one. `crate::hosts` implements [`Judge`]
//! once per host (`src/hosts/<host>/`); the decision function names no host.

use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::permissions::LoadedRules;
use crate::shell::{Context, SimpleCommand};

/// The host a decision is made for, as the decision function sees it.
pub trait Judge: Sync {
    /// Its key in `crate::agents::AGENTS`.
    fn agent(&self) -> Agent;
    /// Its built-in read-only auto-approval (commands it runs without asking when no rule
    /// matches), for the hosts rtk has a measured table of; None for the others.
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable>;
}

/// A host's built-in read-only auto-approval, as a versioned table.
pub trait ReadOnlyTable: Sync {
    /// How the host treats one simple command.
    fn classify(&self, c: &SimpleCommand) -> ReadOnly;
    /// Why the table does not apply in `env` (None: it does). `loaded`: the rules read for
    /// this decision (a table may need the host's command line to have been read).
    fn gate(&self, env: &Env, loaded: &LoadedRules) -> Option<String>;
    /// How `--explain` names the table, and who the hook leaves the forms it cannot tell to.
    fn names(&self) -> TableNames;
    /// For `rtk hook check`: which version of the host rtk sees and whether the table applies.
    fn status(&self, env: &Env, loaded: &LoadedRules) -> String;
}

/// How `--explain` names a host's read-only table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableNames {
    /// The table (`Claude Code 2.1.332 read-only auto-approval`).
    pub table: String,
    /// The host the hook leaves unknown forms to (`Claude`).
    pub host: &'static str,
}

/// How a host's read-only auto-approval treats one simple command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadOnly {
    /// The host runs it without asking (when no deny/ask rule matches).
    Yes,
    /// The host asks (no read-only table covers it).
    No,
    /// A table covers the program but rtk cannot tell the answer for this form.
    Unknown,
}

/// What every host's read-only table classifies: a top-level simple command's words and
/// whether it is plain (no assignment, redirect or non-literal word). None inside a
/// substitution or `sh -c` script, which the host does not judge as a command of its own.
pub fn table_input(c: &SimpleCommand) -> Option<(Vec<&str>, bool)> {
    if c.context != Context::TopLevel {
        return None;
    }
    let plain = c.assignments.is_empty() && !c.has_redirect && c.words.iter().all(|w| w.literal);
    Some((c.words.iter().map(|w| w.value.as_str()).collect(), plain))
}
