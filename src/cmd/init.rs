//! `rtk init --agent <host> [--global] [--show | --uninstall]`: arguments to `init::run`.

use clap::Args;

use crate::env::Env;
use crate::init::{self, Action};

#[derive(Debug, Args)]
pub struct InitArgs {
    /// claude, cursor, gemini, copilot, codex, droid, vibe, openclaw, pi, hermes, opencode;
    /// with --uninstall also trae, omp, antigravity, windsurf, cline (upstream rtk's installs).
    #[arg(long)]
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

/// `rtk init`.
pub fn run(args: &InitArgs, env: &Env) -> anyhow::Result<u8> {
    let action = match (args.show, args.uninstall) {
        (true, _) => Action::Show,
        (false, true) => Action::Uninstall,
        (false, false) => Action::Install,
    };
    init::run(&args.agent, args.global, action, env)
}
