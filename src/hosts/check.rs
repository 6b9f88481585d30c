//! `rtk hook check [--agent A] <command…>`: a dry run. For each agent (or one), builds the payload
//! that host would send for the command, runs the real hook path on it, and prints
//! `<agent>: <answer>` (or `<agent>: (no output)`); for an agent whose plugin calls
//! `rtk rewrite`, `<agent> (plugin: rtk rewrite <args>): exit <code>[: <line>]`, the answer that
//! call gets; for an instruction-file host, whether rtk's block asks the model to type the rtk
//! form (there is no hook to ask). Exit 0; unknown agent → exit 2.

use std::io::Write;

use serde_json::Value;

use crate::agents::{Agent, Asks};
use crate::config::HooksConfig;
use crate::env::Env;
use crate::hooks::decision::Outcome;

/// The payload(s) each agent's host sends for `cmd`, labelled (`hosts/<agent>/mod.rs`).
pub fn sample_payloads(agent: Agent, cmd: &str) -> Vec<(String, Value)> {
    super::of(agent).sample_payloads(cmd)
}

/// `rtk hook check`: `agent` (None = every agent) answers `cmd` (None = not valid UTF-8);
/// `named` tells whether rtk's instruction block names a command (`init::instructions::names`).
pub fn run(
    agent: Option<&str>,
    cmd: Option<&str>,
    env: &Env,
    hooks: &HooksConfig,
    named: &dyn Fn(&str) -> bool,
) -> anyhow::Result<u8> {
    let mut err = std::io::stderr().lock();
    let checked = || {
        Agent::all().filter(|a| {
            matches!(
                a.descriptor().asks,
                Asks::Hook { .. } | Asks::Rewrite { .. } | Asks::Instructions
            )
        })
    };
    let agents: Vec<Agent> = match agent {
        None => checked().collect(),
        Some(name) => match Agent::from_name(name).filter(|a| checked().any(|c| c == *a)) {
            Some(a) => vec![a],
            None => {
                let names: Vec<&str> = checked().map(|a| a.name()).collect();
                writeln!(
                    err,
                    "rtk: unknown agent '{name}' (expected one of: {})",
                    names.join(", ")
                )?;
                return Ok(2);
            }
        },
    };
    let Some(cmd) = cmd else {
        writeln!(err, "rtk: command is not valid UTF-8")?;
        return Ok(2);
    };
    let mut out = std::io::stdout().lock();
    for agent in agents {
        if let Asks::Rewrite { args } = agent.descriptor().asks {
            writeln!(out, "{}", plugin_line(agent, args, cmd, env, hooks))?;
            continue;
        }
        if let Asks::Instructions = agent.descriptor().asks {
            writeln!(out, "{}", instructions_line(agent, cmd, named))?;
            continue;
        }
        for (label, payload) in sample_payloads(agent, cmd) {
            let answer = agent.answer(Some(&payload), env, hooks);
            match answer.to_text() {
                t if t.is_empty() => writeln!(out, "{label}: (no output)")?,
                t => writeln!(out, "{label}: {t}")?,
            }
        }
        if let Some(table) = super::of(agent).read_only() {
            let status = table.status(env, &super::load_rules_for(agent, env));
            writeln!(out, "{} read-only table: {status}", agent.name())?;
        }
    }
    Ok(0)
}

/// What the plugin of `agent`, calling `rtk rewrite <args> -- <cmd>`, is answered.
fn plugin_line(agent: Agent, args: &str, cmd: &str, env: &Env, hooks: &HooksConfig) -> String {
    let mut words = args.split_whitespace();
    let host = std::iter::from_fn(|| words.next())
        .skip_while(|w| *w != "--host")
        .nth(1)
        .and_then(Agent::host_named)
        .unwrap_or(Agent::Claude);
    let absolute = args.split_whitespace().any(|w| w == "--absolute");
    let hooks = HooksConfig {
        rtk_program: absolute
            .then(crate::hooks::decision::absolute_program)
            .flatten(),
        ..hooks.clone()
    };
    let d = super::evaluate_for(cmd, host, env, &hooks);
    let call = format!("rtk rewrite {args}");
    let mut line = format!(
        "{} (plugin: {}): exit {}",
        agent.name(),
        call.trim_end(),
        d.outcome.exit_code()
    );
    if let (Outcome::AllowRewrite | Outcome::AskRewrite, Some(r)) = (d.outcome, &d.rewritten) {
        line.push_str(": ");
        line.push_str(r);
    }
    line
}

/// An instruction-file host: no hook; what rtk's block asks the model to type.
fn instructions_line(agent: Agent, cmd: &str, named: &dyn Fn(&str) -> bool) -> String {
    let what = if cmd.contains(['&', '|', ';', '\n', '(', '`']) {
        "a compound line: rtk's block speaks of single commands".to_string()
    } else if named(cmd) {
        format!("rtk's block asks the model to type `rtk {}`", cmd.trim())
    } else {
        "not in rtk's block, typed as is".to_string()
    };
    format!("{} (instructions, no hook): {what}", agent.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;

    #[test]
    fn every_sample_payload_is_a_shape_its_agent_acts_on() {
        // No rule matched: every agent rewrites (Codex only sends a rewrite then).
        let d = all("rtk git status").remove(3).1;
        for agent in Agent::hooked() {
            for (label, payload) in sample_payloads(agent, "git status") {
                let acted = agent.answer_with(Some(&payload), &|_| d.clone());
                let nothing = agent.answer_with(None, &|_| d.clone());
                assert_ne!(acted, nothing, "{label}");
                assert!(acted.to_text().contains("rtk git status"), "{label}");
            }
        }
    }
}
