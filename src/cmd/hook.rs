//! `rtk hook <agent>` (answer a host's pre-tool hook), `rtk hook check` (dry run) and
//! `rtk hook opencode` (upstream's OpenCode plugin call): arguments to `hosts::hook`.
//! The `<agent>` subcommands are made from `crate::agents::AGENTS` (each agent that asks
//! through a hook, with its `about`); clap stays here, at the edge.

use std::ffi::OsString;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

use super::session::Session;
use crate::agents::{Agent, Asks, AGENTS};
use crate::hosts::{check, hook};

#[derive(Debug, Args)]
pub struct HookArgs {
    #[command(subcommand)]
    pub agent: HookAgent,
}

/// What follows `rtk hook`.
#[derive(Debug)]
pub enum HookAgent {
    /// An agent's hook (every agent whose descriptor asks through `rtk hook`).
    Agent(Agent),
    /// OpenCode, as upstream rtk's plugin calls it: command as arguments, `{"command": …}` out.
    Opencode(super::compat::HookOpencodeArgs),
    /// Dry run: print what each agent's hook would answer for a command.
    Check(HookCheckArgs),
}

#[derive(Debug, Args)]
pub struct HookCheckArgs {
    /// Only this agent (default: every agent).
    #[arg(long)]
    pub agent: Option<String>,
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        num_args = 0..
    )]
    pub command: Vec<OsString>,
}

const OPENCODE: &str = "opencode";
const CHECK: &str = "check";

impl FromArgMatches for HookAgent {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some((OPENCODE, sub)) => Ok(HookAgent::Opencode(
                super::compat::HookOpencodeArgs::from_arg_matches(sub)?,
            )),
            Some((CHECK, sub)) => Ok(HookAgent::Check(HookCheckArgs::from_arg_matches(sub)?)),
            Some((name, _)) => Agent::hook_named(name)
                .map(HookAgent::Agent)
                .ok_or_else(|| {
                    clap::Error::raw(
                        clap::error::ErrorKind::InvalidSubcommand,
                        format!("unknown agent '{name}'"),
                    )
                }),
            None => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "an agent is required",
            )),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = HookAgent::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for HookAgent {
    fn augment_subcommands(cmd: Command) -> Command {
        let cmd = AGENTS.iter().fold(cmd, |cmd, d| match d.asks {
            Asks::Hook { about, .. } => cmd.subcommand(Command::new(d.name).about(about)),
            Asks::Rewrite { .. } | Asks::Instructions => cmd,
        });
        // `about` after `augment_args`, which sets the struct's own doc comment.
        cmd.subcommand(
            super::compat::HookOpencodeArgs::augment_args(Command::new(OPENCODE)).about(
                "OpenCode, as upstream rtk's plugin calls it: command as arguments, \
                 `{\"command\": …}` out",
            ),
        )
        .subcommand(
            HookCheckArgs::augment_args(Command::new(CHECK))
                .about("Dry run: print what each agent's hook would answer for a command"),
        )
        .subcommand_required(true)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        HookAgent::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        name == OPENCODE || name == CHECK || Agent::hook_named(name).is_some()
    }
}

/// `rtk hook …`.
pub fn run(args: &HookArgs, s: &Session) -> anyhow::Result<u8> {
    let (env, hooks) = (&s.env, &s.hook_config().hooks);
    match &args.agent {
        HookAgent::Agent(agent) => {
            // Where the savings ledger goes: beside the history (resolving it opens nothing).
            let tracking = crate::tracking::Settings::resolve(env, s.config());
            let ledger = tracking.db_path.clone().filter(|_| tracking.enabled);
            // The decision log is opt-in and independent of tracking.
            let log = tracking
                .db_path
                .filter(|_| crate::ledger::decisions::enabled(env, hooks.log));
            hook::run(
                *agent,
                env,
                hooks,
                &s.warnings,
                ledger.as_deref(),
                log.as_deref(),
            )
        }
        HookAgent::Check(a) => {
            let cmd = super::join_words(&a.command);
            // Which commands rtk's instruction block names: init's knowledge, handed down so the
            // hook path (`hosts`) never imports init.
            let named = crate::init::instructions::names;
            check::run(a.agent.as_deref(), cmd.as_deref(), env, hooks, &named)
        }
        HookAgent::Opencode(a) => super::compat::hook_opencode(a, s),
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command as Sub};

    fn parse(words: &[&str]) -> Result<HookAgent, clap::Error> {
        let mut argv = vec!["rtk", "hook"];
        argv.extend_from_slice(words);
        match Cli::try_parse_from(argv)?.command {
            Sub::Hook(a) => Ok(a.agent),
            other => panic!("not hook: {other:?}"),
        }
    }

    #[test]
    fn every_agent_that_asks_through_a_hook_is_a_subcommand_and_no_other() {
        for d in &AGENTS {
            let parsed = parse(&[d.name]);
            match d.asks {
                Asks::Hook { .. } => match parsed {
                    Ok(HookAgent::Agent(a)) => assert_eq!(a, d.agent),
                    other => panic!("{}: {other:?}", d.name),
                },
                // `opencode` is upstream's plugin call, with its own arguments.
                Asks::Rewrite { .. } if d.name == OPENCODE => {
                    assert!(matches!(parsed, Ok(HookAgent::Opencode(_))), "{parsed:?}")
                }
                Asks::Rewrite { .. } | Asks::Instructions => {
                    assert!(parsed.is_err(), "{}: {parsed:?}", d.name)
                }
            }
        }
        assert!(matches!(
            parse(&["check", "--agent", "cursor", "git", "status"]),
            Ok(HookAgent::Check(a)) if a.agent.as_deref() == Some("cursor") && a.command.len() == 2
        ));
        assert!(parse(&[]).is_err());
    }
}
