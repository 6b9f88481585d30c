//! Gemini CLI `BeforeTool` (`tool_name:"run_shell_command"`), judged by Gemini's own settings
//! (`tools.allowed` / `tools.confirmationRequired`).
//!
//! Gemini's documented hook decisions are `allow`, `deny` (alias `block`) and `ask` (the core
//! hook types also list `approve`); `ask_user` is a policy-engine value, not a hook decision, so
//! it is never sent. Rewrites go in `hookSpecificOutput.tool_input`, which Gemini merges over the
//! model's arguments. Explicit allow → `decision:"allow"` + the rewrite; ask or no rule → the
//! rewrite with no decision (Gemini's own confirmation applies); everything else → `{}`.

use serde_json::{json, Map, Value};

use super::answer::{explicit_allow, rewrite_of, with_command, Answer};
use super::input::claude_style;
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["run_shell_command"];

pub fn nothing() -> Answer {
    Answer::Json(json!({}))
}

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let Some((input, cmd)) = claude_style(payload, TOOLS, "BeforeTool") else {
        return nothing();
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let Some(r) = rewrite_of(d, cmd) else {
        return nothing();
    };
    let mut out = Map::new();
    if explicit_allow(d) {
        out.insert("decision".into(), json!("allow"));
    }
    out.insert(
        "hookSpecificOutput".into(),
        json!({"hookEventName": "BeforeTool", "tool_input": with_command(input, r)}),
    );
    Answer::Json(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::super::answer::test_support::all;
    use super::*;

    #[test]
    fn renders_each_decision() {
        let input = json!({"command":"git status","description":"d","directory":"."});
        for (name, d) in all("rtk git status") {
            let want = match name {
                "allow" => {
                    r#"{"decision":"allow","hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"rtk git status","description":"d","directory":"."}}}"#
                }
                "host-authority" | "ask" | "default" => {
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
