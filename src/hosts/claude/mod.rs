//! Claude Code: its rule files ([`rules`]) and command line ([`cli`]), its built-in read-only
//! auto-approval ([`read_only`]), its `PreToolUse` answer ([`answer`]) and its `PostToolUse`
//! answers: for Read ([`post_read`]) and for MCP tools ([`post_mcp`]).

pub mod answer;
pub mod cli;
pub mod post_mcp;
pub mod post_read;
pub mod read_only;
mod read_only_search;
pub mod rules;

use serde_json::{json, Value};

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnly, ReadOnlyTable, TableNames};
use crate::hooks::permissions::LoadedRules;
use crate::ledger::ToolSaving;
use crate::shell::SimpleCommand;

pub struct Claude;

impl Judge for Claude {
    fn agent(&self) -> Agent {
        Agent::Claude
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        Some(&Table)
    }
}

impl Host for Claude {
    fn own_rules(&self, env: &Env) -> Option<LoadedRules> {
        Some(rules::load(env))
    }
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        if post_mcp::is_mcp(payload) {
            return Some(Answer::Silent); // `answer_after` answers it, with the settings.
        }
        if crate::hooks::input::string(payload, "hook_event_name") == Some("PostToolUse") {
            return Some(post_read::answer(payload));
        }
        Some(answer::answer(payload, decide))
    }
    fn answer_after(&self, payload: &Value, env: &Env) -> Option<Answer> {
        if post_mcp::is_mcp(payload) {
            return Some(post_mcp::answer(payload, &post_mcp::Siblings::of(env)));
        }
        // Claude runs a tool's PostToolUse hooks in parallel on the original result and the
        // last rewrite wins: beside another hook that may rewrite a Read (a redaction), rtk's
        // note or unseen lines, cut from the original, could undo it. rtk steps aside.
        let read = crate::hooks::input::string(payload, "hook_event_name") == Some("PostToolUse")
            && crate::hooks::input::string(payload, "tool_name") == Some("Read");
        (read && post_mcp::Siblings::of(env).may_rewrite("Read")).then_some(Answer::Silent)
    }
    fn saving(&self, payload: &Value, answer: &Answer, now: i64) -> Option<ToolSaving> {
        if post_mcp::is_mcp(payload) {
            return post_mcp::saving(payload, answer, now);
        }
        post_read::saving(payload, answer, now)
    }
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)> {
        vec![(
            "claude".into(),
            json!({"hook_event_name":"PreToolUse","permission_mode":"default","tool_name":"Bash","tool_input":{"command":cmd}}),
        )]
    }
    /// The payload's `cwd` is the shell's current directory (a `cd` in an earlier call moves
    /// it); the project stays what Claude set for the hook process: `CLAUDE_PROJECT_DIR`, else
    /// the hook's own working directory — never the payload (issue 36).
    fn session_env(&self, payload: Option<&Value>, env: &Env) -> Env {
        let cwd = payload.and_then(|p| crate::hooks::input::string(p, "cwd"));
        match cwd {
            Some(cwd) if !cwd.is_empty() => env.clone().with_session_cwd(env.cwd().join(cwd)),
            _ => env.clone(),
        }
    }
    fn project_dir(&self, env: &Env) -> std::path::PathBuf {
        rules::project_root(env).unwrap_or_else(|| env.cwd().to_path_buf())
    }
}

/// Claude Code's read-only table ([`read_only`]).
struct Table;

impl ReadOnlyTable for Table {
    fn classify(&self, c: &SimpleCommand) -> ReadOnly {
        read_only::classify_command(c)
    }
    fn gate(&self, env: &Env, _loaded: &LoadedRules) -> Option<String> {
        read_only::gate(env)
    }
    fn names(&self) -> TableNames {
        TableNames {
            table: format!(
                "Claude Code {} read-only auto-approval",
                read_only::CLAUDE_CODE_VERSION
            ),
            host: "Claude",
        }
    }
    fn status(&self, env: &Env, _loaded: &LoadedRules) -> String {
        read_only::table_in_force(env)
    }
}
