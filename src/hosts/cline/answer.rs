//! Cline `PreToolUse` hook (Cline 3.x: a file in its hooks folder, `plugins/cline/`). The payload
//! names the tool in `tool_call.name` and carries its input in `tool_call.input`; the shell tool
//! is `run_commands`, whose input is `{"commands": ["<line>", …]}` (one string is accepted too).
//! Cline applies `{"overrideInput": <input>}` from stdout as the new input, then judges the call
//! by its own approval (per tool) and plan-mode guard, on the new input.
//!
//! Each command line is decided on its own; the answer replaces the whole input (every other
//! field kept) when at least one line is rewritten, and is empty otherwise (Cline runs the input
//! as the model sent it). It never carries a decision: Cline has no per-command approval to
//! answer, and `cancel` would block what Cline might run.

use serde_json::{json, Map, Value};

use crate::hooks::answer::{rewrite_of, Answer};
use crate::hooks::input::object;
use crate::hooks::rewrite_cmd::Decision;

pub const TOOL: &str = "run_commands";

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if payload.get("hookName").is_some_and(|h| h != "tool_call") {
        return Answer::Silent;
    }
    let Some(call) = object(payload, "tool_call") else {
        return Answer::Silent;
    };
    if call.get("name").and_then(Value::as_str) != Some(TOOL) {
        return Answer::Silent;
    }
    let Some(input) = call.get("input").and_then(Value::as_object) else {
        return Answer::Silent;
    };
    render(input, decide)
}

/// The answer for a `run_commands` input: each string command rewritten where its decision
/// offers a rewrite.
pub fn render(input: &Map<String, Value>, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let rewrite = |c: &Value| -> Option<Value> {
        let cmd = c.as_str().filter(|s| !s.trim().is_empty())?;
        let d = decide(cmd);
        rewrite_of(&d, cmd).map(|r| Value::String(r.to_string()))
    };
    let commands = match input.get("commands") {
        Some(Value::Array(list)) => {
            let new: Vec<Option<Value>> = list.iter().map(rewrite).collect();
            if new.iter().all(Option::is_none) {
                return Answer::Silent;
            }
            Value::Array(
                list.iter()
                    .zip(new)
                    .map(|(old, new)| new.unwrap_or_else(|| old.clone()))
                    .collect(),
            )
        }
        Some(one @ Value::String(_)) => match rewrite(one) {
            Some(r) => r,
            None => return Answer::Silent,
        },
        _ => return Answer::Silent,
    };
    let mut out = input.clone();
    out.insert("commands".into(), commands);
    Answer::Json(json!({ "overrideInput": Value::Object(out) }))
}

/// The payload Cline 3.0.65 sends for a `run_commands` call of `cmd` (captured with a hook that
/// saved its stdin; ids and times shortened).
pub fn sample(cmd: &str) -> Value {
    json!({
        "clineVersion": "",
        "hookName": "tool_call",
        "timestamp": "2026-12-04T18:58:47.729Z",
        "taskId": "conv_1",
        "workspaceRoots": ["/work/repo"],
        "userId": "unknown",
        "agent_id": "agent_1",
        "parent_agent_id": null,
        "iteration": 1,
        "tool_call": {"id": "call_1", "name": TOOL, "input": {"commands": [cmd]}},
        "preToolUse": {
            "toolName": TOOL,
            "parameters": {"commands": serde_json::to_string(&[cmd]).unwrap_or_default()}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;

    #[test]
    fn renders_each_decision() {
        for (name, d) in all("rtk git status") {
            let got = answer(&sample("git status"), &|_| d.clone()).to_text();
            if matches!(name, "allow" | "host-authority" | "ask" | "default") {
                assert_eq!(
                    got, r#"{"overrideInput":{"commands":["rtk git status"]}}"#,
                    "{name}"
                );
            } else {
                assert_eq!(got, "", "{name}");
            }
        }
    }

    #[test]
    fn rewrites_each_command_on_its_own_and_keeps_other_fields() {
        let d = all("rtk git status").remove(0).1;
        let (_, none) = all("x").remove(5);
        let input = json!({"commands": ["git status", "make"], "timeout": 5});
        let decide = |c: &str| {
            if c == "git status" {
                d.clone()
            } else {
                none.clone()
            }
        };
        let got = render(input.as_object().unwrap(), &decide).to_text();
        assert_eq!(
            got,
            r#"{"overrideInput":{"commands":["rtk git status","make"],"timeout":5}}"#
        );
    }

    #[test]
    fn other_tools_and_events_get_nothing() {
        let d = all("rtk git status").remove(0).1;
        let mut p = sample("git status");
        p["tool_call"]["name"] = json!("read_files");
        assert_eq!(answer(&p, &|_| d.clone()), Answer::Silent);
        let mut p = sample("git status");
        p["hookName"] = json!("tool_result");
        assert_eq!(answer(&p, &|_| d.clone()), Answer::Silent);
        let mut p = sample("git status");
        p["tool_call"]["input"] = json!({"commands": [{"command": "git", "args": ["status"]}]});
        assert_eq!(answer(&p, &|_| d.clone()), Answer::Silent);
    }
}
