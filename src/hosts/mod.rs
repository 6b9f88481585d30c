//! One folder per agent host (`hosts/<host>/`): where it keeps its permission rules and how
//! they are read, its built-in read-only table, its `rtk hook` JSON answer and the payload its
//! host sends, behind one trait, [`Host`]. [`of`] maps every [`Agent`] to its implementation
//! with an exhaustive `match`: a new agent does not compile until it has one, and a host
//! implementation does not compile until it says what it has of each piece. The hosts with no
//! code of their own (plugins calling `rtk rewrite`, instruction files) share [`common::Plain`];
//! those that are only rule files and a hook share [`common::RulesAndHook`].
//! What a host *is* (name, authority, install, docs) stays data in `crate::agents::AGENTS`.
//!
//! The decision engine (`crate::hooks`) is the same for every host and sees a host only as a
//! [`Judge`]; this module sits above it. [`load_rules_for`] and [`evaluate_for`] are the hook
//! path's entry: the host's rules read, then the one decision function under the `[hooks]`
//! settings the caller's session read once;
//! [`resolve_host`] is `rtk rewrite`'s choice of host.

pub mod check;
pub mod claude;
pub mod cline;
pub mod codex;
pub mod common;
pub mod copilot;
pub mod cursor;
pub mod droid;
pub mod gemini;
pub mod hook;
pub mod omp;
pub mod opencode;
pub mod vibe;

#[cfg(test)]
#[path = "tests.rs"]
mod tests;

use serde_json::Value;

use crate::agents::{Agent, Rules};
use crate::config::HooksConfig;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::decision::{close_read_only, evaluate_at, Decision};
pub use crate::hooks::host::Judge;
use crate::hooks::permissions::LoadedRules;
use crate::hooks::place::Place;
use crate::ledger::ToolSaving;

/// Everything rtk does differently for one host. Each piece (rules, read-only table, hook
/// answer, sample payload) is a required method: a host without one says so (`None`, empty),
/// it cannot forget it. The last three are refinements a host may add.
pub trait Host: Judge {
    /// Reads the host's own rule files in `env`; None when rtk reads no files of its own for it
    /// (its descriptor's `rules` is not `Rules::Own`: tested).
    fn own_rules(&self, env: &Env) -> Option<LoadedRules>;
    /// Its answer to one well-formed `rtk hook <name>` payload; None when it has no hook
    /// (its descriptor does not ask with `Asks::Hook`: tested).
    fn answer(&self, payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Option<Answer>;
    /// The payload(s) its host sends for `cmd`, labelled (`rtk hook check`); empty without a hook.
    fn sample_payloads(&self, cmd: &str) -> Vec<(String, Value)>;
    /// `env` completed with what the host passes in the payload instead of the environment.
    fn session_env(&self, payload: Option<&Value>, env: &Env) -> Env {
        let _ = payload;
        env.clone()
    }
    /// The session's project folder, for the repository check (`hooks::place`): the
    /// working directory rtk runs in unless the host names its project otherwise.
    fn project_dir(&self, env: &Env) -> std::path::PathBuf {
        env.cwd().to_path_buf()
    }
    /// The decision for `cmd` once made, as this host's hook must see it (a host that
    /// re-judges the rewritten line by rules rtk can only imitate narrows it here).
    fn settle(&self, d: Decision, cmd: &str, env: &Env) -> Decision {
        let _ = (cmd, env);
        d
    }
    /// Its answer to a payload sent after a tool ran, where the answer depends on the host's
    /// settings in `env` (Claude's `PostToolUse` for MCP tools steps aside beside another hook
    /// that may rewrite the result); None: `answer` answers it.
    fn answer_after(&self, payload: &Value, env: &Env) -> Option<Answer> {
        let _ = (payload, env);
        None
    }
    /// What `answer` saved when it shortened a tool's result (`PostToolUse`), for the savings
    /// ledger ([`crate::ledger`]); None for any other answer.
    fn saving(&self, payload: &Value, answer: &Answer, now: i64) -> Option<ToolSaving> {
        let _ = (payload, answer, now);
        None
    }
}

/// The implementation of `agent` (exhaustive: a new agent is placed here).
pub fn of(agent: Agent) -> &'static dyn Host {
    match agent {
        Agent::Claude => &claude::Claude,
        Agent::Cursor => &cursor::HOST,
        Agent::Gemini => &gemini::HOST,
        Agent::Copilot => &copilot::Copilot,
        Agent::Codex => &codex::HOST,
        Agent::Droid => &droid::HOST,
        Agent::Vibe => &vibe::Vibe,
        Agent::Cline => &cline::Cline,
        Agent::OpenCode => &opencode::OpenCode,
        // Plugins that call `rtk rewrite` (their files: `crate::agents::plugins`).
        Agent::OpenClaw => &common::Plain(Agent::OpenClaw),
        Agent::Pi => &common::Plain(Agent::Pi),
        Agent::Hermes => &common::Plain(Agent::Hermes),
        // Instruction files: nothing asks rtk.
        Agent::Qwen => &common::Plain(Agent::Qwen),
        Agent::KiloCode => &common::Plain(Agent::KiloCode),
        Agent::Windsurf => &common::Plain(Agent::Windsurf),
        Agent::Trae => &common::Plain(Agent::Trae),
        Agent::Antigravity => &common::Plain(Agent::Antigravity),
        Agent::Kimi => &common::Plain(Agent::Kimi),
        Agent::Omp => &omp::Omp,
    }
}

/// Reads `host`'s rule sources in `env`: its own files, another host's (`Rules::Of`), or none
/// (the host applies its own policy: empty triple).
pub fn load_rules_for(host: Agent, env: &Env) -> LoadedRules {
    match host.descriptor().rules {
        Rules::None => LoadedRules::default(),
        Rules::Of(other) => load_rules_for(other, env),
        Rules::Own => of(host).own_rules(env).unwrap_or_default(),
    }
}

/// Loads `host`'s rules from `env` and decides under rtk's `[hooks]` settings `hooks` (the
/// hook path's entry; the caller read the config once, for the whole command).
pub fn evaluate_for(cmd: &str, host: Agent, env: &Env, hooks: &HooksConfig) -> Decision {
    let loaded = load_rules_for(host, env);
    let judge = of(host);
    let place = Place {
        cwd: env.session_cwd().to_path_buf(),
        project: judge.project_dir(env),
        home: env.home(),
        vars: crate::misetasks::read_vars(|v| env.var_os_set(v).map(String::from)),
    };
    let mut decision = evaluate_at(cmd, judge, &loaded.rules, hooks, Some(&place));
    if let Some(why) = judge.read_only().and_then(|t| t.gate(env, &loaded)) {
        close_read_only(&mut decision, why);
    }
    let mut warnings = loaded.warnings;
    warnings.append(&mut decision.warnings);
    decision.warnings = warnings;
    decision
}

/// Which host `rtk rewrite` answers for: `--host`, else `RTK_REWRITE_HOST`, else claude.
pub fn resolve_host(flag: Option<&str>, env: &Env) -> Result<Agent, String> {
    let (name, from) = match (flag, env.var("RTK_REWRITE_HOST")) {
        (Some(f), _) => (f, "--host"),
        (None, Some(v)) => (v, "RTK_REWRITE_HOST"),
        (None, None) => return Ok(Agent::Claude),
    };
    Agent::host_named(name).ok_or_else(|| {
        let names: Vec<&str> = Agent::hosts().map(|h| h.name()).collect();
        format!(
            "unknown host '{name}' (from {from}; expected one of: {})",
            names.join(", ")
        )
    })
}
