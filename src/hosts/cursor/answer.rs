//! Cursor, judged by Cursor's own rules (`~/.cursor/cli-config.json` `Shell(…)`).
//!
//! Cursor wants a JSON object on every path (invalid output can count as a block), so "do
//! nothing" is `{}`.
//! - `preToolUse` (`tool_name:"Shell"`, `tool_input.command`): explicit allow →
//!   `{"continue":true,"permission":"allow","updated_input":{…}}`; ask or no rule →
//!   `{"continue":true,"updated_input":{…}}` (no `permission`: never `ask`, Cursor's own flow
//!   decides); deny, unattestable, no rtk form, already-rtk → `{}`.
//! - `beforeShellExecution` (top-level `command`): this event cannot rewrite, and asserting a
//!   permission would only repeat (or override) Cursor's own rules, so the answer is `{}`.

use serde_json::{json, Map, Value};

use crate::hooks::answer::{explicit_allow, rewrite_of, with_command, Answer};
use crate::hooks::input::{command, object, string};
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["Shell", "run_terminal_cmd"];

pub fn nothing() -> Answer {
    crate::hooks::answer::nothing(crate::agents::Agent::Cursor)
}

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    match string(payload, "hook_event_name") {
        None | Some("preToolUse") => {}
        Some(_) => return nothing(),
    }
    let Some(tool) = string(payload, "tool_name") else {
        return nothing();
    };
    if !TOOLS.contains(&tool) {
        return nothing();
    }
    let Some(input) = object(payload, "tool_input") else {
        return nothing();
    };
    let Some(cmd) = command(input) else {
        return nothing();
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let Some(r) = rewrite_of(d, cmd) else {
        return nothing();
    };
    let mut out = Map::new();
    out.insert("continue".into(), json!(true));
    if explicit_allow(d) {
        out.insert("permission".into(), json!("allow"));
    }
    out.insert("updated_input".into(), with_command(input, r));
    Answer::Json(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;

    #[test]
    fn renders_each_decision() {
        let input = json!({"command":"git status"});
        for (name, d) in all("rtk git status") {
            let want = match name {
                "allow" => {
                    r#"{"continue":true,"permission":"allow","updated_input":{"command":"rtk git status"}}"#
                }
                "host-authority" | "ask" | "default" => {
                    r#"{"continue":true,"updated_input":{"command":"rtk git status"}}"#
                }
                _ => "{}",
            };
            assert_eq!(
                render(input.as_object().unwrap(), "git status", &d).to_text(),
                want,
                "{name}"
            );
        }
    }

    #[test]
    fn other_shapes_are_empty_objects() {
        let d = all("rtk git status").remove(0).1;
        for p in [
            json!({"hook_event_name":"beforeShellExecution","command":"git status","cwd":"/w"}),
            json!({"hook_event_name":"preToolUse","tool_name":"Read","tool_input":{"path":"a"}}),
            json!({"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":""}}),
            json!({"command":"git status"}),
            json!(null),
        ] {
            assert_eq!(answer(&p, &|_| d.clone()).to_text(), "{}", "{p}");
        }
    }
}
