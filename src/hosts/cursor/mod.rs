//! Cursor: its `cli-config.json` and project `permissions` rules ([`rules`]) and its `preToolUse` answer ([`answer`]).

pub mod answer;
pub mod rules;

use serde_json::json;

use super::common::RulesAndHook;
use crate::agents::Agent;

pub const HOST: RulesAndHook = RulesAndHook {
    agent: Agent::Cursor,
    rules: rules::load,
    answer: answer::answer,
    sample: |cmd| json!({"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":cmd}}),
};
