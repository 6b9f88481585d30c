//! `rtk hook <agent>` (answer a host's pre-tool hook), `rtk hook check` (dry run) and
//! `rtk hook opencode` (upstream's OpenCode plugin call): arguments to `hooks::hook_cmd`.

use std::ffi::OsString;

use clap::{Args, Subcommand};

use crate::env::Env;
use crate::hooks::hook_cmd::{self, check, Agent};

#[derive(Debug, Args)]
pub struct HookArgs {
    #[command(subcommand)]
    pub agent: HookAgent,
}

#[derive(Debug, Subcommand)]
pub enum HookAgent {
    /// Claude Code PreToolUse (Bash).
    Claude,
    /// Cursor preToolUse / beforeShellExecution.
    Cursor,
    /// Gemini CLI BeforeTool (run_shell_command).
    Gemini,
    /// GitHub Copilot: VS Code (PascalCase) and Copilot CLI (camelCase) shapes.
    Copilot,
    /// OpenAI Codex CLI PreToolUse.
    Codex,
    /// Factory Droid PreToolUse (Execute).
    Droid,
    /// Mistral Vibe before-tool hook (bash).
    Vibe,
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

/// `rtk hook …`.
pub fn run(args: &HookArgs, env: &Env) -> anyhow::Result<u8> {
    let agent = match &args.agent {
        HookAgent::Claude => Agent::Claude,
        HookAgent::Cursor => Agent::Cursor,
        HookAgent::Gemini => Agent::Gemini,
        HookAgent::Copilot => Agent::Copilot,
        HookAgent::Codex => Agent::Codex,
        HookAgent::Droid => Agent::Droid,
        HookAgent::Vibe => Agent::Vibe,
        HookAgent::Check(a) => {
            let cmd = super::join_words(&a.command);
            return check::run(a.agent.as_deref(), cmd.as_deref(), env);
        }
        HookAgent::Opencode(a) => return super::compat::hook_opencode(a, env),
    };
    hook_cmd::run(agent, env)
}
