//! `rtk init --agent <host> [--global] [--show | --uninstall]`: arguments to `init::run`;
//! `rtk init --show` (every agent, one table: `init::status`) and `rtk init --check` (runs each
//! installed hook once with the payload its host would send, and says whether it answers).

use std::ffi::OsString;
use std::io::Write;

use clap::Args;

use crate::agents::{Agent, AGENTS};
use crate::env::Env;
use crate::init::status::{self, Row, State};
use crate::init::{self, Action};

#[derive(Debug, Args)]
pub struct InitArgs {
    #[arg(long, help = agent_help(), required_unless_present_any = ["show", "check"])]
    pub agent: Option<String>,
    /// Install into the user-wide location instead of the current project.
    #[arg(long)]
    pub global: bool,
    /// Show what is installed; change nothing (without --agent: every agent, one table).
    #[arg(long, conflicts_with = "uninstall")]
    pub show: bool,
    /// Run each installed hook once with a sample payload and say whether it answers.
    #[arg(long, conflicts_with_all = ["uninstall", "show", "global"])]
    pub check: bool,
    /// Remove what `rtk init` installed.
    #[arg(long)]
    pub uninstall: bool,
}

/// `--agent`'s help: every agent in `AGENTS`, then the names only `--uninstall` takes.
fn agent_help() -> String {
    let ours: Vec<&str> = AGENTS.iter().map(|d| d.name).collect();
    if init::UPSTREAM_ONLY.is_empty() {
        return ours.join(", ");
    }
    format!(
        "{}; with --uninstall also {} (upstream rtk's installs)",
        ours.join(", "),
        init::UPSTREAM_ONLY.join(", ")
    )
}

/// `rtk init`.
pub fn run(args: &InitArgs, env: &Env) -> anyhow::Result<u8> {
    if args.check {
        return check(args.agent.as_deref(), env);
    }
    let Some(agent) = args.agent.as_deref() else {
        return show_all(env);
    };
    let action = match (args.show, args.uninstall) {
        (true, _) => Action::Show,
        (false, true) => Action::Uninstall,
        (false, false) => Action::Install,
    };
    init::run(agent, args.global, action, env)
}

/// `rtk init --show`: one table of every agent.
fn show_all(env: &Env) -> anyhow::Result<u8> {
    let rows = status::overview(env);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "rtk {} — what is installed for each agent (project: {})",
        env!("CARGO_PKG_VERSION"),
        env.cwd().display()
    )?;
    let width =
        |f: &dyn Fn(&Row) -> usize, min: usize| rows.iter().map(f).max().unwrap_or(0).max(min);
    let (wa, ww, ws) = (
        width(&|r| r.agent.len(), 5),
        width(&|r| r.what.len(), 4),
        width(&|r| r.state.label().len(), 5),
    );
    writeln!(
        out,
        "{:<wa$}  {:<ww$}  {:<7}  {:<ws$}  where",
        "agent", "kind", "scope", "state"
    )?;
    for r in &rows {
        writeln!(
            out,
            "{:<wa$}  {:<ww$}  {:<7}  {:<ws$}  {}",
            r.agent,
            r.what,
            r.scope,
            r.state.label(),
            r.path.display()
        )?;
    }
    writeln!(
        out,
        "install: rtk init --agent <agent> [--global]; check the hooks answer: rtk init --check"
    )?;
    Ok(0)
}

/// The argv that runs a hook command line the way a host does (through the shell).
fn shell_argv(line: &str) -> Vec<OsString> {
    if cfg!(windows) {
        vec!["cmd".into(), "/C".into(), line.into()]
    } else {
        vec!["sh".into(), "-c".into(), line.into()]
    }
}

/// `rtk init --check [--agent A]`: every installed hook entry (of `agent` only, when given)
/// run once with a sample payload for `git status`. Exit 0 when each answered (exit 0 and
/// its answer is JSON or empty, as hosts take it), 1 when one did not, 0 with a note when
/// none is installed.
fn check(agent: Option<&str>, env: &Env) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    let rows: Vec<Row> = status::overview(env)
        .into_iter()
        .filter(|r| agent.is_none_or(|a| r.agent == a))
        .filter(|r| r.state == State::Installed && r.hook_command.is_some())
        .collect();
    if rows.is_empty() {
        writeln!(
            out,
            "no rtk hook entry installed{}; `rtk init --show` lists what is",
            agent.map(|a| format!(" for {a}")).unwrap_or_default()
        )?;
        return Ok(0);
    }
    let mut failed = false;
    for r in &rows {
        let Some(known) = Agent::from_name(r.agent) else {
            continue;
        };
        let command = r.hook_command.unwrap_or_default();
        let payloads = crate::hosts::check::sample_payloads(known, "git status");
        let Some((_, payload)) = payloads.first() else {
            continue;
        };
        let started = std::time::Instant::now();
        let ran =
            crate::exec::run_with_input(&shell_argv(command), payload.to_string().as_bytes())?;
        let ms = started.elapsed().as_millis();
        let verdict = match ran {
            Err(e) => Err(format!("could not run: {e}")),
            Ok((code, stdout, stderr)) => {
                let text = String::from_utf8_lossy(&stdout);
                let answer = text.trim();
                let json =
                    answer.is_empty() || serde_json::from_str::<serde_json::Value>(answer).is_ok();
                match (code, json) {
                    (0, true) if answer.is_empty() => {
                        Ok("answers (no change for this command)".to_string())
                    }
                    (0, true) => Ok(format!("answers: {answer}")),
                    (0, false) => Err(format!("exit 0 but the answer is not JSON: {answer}")),
                    (c, _) => Err(format!(
                        "exit {c}: {}",
                        String::from_utf8_lossy(&stderr).trim()
                    )),
                }
            }
        };
        let place = r.path.display();
        match verdict {
            Ok(v) => writeln!(
                out,
                "{} ({}, {place}): `{command}` {v} in {ms} ms",
                r.agent, r.scope
            )?,
            Err(v) => {
                failed = true;
                writeln!(
                    out,
                    "{} ({}, {place}): `{command}` FAILED: {v}",
                    r.agent, r.scope
                )?;
            }
        }
    }
    Ok(u8::from(failed))
}
