//! OpenAI Codex CLI `PreToolUse` (`tool_name:"Bash"`), judged by Codex's own execpolicy rules
//! (`hosts::codex`).
//!
//! Codex accepts a rewrite only as `updatedInput` **paired with** `permissionDecision:"allow"`
//! (openai/codex #20527; `updatedInput` alone, or `allow` alone, is rejected as a protocol error).
//! In that pairing `allow` is the vehicle of the rewrite, not a grant: Codex's approval policy,
//! execpolicy rules and sandbox judge the **rewritten** command. So a rewrite is sent only when
//! Codex's verdict cannot change with it (issue 22):
//! - no execpolicy rule matches the line, in its original or its rewritten form;
//! - the permission mode is one Codex sends (`bypassPermissions` = approval `never`;
//!   `default` = every other approval policy); any other or missing mode → no output;
//! - under `default` the policy may be `untrusted`, where a line of known-safe programs runs
//!   without asking and its `rtk …` form would ask: such lines are left alone.
//!
//! Deny, ask or allow rules, unattestable, no rtk form, already-rtk, other tools or events →
//! no output (Codex judges the original itself).

use serde_json::Value;

use super::rules::maybe_known_safe;
use crate::hooks::answer::{pre_tool_use, rewrite_of, with_command, Answer};
use crate::hooks::input::{claude_style, string};
use crate::hooks::permissions::PermissionVerdict;
use crate::hooks::rewrite_cmd::Decision;
use crate::shell::Context;

pub const TOOLS: &[&str] = &["Bash"];

/// The permission modes Codex sends hooks, and whether the approval policy may be `untrusted`.
pub const KNOWN_MODES: &[(&str, bool)] = &[("default", true), ("bypassPermissions", false)];

const REASON: &str = "rtk: token-saving rewrite; Codex's approval policy and sandbox still apply";

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if string(payload, "hook_event_name") != Some("PreToolUse") {
        return Answer::Silent;
    }
    let mode = string(payload, "permission_mode");
    let Some(&(_, maybe_untrusted)) = KNOWN_MODES.iter().find(|(m, _)| Some(*m) == mode) else {
        return Answer::Silent;
    };
    let Some((input, cmd)) = claude_style(payload, TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    render(input, cmd, &decide(cmd), maybe_untrusted)
}

pub fn render(
    input: &serde_json::Map<String, Value>,
    cmd: &str,
    d: &Decision,
    maybe_untrusted: bool,
) -> Answer {
    // Codex combines per-command rule matches with its heuristics for the others, so one
    // matched command is enough to leave the line alone.
    let unmatched = d.verdict == PermissionVerdict::Default
        && d.segments
            .iter()
            .all(|s| s.verdict == PermissionVerdict::Default)
        && d.rewritten_verdict == PermissionVerdict::Default;
    if !unmatched || (maybe_untrusted && all_known_safe(d)) {
        return Answer::Silent;
    }
    match rewrite_of(d, cmd) {
        Some(r) => pre_tool_use(with_command(input, r), true, REASON),
        None => Answer::Silent,
    }
}

/// Every command of the line might be known-safe to Codex.
fn all_known_safe(d: &Decision) -> bool {
    let mut top = d
        .segments
        .iter()
        .filter(|s| s.context == Context::TopLevel)
        .peekable();
    top.peek().is_some() && top.all(|s| maybe_known_safe(&s.text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;
    use serde_json::json;

    #[test]
    fn update_only_with_allow_and_only_when_no_rule_matched() {
        let input = json!({"command":"git status"});
        for (name, d) in all("rtk git status") {
            let got = render(input.as_object().unwrap(), "git status", &d, true).to_text();
            if matches!(name, "host-authority" | "default") {
                assert_eq!(
                    got,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"rtk: token-saving rewrite; Codex's approval policy and sandbox still apply","updatedInput":{"command":"rtk git status"}}}"#,
                    "{name}"
                );
            } else {
                // A rule matched (allow, ask, deny) or nothing to rewrite: Codex judges the
                // original.
                assert_eq!(got, "", "{name}");
            }
        }
    }

    #[test]
    fn a_rule_matching_the_rewritten_form_steps_aside() {
        let mut d = all("rtk git status").remove(3).1;
        d.rewritten_verdict = PermissionVerdict::Allow;
        let input = json!({"command":"git status"});
        assert_eq!(
            render(input.as_object().unwrap(), "git status", &d, false),
            Answer::Silent
        );
    }

    #[test]
    fn modes_events_and_tools() {
        let d = all("rtk git status").remove(3).1;
        let f = |p: Value| answer(&p, &|_| d.clone()).to_text();
        for (mode, _) in KNOWN_MODES {
            assert!(
                f(json!({"hook_event_name":"PreToolUse","permission_mode":mode,"tool_name":"Bash","tool_input":{"command":"git status"}}))
                    .contains("updatedInput"),
                "{mode}"
            );
        }
        for p in [
            json!({"hook_event_name":"PreToolUse","permission_mode":"futureMode","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PreToolUse","permission_mode":"acceptEdits","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PostToolUse","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"PreToolUse","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":"x"}}),
        ] {
            assert_eq!(f(p.clone()), "", "{p}");
        }
    }
}
