//! Sessions in the shape Claude Code writes (a Read's `tool_use`, then its `tool_result` with
//! `toolUseResult`), replayed: the decision sees what the replay wrote back, and what cannot be
//! replayed is counted, never decided.

use std::collections::HashSet;

use serde_json::{json, Value};

use super::*;
use crate::tokens::estimate_tokens_sampled as tokens;

const A: &str = "/p/a.rs";

fn content(changed_from: usize) -> String {
    (1..=60)
        .map(|i| {
            let v = if i >= changed_from {
                "changed"
            } else {
                "value"
            };
            format!("    let {v}_{i} = compute_something({i}, \"argument\");")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn numbered(content: &str) -> String {
    content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", i + 1))
        .collect::<Vec<_>>()
        .join("\n")
}

fn file(content: &str) -> Value {
    let n = content.split('\n').count();
    json!({"filePath": A, "content": content, "numLines": n, "startLine": 1, "totalLines": n})
}

fn call(id: &str, sidechain: bool) -> String {
    json!({"type": "assistant", "isSidechain": sidechain, "timestamp": "2026-12-07T03:00:00Z",
        "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": id, "name": "Read", "input": {"file_path": A}}]}})
    .to_string()
}

fn result(id: &str, content: &str, sidechain: bool) -> String {
    json!({"type": "user", "isSidechain": sidechain, "timestamp": "2026-12-07T03:00:01Z",
        "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": id, "content": numbered(content)}]},
        "toolUseResult": {"type": "text", "file": file(content)}})
    .to_string()
}

fn replay(lines: &[String]) -> Replayed {
    session(lines.join("\n").as_bytes(), &mut HashSet::new()).unwrap()
}

/// Tokens of what the decision gives instead of the result of `id` (`content`), on `before`.
fn answered(before: &[String], id: &str, content: &str) -> u64 {
    let payload = json!({"hook_event_name": "PostToolUse", "tool_name": "Read",
        "tool_input": {"file_path": A}, "tool_use_id": id,
        "tool_response": {"type": "text", "file": file(content)}});
    let tail = before.join("\n") + "\n";
    let answer = answer_on(&payload, tail.as_bytes());
    saved_tokens(&payload, &answer).expect("shortened").1
}

#[test]
fn the_replay_writes_back_what_the_hook_gave() {
    let c = content(99);
    let full = tokens(&numbered(&c));
    // r2 is shortened; r3, the same read asked for right after, gets the full text: the
    // decision sees r2's note only because the replay wrote it back.
    let s = [
        call("r1", false),
        result("r1", &c, false),
        call("r2", false),
        result("r2", &c, false),
        call("r3", false),
        result("r3", &c, false),
    ];
    let r = replay(&s);
    assert_eq!((r.reads, r.shortened), (3, 1));
    let note = answered(&s[..3], "r2", &c);
    assert_eq!(
        (r.before_tokens, r.after_tokens),
        (3 * full, 2 * full + note)
    );
    // Likewise after a partial answer: its additionalContext, written as an attachment.
    let c2 = content(55);
    let s = [
        call("r1", false),
        result("r1", &c, false),
        call("r2", false),
        result("r2", &c2, false),
        call("r3", false),
        result("r3", &c2, false),
    ];
    let r = replay(&s);
    assert_eq!((r.reads, r.shortened), (3, 1));
    let kept = answered(&s[..3], "r2", &c2);
    let full2 = tokens(&numbered(&c2));
    assert!(kept < full2 / 2, "only lines 55-60 and the note");
    assert_eq!(
        (r.before_tokens, r.after_tokens),
        (full + 2 * full2, full + full2 + kept)
    );
}

#[test]
fn a_line_longer_than_the_window_hides_what_came_before() {
    let c = content(99);
    let huge = json!({"type": "user", "message": {"role": "user",
        "content": "x".repeat(TAIL_BYTES as usize + 10)}})
    .to_string();
    let r = replay(&[
        call("r1", false),
        result("r1", &c, false),
        huge,
        call("r2", false),
        result("r2", &c, false),
    ]);
    assert_eq!((r.reads, r.shortened, r.long_lines), (2, 0, 1));
}

#[test]
fn what_the_hook_does_not_decide_counts_unchanged() {
    let c = content(99);
    let both = json!({"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "r3", "content": "one"},
        {"type": "tool_result", "tool_use_id": "r4", "content": [{"type": "text", "text": "two"}]}]},
        "toolUseResult": {"type": "text", "file": file(&c)}})
    .to_string();
    let image = json!({"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "r5", "content": [{"type": "image", "source": {}}]}]},
        "toolUseResult": {"type": "image"}})
    .to_string();
    let r = replay(&[
        call("r1", false),
        result("r1", &c, false),
        // A subagent's re-read: its context is not the transcript's.
        call("r2", true),
        result("r2", &c, true),
        call("r3", false),
        call("r4", false),
        both,
        call("r5", false),
        image,
        // A result whose call was never seen is not a Read's.
        result("zz", &c, false),
    ]);
    assert_eq!((r.reads, r.shortened), (5, 0));
    let full = tokens(&numbered(&c));
    let want = 2 * full + tokens("one") + tokens("two");
    assert_eq!((r.before_tokens, r.after_tokens), (want, want));
}

#[test]
fn reads_past_the_budget_are_counted_not_replayed() {
    let c = content(99);
    let s = [
        call("r1", false),
        result("r1", &c, false),
        call("r2", false),
        result("r2", &c, false),
        call("r3", false),
        result("r3", &c, false),
    ]
    .join("\n");
    // r1's decision rereads its call; then the budget is spent.
    let first = call("r1", false).len() as u64 + 1;
    let r = session_capped(s.as_bytes(), &mut HashSet::new(), first).unwrap();
    assert_eq!((r.reads, r.not_replayed, r.shortened), (3, 2, 0));
    assert_eq!((r.scanned, r.before_tokens), (first, tokens(&numbered(&c))));
    // One byte more: r2 is decided (and shortened), r3 is not.
    let r = session_capped(s.as_bytes(), &mut HashSet::new(), first + 1).unwrap();
    assert_eq!((r.reads, r.not_replayed, r.shortened), (3, 1, 1));
}

#[test]
fn a_read_counted_in_another_file_is_replayed_not_counted_again() {
    let c = content(99);
    let first = [call("r1", false), result("r1", &c, false)].join("\n");
    let resumed = [
        call("r1", false),
        result("r1", &c, false),
        call("r2", false),
        result("r2", &c, false),
    ]
    .join("\n");
    let mut counted = HashSet::new();
    let a = session(first.as_bytes(), &mut counted).unwrap();
    let b = session(resumed.as_bytes(), &mut counted).unwrap();
    assert_eq!((a.reads, a.repeated), (1, 0));
    // r1 again is left out; r2 is still shortened against it (replayed, so in the transcript).
    assert_eq!((b.reads, b.repeated, b.shortened), (1, 1, 1));
    assert!(b.before_tokens == tokens(&numbered(&c)) && b.after_tokens < b.before_tokens / 5);
}
