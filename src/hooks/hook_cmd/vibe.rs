//! Mistral Vibe before-tool hook (`tool_name:"bash"`). The host holds permission authority
//! (`[tools.bash]` permission/allowlist/denylist apply to whatever runs), so a rewrite carries no
//! decision: `{"hook_specific_output":{"tool_input":{…}}}` (a full replacement, every field
//! kept). A deny verdict (only reachable if Vibe rules are ever read) answers
//! `{"decision":"deny",…}`; everything else → empty stdout.

use serde_json::{json, Value};

use super::answer::{rewrite_of, with_command, Answer};
use super::input::{command, object, string};
use crate::hooks::rewrite_cmd::{Decision, Outcome};

pub const TOOLS: &[&str] = &["bash"];

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    if !string(payload, "tool_name").is_some_and(|t| TOOLS.contains(&t)) {
        return Answer::Silent;
    }
    let Some(input) = object(payload, "tool_input") else {
        return Answer::Silent;
    };
    let Some(cmd) = command(input) else {
        return Answer::Silent;
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &serde_json::Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    if d.outcome == Outcome::Deny {
        return Answer::Json(json!({"decision": "deny", "reason": "rtk: a deny rule matched"}));
    }
    match rewrite_of(d, cmd) {
        Some(r) => {
            Answer::Json(json!({"hook_specific_output": {"tool_input": with_command(input, r)}}))
        }
        None => Answer::Silent,
    }
}

#[cfg(test)]
mod tests {
    use super::super::answer::test_support::all;
    use super::*;

    #[test]
    fn renders_each_decision() {
        let input = json!({"command":"git status","timeout":30});
        for (name, d) in all("rtk git status") {
            let want = match name {
                "allow" | "host-authority" | "ask" | "default" => {
                    r#"{"hook_specific_output":{"tool_input":{"command":"rtk git status","timeout":30}}}"#
                }
                "deny" => r#"{"decision":"deny","reason":"rtk: a deny rule matched"}"#,
                _ => "",
            };
            assert_eq!(
                render(input.as_object().unwrap(), "git status", &d).to_text(),
                want,
                "{name}"
            );
        }
        let d = all("rtk git status").remove(0).1;
        let other = json!({"tool_name":"read_file","tool_input":{"command":"git status"}});
        assert_eq!(answer(&other, &|_| d.clone()), Answer::Silent);
    }
}
