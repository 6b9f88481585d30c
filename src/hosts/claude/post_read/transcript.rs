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
//! The API can clear results too (context editing, `clear_tool_uses_20250919`, which Claude asks
//! for when a session resumes after a pause: docs/claude-clearing.md). Claude records the API's
//! report on the assistant entry of that reply (`message.context_management`: `applied_edits`
//! with `cleared_tool_uses`, and the `client_sent_keep_tool_uses` it asked to keep). Such an
//! entry keeps, of the calls before it, only its `keep` newest: the scan counts that many calls
//! back from it and stops there (no `keep` recorded: it stops at the entry).
//!
//! Sidechain entries (a subagent's own conversation) are never the model's context here. Only
//! results whose text parses whole as Claude's numbered rendering (`N\t<line>`, numbers
//! consecutive from ≥ 1) count, so rtk's own notes (numbered `0`) never do.
//!
//! Cost: lines that cannot matter (request records, snapshots) are skipped by a byte search;
//! the rest are read with the result texts skipped, and only the results of Reads of the file
//! asked about are parsed whole.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use memchr::memmem::Finder;

use serde::Deserialize;
use serde_json::{Map, Value};

/// How much of the transcript's end is read.
pub const TAIL_BYTES: u64 = 4 * 1024 * 1024;

/// Stand-ins Claude puts where a tool result's text was removed.
const STAND_INS: &[&str] = &[
    "[Old tool result content cleared]",
    "<persisted-output>",
    "[Result removed",
];

/// Searchers for the byte patterns every line is tested for, built once (building one costs
/// more than searching a short line).
struct Marks(Vec<Finder<'static>>);

impl Marks {
    fn of(needles: &[&'static [u8]]) -> Marks {
        Marks(needles.iter().map(|n| Finder::new(*n)).collect())
    }

    fn in_line(&self, line: &[u8]) -> bool {
        self.0.iter().any(|f| f.find(line).is_some())
    }
}

/// What makes a line worth parsing ([`relevant`]).
static RELEVANT: LazyLock<Marks> = LazyLock::new(|| {
    Marks::of(&[
        b"tool_result",
        b"tool_use",
        b"compact",
        b"CompactSummary",
        b"tool_results_cut",
        b"hook_additional_context",
        b"context_management",
    ])
});
/// Marks of a horizon other than a stand-in ([`horizon_mark`]).
static HORIZON: LazyLock<Marks> =
    LazyLock::new(|| Marks::of(&[b"compact", b"CompactSummary", b"tool_results_cut"]));
static STAND_IN: LazyLock<Marks> = LazyLock::new(|| {
    Marks(
        STAND_INS
            .iter()
            .map(|m| Finder::new(m.as_bytes()))
            .collect(),
    )
});
static TOOL_RESULT: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"tool_result"));

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

/// How long the hook waits for Claude to write the current call's entry: Claude Code 2.1.332
/// appends to the transcript from a queue drained every 100 ms (`FLUSH_INTERVAL_MS=100` in its
/// bundle), so a hook that follows a fast tool often runs before its call is written.
pub const WAIT_FOR_CALL: Duration = Duration::from_millis(300);
const POLL: Duration = Duration::from_millis(5);

/// The last [`TAIL_BYTES`] of the file, from its first whole line. `None` when unreadable.
pub fn read_tail(path: &Path) -> Option<Vec<u8>> {
    read_tail_within(path, TAIL_BYTES)
}

/// The tail once it holds the tool_use entry of call `id` (re-read only when the file grew),
/// or `None` when that does not happen within [`WAIT_FOR_CALL`].
pub fn tail_with_call(path: &Path, id: &str) -> Option<Vec<u8>> {
    if id.is_empty() {
        return None;
    }
    // The id quoted anywhere (the scan then checks it is a tool_use entry's).
    let needle = format!("\"{id}\"");
    let deadline = Instant::now() + WAIT_FOR_CALL;
    let mut seen_len = None;
    loop {
        let len = std::fs::metadata(path).ok()?.len();
        if seen_len != Some(len) {
            seen_len = Some(len);
            let tail = read_tail(path)?;
            if memchr::memmem::find(&tail, needle.as_bytes()).is_some() {
                return Some(tail);
            }
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(POLL);
    }
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
    let keep = whole_lines_within(&buf, limit)?.len();
    buf.drain(..buf.len() - keep);
    Some(buf)
}

/// The last `limit` bytes of `text`, from its first whole line (a line starts after a `\n`,
/// so one byte more than `limit` is looked at). `None` when no line starts within them.
pub fn whole_lines_within(text: &[u8], limit: u64) -> Option<&[u8]> {
    let from = text.len().saturating_sub(
        usize::try_from(limit)
            .unwrap_or(usize::MAX)
            .saturating_add(1),
    );
    let window = &text[from..];
    if (window.len() as u64) <= limit {
        return Some(window);
    }
    let cut = memchr::memchr(b'\n', window)? + 1;
    Some(&window[cut..])
}

/// Lines worth parsing: the rest (hook logs, request records, snapshots) cannot hold a horizon,
/// a tool call or a tool result.
fn relevant(line: &[u8]) -> bool {
    let head = &line[..line.len().min(64)];
    if memchr::memmem::find(head, b"\"api-request").is_some() {
        return false;
    }
    RELEVANT.in_line(line)
}

/// One transcript entry, as far as the scan needs it (every other field is skipped unread).
#[derive(Deserialize)]
struct Entry {
    #[serde(rename = "type")]
    kind: Option<String>,
    subtype: Option<String>,
    #[serde(rename = "isSidechain")]
    sidechain: Option<bool>,
    #[serde(rename = "isCompactSummary")]
    compact_summary: Option<bool>,
    message: Option<Message>,
    attachment: Option<Attachment>,
}

#[derive(Deserialize)]
struct Message {
    content: Option<Blocks>,
    /// The API's context-editing report (kept as a value: any shape is read, none fails the
    /// entry).
    context_management: Option<Value>,
}

#[derive(Deserialize)]
struct Attachment {
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(Deserialize)]
struct Block {
    #[serde(rename = "type")]
    kind: Option<String>,
    id: Option<String>,
    name: Option<String>,
    input: Option<Map<String, Value>>,
}

/// A message's blocks (a plain string message has none).
struct Blocks(Vec<Block>);

impl<'de> Deserialize<'de> for Blocks {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Blocks;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string or a list of blocks")
            }
            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Blocks, E> {
                Ok(Blocks(Vec::new()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Blocks, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = a.next_element::<Block>()? {
                    out.push(b);
                }
                Ok(Blocks(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// Scans `tail` (JSON lines) back to the horizon; the reads kept are those of `file_path`.
pub fn scan(tail: &[u8], file_path: &str) -> Context {
    let mut calls = Vec::new();
    // Lines holding tool results, newest first, read whole only for the file's Reads.
    let mut results: Vec<&[u8]> = Vec::new();
    let mut shortened = Vec::new();
    // Calls older than the newest API clearing seen so far that the API kept.
    let mut kept: Option<u64> = None;
    'lines: for line in lines_back(tail) {
        if line.is_empty() || !relevant(line) {
            continue;
        }
        // A line with results and no horizon mark at all (no boundary, no stand-in) is set
        // aside unparsed: results are most of a transcript's bytes.
        if TOOL_RESULT.find(line).is_some() && !horizon_mark(line) {
            results.push(line);
            continue;
        }
        let Ok(entry) = serde_json::from_slice::<Entry>(line) else {
            // Not the shape the scan reads: still never past a horizon.
            if parsed_horizon(line) {
                break;
            }
            continue;
        };
        if typed_horizon(&entry) || (has_stand_in(line) && parsed_horizon(line)) {
            break;
        }
        if entry.sidechain == Some(true) {
            continue;
        }
        let kind = entry.attachment.as_ref().and_then(|a| a.kind.as_deref());
        if kind == Some("hook_additional_context") {
            if let Some(id) = serde_json::from_slice(line)
                .ok()
                .and_then(|v| rtk_context(&v))
            {
                shortened.push(id);
            }
        }
        match entry.kind.as_deref() {
            Some("assistant") => {
                let message = entry.message;
                let cleared = message
                    .as_ref()
                    .and_then(|m| m.context_management.as_ref())
                    .and_then(api_cleared);
                let blocks = message.and_then(|m| m.content).map(|b| b.0);
                for b in blocks.into_iter().flatten().rev() {
                    if b.kind.as_deref() != Some("tool_use") {
                        continue;
                    }
                    // This call was in the request of a newer reply whose API cleared all but
                    // its `keep` newest calls, and it is not one of them.
                    if kept == Some(0) {
                        break 'lines;
                    }
                    kept = kept.map(|k| k - 1);
                    if let (Some(id), Some(name), Some(input)) = (b.id, b.name, b.input) {
                        calls.push(Call { id, name, input });
                    }
                }
                // The reply's own calls were not in its request; the ones before it were.
                if let Some(keep) = cleared {
                    kept = Some(kept.map_or(keep, |k| k.min(keep)));
                }
            }
            Some("user") => results.push(line),
            _ => {}
        }
    }
    calls.reverse();
    results.reverse();
    // The Reads of this file whose call is after the horizon too (the model saw which file it
    // asked for); only lines naming one of them are parsed.
    // Each id quoted, searched for in every result line.
    let wanted: Vec<(&str, Finder<'static>)> = calls
        .iter()
        .filter(|c| c.name == "Read")
        .filter(|c| c.input.get("file_path").and_then(Value::as_str) == Some(file_path))
        .map(|c| {
            let quoted = format!("\"{}\"", c.id);
            (c.id.as_str(), Finder::new(quoted.as_bytes()).into_owned())
        })
        .collect();
    let mut reads = Vec::new();
    for line in results {
        let named: Vec<&str> = wanted
            .iter()
            .filter(|(_, quoted)| quoted.find(line).is_some())
            .map(|(id, _)| *id)
            .collect();
        if named.is_empty() {
            continue;
        }
        let Ok(entry) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        if entry.get("type").and_then(Value::as_str) != Some("user")
            || entry.get("isSidechain").and_then(Value::as_bool) == Some(true)
        {
            continue;
        }
        let timestamp = entry.get("timestamp").and_then(Value::as_str).unwrap_or("");
        for id in named {
            let Some(text) = result_text(&entry, id) else {
                continue;
            };
            if text
                .strip_prefix("0\t")
                .is_some_and(|t| t.starts_with(NOTE_PREFIX))
            {
                shortened.push(id.to_string());
            }
            let Some((start, lines)) = parse_numbered(&text) else {
                continue;
            };
            reads.push(SeenRead {
                tool_use_id: id.to_string(),
                timestamp: timestamp.to_string(),
                file_path: file_path.into(),
                start,
                lines,
            });
        }
    }
    Context {
        reads,
        calls,
        shortened,
    }
}

/// The lines of `text`, newest first, as `text.rsplit(|&b| b == b'\n')` gives them (found
/// with `memrchr`: the scan's time is mostly this walk).
pub fn lines_back(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut newlines = memchr::memrchr_iter(b'\n', text);
    let mut end = Some(text.len());
    std::iter::from_fn(move || {
        let e = end?;
        match newlines.next() {
            Some(i) => {
                end = Some(i);
                Some(&text[i + 1..e])
            }
            None => {
                end = None;
                Some(&text[..e])
            }
        }
    })
}

/// Whether a line holds any byte pattern a horizon has (then it is parsed, never set aside).
fn horizon_mark(line: &[u8]) -> bool {
    has_stand_in(line) || HORIZON.in_line(line)
}

/// The text of the tool result for `id` in a user entry.
fn result_text(entry: &Value, id: &str) -> Option<String> {
    entry
        .get("message")?
        .get("content")?
        .as_array()?
        .iter()
        .find(|b| {
            b.get("type").and_then(Value::as_str) == Some("tool_result")
                && b.get("tool_use_id").and_then(Value::as_str) == Some(id)
        })
        .and_then(|b| b.get("content"))
        .and_then(text_of)
}

/// How many of the calls before an assistant entry the API kept, when its `context_management`
/// says the API cleared tool results for that reply (`cleared_tool_uses` > 0, or not a number:
/// then as Claude reads it, some); `None` when it cleared none. No `keep` recorded: 0.
fn api_cleared(cm: &Value) -> Option<u64> {
    let edits = cm.get("applied_edits")?.as_array()?;
    let cleared = edits.iter().any(|e| {
        e.get("type").and_then(Value::as_str) == Some("clear_tool_uses_20250919")
            && e.get("cleared_tool_uses")
                .and_then(Value::as_u64)
                .is_none_or(|n| n > 0)
    });
    cleared.then(|| {
        cm.get("client_sent_keep_tool_uses")
            .and_then(Value::as_u64)
            .unwrap_or(0)
    })
}

fn typed_horizon(e: &Entry) -> bool {
    (e.kind.as_deref() == Some("system")
        && matches!(
            e.subtype.as_deref(),
            Some("compact_boundary" | "microcompact_boundary")
        ))
        || e.compact_summary == Some(true)
        || e.attachment
            .as_ref()
            .is_some_and(|a| a.kind.as_deref() == Some("tool_results_cut"))
}

fn has_stand_in(line: &[u8]) -> bool {
    STAND_IN.in_line(line)
}

fn parsed_horizon(line: &[u8]) -> bool {
    serde_json::from_slice::<Value>(line).is_ok_and(|v| is_horizon(&v))
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
    if let Some(cm) = e.get("message").and_then(|m| m.get("context_management")) {
        if api_cleared(cm).is_some() {
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
