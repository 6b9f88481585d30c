//! OpenCode: its `permission` rules for `bash` ([`rules`]). It has no `rtk hook` of its own: its
//! plugin (`crate::agents::plugins`) calls `rtk rewrite --host opencode`; upstream rtk 1.x's
//! plugin calls `rtk hook opencode`, answered by [`upstream_answer`].

pub mod rules;

use serde_json::{json, Value};

use super::Host;
use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnlyTable};
use crate::hooks::permissions::LoadedRules;
use crate::warnings::Warnings;

pub struct OpenCode;

impl Judge for OpenCode {
    fn agent(&self) -> Agent {
        Agent::OpenCode
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for OpenCode {
    fn own_rules(&self, env: &Env) -> Option<LoadedRules> {
        Some(rules::load(env))
    }
    fn answer(&self, _payload: &Value, _decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        None
    }
    fn sample_payloads(&self, _cmd: &str) -> Vec<(String, Value)> {
        Vec::new()
    }
}

/// `rtk hook opencode [--agent NAME] <command…>` (what upstream's OpenCode plugin calls):
/// `{"command": "<rewrite>"}` exactly when `rtk rewrite --host opencode` would print a change,
/// else `{}` (`cmd` None: not valid UTF-8). OpenCode judges the rewritten command with its own
/// `permission.bash` rules, so a line any of them could match is left unrewritten. What the
/// decision had to say goes to `warnings`.
pub fn upstream_answer(
    cmd: Option<&str>,
    env: &Env,
    hooks: &HooksConfig,
    warnings: &Warnings,
) -> Value {
    let rewritten = cmd.and_then(|cmd| {
        let d = super::evaluate_for(cmd, Agent::OpenCode, env, hooks);
        warnings.extend(d.warnings.iter().cloned());
        d.rewritten.filter(|r| r != cmd)
    });
    match rewritten {
        Some(c) => json!({ "command": c }),
        None => json!({}),
    }
}
