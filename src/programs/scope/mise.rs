//! The forms of `mise run <task>` rtk handles: its route's [`Scope`](super::Scope) in the program
//! table, read by the rewrite and by its filter's plan (`filters::dev::mise`).

use super::Scope;
use crate::programs::Words;

/// `mise run <task> [args]` / `mise r <task>`: `run` first (no global option before it), the
/// task right after it (mise's own run options, `-C dir`, `-j`, `--output`…, come before the
/// task, so none is taken), one task (no `:::`), a plain task name; never help, watch or dev
/// forms. `mise run` alone runs `default` or opens the task selector, so a task is required.
pub const RUN: Scope = Scope {
    sub_first: true,
    operand: true,
    no_watch: true,
    check: Some(one_named_task),
    ..Scope::without(&["-h", "--help", ":::"])
};

/// The word after `run` is a task name (letters, digits, `_ - . :`), not an option.
fn one_named_task(w: &Words<'_>) -> bool {
    w.rest().first().is_some_and(|t| plain_task_name(t))
}

/// A task name as mise.toml spells a key (`test`, `test:ci`, `lint-go`): not an option, no
/// path or monorepo form (`//app:build`), no glob.
pub fn plain_task_name(t: &str) -> bool {
    !t.is_empty()
        && !t.starts_with(['-', ':', '.'])
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
}
