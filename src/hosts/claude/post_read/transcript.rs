//! What a Claude Code session transcript (`transcript_path`, JSON lines) proves the model still
//! has: the Read results after the last point where Claude may have taken text away.
//!
//! Read from the end, bounded ([`TAIL_BYTES`]): the hook's time never grows with the session.
//! Walking back from the newest line, the scan stops at the first **horizon**, anything Claude
//! 2.1.332 records when text leaves the model's context:
//! - a `system` entry with subtype `compact_boundary` or `microcompact_boundary`;
//! - an `attachment` of type `tool_results_cut` (old results replaced by a stand-in);
//! - a compaction summary (`isCompactSummary`);
//! - any tool result that is itself a stand-in (`[Old tool result content cleared]`,
//!   `<persisted-output>…`, `[Result removed…`);
//! - the start of the bounded window (what lies before it is not looked at).
//!
//! Sidechain entries (a subagent's own conversation) are never the model's context here. Only
//! results whose text parses whole as Claude's numbered rendering (`N\t<line>`, numbers
//! consecutive from ≥ 1) count, so rtk's own notes (numbered `0`) never do.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use serde_json::{Map, Value};

/// How much of the transcript's end is read.
pub const TAIL_BYTES: u64 = 4 * 1024 * 1024;

/// Stand-ins Claude puts where a tool result's text was removed.
const STAND_INS: &[&str] = &[
    "[Old tool result content cleared]",
    "<persisted-output>",
    "[Result removed",
];

/// One earlier Read result the model still has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenRead {
    pub tool_use_id: String,
    pub timestamp: String,
    /// `file_path` as the model asked for it.
    pub file_path: String,
    /// The first line's number and the lines, as the model received them.
    pub start: u64,
    pub lines: Vec<String>,
}

/// A tool call the model made.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub id: String,
    pub name: String,
    pub input: Map<String, Value>,
}

/// What the scan found after the horizon, oldest first.
#[derive(Debug, Default, PartialEq)]
pub struct Context {
    pub reads: Vec<SeenRead>,
    pub calls: Vec<Call>,
    /// Calls whose result rtk shortened (its note, or its `additionalContext`).
    pub shortened: Vec<String>,
}

/// How rtk's notes begin: the whole-read note (as Claude renders it, line 0) and the
/// `additionalContext` of a partial one.
pub const NOTE_PREFIX: &str = "[rtk: lines ";
pub const CONTEXT_PREFIX: &str = "rtk: this Read of ";

/// The last [`TAIL_BYTES`] of the file, from its first whole line. `None` when unreadable.
pub fn read_tail(path: &Path) -> Option<Vec<u8>> {
    read_tail_within(path, TAIL_BYTES)
}

/// The last `limit` bytes of the file, from its first whole line.
pub fn read_tail_within(path: &Path, limit: u64) -> Option<Vec<u8>> {
    let mut f = std::fs::File::open(path).ok()?;
    let len = f.metadata().ok()?.len();
    // One byte more before the window says whether it starts at a line's start.
    let from = len.saturating_sub(limit + 1);
    f.seek(SeekFrom::Start(from)).ok()?;
    let mut buf = Vec::with_capacity((len - from) as usize);
    f.take(limit + 1).read_to_end(&mut buf).ok()?;
    if from > 0 || buf.len() as u64 > limit {
        let cut = memchr::memchr(b'\n', &buf)? + 1;
        buf.drain(..cut);
    }
    Some(buf)
}

/// Lines worth parsing: the rest (hook logs, request records, snapshots) cannot hold a horizon,
/// a tool call or a tool result.
fn relevant(line: &[u8]) -> bool {
    let head = &line[..line.len().min(64)];
    if memchr::memmem::find(head, b"\"api-request").is_some() {
        return false;
    }
    const MARKS: &[&[u8]] = &[
        b"tool_result",
        b"tool_use",
        b"compact",
        b"CompactSummary",
        b"tool_results_cut",
        b"hook_additional_context",
    ];
    MARKS
        .iter()
        .any(|m| memchr::memmem::find(line, m).is_some())
}

/// Scans `tail` (JSON lines) back to the horizon.
pub fn scan(tail: &[u8]) -> Context {
    let mut reads = Vec::new();
    let mut calls = Vec::new();
    let mut results: Vec<(String, String, String)> = Vec::new(); // id, timestamp, text
    let mut shortened = Vec::new();
    for line in tail.rsplit(|&b| b == b'\n') {
        if line.is_empty() || !relevant(line) {
            continue;
        }
        let Ok(entry) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if is_horizon(&entry) {
            break;
        }
        if entry.get("isSidechain").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let content = entry
            .get("message")
            .and_then(|m| m.get("content"))
            .and_then(Value::as_array);
        let ts = entry.get("timestamp").and_then(Value::as_str).unwrap_or("");
        if let Some(id) = rtk_context(&entry) {
            shortened.push(id);
        }
        match entry.get("type").and_then(Value::as_str) {
            Some("assistant") => {
                for b in content.into_iter().flatten().rev() {
                    if b.get("type").and_then(Value::as_str) != Some("tool_use") {
                        continue;
                    }
                    let (Some(id), Some(name), Some(input)) = (
                        b.get("id").and_then(Value::as_str),
                        b.get("name").and_then(Value::as_str),
                        b.get("input").and_then(Value::as_object),
                    ) else {
                        continue;
                    };
                    calls.push(Call {
                        id: id.into(),
                        name: name.into(),
                        input: input.clone(),
                    });
                }
            }
            Some("user") => {
                for b in content.into_iter().flatten().rev() {
                    if b.get("type").and_then(Value::as_str) != Some("tool_result") {
                        continue;
                    }
                    let (Some(id), Some(text)) = (
                        b.get("tool_use_id").and_then(Value::as_str),
                        b.get("content").and_then(text_of),
                    ) else {
                        continue;
                    };
                    results.push((id.into(), ts.into(), text));
                }
            }
            _ => {}
        }
    }
    calls.reverse();
    results.reverse();
    for (id, timestamp, text) in results {
        // The call must be after the horizon too: the model saw which file it asked for.
        let Some(call) = calls.iter().find(|c| c.id == id && c.name == "Read") else {
            continue;
        };
        let Some(file_path) = call.input.get("file_path").and_then(Value::as_str) else {
            continue;
        };
        if text
            .strip_prefix("0\t")
            .is_some_and(|t| t.starts_with(NOTE_PREFIX))
        {
            shortened.push(id.clone());
        }
        let Some((start, lines)) = parse_numbered(&text) else {
            continue;
        };
        reads.push(SeenRead {
            tool_use_id: id,
            timestamp,
            file_path: file_path.into(),
            start,
            lines,
        });
    }
    Context {
        reads,
        calls,
        shortened,
    }
}

/// The call an rtk `additionalContext` attachment belongs to.
fn rtk_context(e: &Value) -> Option<String> {
    let a = e.get("attachment")?;
    if a.get("type")?.as_str()? != "hook_additional_context" {
        return None;
    }
    let ours = a
        .get("content")?
        .as_array()?
        .iter()
        .any(|c| c.as_str().is_some_and(|c| c.starts_with(CONTEXT_PREFIX)));
    ours.then(|| a.get("toolUseID")?.as_str().map(str::to_string))
        .flatten()
}

/// Whether Claude may have taken text out of the model's context at this entry.
fn is_horizon(e: &Value) -> bool {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let kind = s(e, "type");
    if kind.as_deref() == Some("system")
        && matches!(
            s(e, "subtype").as_deref(),
            Some("compact_boundary" | "microcompact_boundary")
        )
    {
        return true;
    }
    if e.get("isCompactSummary").and_then(Value::as_bool) == Some(true) {
        return true;
    }
    if let Some(a) = e.get("attachment") {
        if s(a, "type").as_deref() == Some("tool_results_cut") {
            return true;
        }
    }
    let content = e
        .get("message")
        .and_then(|m| m.get("content"))
        .and_then(Value::as_array);
    content.into_iter().flatten().any(|b| {
        b.get("type").and_then(Value::as_str) == Some("tool_result")
            && b.get("content")
                .and_then(text_of)
                .is_some_and(|t| STAND_INS.iter().any(|m| t.trim_start().starts_with(m)))
    })
}

/// A tool result's text: a string, or a list of text blocks (anything else: `None`).
fn text_of(c: &Value) -> Option<String> {
    match c {
        Value::String(s) => Some(s.clone()),
        Value::Array(blocks) => {
            let mut out = String::new();
            for b in blocks {
                if b.get("type").and_then(Value::as_str) != Some("text") {
                    return None;
                }
                out.push_str(b.get("text")?.as_str()?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// Claude's numbered rendering of a Read result: every line `N\t<text>` (or the older
/// `   N→<text>`), numbers consecutive from N ≥ 1; a trailing `<system-reminder>` block after
/// the lines is allowed. Anything else → `None`.
pub fn parse_numbered(text: &str) -> Option<(u64, Vec<String>)> {
    let mut start = None;
    let mut lines = Vec::new();
    let mut rest = text.split('\n').peekable();
    while let Some(l) = rest.next() {
        let Some((num, body)) = numbered(l) else {
            // Only a reminder Claude appends may follow the lines.
            let tail: Vec<&str> = std::iter::once(l).chain(rest).collect();
            let tail = tail.join("\n");
            if lines.is_empty() || !tail.trim_start().starts_with("<system-reminder>") {
                return None;
            }
            break;
        };
        let expected = start.map(|s: u64| s + lines.len() as u64);
        match expected {
            None if num >= 1 => start = Some(num),
            Some(e) if e == num => {}
            _ => return None,
        }
        lines.push(body.to_string());
    }
    Some((start?, lines))
}

fn numbered(l: &str) -> Option<(u64, &str)> {
    let t = l.trim_start_matches(' ');
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 12 {
        return None;
    }
    let num = t[..digits].parse().ok()?;
    let body = t[digits..]
        .strip_prefix('\t')
        .or_else(|| t[digits..].strip_prefix('→'))?;
    Some((num, body))
}
