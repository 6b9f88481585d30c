//! Claude Code `PreToolUse` (tool `Bash`), judged by Claude's own rules.
//!
//! Explicit allow → `updatedInput` + `permissionDecision:"allow"`; ask or no rule →
//! `updatedInput` alone, so Claude's own prompt decides (#1155, never `ask`); deny, unattestable,
//! no rtk form, already-rtk, other tools or events → no output at all (exit 0).
//! #893: under `permission_mode:"bypassPermissions"` Claude drops `updatedInput` when a decision
//! is present; the mode already skips prompts, so there the decision is left out (it would add
//! nothing) and the rewrite still applies.

use serde_json::Value;

use super::answer::{explicit_allow, pre_tool_use, rewrite_of, with_command, Answer, ALLOW_REASON};
use super::input::{claude_style, string};
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["Bash"];

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let Some((input, cmd)) = claude_style(payload, TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    let bypass = string(payload, "permission_mode") == Some("bypassPermissions");
    render(input, cmd, &decide(cmd), bypass)
}

pub fn render(
    input: &serde_json::Map<String, Value>,
    cmd: &str,
    d: &Decision,
    bypass: bool,
) -> Answer {
    match rewrite_of(d, cmd) {
        Some(r) => pre_tool_use(
            with_command(input, r),
            explicit_allow(d) && !bypass,
            ALLOW_REASON,
        ),
        None => Answer::Silent,
    }
}

#[cfg(test)]
mod tests {
    use super::super::answer::test_support::all;
    use super::*;
    use serde_json::json;

    fn input() -> serde_json::Map<String, Value> {
        json!({"command":"git status","description":"Show status","timeout":120000})
            .as_object()
            .unwrap()
            .clone()
    }

    #[test]
    fn renders_each_decision() {
        let rewrite = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git status","description":"Show status","timeout":120000}}}"#;
        let allow = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"rtk: every command matches an allow rule in your settings","updatedInput":{"command":"rtk git status","description":"Show status","timeout":120000}}}"#;
        for (name, d) in all("rtk git status") {
            let want = match name {
                "allow" => allow,
                "host-authority" | "ask" | "default" => rewrite,
                _ => "",
            };
            assert_eq!(
                render(&input(), "git status", &d, false).to_text(),
                want,
                "{name}"
            );
            // #893: bypassPermissions never carries a decision.
            let want_bypass = if name == "allow" { rewrite } else { want };
            assert_eq!(
                render(&input(), "git status", &d, true).to_text(),
                want_bypass,
                "{name} bypass"
            );
        }
    }

    #[test]
    fn already_rtk_is_silent() {
        for (name, d) in all("rtk git status") {
            assert_eq!(
                render(&input(), "rtk git status", &d, false),
                Answer::Silent,
                "{name}"
            );
        }
    }

    #[test]
    fn bypass_mode_is_read_from_the_payload() {
        let d = super::super::answer::test_support::all("rtk git status")
            .remove(0)
            .1;
        let p = json!({"permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"git status"}});
        let out = answer(&p, &|_| d.clone()).to_text();
        assert!(!out.contains("permissionDecision"), "{out}");
        assert!(out.contains("rtk git status"), "{out}");
        let p = json!({"permission_mode":"default","tool_name":"Bash","tool_input":{"command":"git status"}});
        assert!(answer(&p, &|_| d.clone())
            .to_text()
            .contains(r#""permissionDecision":"allow""#));
    }
}
