//! Gemini CLI: its settings ([`rules`]) and policy files ([`policy`]), and its `BeforeTool` answer ([`answer`]).

pub mod answer;
pub mod policy;
pub mod rules;

use serde_json::json;

use super::common::RulesAndHook;
use crate::agents::Agent;

pub const HOST: RulesAndHook = RulesAndHook {
    agent: Agent::Gemini,
    rules: rules::load,
    answer: answer::answer,
    sample: |cmd| json!({"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":cmd}}),
};
