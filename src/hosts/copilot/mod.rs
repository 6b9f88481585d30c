//! GitHub Copilot CLI: it reads Claude-format rules (its descriptor: `Rules::Of(Claude)`; its
//! `--deny-tool`/`--allow-tool` are read with Claude's command line, `claude::cli`), its
//! built-in read-only auto-approval ([`read_only`]), and its two hook shapes ([`answer`]).
//! VS Code Copilot Chat sends a third ([`vscode`]), judged by VS Code's own terminal
//! auto-approve rules ([`vscode_rules`]).

pub mod answer;
pub mod read_only;
pub mod vscode;
pub mod vscode_rules;
#[cfg(test)]
mod vscode_tests;
pub mod vscode_workspace;

use serde_json::{json, Value};

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnly, ReadOnlyTable, TableNames};
use crate::hooks::permissions::LoadedRules;
use crate::shell::SimpleCommand;

pub struct Copilot;

impl Judge for Copilot {
    fn agent(&self) -> Agent {
        Agent::Copilot
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        Some(&Table)
    }
}

impl Host for Copilot {
    fn own_rules(&self, _env: &Env) -> Option<LoadedRules> {
        None
    }
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        Some(answer::answer(payload, decide))
    }
    fn session_env(&self, payload: Option<&Value>, env: &Env) -> Env {
        match payload {
            Some(p) if vscode::is_vscode(p) => vscode::session_env(p, env),
            _ => env.clone(),
        }
    }
    fn settle(&self, d: Decision, cmd: &str, env: &Env) -> Decision {
        if env.var_os_set(vscode::SURFACE_VAR).is_some() {
            vscode::settle(d, cmd, env)
        } else {
            d
        }
    }
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)> {
        vec![
            (
                "copilot (VS Code run_in_terminal)".into(),
                json!({"hook_event_name":"PreToolUse","tool_name":vscode::TOOL,"tool_input":{"command":cmd,"explanation":"","goal":"","isBackground":false},"tool_use_id":"call_0"}),
            ),
            (
                "copilot (PreToolUse)".into(),
                json!({"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":cmd}}),
            ),
            (
                "copilot (preToolUse)".into(),
                json!({"toolName":"bash","toolArgs":json!({"command":cmd}).to_string()}),
            ),
        ]
    }
}

/// Copilot CLI's read-only table ([`read_only`]).
struct Table;

impl ReadOnlyTable for Table {
    fn classify(&self, c: &SimpleCommand) -> ReadOnly {
        read_only::classify_command(c)
    }
    /// The table needs the `copilot` command line to have been read.
    fn gate(&self, env: &Env, loaded: &LoadedRules) -> Option<String> {
        let cmdline_read = loaded
            .files
            .iter()
            .any(|f| f.as_os_str() == super::claude::cli::COPILOT_SOURCE);
        read_only::gate(env, cmdline_read)
    }
    fn names(&self) -> TableNames {
        TableNames {
            table: read_only::source(),
            host: "Copilot",
        }
    }
    fn status(&self, env: &Env, loaded: &LoadedRules) -> String {
        let seen = read_only::version_status(env);
        match self.gate(env, loaded) {
            None => format!("{seen}: {} applies", read_only::source()),
            Some(why) => format!("{seen}: read-only table not applied ({why})"),
        }
    }
}
