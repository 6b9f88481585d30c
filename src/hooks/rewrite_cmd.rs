//! `rtk rewrite`'s rendering of a [`Decision`] (docs/contract.md §1): the rewritten line on stdout, the
//! outcome as the exit code (0 allow, 1 passthrough, 2 deny, 3 ask), warnings and `--explain`
//! on stderr. The decision itself is [`crate::hooks::decision`]'s; its names are re-exported
//! here, where the seed had them.

use std::io::Write;

use crate::hooks::host::{ReadOnly, TableNames};
use crate::hooks::permissions::PermissionVerdict;
use crate::shell::Context;

pub use crate::hooks::decision::{
    absolute_program, evaluate, line_verdict, Decision, Outcome, SegmentReport, MAX_COMMAND_BYTES,
};

/// Prints `decision` as `rtk rewrite` answers: with `explain` the explanation on `err`, the
/// rewritten line on `out` when there is one to run; returns the exit code. (Its warnings are
/// the caller's to hand to the command's sink.)
pub fn answer(
    decision: &Decision,
    explain: bool,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<u8> {
    if explain {
        write_explanation(err, decision)?;
    }
    if let (Outcome::AllowRewrite | Outcome::AskRewrite, Some(line)) =
        (decision.outcome, &decision.rewritten)
    {
        out.write_all(line.as_bytes())?;
        out.flush()?;
    }
    Ok(decision.outcome.exit_code())
}

fn verdict_name(v: PermissionVerdict) -> &'static str {
    match v {
        PermissionVerdict::Default => "default (no rule)",
        PermissionVerdict::Allow => "allow",
        PermissionVerdict::Ask => "ask",
        PermissionVerdict::Deny => "deny",
    }
}

/// `--explain`: one line per simple command, then the verdict and exit code.
pub fn write_explanation(w: &mut impl Write, d: &Decision) -> std::io::Result<()> {
    for s in &d.segments {
        let place = match s.context {
            Context::TopLevel => "segment",
            Context::Substitution => "substitution",
            Context::ShellScript => "sh -c script",
        };
        let builtin = match (s.verdict, s.read_only, &d.read_only_names) {
            (PermissionVerdict::Default, Some(ReadOnly::Yes), Some(TableNames { table, .. })) => {
                format!("; {table}: runs without asking")
            }
            (PermissionVerdict::Default, Some(ReadOnly::Unknown), Some(n)) => {
                format!(
                    "; {}: form not in rtk's table, the hook leaves it to {}",
                    n.table, n.host
                )
            }
            _ => String::new(),
        };
        match &s.rule {
            Some(r) => writeln!(
                w,
                "rtk explain: {place} `{}`: {} by {} ({}){builtin}",
                s.text,
                verdict_name(s.verdict),
                r.text,
                r.source.display()
            )?,
            None => writeln!(
                w,
                "rtk explain: {place} `{}`: {}{builtin}",
                s.text,
                verdict_name(s.verdict)
            )?,
        }
    }
    if let (Some(why), Some(names)) = (&d.read_only_closed, &d.read_only_names) {
        writeln!(w, "rtk explain: {} not applied: {why}", names.table)?;
    }
    if let Some(why) = &d.allow_blocked {
        writeln!(
            w,
            "rtk explain: no allow for this line (docs/allow.md): {why}"
        )?;
    }
    writeln!(
        w,
        "rtk explain: host {}: verdict {}; {} → exit {}{}",
        d.host.name(),
        verdict_name(d.verdict),
        d.reason,
        d.outcome.exit_code(),
        d.rewritten
            .as_deref()
            .map(|r| format!(" (`{r}`)"))
            .unwrap_or_default()
    )
}
