//! The Claude renderer: every decision, the read-only source, modes.

use super::*;
use crate::hooks::answer::test_support::all;
use crate::hooks::rewrite_cmd::SegmentReport;
use crate::shell::Context;
use serde_json::json;

fn input() -> serde_json::Map<String, Value> {
    json!({"command":"git status","description":"Show status","timeout":120000})
        .as_object()
        .unwrap()
        .clone()
}

const REWRITE: &str = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git status","description":"Show status","timeout":120000}}}"#;

#[test]
fn renders_each_decision() {
    let allow = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"rtk: every command matches an allow rule in your settings","updatedInput":{"command":"rtk git status","description":"Show status","timeout":120000}}}"#;
    for (name, d) in all("rtk git status") {
        let want = match name {
            "allow" => allow,
            // No rule: Claude asks for the original and for the rewrite alike.
            "host-authority" | "default" => REWRITE,
            // An ask rule would not match `rtk …`: Claude judges the original.
            _ => "",
        };
        assert_eq!(
            render(&input(), "git status", &d, false).to_text(),
            want,
            "{name}"
        );
        // #893: bypassPermissions never carries a decision.
        let want_bypass = match name {
            "allow" | "host-authority" | "default" => REWRITE,
            _ => "",
        };
        assert_eq!(
            render(&input(), "git status", &d, true).to_text(),
            want_bypass,
            "{name} bypass"
        );
    }
}

fn segment(text: &str, verdict: PermissionVerdict, read_only: ReadOnly) -> SegmentReport {
    SegmentReport {
        text: text.into(),
        context: Context::TopLevel,
        verdict,
        rule: None,
        read_only: Some(read_only),
    }
}

/// A no-rule decision (`rtk rewrite` exit 3) over the given segments.
fn default_with(segments: Vec<SegmentReport>) -> Decision {
    let mut d = all("rtk git status").remove(3).1;
    d.segments = segments;
    d
}

#[test]
fn claudes_read_only_approval_is_a_named_allow_source() {
    use PermissionVerdict::{Allow, Default};
    let d = default_with(vec![segment("git status", Default, ReadOnly::Yes)]);
    let out = render(&input(), "git status", &d, false).to_text();
    assert!(out.contains(r#""permissionDecision":"allow""#), "{out}");
    assert!(
        out.contains("Claude Code 2.1.332 runs these read-only"),
        "{out}"
    );
    // A rule-allowed command next to a read-only one: Claude runs the line silently.
    let d = default_with(vec![
        segment("git status", Default, ReadOnly::Yes),
        segment("make", Allow, ReadOnly::No),
    ]);
    assert!(render(&input(), "git status", &d, false)
        .to_text()
        .contains("allow"));
    // One command Claude asks for: the rewrite, no decision.
    let d = default_with(vec![
        segment("git status", Default, ReadOnly::Yes),
        segment("cargo test", Default, ReadOnly::No),
    ]);
    assert_eq!(render(&input(), "git status", &d, false).to_text(), REWRITE);
    // A form rtk cannot classify: no output, Claude judges the original.
    let d = default_with(vec![segment("git log -5", Default, ReadOnly::Unknown)]);
    assert_eq!(render(&input(), "git status", &d, false), Answer::Silent);
    // Bypass mode: everything runs anyway, the rewrite goes without a decision.
    assert_eq!(render(&input(), "git status", &d, true).to_text(), REWRITE);
}

#[test]
fn a_rule_matching_the_rewritten_form_keeps_claude_on_the_original() {
    for (rewritten, want_default, want_allow) in [
        (PermissionVerdict::Deny, "", ""),
        (PermissionVerdict::Ask, "", ""),
        // `Bash(rtk:*)` allowed: the rewrite would run silently where the original asks.
        (PermissionVerdict::Allow, "", "allow"),
    ] {
        let mut d = all("rtk git status").remove(3).1;
        d.rewritten_verdict = rewritten;
        assert_eq!(
            render(&input(), "git status", &d, false).to_text(),
            want_default,
            "{rewritten:?}"
        );
        let mut d = all("rtk git status").remove(0).1;
        d.rewritten_verdict = rewritten;
        assert_eq!(
            render(&input(), "git status", &d, false)
                .to_text()
                .contains(r#""permissionDecision":"allow""#),
            want_allow == "allow",
            "{rewritten:?}"
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
fn modes_are_read_from_the_payload() {
    let d = all("rtk git status").remove(0).1;
    let f = |mode: Option<&str>| {
        let mut p = json!({"tool_name":"Bash","tool_input":{"command":"git status"}});
        if let Some(m) = mode {
            p["permission_mode"] = m.into();
        }
        answer(&p, &|_| d.clone()).to_text()
    };
    assert!(!f(Some("bypassPermissions")).contains("permissionDecision"));
    assert!(f(Some("bypassPermissions")).contains("rtk git status"));
    for mode in [Some("default"), Some("acceptEdits"), Some("dontAsk"), None] {
        assert!(
            f(mode).contains(r#""permissionDecision":"allow""#),
            "{mode:?}"
        );
    }
    for mode in ["plan", "someFutureMode"] {
        assert_eq!(f(Some(mode)), "", "{mode}");
    }
}

/// Issue 36: a call that asks to run outside the sandbox gets nothing from the hook (no
/// allow, no rewrite) whatever the decision; `false` and `null` change nothing.
#[test]
fn dangerously_disable_sandbox_steps_aside() {
    for (name, d) in all("rtk git status") {
        for (value, silent) in [
            (json!(true), true),
            (json!("yes"), true),
            (json!(1), true),
            (json!(false), false),
            (Value::Null, false),
        ] {
            let payload = json!({
                "hook_event_name": "PreToolUse",
                "tool_name": "Bash",
                "tool_input": {"command": "git status", "dangerouslyDisableSandbox": value},
            });
            let out = answer(&payload, &|_| d.clone()).to_text();
            if silent {
                assert_eq!(out, "", "{name} {value}");
            } else if name == "allow" {
                assert!(
                    out.contains(r#""permissionDecision":"allow""#),
                    "{name} {value}"
                );
            }
        }
    }
}
