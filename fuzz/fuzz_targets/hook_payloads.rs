//! Each `rtk hook <agent>` JSON reader: the fuzz bytes are stdin (the first byte picks the
//! agent), read through the real `read_payload` (1 MiB cap, BOMs) and answered with rules
//! deny `Bash(rm:*)`, allow `Bash(git status)`:
//! - malformed payloads get the agent's "do nothing" answer (silence or `{}`);
//! - every rewrite in an answer is exactly the rewrite the decision function produced, and only
//!   inserts `rtk ` into the command the decision judged;
//! - `allow` is asserted only when the decision was an explicit allow (Codex: only paired with
//!   a rewrite, as its protocol requires; Copilot: also where its own read-only table says it
//!   runs every command of the line and no rule matches either form); `ask` is never asserted.
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::env::Env;
use rtk::hooks::answer::Answer;
use rtk::hooks::host::ReadOnly;
use rtk::hooks::input::read_payload;
use rtk::hooks::permissions::{PermissionVerdict, RuleSet};
use rtk::hooks::rewrite_cmd::{Decision, Outcome};
use rtk_fuzz::{decide, only_inserts_rtk};
use serde_json::Value;

/// Subtrees that carry (a copy of) the tool input: their keys are the agent's, not ours.
const INPUT_KEYS: &[&str] = &[
    "updatedInput",
    "updated_input",
    "tool_input",
    "modifiedArgs",
];
const DECISION_KEYS: &[&str] = &["permissionDecision", "permission", "decision"];

fn walk(v: &Value, rewrites: &mut Vec<String>, decisions: &mut Vec<String>) {
    let Some(obj) = v.as_object() else { return };
    for (k, child) in obj {
        if INPUT_KEYS.contains(&k.as_str()) {
            match child.get("command").and_then(Value::as_str) {
                Some(c) => rewrites.push(c.to_string()),
                None => rewrites.push(format!("<input without command: {child}>")),
            }
        } else if DECISION_KEYS.contains(&k.as_str()) {
            decisions.push(child.as_str().unwrap_or("<non-string>").to_string());
        } else {
            walk(child, rewrites, decisions);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, mut stdin)) = data.split_first() else {
        return;
    };
    let hooked: Vec<Agent> = Agent::hooked().collect();
    let agent = hooked[sel as usize % hooked.len()];
    let rules = RuleSet::from_bash(&["rm:*"], &[], &["git status"]);
    let seen: RefCell<Vec<(String, Decision)>> = RefCell::new(Vec::new());
    // Copilot is judged with its own read-only table (as `rtk hook copilot` does); the others
    // with Claude's rules.
    let judge = if agent == Agent::Copilot {
        Agent::Copilot
    } else {
        Agent::Claude
    };
    let decide_fn = |cmd: &str| {
        let d = decide(cmd, judge, &rules);
        seen.borrow_mut().push((cmd.to_string(), d.clone()));
        d
    };
    let answer = match read_payload(&mut stdin) {
        Ok(p) => agent.answer_with(Some(&p.0), &decide_fn),
        Err(_) => {
            let a = agent.answer(
                None,
                &Env::new(Vec::<(String, String)>::new(), "/nonexistent"),
                &HooksConfig::default(),
            );
            assert!(
                matches!(&a, Answer::Silent) || a.to_text() == "{}",
                "{agent:?} answered malformed input with {}",
                a.to_text()
            );
            return;
        }
    };
    let Answer::Json(v) = &answer else { return };
    assert!(v.is_object(), "{agent:?} answered a non-object {v}");
    let (mut rewrites, mut decisions) = (Vec::new(), Vec::new());
    walk(v, &mut rewrites, &mut decisions);
    let seen = seen.borrow();
    for r in &rewrites {
        let ok = seen.iter().any(|(cmd, d)| {
            matches!(d.outcome, Outcome::AllowRewrite | Outcome::AskRewrite)
                && d.rewritten.as_deref() == Some(r.as_str())
                && only_inserts_rtk(cmd, r)
        });
        assert!(
            ok,
            "{agent:?}: rewrite {r:?} not produced by the decision ({seen:?})"
        );
    }
    for dec in &decisions {
        match dec.as_str() {
            "allow" => {
                let explicit = seen.iter().any(|(_, d)| {
                    d.outcome == Outcome::AllowRewrite && d.verdict == PermissionVerdict::Allow
                });
                let codex_pair = agent == Agent::Codex && !rewrites.is_empty();
                let ruled = |v: PermissionVerdict| {
                    matches!(v, PermissionVerdict::Ask | PermissionVerdict::Deny)
                };
                let copilot_read_only = agent == Agent::Copilot
                    && seen.iter().any(|(_, d)| {
                        !d.segments.is_empty()
                            && d.segments
                                .iter()
                                .all(|s| s.read_only == Some(ReadOnly::Yes))
                            && !ruled(d.verdict)
                            && !ruled(d.rewritten_verdict)
                    });
                assert!(
                    explicit || codex_pair || copilot_read_only,
                    "{agent:?} asserted allow: {v}"
                );
            }
            "deny" | "block" => {
                assert!(
                    seen.iter().any(|(_, d)| d.outcome == Outcome::Deny),
                    "{agent:?} denied without a deny decision: {v}"
                );
            }
            other => panic!("{agent:?} asserted {other:?}: {v}"),
        }
    }
});
