//! Claude Code `PostToolUse` for `Read`: a re-read whose lines the model already has, byte for
//! byte, from an earlier Read result still in its context ([`transcript`]) is shortened.
//!
//! - every line seen → `file.content` becomes one note naming the earlier read(s) and the
//!   range, rendered by Claude as line `0` (a number no file line has);
//! - the unseen lines form one block → only that block, `startLine` its first line (Claude
//!   numbers from `startLine`, so every line keeps its number), and the seen range named in
//!   `additionalContext`;
//! - anything else (no earlier read, lines scattered, a file the model saw longer, a read the
//!   model asked for again right after — it gets the full text —, a subagent's call, a
//!   transcript that does not yet hold the current call, an unexpected payload) → no output.
//!
//! Only `updatedToolOutput` changes: Claude's own file state (Edit's read-before-write check)
//! was set by the tool before the hook ran. Answers are the payload's `tool_response` shape.
//! [`saving`] measures what an answer saved, for the savings ledger (`crate::ledger`); [`replay`]
//! runs the same decision over a whole recorded session, for `rtk discover`.

pub mod replay;
pub mod transcript;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Map, Value};

use crate::hooks::answer::Answer;
use crate::hooks::input::{object, string};
use crate::ledger::{project_root, ToolSaving};
use crate::tokens::estimate_tokens_sampled;
use transcript::{Context, SeenRead, CONTEXT_PREFIX, NOTE_PREFIX};

/// Earlier reads a note names before "…".
const MAX_NAMED: usize = 3;

/// Bytes an answer must save of what the model receives (the note itself costs about 200).
const MIN_SAVED: usize = 256;

/// The answer to one PostToolUse payload (any tool: only Read is touched).
pub fn answer(payload: &Value) -> Answer {
    let Some(path) = string(payload, "transcript_path") else {
        return Answer::Silent;
    };
    if main_read_path(payload).is_none() {
        return Answer::Silent;
    }
    let id = string(payload, "tool_use_id").unwrap_or("");
    let Some(tail) = transcript::tail_with_call(Path::new(path), id) else {
        return Answer::Silent;
    };
    answer_on(payload, &tail)
}

/// The decision on the transcript's end as the hook reads it (`tail`: whole lines, at most
/// [`transcript::TAIL_BYTES`]); [`replay`] calls it on a session written again.
pub fn answer_on(payload: &Value, tail: &[u8]) -> Answer {
    let Some(file_path) = main_read_path(payload) else {
        return Answer::Silent;
    };
    answer_with(payload, &transcript::scan(tail, file_path))
}

/// The file a main-conversation Read asked for.
fn main_read_path(payload: &Value) -> Option<&str> {
    if !is_main_read(payload) {
        return None;
    }
    object(payload, "tool_input")?.get("file_path")?.as_str()
}

/// Read by the main conversation (a subagent's call has `agent_id`; its context is not the
/// transcript's).
fn is_main_read(payload: &Value) -> bool {
    string(payload, "hook_event_name") == Some("PostToolUse")
        && string(payload, "tool_name") == Some("Read")
        && payload.get("agent_id").is_none()
}

/// The current read, as the payload gives it.
struct Current<'a> {
    id: &'a str,
    input: &'a Map<String, Value>,
    file_path: &'a str,
    response: &'a Map<String, Value>,
    start: u64,
    lines: Vec<&'a str>,
    /// `totalLines`: the file's length.
    total: Option<u64>,
}

fn current(payload: &Value) -> Option<Current<'_>> {
    let input = object(payload, "tool_input")?;
    let response = object(payload, "tool_response")?;
    if response.get("type")?.as_str()? != "text" {
        return None;
    }
    let file = response.get("file")?.as_object()?;
    let content = file.get("content")?.as_str()?;
    let start = file.get("startLine")?.as_u64()?;
    let num = file.get("numLines")?.as_u64()? as usize;
    // Claude renders every `\n`-separated piece, numbered from `startLine` (a whole file's
    // final newline shows as an empty last line, counted in `numLines`).
    let lines: Vec<&str> = content.split('\n').collect();
    if lines.len() != num || num == 0 || start == 0 {
        return None;
    }
    Some(Current {
        id: string(payload, "tool_use_id").unwrap_or(""),
        input,
        file_path: input.get("file_path")?.as_str()?,
        response,
        start,
        lines,
        total: file.get("totalLines").and_then(Value::as_u64),
    })
}

/// The decision on a scanned transcript (tests call it with a synthetic [`Context`]).
pub fn answer_with(payload: &Value, ctx: &Context) -> Answer {
    if !is_main_read(payload) {
        return Answer::Silent;
    }
    let Some(cur) = current(payload) else {
        return Answer::Silent;
    };
    // Claude appends to the transcript in order but not at once: under load the hook can run
    // before the newest lines are there. The current call's own entry being there shows the
    // lines before it (the last results, a boundary) are too.
    if !ctx.calls.iter().any(|c| c.id == cur.id) {
        return Answer::Silent;
    }
    // The same read asked for again right after rtk shortened it: the full text.
    let previous = ctx.calls.iter().rev().find(|c| c.id != cur.id);
    if previous
        .is_some_and(|c| c.name == "Read" && &c.input == cur.input && ctx.shortened.contains(&c.id))
    {
        return Answer::Silent;
    }
    // Per line number, the newest text the model saw for it, and where.
    let mut known: BTreeMap<u64, (&str, &SeenRead)> = BTreeMap::new();
    for r in ctx.reads.iter().filter(|r| r.file_path == cur.file_path) {
        for (i, l) in r.lines.iter().enumerate() {
            known.insert(r.start + i as u64, (l.as_str(), r));
        }
    }
    let seen: Vec<Option<&SeenRead>> = cur
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| match known.get(&(cur.start + i as u64)) {
            Some((text, r)) if text == l => Some(*r),
            _ => None,
        })
        .collect();
    let unseen: Vec<usize> = (0..seen.len()).filter(|&i| seen[i].is_none()).collect();
    let end = cur.start + cur.lines.len() as u64 - 1;
    // A read that reaches the end of a file the model saw longer: the file shrank, and "these
    // lines are unchanged" would not tell it so.
    let reaches_end = cur.total.is_none_or(|t| end >= t);
    if reaches_end && known.range(end + 1..).next().is_some() {
        return Answer::Silent;
    }
    let sources = sources(&seen);
    if unseen.is_empty() {
        let note = format!(
            "{NOTE_PREFIX}{}-{} of {} are unchanged since {}, above in your context unless cleared since; Read the same range again for the full text]",
            cur.start,
            end,
            cur.file_path,
            named(&sources)
        );
        if rendered_len(0, &[&note]) + MIN_SAVED > rendered_len(cur.start, &cur.lines) {
            return Answer::Silent;
        }
        return updated(&cur, &note, 0, 1, None);
    }
    let (a, b) = (unseen[0], unseen[unseen.len() - 1]);
    if b - a + 1 != unseen.len() {
        return Answer::Silent; // seen lines between unseen ones
    }
    let content = cur.lines[a..=b].join("\n");
    let first = cur.start + a as u64;
    let last = cur.start + b as u64;
    let mut ranges = Vec::new();
    if a > 0 {
        ranges.push(format!("{}-{}", cur.start, first - 1));
    }
    if b + 1 < cur.lines.len() {
        ranges.push(format!("{}-{}", last + 1, end));
    }
    let context = format!(
        "{CONTEXT_PREFIX}{} shows only lines {}-{}; lines {} are unchanged since {}, above in your context unless cleared since. Read the same range again for the full text.",
        cur.file_path,
        first,
        last,
        ranges.join(" and "),
        named(&sources)
    );
    let shown = rendered_len(first, &cur.lines[a..=b]) + context.len();
    if content.trim().is_empty() || shown + MIN_SAVED > rendered_len(cur.start, &cur.lines) {
        return Answer::Silent;
    }
    updated(&cur, &content, first, (b - a + 1) as u64, Some(&context))
}

/// The ledger line for an answer that shortened the result of `payload` (None for any other
/// answer): tokens of the numbered text the tool gave and of what the answer gives instead
/// (its text and its note to the model).
pub fn saving(payload: &Value, answer: &Answer, now: i64) -> Option<ToolSaving> {
    let (before_tokens, after_tokens) = saved_tokens(payload, answer)?;
    let cwd = string(payload, "cwd").unwrap_or("");
    Some(ToolSaving {
        ts: now,
        tool: "Read".into(),
        session: string(payload, "session_id").unwrap_or("").into(),
        tool_use_id: string(payload, "tool_use_id").unwrap_or("").into(),
        project: project_root(Path::new(cwd)).display().to_string(),
        before_tokens,
        after_tokens,
    })
}

/// Tokens before and after an answer that shortened the result of `payload` (None for any
/// other answer): of the numbered text the tool gave, and of what the answer gives instead (its
/// text and its note to the model).
pub fn saved_tokens(payload: &Value, answer: &Answer) -> Option<(u64, u64)> {
    let Answer::Json(v) = answer else {
        return None;
    };
    let out = v.get("hookSpecificOutput")?;
    let file = out.get("updatedToolOutput")?.get("file")?;
    let cur = current(payload)?;
    let mut after = file_rendered(file)?;
    if let Some(c) = out.get("additionalContext").and_then(Value::as_str) {
        after.push('\n');
        after.push_str(c);
    }
    Some((
        estimate_tokens_sampled(&rendered(cur.start, &cur.lines)),
        estimate_tokens_sampled(&after),
    ))
}

/// Claude's numbered rendering of a `tool_response.file` (`startLine`, `content`).
pub fn file_rendered(file: &Value) -> Option<String> {
    let start = file.get("startLine")?.as_u64()?;
    let lines: Vec<&str> = file.get("content")?.as_str()?.split('\n').collect();
    Some(rendered(start, &lines))
}

/// Claude's numbered rendering (`N\t<line>` joined by newlines).
fn rendered(start: u64, lines: &[&str]) -> String {
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&(start + i as u64).to_string());
        out.push('\t');
        out.push_str(l);
    }
    out
}

/// Bytes of Claude's numbered rendering (`N\t<line>` joined by newlines).
fn rendered_len<S: AsRef<str>>(start: u64, lines: &[S]) -> usize {
    let digits = |n: u64| n.to_string().len();
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| digits(start + i as u64) + 1 + l.as_ref().len() + 1)
        .sum::<usize>()
        .saturating_sub(1)
}

/// The earlier reads the seen lines come from, oldest first, without repeats.
fn sources<'a>(seen: &[Option<&'a SeenRead>]) -> Vec<&'a SeenRead> {
    let mut out: Vec<&SeenRead> = Vec::new();
    for r in seen.iter().flatten() {
        if !out.iter().any(|o| o.tool_use_id == r.tool_use_id) {
            out.push(r);
        }
    }
    out
}

fn named(sources: &[&SeenRead]) -> String {
    let mut parts: Vec<String> = sources
        .iter()
        .take(MAX_NAMED)
        .map(|r| {
            let end = r.start + r.lines.len() as u64 - 1;
            format!(
                "your Read {} (lines {}-{}, {})",
                r.tool_use_id, r.start, end, r.timestamp
            )
        })
        .collect();
    if sources.len() > MAX_NAMED {
        parts.push("…".into());
    }
    parts.join(", ")
}

/// `tool_response` with the file's text, first line and count replaced.
fn updated(cur: &Current, content: &str, start: u64, num: u64, context: Option<&str>) -> Answer {
    let mut response = cur.response.clone();
    if let Some(Value::Object(file)) = response.get_mut("file") {
        file.insert("content".into(), json!(content));
        file.insert("startLine".into(), json!(start));
        file.insert("numLines".into(), json!(num));
    }
    let mut out = Map::new();
    out.insert("hookEventName".into(), json!("PostToolUse"));
    out.insert("updatedToolOutput".into(), Value::Object(response));
    if let Some(c) = context {
        out.insert("additionalContext".into(), json!(c));
    }
    Answer::Json(json!({ "hookSpecificOutput": Value::Object(out) }))
}

#[cfg(test)]
mod tests;
