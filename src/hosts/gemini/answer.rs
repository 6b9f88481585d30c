//! Gemini CLI `BeforeTool` (`tool_name:"run_shell_command"`), judged by Gemini's own settings
//! (`tools.allowed` / `tools.exclude` / `tools.core`) and policy-engine files.
//!
//! Gemini honours only deny/block/ask from a hook (an `allow` is ignored) and re-checks its own
//! policy on the **rewritten** command, which no rule written for the original matches
//! (`tools.allowed: run_shell_command(git status)` does not cover `rtk git status`; a policy
//! deny on `git status` does not fire on it). So the rewrite, in
//! `hookSpecificOutput.tool_input`, is sent only when no rule or setting matches any command of
//! the line in either form (issue 22); then Gemini's default treatment (ask, or deny when not
//! interactive; allow under `--yolo`) is the same for both. No decision is ever sent. Anything
//! else → `{}` and Gemini judges the original.

use serde_json::{json, Map, Value};

use crate::hooks::answer::{rewrite_of, with_command, Answer};
use crate::hooks::input::claude_style;
use crate::hooks::permissions::PermissionVerdict;
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["run_shell_command"];

pub fn nothing() -> Answer {
    crate::hooks::answer::nothing(crate::agents::Agent::Gemini)
}

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let Some((input, cmd)) = claude_style(payload, TOOLS, "BeforeTool") else {
        return nothing();
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let unmatched = d.verdict == PermissionVerdict::Default
        && d.segments
            .iter()
            .all(|s| s.verdict == PermissionVerdict::Default)
        && d.rewritten_verdict == PermissionVerdict::Default;
    let Some(r) = rewrite_of(d, cmd).filter(|_| unmatched) else {
        return nothing();
    };
    let mut out = Map::new();
    out.insert(
        "hookSpecificOutput".into(),
        json!({"hookEventName": "BeforeTool", "tool_input": with_command(input, r)}),
    );
    Answer::Json(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;

    #[test]
    fn renders_each_decision() {
        let input = json!({"command":"git status","description":"d","directory":"."});
        for (name, d) in all("rtk git status") {
            let want = match name {
                // An allow or ask rule judged the original: Gemini judges it again, unrewritten.
                "host-authority" | "default" => {
                    r#"{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"rtk git status","description":"d","directory":"."}}}"#
                }
                _ => "{}",
            };
            let got = render(input.as_object().unwrap(), "git status", &d).to_text();
            assert_eq!(got, want, "{name}");
            assert!(!got.contains("ask"), "{name}");
        }
    }

    #[test]
    fn other_tools_and_events_are_empty() {
        let d = all("rtk git status").remove(0).1;
        for p in [
            json!({"hook_event_name":"AfterTool","tool_name":"run_shell_command","tool_input":{"command":"git status"}}),
            json!({"hook_event_name":"BeforeTool","tool_name":"read_file","tool_input":{"path":"x"}}),
        ] {
            assert_eq!(answer(&p, &|_| d.clone()).to_text(), "{}", "{p}");
        }
    }
}
