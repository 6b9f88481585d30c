//! What a hook prints, and the small functions of a `Decision` every renderer shares.

use std::io::Write;

use serde_json::{json, Map, Value};

use crate::agents::{Agent, Asks, Nothing};
use crate::hooks::decision::{Decision, Outcome};
use crate::hooks::permissions::PermissionVerdict;

/// A hook's answer: nothing at all, or one JSON object on one line.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Silent,
    Json(Value),
}

impl Answer {
    pub fn write_to(&self, w: &mut impl Write) -> std::io::Result<()> {
        if let Answer::Json(v) = self {
            writeln!(w, "{v}")?;
            w.flush()?;
        }
        Ok(())
    }

    /// The answer as printed (`""` for silence), for tests and `rtk hook check`.
    pub fn to_text(&self) -> String {
        match self {
            Answer::Silent => String::new(),
            Answer::Json(v) => v.to_string(),
        }
    }
}

/// The host's "do nothing" answer (its descriptor's), for malformed or unexpected input.
pub fn nothing(agent: Agent) -> Answer {
    match agent.descriptor().asks {
        Asks::Hook {
            nothing: Nothing::EmptyObject,
            ..
        } => Answer::Json(json!({})),
        _ => Answer::Silent,
    }
}

/// The rewrite a hook should apply: present only for AllowRewrite/AskRewrite, and only when it
/// differs from what the agent typed (an already-rtk command is left to the host's own flow).
pub fn rewrite_of<'a>(d: &'a Decision, original: &str) -> Option<&'a str> {
    match (d.outcome, d.rewritten.as_deref()) {
        (Outcome::AllowRewrite | Outcome::AskRewrite, Some(r)) if r != original => Some(r),
        _ => None,
    }
}

/// True only when every segment matched an explicit allow rule of the host (never for Default,
/// never for a host-authority relaxation).
pub fn explicit_allow(d: &Decision) -> bool {
    d.outcome == Outcome::AllowRewrite && d.verdict == PermissionVerdict::Allow
}

/// The tool input with `command` replaced, every other field kept in place.
pub fn with_command(tool_input: &Map<String, Value>, command: &str) -> Value {
    let mut m = tool_input.clone();
    m.insert("command".into(), Value::String(command.into()));
    Value::Object(m)
}

/// Why rtk asserted allow (shown to the user by Claude-style hosts).
pub const ALLOW_REASON: &str = "rtk: every command matches an allow rule in your settings";

/// Claude-style `PreToolUse` output: `updatedInput`, plus `permissionDecision: "allow"` when
/// `allow` is true.
pub fn pre_tool_use(updated_input: Value, allow: bool, reason: &str) -> Answer {
    let mut out = Map::new();
    out.insert("hookEventName".into(), json!("PreToolUse"));
    if allow {
        out.insert("permissionDecision".into(), json!("allow"));
        out.insert("permissionDecisionReason".into(), json!(reason));
    }
    out.insert("updatedInput".into(), updated_input);
    Answer::Json(json!({ "hookSpecificOutput": Value::Object(out) }))
}

#[cfg(test)]
pub mod test_support {
    //! Hand-built decisions, so renderers are tested without the shell or permission engine.
    use crate::agents::Agent;
    use crate::hooks::decision::{Decision, Outcome};
    use crate::hooks::permissions::PermissionVerdict;

    pub fn decision(
        outcome: Outcome,
        verdict: PermissionVerdict,
        rewritten: Option<&str>,
    ) -> Decision {
        Decision {
            outcome,
            rewritten: rewritten.map(str::to_string),
            verdict,
            rewritten_verdict: PermissionVerdict::Default,
            host: Agent::Claude,
            segments: Vec::new(),
            reason: "test".into(),
            warnings: Vec::new(),
            read_only_closed: None,
            read_only_names: None,
            allow_blocked: None,
        }
    }

    /// The decisions every renderer is checked against, named.
    pub fn all(rewritten: &str) -> Vec<(&'static str, Decision)> {
        use Outcome::*;
        use PermissionVerdict as V;
        vec![
            ("allow", decision(AllowRewrite, V::Allow, Some(rewritten))),
            (
                "host-authority",
                decision(AllowRewrite, V::Default, Some(rewritten)),
            ),
            ("ask", decision(AskRewrite, V::Ask, Some(rewritten))),
            ("default", decision(AskRewrite, V::Default, Some(rewritten))),
            ("deny", decision(Deny, V::Deny, None)),
            ("passthrough", decision(Passthrough, V::Default, None)),
            ("unattestable-allow", decision(Passthrough, V::Allow, None)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;
    use crate::hooks::decision::Outcome;
    use PermissionVerdict as V;

    #[test]
    fn rewrite_only_for_rewrite_outcomes_and_never_identity() {
        let r = |o, v, rw: Option<&str>, orig: &str| {
            rewrite_of(&decision(o, v, rw), orig).map(str::to_string)
        };
        assert_eq!(
            r(Outcome::AllowRewrite, V::Allow, Some("rtk ls"), "ls").as_deref(),
            Some("rtk ls")
        );
        assert_eq!(
            r(Outcome::AskRewrite, V::Default, Some("rtk ls"), "ls").as_deref(),
            Some("rtk ls")
        );
        assert_eq!(
            r(Outcome::AskRewrite, V::Default, Some("rtk ls"), "rtk ls"),
            None
        );
        assert_eq!(r(Outcome::Deny, V::Deny, Some("rtk ls"), "ls"), None);
        assert_eq!(
            r(Outcome::Passthrough, V::Default, Some("rtk ls"), "ls"),
            None
        );
    }

    #[test]
    fn explicit_allow_needs_allow_verdict_and_outcome() {
        for (name, d) in all("rtk ls") {
            assert_eq!(explicit_allow(&d), name == "allow", "{name}");
        }
    }

    #[test]
    fn with_command_keeps_fields_and_order() {
        let input: Map<String, Value> = serde_json::from_str(
            r#"{"description":"d","command":"ls","timeout":5,"run_in_background":false}"#,
        )
        .unwrap();
        assert_eq!(
            with_command(&input, "rtk ls").to_string(),
            r#"{"description":"d","command":"rtk ls","timeout":5,"run_in_background":false}"#
        );
    }

    #[test]
    fn silent_writes_nothing_json_writes_one_line() {
        let mut out = Vec::new();
        Answer::Silent.write_to(&mut out).unwrap();
        assert!(out.is_empty());
        Answer::Json(json!({"a":1})).write_to(&mut out).unwrap();
        assert_eq!(out, b"{\"a\":1}\n");
    }
}
