//! Scripts inside a line, parsed again for deny/ask matching: heredoc and here-string bodies,
//! substitution bodies the grammar left opaque, and text piped into a shell reading stdin. The
//! line is already unattestable when these run; they only add readings, never remove one.

use std::collections::HashMap;

use super::forms::{self, basename, shell_use, ShellUse, SHELLS};
use super::session::Session;
use super::{Context, Parsed};

/// Text that may be run as a script (a heredoc or here-string, or what a stage pipes into a
/// shell reading stdin): its commands are reported for deny/ask matching. The line is already
/// unattestable.
pub(super) fn embedded_script(
    out: &mut Parsed,
    text: &str,
    span: std::ops::Range<usize>,
    depth: usize,
    session: &mut Session,
) {
    let inner = super::parse_in(text, Context::ShellScript, depth + 1, session);
    out.commands.extend(inner.commands.into_iter().map(|mut c| {
        c.span = span.clone();
        c.context = Context::ShellScript;
        c.pipeline = None;
        c.in_piped_compound = false;
        c
    }));
}

/// The body of a substitution the grammar did not parse (it sits in an expansion operand or
/// other opaque text): its commands are reported in the `Substitution` context for deny/ask
/// matching. The line is already unattestable.
pub(super) fn substitution_script(
    out: &mut Parsed,
    text: &str,
    span: std::ops::Range<usize>,
    depth: usize,
    session: &mut Session,
) {
    let inner = super::parse_in(text, Context::Substitution, depth + 1, session);
    out.commands.extend(inner.commands.into_iter().map(|mut c| {
        c.span = span.clone();
        if c.context == Context::TopLevel {
            c.context = Context::Substitution;
        }
        c.pipeline = None;
        c.in_piped_compound = false;
        c
    }));
}

/// `echo 'rm -rf /' | sh`: the arguments of the stage before a stdin-reading shell are parsed
/// as a script.
pub(super) fn piped_into_shells(
    out: &mut Parsed,
    first: usize,
    depth: usize,
    session: &mut Session,
) {
    let mut scripts = Vec::new();
    let mut stage_index = None;
    for c in &out.commands[first..] {
        let Some(pos) = c.pipeline.filter(|p| p.stage > 0) else {
            continue;
        };
        let values: Vec<String> = c
            .assignments
            .iter()
            .chain(&c.words)
            .map(|w| w.value.clone())
            .collect();
        let reads_stdin = forms::command_views(&values).into_iter().any(|r| {
            SHELLS.contains(&basename(&values[r.start]))
                && shell_use(&values[..r.end], r.start) == ShellUse::Stdin
        });
        if !reads_stdin {
            continue;
        }
        let stages = stage_index.get_or_insert_with(|| {
            out.commands[first..]
                .iter()
                .enumerate()
                .filter_map(|(i, p)| p.pipeline.map(|q| ((q.id, q.stage), first + i)))
                .collect::<HashMap<(usize, usize), usize>>()
        });
        let prev = stages
            .get(&(pos.id, pos.stage - 1))
            .map(|&i| &out.commands[i]);
        if let Some(prev) = prev {
            let text: Vec<&str> = prev
                .words
                .iter()
                .skip(1)
                .map(|w| w.value.as_str())
                .collect();
            scripts.push((text.join(" "), prev.span.clone()));
        }
    }
    for (text, span) in scripts {
        embedded_script(out, &text, span, depth, session);
    }
}
