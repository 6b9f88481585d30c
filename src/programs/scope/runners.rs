//! The forms of the programs that run another one rtk handles (`npx`, `bundle exec`, `uv run`,
//! `poetry run`, `pipenv run`): the tool's own entry decides, with its own scope.

use super::{first_operand, watches, Scope};
use crate::programs::{program, Words};

/// `npx <tool> …`: a package command; a tool of the table keeps its own scope (`npx
/// playwright test --ui` is not rewritten); no watch mode.
pub const NPX: Scope = Scope::check(|w| {
    first_operand(w.args)
        .is_some_and(|(i, tool)| program(tool).is_none_or(|p| p.accepts(&w.args[i + 1..])))
        && !watches(w.args)
});

/// `bundle exec <tool> …` / `uv run <tool> …`: the tool is a program of the table that
/// accepts its arguments (never a runner itself).
pub const RUNS_TOOL: Scope = Scope::check(runs_tool);

fn runs_tool(w: &Words<'_>) -> bool {
    let Some((tool, rest)) = w.rest().split_first() else {
        return false;
    };
    !matches!(*tool, "bundle" | "uv" | "poetry" | "pipenv")
        && !tool.starts_with('-')
        && program(tool).is_some_and(|p| p.accepts(rest))
}
