//! Codex CLI: its `.rules` files and `~/.codex` config ([`rules`]) and its `PreToolUse` answer ([`answer`]).

pub mod answer;
pub mod rules;

use serde_json::json;

use super::common::RulesAndHook;
use crate::agents::Agent;

pub const HOST: RulesAndHook = RulesAndHook {
    agent: Agent::Codex,
    rules: rules::load,
    answer: answer::answer,
    sample: |cmd| json!({"hook_event_name":"PreToolUse","permission_mode":"default","tool_name":"Bash","tool_input":{"command":cmd}}),
};
