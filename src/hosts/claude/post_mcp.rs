//! Claude Code `PostToolUse` for MCP tools (`mcp__<server>__<tool>`): a text block of the result
//! that is one JSON object or array, pretty-printed, is given to the model minified
//! (`crate::json::minify`: only JSON whitespace outside strings goes; every key, value, number
//! as written, escape and the key order stay). Nothing is elided, so nothing needs recovering.
//!
//! The payload's `tool_response` is the result's content blocks (`[{"type":"text","text":…},
//! …]`) or a string; the answer is the same shape in `updatedMCPToolOutput`, every other block
//! and key as it came (docs/contract.md §4b, measured in Claude Code 2.1.332). Anything else — no
//! JSON text, a saving under [`MIN_SAVED_TOKENS`], a result Claude will save to a file
//! ([`PERSIST_LIMIT`]), an unexpected shape — is no output.
//! [`saving`] measures an answer for the savings ledger (one `MCP` row in `rtk gain`).

use std::path::Path;

use serde_json::{json, Value};

use crate::hooks::answer::Answer;
use crate::hooks::input::string;
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

/// Whether `payload` is a PostToolUse of an MCP tool (Claude names them `mcp__<server>__<tool>`).
pub fn is_mcp(payload: &Value) -> bool {
    string(payload, "hook_event_name") == Some("PostToolUse")
        && string(payload, "tool_name").is_some_and(|n| n.starts_with("mcp__"))
}

/// The answer to one MCP PostToolUse payload.
pub fn answer(payload: &Value) -> Answer {
    if !is_mcp(payload) {
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
