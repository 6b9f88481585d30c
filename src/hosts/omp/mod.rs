//! Oh-My-Pi (omp): its `bash.patterns` approval rules ([`rules`]). It has no `rtk hook` of its
//! own: its extension (`plugins/omp/rtk.ts`, `crate::agents::plugins`) calls
//! `rtk rewrite --host omp`. omp resolves its approval again on the command the extension
//! returns, so a line one of its patterns could match, in either form, is left unrewritten
//! (`Agent::rejudges_rewrite`).

pub mod rules;

use serde_json::Value;

use super::Host;
use crate::agents::Agent;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::Decision;
use crate::hooks::host::{Judge, ReadOnlyTable};
use crate::hooks::permissions::LoadedRules;

pub struct Omp;

impl Judge for Omp {
    fn agent(&self) -> Agent {
        Agent::Omp
    }
    fn read_only(&self) -> Option<&'static dyn ReadOnlyTable> {
        None
    }
}

impl Host for Omp {
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
