//! `rtk hook <agent>`: read the host's JSON payload, decide with the one decision function under
//! that agent's own rule sources, and answer in the host's JSON shape (one file per agent below).
//!
//! Invariants (SPEC §4): the **original** command is judged; `allow` is asserted only for an
//! explicit allow verdict (Codex excepted: its protocol accepts a rewrite only paired with
//! `allow`, see `codex.rs`); `ask` is never asserted; on deny the hook steps aside (no rewrite)
//! so the host's native deny fires on the original; stdin is capped at 1 MiB and leading BOMs
//! are stripped; malformed or unexpected input gets the host's "do nothing" answer; every path
//! exits 0 and nothing but the answer reaches stdout (warnings go to stderr).
//! `RTK_REWRITE_HOST` is never consulted: each agent names its own rule source here.

mod answer;
pub mod check;
mod claude;
mod codex;
mod copilot;
mod cursor;
mod droid;
mod gemini;
mod input;
mod vibe;

use std::io::Write;

pub use answer::Answer;
pub use input::{read_payload, Payload, MAX_PAYLOAD_BYTES};

use crate::config::Config;
use crate::env::Env;
use crate::hooks::permissions::{Host, RuleSet};
use crate::hooks::rewrite_cmd::{
    absolute_program, evaluate, evaluate_for, evaluate_for_program, Decision,
};

/// The agents `rtk hook` answers for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agent {
    Claude,
    Cursor,
    Gemini,
    Copilot,
    Codex,
    Droid,
    Vibe,
}

/// Whose rules judge an agent's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSource {
    /// The rule files of this host (SPEC §3 table).
    Host(Host),
    /// rtk reads no rules for this agent: every verdict is Default, approval stays with the host.
    NoRules,
}

impl Agent {
    pub const ALL: [Agent; 7] = [
        Agent::Claude,
        Agent::Cursor,
        Agent::Gemini,
        Agent::Copilot,
        Agent::Codex,
        Agent::Droid,
        Agent::Vibe,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Agent::Claude => "claude",
            Agent::Cursor => "cursor",
            Agent::Gemini => "gemini",
            Agent::Copilot => "copilot",
            Agent::Codex => "codex",
            Agent::Droid => "droid",
            Agent::Vibe => "vibe",
        }
    }

    pub fn from_name(name: &str) -> Option<Agent> {
        Agent::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Each agent is judged by its own rule sources, never by a global setting.
    ///
    /// - copilot: rtk knows no Copilot rule files (its allow lists are CLI flags, trusted folders
    ///   and VS Code's `chat.tools.terminal.autoApprove`). Claude's files are read only so that a
    ///   Claude **deny** makes the hook step aside (Copilot CLI reads `.claude/settings.json` as
    ///   repo settings); stepping aside never loosens anything, and the Copilot renderer never
    ///   asserts `allow`, so a Claude allow rule cannot grant anything in Copilot.
    /// - codex: Codex's execpolicy `.rules` files (`hosts::codex`); Codex's approval policy,
    ///   execpolicy and sandbox judge the rewritten command, so `codex.rs` rewrites only what
    ///   no rule matches in either form.
    pub fn rule_source(self) -> RuleSource {
        match self {
            Agent::Claude | Agent::Copilot => RuleSource::Host(Host::Claude),
            Agent::Cursor => RuleSource::Host(Host::Cursor),
            Agent::Gemini => RuleSource::Host(Host::Gemini),
            Agent::Droid => RuleSource::Host(Host::Droid),
            Agent::Vibe => RuleSource::Host(Host::Vibe),
            Agent::Codex => RuleSource::Host(Host::Codex),
        }
    }

    /// The agent's answer to one payload (`None` = malformed input).
    pub fn answer(self, payload: Option<&serde_json::Value>, env: &Env) -> Answer {
        let decide = |cmd: &str| decide(self.rule_source(), cmd, env);
        self.answer_with(payload, &decide)
    }

    /// Like [`Agent::answer`] with an injected decision function (tests).
    pub fn answer_with(
        self,
        payload: Option<&serde_json::Value>,
        decide: &dyn Fn(&str) -> Decision,
    ) -> Answer {
        let Some(payload) = payload else {
            return self.nothing();
        };
        match self {
            Agent::Claude => claude::answer(payload, decide),
            Agent::Cursor => cursor::answer(payload, decide),
            Agent::Gemini => gemini::answer(payload, decide),
            Agent::Copilot => copilot::answer(payload, decide),
            Agent::Codex => codex::answer(payload, decide),
            Agent::Droid => droid::answer(payload, decide),
            Agent::Vibe => vibe::answer(payload, decide),
        }
    }

    /// `env` completed with what the host passed in the payload instead of the environment:
    /// for Claude, the payload's `cwd` is the project when `CLAUDE_PROJECT_DIR` is not set.
    pub fn session_env(self, payload: Option<&serde_json::Value>, env: &Env) -> Env {
        let var = crate::hooks::hosts::claude::PROJECT_DIR_VAR;
        let cwd = payload.and_then(|p| input::string(p, "cwd"));
        match (self, cwd) {
            (Agent::Claude, Some(cwd)) if env.var(var).is_none() && !cwd.is_empty() => {
                env.clone().with_var(var, cwd)
            }
            _ => env.clone(),
        }
    }

    /// The host's "do nothing" answer.
    fn nothing(self) -> Answer {
        match self {
            Agent::Cursor => cursor::nothing(),
            Agent::Gemini => gemini::nothing(),
            _ => Answer::Silent,
        }
    }
}

/// Decides `cmd` with `source`'s rules and rtk's config.
pub fn decide(source: RuleSource, cmd: &str, env: &Env) -> Decision {
    match source {
        // Codex runs commands through `bash -lc`, whose /etc/profile resets PATH: the rewrite
        // names rtk by its absolute path so it resolves there (issue 22).
        RuleSource::Host(Host::Codex) => {
            evaluate_for_program(cmd, Host::Codex, env, absolute_program())
        }
        RuleSource::Host(host) => evaluate_for(cmd, host, env),
        RuleSource::NoRules => {
            // Host::Claude's authority (rtk asserts, Default stays AskRewrite) with no rules:
            // the verdict is always Default, so nothing here is ever an explicit allow.
            let (config, mut warnings) = Config::load(env);
            let mut d = evaluate(cmd, Host::Claude, &RuleSet::default(), &config.hooks);
            warnings.append(&mut d.warnings);
            d.warnings = warnings;
            d
        }
    }
}

/// `rtk hook <agent>`: reads the payload on stdin, answers on stdout; always exit 0.
pub fn run(agent: Agent, env: &Env) -> anyhow::Result<u8> {
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
    let env = &agent.session_env(payload.as_ref(), env);
    let decide = |cmd: &str| {
        let d = decide(agent.rule_source(), cmd, env);
        for w in &d.warnings {
            let _ = writeln!(std::io::stderr(), "rtk: warning: {w}");
        }
        d
    };
    let answer = agent.answer_with(payload.as_ref(), &decide);
    // Write failures (host gone) are not the host's problem: still exit 0.
    let _ = answer.write_to(&mut std::io::stdout().lock());
    Ok(0)
}
