//! `rtk init --agent <host> [--global] [--show | --uninstall]`: arguments to `init::run`.

use clap::Args;

use crate::agents::AGENTS;
use crate::env::Env;
use crate::init::{self, Action};

#[derive(Debug, Args)]
pub struct InitArgs {
    #[arg(long, help = agent_help())]
    pub agent: String,
    /// Install into the user-wide location instead of the current project.
    #[arg(long)]
    pub global: bool,
    /// Show what is installed; change nothing.
    #[arg(long, conflicts_with = "uninstall")]
    pub show: bool,
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
    let action = match (args.show, args.uninstall) {
        (true, _) => Action::Show,
        (false, true) => Action::Uninstall,
        (false, false) => Action::Install,
    };
    init::run(&args.agent, args.global, action, env)
}
