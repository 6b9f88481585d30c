//! Cline: its `PreToolUse` hook answer ([`answer`]). rtk reads no rules for it (its descriptor:
//! `Rules::None`; Cline holds permission authority): Cline approves `run_commands` per tool
//! (auto-approve, yolo, or the user), not per command, so a rewrite cannot change that verdict;
//! its plan-mode guard does read the command, and [`plan_guard`] keeps a rewrite only where the
//! guard could refuse neither form.

pub mod answer;
pub mod plan_guard;

use serde_json::Value;

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::{rewrite_of, Answer};
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnlyTable};
use crate::hooks::permissions::LoadedRules;
use crate::hooks::rewrite_cmd::Outcome;

pub struct Cline;

impl Judge for Cline {
    fn agent(&self) -> Agent {
        Agent::Cline
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for Cline {
    fn own_rules(&self, _env: &Env) -> Option<LoadedRules> {
        None
    }
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        Some(answer::answer(payload, decide))
    }
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)> {
        vec![("cline".into(), answer::sample(cmd))]
    }
    /// Cline's plan-mode guard judges the rewritten line: the rewrite stays only where the
    /// guard could refuse neither the original nor the rtk form.
    fn settle(&self, mut d: Decision, cmd: &str, _env: &Env) -> Decision {
        let Some(rewritten) = rewrite_of(&d, cmd).map(str::to_string) else {
            return d;
        };
        if plan_guard::could_refuse(cmd) || plan_guard::could_refuse(&rewritten) {
            d.outcome = Outcome::Passthrough;
            d.rewritten = None;
            d.reason = "left to Cline: its plan-mode guard could refuse this line, and it would \
                        not refuse the rtk form"
                .into();
        }
        d
    }
}
