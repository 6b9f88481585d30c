//! GitHub Copilot: two wire shapes, told apart by the payload itself.
//!
//! - VS Code Copilot Chat: `tool_name: "run_in_terminal"` + `tool_input.command` → the rewrite
//!   without a decision where VS Code's own rules judge both forms alike ([`super::vscode`]).
//! - Claude-compatible (Copilot CLI `PreToolUse` entries): `tool_name` (`Bash`, `bash`,
//!   `runTerminalCommand`) + `tool_input.command` → `hookSpecificOutput.updatedInput`.
//! - Copilot CLI native (`preToolUse` entries): `toolName:"bash"` + `toolArgs` (a JSON string,
//!   an object is accepted too) → top-level `modifiedArgs` with every arg kept.
//!
//! The decision, judged as Copilot CLI judges the original (issue 22):
//! - every command read-only in Copilot's own table ([`read_only`], stamped with the
//!   Copilot CLI version, applied only where rtk sees all of Copilot's rules: see its `gate`)
//!   and no rule matches either form → the rewrite + `permissionDecision: "allow"`, the reason
//!   naming the table: Copilot would have run the original without asking, and `rtk …` is not
//!   read-only to it;
//! - a command whose read-only status rtk cannot tell → no output: Copilot judges the original;
//! - otherwise (Copilot asks for the original) → the rewrite without a decision, so Copilot's
//!   own trust flow decides; never `ask` (#3037: Copilot ≥ 1.0.66 turns `ask` into a blocking
//!   dialog with no "don't ask again").
//!
//! A hook's allow overrides Copilot's `--deny-tool` rules (measured), so a deny anywhere (a
//! Claude deny rule, a `--deny-tool`/`--allow-tool` shell rule on the copilot command line:
//! `hosts::claude::cli`) means no output at all, as does everything unusable. `powershell` and
//! JetBrains' `run_in_terminal` on the native shape → no output: the bash grammar cannot
//! attest PowerShell, and JetBrains honours only deny.

use serde_json::{json, Map, Value};

use super::read_only::{self, ReadOnly};
use super::vscode;
use crate::hooks::answer::{pre_tool_use, rewrite_of, with_command, Answer};
use crate::hooks::input::{claude_style, command, string};
use crate::hooks::permissions::PermissionVerdict;
use crate::hooks::rewrite_cmd::Decision;

pub const PASCAL_TOOLS: &[&str] = &["Bash", "bash", "runTerminalCommand"];

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if payload.get("toolName").is_some() {
        return native(payload, decide);
    }
    if vscode::is_vscode(payload) {
        return match claude_style(payload, &[vscode::TOOL], "PreToolUse") {
            Some((input, cmd)) => vscode::render(input, cmd, &decide(cmd)),
            None => Answer::Silent,
        };
    }
    let Some((input, cmd)) = claude_style(payload, PASCAL_TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    render_pascal(input, cmd, &decide(cmd))
}

fn native(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if string(payload, "toolName") != Some("bash") {
        return Answer::Silent;
    }
    let args: Map<String, Value> = match payload.get("toolArgs") {
        Some(Value::String(s)) => match serde_json::from_str(s) {
            Ok(Value::Object(m)) => m,
            _ => return Answer::Silent,
        },
        Some(Value::Object(m)) => m.clone(),
        _ => return Answer::Silent,
    };
    let Some(cmd) = command(&args) else {
        return Answer::Silent;
    };
    render_native(&args, cmd, &decide(cmd))
}

/// What Copilot does with the original line, as far as rtk can tell.
#[derive(Debug, PartialEq, Eq)]
enum Original {
    /// Runs it without asking (every command read-only in Copilot's table, no rule matches).
    Runs,
    /// Asks, or rtk has no table for the host (Copilot's own flow judges the rewrite).
    Asks,
    /// rtk cannot tell: leave the original to Copilot.
    Unknown,
}

fn original(d: &Decision) -> Original {
    let ro = || d.segments.iter().map(|s| s.read_only);
    if ro().any(|r| r == Some(ReadOnly::Unknown)) {
        return Original::Unknown;
    }
    if d.segments.is_empty() || !ro().all(|r| r == Some(ReadOnly::Yes)) {
        return Original::Asks;
    }
    let ruled = |v| matches!(v, PermissionVerdict::Ask | PermissionVerdict::Deny);
    if ruled(d.verdict) || ruled(d.rewritten_verdict) {
        Original::Unknown
    } else {
        Original::Runs
    }
}

/// Why rtk asserted allow: Copilot's own read-only auto-approval.
pub fn read_only_reason() -> String {
    format!(
        "rtk: Copilot CLI runs these read-only commands without asking ({})",
        read_only::source()
    )
}

pub fn render_pascal(input: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let Some(r) = rewrite_of(d, cmd) else {
        return Answer::Silent;
    };
    match original(d) {
        Original::Runs => pre_tool_use(with_command(input, r), true, &read_only_reason()),
        Original::Asks => pre_tool_use(with_command(input, r), false, ""),
        Original::Unknown => Answer::Silent,
    }
}

pub fn render_native(args: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let Some(r) = rewrite_of(d, cmd) else {
        return Answer::Silent;
    };
    let modified = with_command(args, r);
    match original(d) {
        Original::Runs => Answer::Json(json!({
            "permissionDecision": "allow",
            "permissionDecisionReason": read_only_reason(),
            "modifiedArgs": modified,
        })),
        Original::Asks => Answer::Json(json!({ "modifiedArgs": modified })),
        Original::Unknown => Answer::Silent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;

    #[test]
    fn without_a_read_only_table_never_asserts_a_decision() {
        let input = json!({"command":"git status","isBackground":false});
        let input = input.as_object().unwrap();
        for (name, d) in all("rtk git status") {
            let rewrites = matches!(name, "allow" | "host-authority" | "ask" | "default");
            let p = render_pascal(input, "git status", &d).to_text();
            let n = render_native(input, "git status", &d).to_text();
            if rewrites {
                assert_eq!(
                    p,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git status","isBackground":false}}}"#,
                    "{name}"
                );
                assert_eq!(
                    n, r#"{"modifiedArgs":{"command":"rtk git status","isBackground":false}}"#,
                    "{name}"
                );
            } else {
                assert_eq!((p.as_str(), n.as_str()), ("", ""), "{name}");
            }
        }
    }

    #[test]
    fn shape_detection() {
        let d = all("rtk git status").remove(0).1;
        let f = |p: Value| answer(&p, &|_| d.clone()).to_text();
        assert!(f(json!({"toolName":"bash","toolArgs":"{\"command\":\"git status\",\"description\":\"x\"}","cwd":"/tmp","timestamp":1}))
            .starts_with(r#"{"modifiedArgs":{"command":"rtk git status","description":"x"}"#));
        assert!(
            f(json!({"toolName":"bash","toolArgs":{"command":"git status"}}))
                .starts_with(r#"{"modifiedArgs""#)
        );
        assert!(f(json!({"hook_event_name":"PreToolUse","tool_name":"run_in_terminal","tool_input":{"command":"git status"}}))
            .starts_with(r#"{"hookSpecificOutput""#));
        for silent in [
            json!({"toolName":"powershell","toolArgs":"{\"command\":\"git status\"}"}),
            json!({"toolName":"run_in_terminal","toolArgs":"{\"command\":\"git status\"}"}),
            json!({"toolName":"bash","toolArgs":"{not json"}),
            json!({"toolName":"bash","toolArgs":"[\"git status\"]"}),
            json!({"toolName":"bash","toolArgs":"{\"command\":\"\"}"}),
            json!({"toolName":"bash"}),
            json!({"tool_name":"read_file","tool_input":{"command":"git status"}}),
        ] {
            assert_eq!(f(silent.clone()), "", "{silent}");
        }
    }

    /// Decisions from the real decision function for the Copilot host (no rules), with its
    /// read-only table open or closed.
    fn judged(cmd: &str, open: bool) -> Decision {
        use crate::hooks::decision::{close_read_only, evaluate};
        let mut d = evaluate(
            cmd,
            crate::hosts::of(crate::agents::Agent::Copilot),
            &Default::default(),
            &Default::default(),
        );
        if !open {
            close_read_only(&mut d, "test".into());
        }
        d
    }

    fn both(cmd: &str, d: &Decision) -> (String, String) {
        let input = json!({"command": cmd});
        let input = input.as_object().unwrap();
        (
            render_pascal(input, cmd, d).to_text(),
            render_native(input, cmd, d).to_text(),
        )
    }

    #[test]
    fn read_only_in_copilots_table_allows_the_rewrite_naming_the_table() {
        for cmd in [
            "git status",
            "rg hello",
            "git log --oneline | cat",
            "git status && ls -la",
        ] {
            let (p, n) = both(cmd, &judged(cmd, true));
            for out in [&p, &n] {
                assert!(
                    out.contains(r#""permissionDecision":"allow""#),
                    "{cmd}: {out}"
                );
                assert!(
                    out.contains("copilot read-only table v1.0.102"),
                    "{cmd}: {out}"
                );
                assert!(out.contains(r#""command":"rtk "#), "{cmd}: {out}");
            }
            assert!(n.contains(r#""modifiedArgs""#), "{n}");
            assert!(p.contains(r#""updatedInput""#), "{p}");
        }
    }

    #[test]
    fn forms_copilot_asks_for_rewrite_without_a_decision() {
        for cmd in [
            "git push origin master",
            "git add README.md",
            "git status && git push",
            "cargo test",
        ] {
            let (p, n) = both(cmd, &judged(cmd, true));
            assert!(
                p.contains("updatedInput") && !p.contains("permissionDecision"),
                "{p}"
            );
            assert!(
                n.contains("modifiedArgs") && !n.contains("permissionDecision"),
                "{n}"
            );
        }
    }

    #[test]
    fn unknown_forms_and_a_closed_table_step_aside() {
        // Unknown to the table (or rtk does not rewrite them): Copilot judges the original.
        for cmd in [
            "npx jest",
            "rg --pre cat hello",
            "git log --output=x",
            "git status && npx jest",
        ] {
            assert_eq!(
                both(cmd, &judged(cmd, true)),
                (String::new(), String::new()),
                "{cmd}"
            );
        }
        // Not under the measured Copilot CLI (or rules rtk cannot read): the read-only forms
        // become unknown, never allowed.
        for cmd in ["git status", "rg hello"] {
            assert_eq!(
                both(cmd, &judged(cmd, false)),
                (String::new(), String::new()),
                "{cmd}"
            );
        }
    }

    #[test]
    fn a_rule_on_either_form_is_never_overridden_by_the_table() {
        use crate::hooks::permissions::PermissionVerdict as V;
        for (verdict, rewritten) in [
            (V::Deny, V::Default),
            (V::Ask, V::Default),
            (V::Default, V::Deny),
            (V::Default, V::Ask),
        ] {
            let mut d = judged("git status", true);
            d.verdict = verdict;
            d.rewritten_verdict = rewritten;
            let (p, n) = both("git status", &d);
            assert!(
                !p.contains("permissionDecision") && !n.contains("permissionDecision"),
                "{verdict:?} {rewritten:?}"
            );
        }
    }
}
