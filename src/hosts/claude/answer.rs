//! Claude Code `PreToolUse` (tool `Bash`), judged as Claude itself would judge the original, so
//! that the rewrite never changes Claude's verdict (issue 22).
//!
//! Claude judges the command it finally runs — the rewrite — unless the hook decides. So:
//! - Claude would run the original without asking — every command explicitly allowed by its
//!   rules, or each either allowed or covered by Claude's built-in read-only auto-approval
//!   ([`read_only`], a table stamped with the Claude Code version) → `updatedInput` +
//!   `permissionDecision:"allow"`, the reason naming the source;
//! - Claude would ask for the original (no rule, not read-only) → `updatedInput` alone, but only
//!   when no rule could match the rewritten form either (Claude then asks for it too);
//! - a call with `dangerouslyDisableSandbox` set (issue 36), an ask rule matched, a rule
//!   matches the rewritten form, a command whose read-only status rtk cannot tell, deny,
//!   unattestable, no rtk form, already-rtk, other tools or events → no output at all: Claude
//!   judges the original itself (never `ask`, #1155).
//!
//! Permission modes (payload `permission_mode`; absent = `default`): `default`, `acceptEdits`
//! (its auto-approved file commands are all "unknown" in the table) and `dontAsk` as above;
//! `bypassPermissions` runs everything not denied, so the rewrite goes without a decision (#893:
//! Claude drops `updatedInput` when a decision is present there); `plan` or an unknown mode →
//! no output.

use serde_json::Value;

use super::read_only::{self, ReadOnly};
use crate::hooks::answer::{pre_tool_use, rewrite_of, with_command, Answer, ALLOW_REASON};
use crate::hooks::input::{claude_style, string};
use crate::hooks::permissions::PermissionVerdict;
use crate::hooks::rewrite_cmd::{Decision, Outcome};

pub const TOOLS: &[&str] = &["Bash"];

/// The permission modes whose semantics the renderer knows.
pub const KNOWN_MODES: &[&str] = &["default", "acceptEdits", "dontAsk", "bypassPermissions"];

/// Why rtk asserted allow when Claude's own read-only auto-approval is the source.
pub fn read_only_reason() -> String {
    format!(
        "rtk: Claude Code {} runs these read-only commands without asking",
        read_only::CLAUDE_CODE_VERSION
    )
}

pub fn answer(payload: &Value, decide: &dyn Fn(&str) -> Decision) -> Answer {
    let Some((input, cmd)) = claude_style(payload, TOOLS, "PreToolUse") else {
        return Answer::Silent;
    };
    if sandbox_disabled(input) {
        return Answer::Silent;
    }
    let mode = string(payload, "permission_mode").unwrap_or("default");
    if !KNOWN_MODES.contains(&mode) {
        return Answer::Silent;
    }
    render(input, cmd, &decide(cmd), mode == "bypassPermissions")
}

/// The call asks to run outside Claude's sandbox (`dangerouslyDisableSandbox`, any value but
/// `false`/`null`): Claude then applies its own permission check to it, which rtk does not
/// model, so the hook steps aside (no rewrite, no allow).
fn sandbox_disabled(input: &serde_json::Map<String, Value>) -> bool {
    input
        .get("dangerouslyDisableSandbox")
        .is_some_and(|v| !matches!(v, Value::Null | Value::Bool(false)))
}

/// What Claude does with the original line, as far as rtk can tell.
#[derive(Debug, PartialEq, Eq)]
enum Original {
    /// Runs without asking; the reason names the source.
    Runs(String),
    Asks,
    Unknown,
}

fn original(d: &Decision) -> Original {
    if d.outcome == Outcome::AllowRewrite && d.verdict == PermissionVerdict::Allow {
        return Original::Runs(ALLOW_REASON.to_string());
    }
    if d.verdict != PermissionVerdict::Default {
        return Original::Unknown;
    }
    let unallowed = || {
        d.segments
            .iter()
            .filter(|s| s.verdict != PermissionVerdict::Allow)
    };
    if unallowed().any(|s| s.read_only != Some(ReadOnly::Yes) && s.read_only != Some(ReadOnly::No))
    {
        return Original::Unknown;
    }
    if !d.segments.is_empty() && unallowed().all(|s| s.read_only == Some(ReadOnly::Yes)) {
        return Original::Runs(read_only_reason());
    }
    Original::Asks
}

pub fn render(
    input: &serde_json::Map<String, Value>,
    cmd: &str,
    d: &Decision,
    bypass: bool,
) -> Answer {
    let Some(r) = rewrite_of(d, cmd) else {
        return Answer::Silent;
    };
    let updated = || with_command(input, r);
    if d.verdict == PermissionVerdict::Ask
        || matches!(
            d.rewritten_verdict,
            PermissionVerdict::Deny | PermissionVerdict::Ask
        )
    {
        return Answer::Silent;
    }
    if bypass {
        return pre_tool_use(updated(), false, "");
    }
    match original(d) {
        Original::Runs(reason) => pre_tool_use(updated(), true, &reason),
        Original::Asks if d.rewritten_verdict == PermissionVerdict::Default => {
            pre_tool_use(updated(), false, "")
        }
        Original::Asks | Original::Unknown => Answer::Silent,
    }
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;
