//! Mistral Vibe pre_tool hook (`tool_name: "file_system.bash"` in Vibe 3.x, `"bash"` before).
//! The host holds permission authority and judges the line the hook hands back, so a rewrite
//! carries no decision and is offered only where Vibe's `[tools.bash]` rules give the rtk form
//! the same verdict as the original ([`keep_verdict`], `hosts::vibe::rules`):
//! `{"hook_specific_output":{"tool_input":{…}}}` (a full replacement, every field kept, Vibe's
//! `timeout` included). A deny verdict answers `{"decision":"deny",…}`; everything else →
//! empty stdout (Vibe runs the original under its own rules).

use serde_json::{json, Value};

use super::rules;
use crate::env::Env;
use crate::hooks::answer::{rewrite_of, with_command, Answer};
use crate::hooks::input::{command, object, string};
use crate::hooks::rewrite_cmd::{Decision, Outcome};

pub const TOOLS: &[&str] = &["bash", "file_system.bash"];

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

/// `d` without its rewrite when Vibe's own rules could judge the rtk form differently from the
/// original, or cannot be read (the reason goes to `d.reason`, a warning to stderr for an
/// unreadable file).
pub fn keep_verdict(mut d: Decision, cmd: &str, env: &Env) -> Decision {
    let Some(rewritten) = rewrite_of(&d, cmd).map(str::to_string) else {
        return d;
    };
    let why = match rules::load(env) {
        Ok(sets) => rules::verdict_changes(&sets, cmd, &rewritten),
        Err(e) => {
            d.warnings.push(format!("Vibe's rules: {e}"));
            Some(e)
        }
    };
    if let Some(why) = why {
        d.outcome = Outcome::Passthrough;
        d.rewritten = None;
        d.reason = format!("left to Vibe: {why}");
    }
    d
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
    use super::*;
    use crate::hooks::answer::test_support::all;

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
