//! The two shapes several hosts share, each implementing [`Host`] once:
//! - [`Plain`]: a host that is only its descriptor in `crate::agents`: plugins that call
//!   `rtk rewrite` (OpenClaw, Pi, Hermes: their rules are another host's or none, their files in
//!   `crate::agents::plugins`) and hosts told in an instruction file to type `rtk`. No rule
//!   files of its own, no read-only table, no hook.
//! - [`RulesAndHook`]: rtk reads the host's own rule files and answers its `rtk hook`; it has
//!   no read-only table (Cursor, Gemini, Codex, Droid). Every field is required: a host of this
//!   shape cannot leave out a piece.

use serde_json::Value;

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnlyTable};
use crate::hooks::permissions::LoadedRules;

/// A host that is only its descriptor.
pub struct Plain(pub Agent);

impl Judge for Plain {
    fn agent(&self) -> Agent {
        self.0
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for Plain {
    fn own_rules(&self, _env: &Env) -> Option<LoadedRules> {
        None
    }
    fn answer(&self, _payload: &Value, _decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        None
    }
    fn sample_payloads(&self, _cmd: &str) -> Vec<(String, Value)> {
        Vec::new()
    }
}

/// A host's answer to one `rtk hook` payload, given the decision function.
pub type AnswerFn = fn(&Value, &dyn Fn(&str) -> Decision) -> Answer;

/// A host whose rule files rtk reads and whose hook it answers, without a read-only table.
pub struct RulesAndHook {
    pub agent: Agent,
    /// Reads its rule files (`hosts/<host>/rules.rs`).
    pub rules: fn(&Env) -> LoadedRules,
    /// Its answer to one payload (`hosts/<host>/answer.rs`).
    pub answer: AnswerFn,
    /// The payload its host sends for a command, labelled with the agent's name.
    pub sample: fn(&str) -> Value,
}

impl Judge for RulesAndHook {
    fn agent(&self) -> Agent {
        self.agent
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for RulesAndHook {
    fn own_rules(&self, env: &Env) -> Option<LoadedRules> {
        Some((self.rules)(env))
    }
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer> {
        Some((self.answer)(payload, decide))
    }
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)> {
        vec![(self.agent.name().to_string(), (self.sample)(cmd))]
    }
}
