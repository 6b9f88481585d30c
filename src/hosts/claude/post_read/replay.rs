//! A recorded Claude Code session replayed through the hook's own decision
//! ([`super::answer_on`]), for `rtk discover`: what the PostToolUse Read hook would have done.
//!
//! The transcript is written again in memory, record by record. Before the record holding a
//! Read's result, the decision gets the payload Claude would send (the call's `tool_input`, the
//! record's `toolUseResult`, `agent_id` for a subagent's call) and the end of the transcript so
//! far as the hook reads it ([`transcript::whole_lines_within`], [`transcript::TAIL_BYTES`]).
//! Where it shortens, the record is written as Claude writes an `updatedToolOutput` (the
//! numbered text of the new `file`, `toolUseResult` replaced), followed by rtk's
//! `additionalContext` as a `hook_additional_context` attachment, so later Reads see what the
//! model would have seen; the session's own compaction and clearing records stay where they
//! were. `bench/corpus/read_replay.py` does the same through the real `rtk hook claude`.
//!
//! Tokens (the ledger's, [`super::saved_tokens`]) are of Claude's numbered rendering of the
//! file, before and after; a Read without a text file (image, PDF, error), or sharing its record
//! with another Read's result, counts its recorded result text, unchanged. A Read already
//! counted in another session's file (a resumed session repeats its history) is replayed, not
//! counted again.
//!
//! Bounded: records are streamed; at most 2 × `TAIL_BYTES` of the rewritten transcript are
//! kept; a line longer than `TAIL_BYTES` is skipped unread (the hook's window could not hold
//! it either, so what came before it is out of reach); each decision rereads the transcript's
//! end (up to `TAIL_BYTES`), and once a session's decisions have reread [`MAX_SCANNED`] bytes
//! its later Reads are counted as not replayed.

use std::collections::{HashMap, HashSet};
use std::io::{self, BufRead};
use std::sync::LazyLock;

use memchr::memmem::Finder;

use serde_json::{json, Map, Value};

use super::transcript::{whole_lines_within, TAIL_BYTES};
use super::{answer_on, file_rendered, saved_tokens};
use crate::hooks::answer::Answer;
use crate::tokens::estimate_tokens_sampled;

/// Bytes of transcript a session's decisions may reread before its later Reads are only
/// counted (what real sessions need: bench/README.md).
pub const MAX_SCANNED: u64 = 1 << 30;

/// What the replay of one session found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Read results in the session (each call's first), not counted before.
    pub reads: u64,
    /// Read results counted before (in another file): replayed, left out of every count.
    pub repeated: u64,
    /// Reads the hook would have shortened.
    pub shortened: u64,
    /// Tokens of the Read results replayed, as recorded and as the hook would have left them.
    pub before_tokens: u64,
    pub after_tokens: u64,
    /// Reads after [`MAX_SCANNED`] was reached: not decided, not in the tokens.
    pub not_replayed: u64,
    /// Bytes of transcript the decisions reread.
    pub scanned: u64,
    /// Lines longer than `TAIL_BYTES`, skipped unread.
    pub long_lines: u64,
}

/// Replays the session read from `input` (JSON lines); `counted` holds the ids of the Reads
/// counted so far (in other files), and gets this session's.
pub fn session(input: impl BufRead, counted: &mut HashSet<String>) -> io::Result<Replayed> {
    session_capped(input, counted, MAX_SCANNED)
}

/// [`session`], deciding until `max_scanned` bytes were reread.
fn session_capped(
    mut input: impl BufRead,
    counted: &mut HashSet<String>,
    max_scanned: u64,
) -> io::Result<Replayed> {
    let cap = usize::try_from(TAIL_BYTES).unwrap_or(usize::MAX);
    let mut out = Replayed::default();
    // The transcript as written again; only its end matters.
    let mut written: Vec<u8> = Vec::new();
    let mut calls: HashMap<String, Map<String, Value>> = HashMap::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut line = Vec::new();
    loop {
        match next_line(&mut input, &mut line, cap)? {
            Line::End => break,
            Line::Long => {
                out.long_lines += 1;
                written.clear();
                continue;
            }
            Line::Whole => {}
        }
        if line.is_empty() {
            continue;
        }
        if has(&line, &TOOL_USE) && has(&line, &READ) {
            read_calls(&line, &mut calls, &mut seen);
        }
        let replaced = if !calls.is_empty() && has(&line, &TOOL_RESULT) {
            let mut session = Session {
                calls: &mut calls,
                counted,
                out: &mut out,
                max_scanned,
            };
            results(&line, &written, &mut session)
        } else {
            None
        };
        match replaced {
            Some(lines) => written.extend_from_slice(&lines),
            None => {
                written.extend_from_slice(&line);
                written.push(b'\n');
            }
        }
        if written.len() > 2 * cap {
            written.drain(..written.len() - cap - 1);
        }
    }
    Ok(out)
}

fn has(line: &[u8], needle: &Finder) -> bool {
    needle.find(line).is_some()
}

static TOOL_USE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"tool_use"));
static READ: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"Read\""));
static TOOL_RESULT: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"tool_result"));

/// The model's Read calls in an assistant record (each id once: a call recorded again is not
/// a new one).
fn read_calls(
    line: &[u8],
    calls: &mut HashMap<String, Map<String, Value>>,
    seen: &mut HashSet<String>,
) {
    let Ok(rec) = serde_json::from_slice::<Value>(line) else {
        return;
    };
    if rec.get("type").and_then(Value::as_str) != Some("assistant") {
        return;
    }
    for b in blocks(&rec) {
        if b.get("type").and_then(Value::as_str) != Some("tool_use")
            || b.get("name").and_then(Value::as_str) != Some("Read")
        {
            continue;
        }
        let (Some(id), Some(input)) = (
            b.get("id").and_then(Value::as_str),
            b.get("input").and_then(Value::as_object),
        ) else {
            continue;
        };
        if seen.insert(id.to_string()) {
            calls.insert(id.to_string(), input.clone());
        }
    }
}

fn blocks(rec: &Value) -> impl Iterator<Item = &Value> {
    rec.pointer("/message/content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

/// The replay's state, as a user record with results needs it.
struct Session<'a> {
    /// Read calls whose result has not come yet, by id.
    calls: &'a mut HashMap<String, Map<String, Value>>,
    counted: &'a mut HashSet<String>,
    out: &'a mut Replayed,
    max_scanned: u64,
}

impl Replayed {
    /// One Read's tokens (and whether it was shortened), when it counts.
    fn add(&mut self, counts: bool, before: u64, after: u64, shortened: bool) {
        if counts {
            self.before_tokens += before;
            self.after_tokens += after;
            self.shortened += u64::from(shortened);
        }
    }
}

/// The Read results in a user record: counted, and decided when the record holds one text
/// file. Returns the lines to write instead of the record when the hook would have shortened it.
fn results(line: &[u8], written: &[u8], s: &mut Session) -> Option<Vec<u8>> {
    let mut rec = serde_json::from_slice::<Value>(line).ok()?;
    if rec.get("type").and_then(Value::as_str) != Some("user") {
        return None;
    }
    let found: Vec<(usize, String, String)> = blocks(&rec)
        .enumerate()
        .filter(|(_, b)| b.get("type").and_then(Value::as_str) == Some("tool_result"))
        .filter_map(|(i, b)| {
            let id = b.get("tool_use_id")?.as_str()?;
            s.calls
                .contains_key(id)
                .then(|| (i, id.to_string(), result_text(b)))
        })
        .collect();
    let out = &mut *s.out;
    let mut decide = None;
    for (i, id, text) in &found {
        let input = s.calls.remove(id).unwrap_or_default();
        let counts = s.counted.insert(id.clone());
        if counts {
            out.reads += 1;
        } else {
            out.repeated += 1;
        }
        if out.scanned >= s.max_scanned {
            out.not_replayed += u64::from(counts);
            continue;
        }
        let response = rec.get("toolUseResult").filter(|r| is_text_file(r));
        match response.and_then(|r| r.get("file")).and_then(file_rendered) {
            Some(before) if found.len() == 1 => {
                decide = Some((*i, id.clone(), input, before, counts))
            }
            _ => {
                let t = estimate_tokens_sampled(text);
                out.add(counts, t, t, false);
            }
        }
    }
    let (i, id, input, before, counts) = decide?;
    let mut payload = json!({
        "session_id": rec.get("sessionId").cloned().unwrap_or(json!("")),
        "cwd": rec.get("cwd").cloned().unwrap_or(json!("/")),
        "hook_event_name": "PostToolUse",
        "tool_name": "Read",
        "tool_input": input,
        "tool_response": rec.get("toolUseResult").cloned().unwrap_or_default(),
        "tool_use_id": id,
    });
    if rec.get("isSidechain").and_then(Value::as_bool) == Some(true) {
        payload["agent_id"] = rec.get("agentId").cloned().unwrap_or(json!("subagent"));
    }
    let answer = match whole_lines_within(written, TAIL_BYTES) {
        Some(tail) => {
            out.scanned += tail.len() as u64;
            answer_on(&payload, tail)
        }
        None => Answer::Silent,
    };
    let Some((b, a)) = saved_tokens(&payload, &answer) else {
        let t = estimate_tokens_sampled(&before);
        out.add(counts, t, t, false);
        return None;
    };
    out.add(counts, b, a, true);
    let Answer::Json(v) = answer else {
        return None;
    };
    let hso = &v["hookSpecificOutput"];
    let new = hso.get("updatedToolOutput")?;
    if let Some(block) = rec.pointer_mut(&format!("/message/content/{i}")) {
        block["content"] = json!(new.get("file").and_then(file_rendered)?);
    }
    rec["toolUseResult"] = new.clone();
    let mut lines = serde_json::to_vec(&rec).ok()?;
    lines.push(b'\n');
    if let Some(ctx) = hso.get("additionalContext").and_then(Value::as_str) {
        let note = json!({
            "type": "attachment",
            "isSidechain": rec.get("isSidechain").and_then(Value::as_bool).unwrap_or(false),
            "attachment": {"type": "hook_additional_context", "content": [ctx],
                           "hookName": "PostToolUse:Read", "toolUseID": id},
        });
        lines.extend(serde_json::to_vec(&note).ok()?);
        lines.push(b'\n');
    }
    Some(lines)
}

fn is_text_file(response: &Value) -> bool {
    response.get("type").and_then(Value::as_str) == Some("text")
        && response.get("file").is_some_and(Value::is_object)
}

/// The text a tool_result block gives the model (its text blocks, one per line).
fn result_text(block: &Value) -> String {
    match block.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter(|p| p.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

enum Line {
    End,
    /// Longer than the cap: consumed unread.
    Long,
    Whole,
}

/// The next line of `input` into `buf` (without its `\n`), never holding more than `cap` bytes.
fn next_line(input: &mut impl BufRead, buf: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    buf.clear();
    let (mut any, mut long) = (false, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (any, long) {
                (false, _) => Line::End,
                (true, true) => Line::Long,
                (true, false) => Line::Whole,
            });
        }
        any = true;
        let newline = memchr::memchr(b'\n', chunk);
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !long && buf.len() + part.len() > cap {
            long = true;
            buf.clear();
        }
        if !long {
            buf.extend_from_slice(part);
        }
        let used = newline.map_or(chunk.len(), |n| n + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(if long { Line::Long } else { Line::Whole });
        }
    }
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
