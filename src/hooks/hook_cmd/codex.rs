//! OpenAI Codex CLI `PreToolUse` (`tool_name:"Bash"`).
//!
//! Codex accepts a rewrite only as `updatedInput` **paired with** `permissionDecision:"allow"`
//! (openai/codex #20527; `updatedInput` alone, or `allow` alone, is rejected as a protocol error).
//! In that pairing `allow` is the vehicle of the rewrite, not a grant: Codex's own approval
//! policy, execpolicy rules and sandbox still judge the rewritten command (a PR that would have
//! let `allow` waive prompts, #20756, was closed). rtk reads no Codex rules, so the verdict is
//! always Default; the hook therefore rewrites only what rtk can fully attest, and only in the
//! permission modes Codex documents today (an unknown future mode → no output, fail open).
//! Deny, unattestable, no rtk form, already-rtk, other tools or events → no output.

use serde_json::Value;

use super::answer::{pre_tool_use, rewrite_of, with_command, Answer};
use super::input::{claude_style, string};
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["Bash"];

/// Permission modes whose semantics are known; anything else gets no answer.
pub const KNOWN_MODES: &[&str] = &[
    "default",
    "acceptEdits",
    "plan",
    "dontAsk",
    "bypassPermissions",
];

const REASON: &str = "rtk: token-saving rewrite; Codex's approval policy and sandbox still apply";

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if string(payload, "hook_event_name") != Some("PreToolUse") {
        return Answer::Silent;
    }
    match string(payload, "permission_mode") {
        Some(m) if KNOWN_MODES.contains(&m) => {}
        _ => return Answer::Silent,
    }
    let Some((input, cmd)) = claude_style(payload, TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &serde_json::Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    match rewrite_of(d, cmd) {
        Some(r) => pre_tool_use(with_command(input, r), true, REASON),
        None => Answer::Silent,
    }
}

#[cfg(test)]
mod tests {
    use super::super::answer::test_support::all;
    use super::*;
    use serde_json::json;

    #[test]
    fn update_only_with_allow() {
        let input = json!({"command":"git status"});
        for (name, d) in all("rtk git status") {
            let got = render(input.as_object().unwrap(), "git status", &d).to_text();
            if matches!(name, "allow" | "host-authority" | "ask" | "default") {
                assert_eq!(
                    got,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"rtk: token-saving rewrite; Codex's approval policy and sandbox still apply","updatedInput":{"command":"rtk git status"}}}"#,
                    "{name}"
                );
            } else {
                assert_eq!(got, "", "{name}");
            }
        }
    }

    #[test]
    fn modes_events_and_tools() {
        let d = all("rtk git status").remove(3).1;
        let f = |p: Value| answer(&p, &|_| d.clone()).to_text();
        for mode in KNOWN_MODES {
            assert!(
                f(json!({"hook_event_name":"PreToolUse","permission_mode":mode,"tool_name":"Bash","tool_input":{"command":"git status"}}))
                    .contains("updatedInput"),
                "{mode}"
            );
        }
        for p in [
            json!({"hook_event_name":"PreToolUse","permission_mode":"futureMode","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PostToolUse","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PreToolUse","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":"x"}}),
        ] {
            assert_eq!(f(p.clone()), "", "{p}");
        }
    }
}
