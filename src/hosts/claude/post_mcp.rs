//! Claude Code `PostToolUse` for MCP tools (`mcp__<server>__<tool>`): a text block of the result
//! that is one JSON object or array, pretty-printed, is given to the model minified
//! (`crate::json::minify`: only JSON whitespace outside strings goes; every key, value, number
//! as written, escape and the key order stay). Nothing is elided, so nothing needs recovering.
//!
//! The payload's `tool_response` is the result's content blocks (`[{"type":"text","text":…},
//! …]`) or a string; the answer is the same shape in `updatedMCPToolOutput`, every other block
//! and key as it came (docs/contract.md §4b, measured in Claude Code 2.1.332). Anything else — no
//! JSON text, a saving under [`MIN_SAVED_TOKENS`], a result Claude will save to a file
//! ([`PERSIST_LIMIT`]), another hook that may rewrite the same result ([`Siblings`]), an
//! unexpected shape — is no output.
//! [`saving`] measures an answer for the savings ledger (one `MCP` row in `rtk gain`).

use std::path::Path;

use serde_json::{json, Value};

use super::rules;
use crate::env::Env;
use crate::hooks::answer::Answer;
use crate::hooks::input::string;
use crate::hooks::rule_files::{read_settings, Dialect};
use crate::ledger::{project_root, ToolSaving};
use crate::tokens::estimate_tokens_sampled;

/// The ledger's tool name for every MCP tool (one row in `rtk gain`).
pub const LEDGER_TOOL: &str = "MCP";

/// Tokens an answer must save: below this a result goes through as the server wrote it.
const MIN_SAVED_TOKENS: u64 = 8;

/// Claude Code 2.1.332 saves an MCP result whose text is over 50,000 characters (JavaScript's
/// UTF-16 length: 49,628 stayed, 50,002 was saved) to a file, after the hooks ran, and gives
/// the model a 2 KB preview and the path. Minified there, a result just over the limit would
/// come back whole instead of as a preview, and a saved one would be one line too long for
/// Read: rtk leaves such results alone, with 1,000 characters to spare for how blocks join.
const PERSIST_LIMIT: usize = 49_000;

/// The other `PostToolUse` hooks in Claude's settings files (managed, project, the project
/// folders above, the user's): Claude runs a tool's hooks in parallel on the original result
/// and the last rewrite wins (its schema says so), so rtk's minified original could undo
/// another hook's rewrite — a redaction. rtk steps aside for a tool any of them may match.
/// Plugins' hooks are not seen (docs/contract.md §4b).
#[derive(Debug, Default)]
pub struct Siblings {
    /// The matcher of each group holding a hook that is not rtk's (None: matches every tool).
    matchers: Vec<Option<String>>,
}

impl Siblings {
    /// The other hooks of the settings files Claude reads in `env`.
    pub fn of(env: &Env) -> Siblings {
        let src = rules::sources(env);
        let files = std::iter::once(rules::managed_path(env))
            .chain(src.project)
            .chain(src.ancestors)
            .chain(src.user);
        let mut out = Siblings::default();
        for path in files {
            match read_settings(&path, Dialect::Json) {
                Ok(None) => {}
                Ok(Some(v)) => out.add(&v),
                // A file rtk cannot read may hold anything.
                Err(_) => out.matchers.push(None),
            }
        }
        out
    }

    /// Adds the `hooks.PostToolUse` groups of one settings file's JSON.
    fn add(&mut self, settings: &Value) {
        let Some(groups) = settings.get("hooks").and_then(|h| h.get("PostToolUse")) else {
            return;
        };
        let Some(groups) = groups.as_array() else {
            self.matchers.push(None);
            return;
        };
        for g in groups {
            let hooks = g.get("hooks").and_then(Value::as_array);
            let others = hooks.is_none_or(|hs| hs.iter().any(|h| !is_rtk_hook(h)));
            if others {
                let matcher = g.get("matcher").and_then(Value::as_str);
                self.matchers.push(matcher.map(str::to_string));
            }
        }
    }

    /// Whether a hook beside rtk's may run for `tool`: a missing, empty or `*` matcher, one
    /// that is not a valid regular expression, or one that matches anywhere in the name.
    pub fn may_rewrite(&self, tool: &str) -> bool {
        self.matchers.iter().any(|m| match m.as_deref() {
            None | Some("") | Some("*") => true,
            Some(m) => match regex::Regex::new(m) {
                Ok(re) => re.is_match(tool),
                Err(_) => true,
            },
        })
    }
}

/// rtk's own entry (`rtk hook claude`, rtk by any path).
fn is_rtk_hook(hook: &Value) -> bool {
    let words: Vec<&str> = hook
        .get("command")
        .and_then(Value::as_str)
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let rtk = |w: &str| {
        let w = w.trim_matches(|c| c == '"' || c == '\'');
        matches!(w.rsplit(['/', '\\']).next(), Some("rtk" | "rtk.exe"))
    };
    matches!(words.as_slice(), [first, "hook", "claude"] if rtk(first))
}

/// Whether `payload` is a PostToolUse of an MCP tool (Claude names them `mcp__<server>__<tool>`).
pub fn is_mcp(payload: &Value) -> bool {
    string(payload, "hook_event_name") == Some("PostToolUse")
        && string(payload, "tool_name").is_some_and(|n| n.starts_with("mcp__"))
}

/// The answer to one MCP PostToolUse payload, beside the other hooks `siblings`.
pub fn answer(payload: &Value, siblings: &Siblings) -> Answer {
    if !is_mcp(payload) {
        return Answer::Silent;
    }
    if siblings.may_rewrite(string(payload, "tool_name").unwrap_or("")) {
        return Answer::Silent;
    }
    let Some(response) = payload.get("tool_response") else {
        return Answer::Silent;
    };
    let length: usize = texts(response).map_or(0, |t| t.encode_utf16().count());
    if length > PERSIST_LIMIT {
        return Answer::Silent;
    }
    let Some(minified) = minified(response) else {
        return Answer::Silent;
    };
    let before = estimate_tokens_sampled(&texts(response).unwrap_or_default());
    let after = estimate_tokens_sampled(&texts(&minified).unwrap_or_default());
    if after + MIN_SAVED_TOKENS > before {
        return Answer::Silent;
    }
    Answer::Json(json!({"hookSpecificOutput": {
        "hookEventName": "PostToolUse",
        "updatedMCPToolOutput": minified,
    }}))
}

/// `response` with each JSON text minified; None when no text changed or a block is not an
/// object with a string `type` (a shape rtk does not know is passed through).
fn minified(response: &Value) -> Option<Value> {
    match response {
        Value::String(s) => crate::json::minify(s).map(Value::String),
        Value::Array(blocks) => {
            let mut changed = false;
            let mut out = Vec::with_capacity(blocks.len());
            for b in blocks {
                let obj = b.as_object()?;
                let kind = obj.get("type")?.as_str()?;
                let text = obj.get("text").and_then(Value::as_str);
                match (kind, text.and_then(crate::json::minify)) {
                    ("text", Some(min)) => {
                        let mut obj = obj.clone();
                        obj.insert("text".into(), Value::String(min));
                        out.push(Value::Object(obj));
                        changed = true;
                    }
                    _ => out.push(b.clone()),
                }
            }
            changed.then_some(Value::Array(out))
        }
        _ => None,
    }
}

/// The text the model receives of a response (its text blocks, joined), None for another shape.
fn texts(response: &Value) -> Option<String> {
    match response {
        Value::String(s) => Some(s.clone()),
        Value::Array(blocks) => Some(
            blocks
                .iter()
                .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        _ => None,
    }
}

/// The ledger line for an answer that shortened the result of `payload` (None for any other
/// answer): tokens of the text blocks as the server gave them and as the answer gives them.
pub fn saving(payload: &Value, answer: &Answer, now: i64) -> Option<ToolSaving> {
    let Answer::Json(v) = answer else {
        return None;
    };
    if !is_mcp(payload) {
        return None;
    }
    let after = texts(v.get("hookSpecificOutput")?.get("updatedMCPToolOutput")?)?;
    let before = texts(payload.get("tool_response")?)?;
    let cwd = string(payload, "cwd").unwrap_or("");
    Some(ToolSaving {
        ts: now,
        tool: LEDGER_TOOL.into(),
        session: string(payload, "session_id").unwrap_or("").into(),
        tool_use_id: string(payload, "tool_use_id").unwrap_or("").into(),
        project: project_root(Path::new(cwd)).display().to_string(),
        before_tokens: estimate_tokens_sampled(&before),
        after_tokens: estimate_tokens_sampled(&after),
    })
}

#[cfg(test)]
#[path = "post_mcp_tests.rs"]
mod tests;
