//! Shell understanding on the real bash grammar (tree-sitter-bash): one command line in,
//! every simple command out (top level, inside substitutions, inside `sh -c '…'` scripts),
//! plus the reasons the line cannot be attested (SPEC §2).
//!
//! Invariant: anything the grammar reports as an error or missing node is unattestable.
//! Nothing here does I/O.

use std::ops::Range;

/// Where a simple command sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// A segment of the line itself: the only place rtk ever rewrites.
    TopLevel,
    /// Inside `$(…)`, backticks or `<(…)`/`>(…)`: judged for deny, never rewritten.
    Substitution,
    /// Inside the script of `sh|bash|zsh -c '…'`: judged for deny, never auto-allowed.
    ShellScript,
}

/// The texts a permission rule is matched against for one simple command.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PermissionForms {
    /// The command as typed, whitespace runs collapsed to one space (allow rules match only this,
    /// or this with a leading `rtk ` removed).
    pub exact: String,
    /// Extra views for deny/ask matching only: assignments and wrappers peeled, absolute program
    /// path reduced to its basename, leading `rtk ` removed.
    pub variants: Vec<String>,
}

/// One simple command of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimpleCommand {
    /// Byte range in the original line (for nested scripts: the range of the script argument).
    pub span: Range<usize>,
    pub context: Context,
    pub forms: PermissionForms,
}

/// Why a line cannot be attested (never rewritten, never auto-allowed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unattestable(pub String);

/// The parse of one command line.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub commands: Vec<SimpleCommand>,
    pub unattestable: Vec<Unattestable>,
    /// A `sh|bash|zsh -c` wrapper is present: never Allow.
    pub has_shell_wrapper: bool,
}

/// Parses one command line.
pub fn parse(_line: &str) -> Parsed {
    Parsed {
        unattestable: vec![Unattestable("shell layer not built yet".into())],
        ..Parsed::default()
    }
}
