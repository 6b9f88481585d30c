//! `rtk hook-audit [--last N]` (upstream's command name): what the hooks decided, from the
//! opt-in hook log (`ledger::decisions`): counts per agent and outcome, then the last N
//! decisions. With the log off it says how to turn it on.

use std::collections::BTreeMap;
use std::io::Write;

use clap::Args;

use super::session::Session;
use crate::ledger::decisions;

#[derive(Debug, Args)]
pub struct HookAuditArgs {
    /// How many of the latest decisions to list.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub last: usize,
}

/// `rtk hook-audit`.
pub fn run(args: &HookAuditArgs, s: &Session) -> anyhow::Result<u8> {
    let env = &s.env;
    let config = s.config();
    let Some(db) = crate::tracking::Settings::resolve(env, config).db_path else {
        anyhow::bail!("no data folder for rtk's files: set HOME or RTK_DB_PATH");
    };
    let on = decisions::enabled(env, config.hooks.log);
    let all = decisions::read(env, &db);
    let mut out = std::io::stdout().lock();
    if all.is_empty() {
        if on {
            writeln!(
                out,
                "no hook decision logged yet (log: {})",
                decisions::file(&db).display()
            )?;
        } else {
            writeln!(
                out,
                "the hook log is off: add `log = true` under [hooks] in rtk's config.toml \
                 (`rtk config` shows where), or set {}=1 in the agent's environment; \
                 `rtk hook check <command>` shows what each hook would answer now",
                decisions::ENV_SWITCH
            )?;
        }
        return Ok(0);
    }
    if !on {
        writeln!(out, "the hook log is off now; what it logged before:")?;
    }
    let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for d in &all {
        *counts.entry((&d.agent, &d.outcome)).or_default() += 1;
    }
    writeln!(out, "{} hook decisions logged", all.len())?;
    writeln!(out, "{:<10} {:<12} {:>7}", "agent", "outcome", "count")?;
    for ((agent, outcome), n) in &counts {
        writeln!(out, "{agent:<10} {outcome:<12} {n:>7}")?;
    }
    let shown = all.len().min(args.last);
    if shown > 0 {
        writeln!(out, "\nlast {shown}:")?;
    }
    for d in &all[all.len() - shown..] {
        let when = crate::tracking::dates::iso(d.ts);
        let rewritten = d
            .rewritten
            .as_deref()
            .map(|r| format!(" -> {r}"))
            .unwrap_or_default();
        writeln!(
            out,
            "{when}  {:<8} {:<11} {}{rewritten}  ({})",
            d.agent, d.outcome, d.command, d.reason
        )?;
    }
    Ok(0)
}
