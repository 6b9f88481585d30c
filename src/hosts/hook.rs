//! `rtk hook <agent>`: read the host's JSON payload, decide with the one decision function under
//! that agent's own rule sources, and answer in the host's JSON shape (`hosts/<agent>/answer.rs`).
//!
//! Invariants (docs/contract.md §4): the **original** command is judged; `allow` is asserted only for an
//! explicit allow verdict (Codex excepted: its protocol accepts a rewrite only paired with
//! `allow`, see `hosts/codex/answer.rs`); `ask` is never asserted; on deny the hook steps aside (no rewrite)
//! so the host's native deny fires on the original; stdin is capped at 1 MiB and leading BOMs
//! are stripped; malformed or unexpected input gets the host's "do nothing" answer; every path
//! exits 0 and nothing but the answer reaches stdout (warnings go to stderr).
//! `RTK_REWRITE_HOST` is never consulted: each agent's rule source is its descriptor's
//! (`crate::agents`).

use std::io::Write;
use std::path::Path;

use super::{evaluate_for, of};
use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::env::Env;
use crate::hooks::answer::{nothing, Answer};
use crate::hooks::decision::{absolute_program, evaluate, Decision, Outcome};
use crate::hooks::input::{read_payload, Payload};
use crate::hooks::permissions::RuleSet;
use crate::ledger::decisions::HookDecision;
use crate::warnings::Warnings;

/// The `rtk hook` side of an agent (its descriptor is in `crate::agents`).
impl Agent {
    /// The agent's answer to one payload (`None` = malformed input).
    pub fn answer(
        self,
        payload: Option<&serde_json::Value>,
        env: &Env,
        hooks: &HooksConfig,
    ) -> Answer {
        // As `rtk hook` does: the host completes the environment from its payload first.
        let env = &of(self).session_env(payload, env);
        let decide = |cmd: &str| decide(self, cmd, env, hooks);
        self.answer_in(payload, env, &decide)
    }

    /// The host's answer after a tool ran when it has one ([`super::Host::answer_after`]: it
    /// may read the host's settings in `env`), else [`Agent::answer_with`].
    fn answer_in(
        self,
        payload: Option<&serde_json::Value>,
        env: &Env,
        decide: &dyn Fn(&str) -> Decision,
    ) -> Answer {
        if let Some(a) = payload.and_then(|p| of(self).answer_after(p, env)) {
            return a;
        }
        self.answer_with(payload, decide)
    }

    /// Like [`Agent::answer`] with an injected decision function (tests).
    pub fn answer_with(
        self,
        payload: Option<&serde_json::Value>,
        decide: &dyn Fn(&str) -> Decision,
    ) -> Answer {
        let Some(payload) = payload else {
            return nothing(self);
        };
        of(self)
            .answer(payload, decide)
            .unwrap_or_else(|| nothing(self))
    }
}

/// Decides `cmd` for `agent` with the rules its descriptor names and rtk's `[hooks]` settings.
pub fn decide(agent: Agent, cmd: &str, env: &Env, hooks: &HooksConfig) -> Decision {
    let program = agent
        .descriptor()
        .absolute_rtk
        .then(absolute_program)
        .flatten();
    // Judged as `agent` itself (`judged_by` only says whether it has rules): they are read
    // from where its descriptor says (its own files or another host's), and its own
    // read-only table (Copilot) applies.
    let d = match agent.judged_by() {
        // Its shell resets PATH (Codex runs commands through `bash -lc`): the rewrite names
        // rtk by its absolute path so it resolves there (issue 22).
        Some(_) if program.is_some() => {
            let hooks = HooksConfig {
                rtk_program: program,
                ..hooks.clone()
            };
            evaluate_for(cmd, agent, env, &hooks)
        }
        Some(_) => evaluate_for(cmd, agent, env, hooks),
        // Claude's authority (rtk asserts, Default stays AskRewrite) with no rules: the
        // verdict is always Default, so nothing here is ever an explicit allow.
        None => evaluate(cmd, of(Agent::Claude), &RuleSet::default(), hooks),
    };
    of(agent).settle(d, cmd, env)
}

/// `rtk hook <agent>`: reads the payload on stdin, answers on stdout; always exit 0. What the
/// decisions had to say goes to `warnings`. A shortened tool result is appended to the savings
/// ledger of the history at `ledger_db` (None: tracking is off); each decision to the hook log
/// of the history at `log_db` (None: the log is off, the default).
pub fn run(
    agent: Agent,
    env: &Env,
    hooks: &HooksConfig,
    warnings: &Warnings,
    ledger_db: Option<&Path>,
    log_db: Option<&Path>,
) -> anyhow::Result<u8> {
    let payload = match read_payload(&mut std::io::stdin().lock()) {
        Ok(Payload(v)) => Some(v),
        Err(why) => {
            let _ = writeln!(
                std::io::stderr(),
                "rtk hook {}: ignoring payload: {why}",
                agent.name()
            );
            None
        }
    };
    let env = &of(agent).session_env(payload.as_ref(), env);
    let judged = std::cell::RefCell::new(Vec::new());
    let decide = |cmd: &str| {
        let d = decide(agent, cmd, env, hooks);
        warnings.extend(d.warnings.iter().cloned());
        if log_db.is_some() {
            judged.borrow_mut().push(logged(agent, cmd, &d));
        }
        d
    };
    let answer = agent.answer_in(payload.as_ref(), env, &decide);
    // Write failures (host gone) are not the host's problem: still exit 0.
    let _ = answer.write_to(&mut std::io::stdout().lock());
    if let Some(db) = log_db {
        for d in judged.into_inner() {
            // A log that cannot be written loses this line, never the answer.
            let _ = crate::ledger::decisions::append(env, db, &d);
        }
    }
    if let (Some(db), Some(p)) = (ledger_db, payload.as_ref()) {
        if let Some(s) = of(agent).saving(p, &answer, crate::ledger::now_unix()) {
            // A ledger that cannot be written loses this one line, never the answer.
            let _ = crate::ledger::append(env, db, &s);
        }
    }
    Ok(0)
}

/// The hook log's line for one decision (secrets masked).
fn logged(agent: Agent, cmd: &str, d: &Decision) -> HookDecision {
    let outcome = match d.outcome {
        Outcome::AllowRewrite => "allow",
        Outcome::AskRewrite => "rewrite",
        Outcome::Passthrough => "passthrough",
        Outcome::Deny => "deny",
    };
    HookDecision {
        ts: crate::ledger::now_unix(),
        agent: agent.name().to_string(),
        outcome: outcome.to_string(),
        command: crate::mask::line(cmd),
        rewritten: d.rewritten.as_deref().map(crate::mask::line),
        reason: d.reason.clone(),
    }
}
