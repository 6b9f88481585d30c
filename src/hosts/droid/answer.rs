//! Factory Droid `PreToolUse` (`tool_name:"Execute"`; `Bash` accepted), judged by Droid's
//! deny lists only (`commandDenylist` / `commandBlocklist`).
//!
//! The hook never asserts a decision: in Droid an `allow` can override another hook's deny or
//! ask, and rtk cannot reproduce Droid's verdict (autonomy level, allowlist) for a renamed
//! command. Rewrite → `updatedInput` alone; a deny-list match → no output, so Droid's native
//! confirm/block fires on the original; everything else → no output.

use serde_json::Value;

use crate::hooks::answer::{pre_tool_use, rewrite_of, with_command, Answer};
use crate::hooks::input::claude_style;
use crate::hooks::rewrite_cmd::Decision;

pub const TOOLS: &[&str] = &["Execute", "Bash"];

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let Some((input, cmd)) = claude_style(payload, TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    render(input, cmd, &decide(cmd))
}

pub fn render(input: &serde_json::Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    match rewrite_of(d, cmd) {
        Some(r) => pre_tool_use(with_command(input, r), false, ""),
        None => Answer::Silent,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::answer::test_support::all;
    use serde_json::json;

    #[test]
    fn never_a_decision() {
        let input = json!({"command":"git status","riskLevel":"low"});
        for (name, d) in all("rtk git status") {
            let got = render(input.as_object().unwrap(), "git status", &d).to_text();
            if matches!(name, "allow" | "host-authority" | "ask" | "default") {
                assert_eq!(
                    got,
                    r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git status","riskLevel":"low"}}}"#,
                    "{name}"
                );
            } else {
                assert_eq!(got, "", "{name}");
            }
        }
        let d = all("rtk git status").remove(0).1;
        let edit = json!({"tool_name":"Edit","tool_input":{"command":"git status"}});
        assert_eq!(answer(&edit, &|_| d.clone()), Answer::Silent);
    }
}
