//! Factory Droid: its settings' deny lists ([`rules`]) and its `PreToolUse` answer ([`answer`]).

pub mod answer;
pub mod rules;

use serde_json::json;

use super::common::RulesAndHook;
use crate::agents::Agent;

pub const HOST: RulesAndHook = RulesAndHook {
    agent: Agent::Droid,
    rules: rules::load,
    answer: answer::answer,
    sample: |cmd| json!({"hook_event_name":"PreToolUse","tool_name":"Execute","tool_input":{"command":cmd}}),
};
