//! Mistral Vibe: rtk reads no rules for it (its descriptor: `Rules::None`; it holds permission
//! authority), but its `[tools.bash]` rules ([`rules`]) decide whether a rewrite would change
//! its verdict, which its `pre_tool` answer ([`answer`]) keeps.

pub mod answer;
pub mod rules;

use serde_json::{json, Value};

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnlyTable};
use crate::hooks::permissions::LoadedRules;

pub struct Vibe;

impl Judge for Vibe {
    fn agent(&self) -> Agent {
        Agent::Vibe
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for Vibe {
    fn own_rules(&self, _env: &Env) -> Option<LoadedRules> {
        None
    }
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        Some(answer::answer(payload, decide))
    }
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)> {
        vec![(
            "vibe".into(),
            json!({"hook_event_name":"pre_tool","tool_name":"file_system.bash","tool_input":{"command":cmd,"timeout":null}}),
        )]
    }
    /// Vibe judges the rewritten line by its own rules: the rewrite stays only where they give
    /// both lines the same verdict.
    fn settle(&self, d: Decision, cmd: &str, env: &Env) -> Decision {
        answer::keep_verdict(d, cmd, env)
    }
}
