//! Synthetic transcripts in the shape Claude Code 2.1.332 writes (one JSON object a line:
//! `assistant` entries with `tool_use` blocks, `user` entries with `tool_result` blocks and
//! `toolUseResult`, `system`/`attachment` entries), and the PostToolUse answers on them.

use serde_json::{json, Value};

use super::transcript::{lines_back, parse_numbered, read_tail_within, scan};
use super::*;

const A: &str = "/p/a.rs";

fn lines(n: usize, f: impl Fn(usize) -> String) -> String {
    (1..=n).map(|i| f(i) + "\n").collect()
}

fn file_a() -> String {
    lines(60, |i| {
        format!("    let value_{i} = compute_something({i});")
    })
}

/// Claude's rendering of `content` from line `start`.
fn rendered(content: &str, start: u64) -> String {
    content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", start + i as u64))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A Read range of `content`: (content, numLines) as Claude's tool gives it.
fn range(content: &str, offset: usize, limit: usize) -> String {
    let all: Vec<&str> = content.split('\n').collect();
    all[offset - 1..(offset - 1 + limit).min(all.len())].join("\n")
}

fn call(id: &str, input: Value) -> String {
    json!({"type":"assistant","isSidechain":false,"timestamp":"2026-12-07T03:00:00.000Z",
        "message":{"role":"assistant","content":[{"type":"tool_use","id":id,"name":"Read","input":input}]}})
    .to_string()
}

fn result(id: &str, text: &str) -> String {
    json!({"type":"user","isSidechain":false,"timestamp":"2026-12-07T03:00:01.000Z",
        "message":{"role":"user","content":[{"tool_use_id":id,"type":"tool_result","content":text}]},
        "toolUseResult":{"type":"text"}})
    .to_string()
}

/// A whole read of `content` as call + result lines.
fn read(id: &str, path: &str, content: &str) -> String {
    format!(
        "{}\n{}\n",
        call(id, json!({"file_path": path})),
        result(id, &rendered(content, 1))
    )
}

fn payload(id: &str, input: Value, content: &str, start: u64) -> Value {
    let n = content.split('\n').count();
    json!({"session_id":"s","transcript_path":"/nonexistent","cwd":"/p","permission_mode":"default",
        "hook_event_name":"PostToolUse","tool_name":"Read","tool_input":input,"tool_use_id":id,
        "tool_response":{"type":"text","file":{"filePath":input["file_path"],"content":content,
        "numLines":n,"startLine":start,"totalLines":61}}})
}

fn whole(id: &str, content: &str) -> Value {
    payload(id, json!({"file_path": A}), content, 1)
}

/// The answer once the transcript holds the current call's own entry (as Claude has written it
/// by the time the hook runs, unless it lags: [`a_transcript_that_lags_proves_nothing`]).
fn answer_on(transcript: &str, p: &Value) -> Answer {
    let id = p["tool_use_id"].as_str().unwrap();
    let mut t = transcript.to_string();
    if !t.contains(&format!("\"id\":\"{id}\"")) {
        if !t.is_empty() && !t.ends_with('\n') {
            t.push('\n');
        }
        t += &call(id, p["tool_input"].clone());
        t.push('\n');
    }
    answer_without_call(&t, p)
}

fn answer_without_call(transcript: &str, p: &Value) -> Answer {
    let path = p["tool_input"]["file_path"].as_str().unwrap();
    answer_with(p, &scan(transcript.as_bytes(), path))
}

#[test]
fn a_transcript_that_lags_proves_nothing() {
    let c = file_a();
    let t = read("toolu_1", A, &c);
    // The current call is not written yet: what came just before it may be missing too.
    assert_eq!(
        answer_without_call(&t, &whole("toolu_2", &c)),
        Answer::Silent
    );
    assert!(matches!(
        answer_on(&t, &whole("toolu_2", &c)),
        Answer::Json(_)
    ));
}

fn file_of(a: &Answer) -> Value {
    match a {
        Answer::Json(v) => v["hookSpecificOutput"]["updatedToolOutput"]["file"].clone(),
        Answer::Silent => panic!("silent"),
    }
}

fn context_of(a: &Answer) -> String {
    match a {
        Answer::Json(v) => v["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap_or("")
            .to_string(),
        Answer::Silent => panic!("silent"),
    }
}

#[test]
fn numbered_rendering_parses_only_whole_and_consecutive() {
    assert_eq!(
        parse_numbered("5\ta\n6\t\tb\n7\t"),
        Some((5, vec!["a".into(), "\tb".into(), "".into()]))
    );
    assert_eq!(
        parse_numbered("     1→old\n     2→style"),
        Some((1, vec!["old".into(), "style".into()]))
    );
    assert_eq!(
        parse_numbered("1\ta\n\n<system-reminder>x</system-reminder>"),
        Some((1, vec!["a".into()]))
    );
    // rtk's own note is line 0: never knowledge.
    assert_eq!(parse_numbered("0\t[rtk: lines 1-9 …]"), None);
    assert_eq!(parse_numbered("1\ta\n3\tb"), None);
    assert_eq!(parse_numbered("1\ta\nplain text"), None);
    assert_eq!(parse_numbered("The file was updated."), None);
    assert_eq!(parse_numbered(""), None);
}

#[test]
fn an_unchanged_whole_reread_becomes_a_note_numbered_zero() {
    let c = file_a();
    let t = read("toolu_1", A, &c) + &call("toolu_2", json!({"file_path": A}));
    let a = answer_on(&t, &whole("toolu_2", &c));
    let f = file_of(&a);
    assert_eq!(f["startLine"], 0);
    assert_eq!(f["numLines"], 1);
    let note = f["content"].as_str().unwrap();
    assert!(note.contains("lines 1-61 of /p/a.rs"), "{note}");
    assert!(note.contains("toolu_1"), "{note}");
    assert!(note.contains("2026-12-07T03:00:01.000Z"), "{note}");
    // Every other field of the response is kept.
    assert_eq!(f["filePath"], A);
    assert_eq!(f["totalLines"], 61);
}

#[test]
fn a_sub_range_of_an_earlier_whole_read_becomes_a_note() {
    let c = file_a();
    let sub = range(&c, 10, 20);
    let t = read("toolu_1", A, &c);
    let p = payload(
        "toolu_2",
        json!({"file_path": A, "offset": 10, "limit": 20}),
        &sub,
        10,
    );
    let note = file_of(&answer_on(&t, &p))["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(note.contains("lines 10-29"), "{note}");
}

#[test]
fn a_partial_overlap_shows_only_the_unseen_lines_with_their_numbers() {
    let c = file_a();
    // The model saw lines 1-30; now it reads the whole file.
    let first = range(&c, 1, 30);
    let t = format!(
        "{}\n{}\n",
        call("toolu_1", json!({"file_path": A, "limit": 30})),
        result("toolu_1", &rendered(&first, 1))
    );
    let a = answer_on(&t, &whole("toolu_2", &c));
    let f = file_of(&a);
    assert_eq!(f["startLine"], 31);
    assert_eq!(f["numLines"], 31);
    let shown = f["content"].as_str().unwrap();
    // Rendered from line 31 the block is exactly the original's lines 31-61.
    let orig = rendered(&c, 1);
    let tail: Vec<&str> = orig.split('\n').skip(30).collect();
    assert_eq!(rendered(shown, 31), tail.join("\n"));
    let ctx = context_of(&a);
    assert!(ctx.contains("shows only lines 31-61"), "{ctx}");
    assert!(ctx.contains("lines 1-30 are unchanged"), "{ctx}");
}

#[test]
fn an_edited_line_in_the_middle_is_shown_alone() {
    let c = file_a();
    let t = read("toolu_1", A, &c);
    let edited = c.replace("value_33 =", "renamed_33 =");
    let a = answer_on(&t, &whole("toolu_2", &edited));
    let f = file_of(&a);
    assert_eq!(f["startLine"], 33);
    assert_eq!(f["content"], "    let renamed_33 = compute_something(33);");
    let ctx = context_of(&a);
    assert!(ctx.contains("lines 1-32 and 34-61"), "{ctx}");
}

#[test]
fn two_separate_changes_go_through_unchanged() {
    let c = file_a();
    let t = read("toolu_1", A, &c);
    let edited = c
        .replace("value_3 =", "x_3 =")
        .replace("value_50 =", "x_50 =");
    assert_eq!(answer_on(&t, &whole("toolu_2", &edited)), Answer::Silent);
}

#[test]
fn the_newest_text_of_a_line_is_what_counts() {
    let c = file_a();
    let edited = c.replace("value_33 =", "renamed_33 =");
    // Seen: the original, then the edited file. Now the original again: line 33 differs from
    // what the model saw last, so it is shown.
    let t = read("toolu_1", A, &c) + &read("toolu_2", A, &edited);
    let a = answer_on(&t, &whole("toolu_3", &c));
    let f = file_of(&a);
    assert_eq!(f["startLine"], 33);
    assert!(context_of(&a).contains("toolu_2"));
}

#[test]
fn the_same_read_asked_again_right_after_gets_the_full_text() {
    let c = file_a();
    let note = file_of(&answer_on(&read("toolu_1", A, &c), &whole("toolu_2", &c)))["content"]
        .as_str()
        .unwrap()
        .to_string();
    let t = read("toolu_1", A, &c)
        + &call("toolu_2", json!({"file_path": A}))
        + "\n"
        + &result("toolu_2", &format!("0\t{note}"))
        + "\n"
        + &call("toolu_3", json!({"file_path": A}));
    assert_eq!(answer_on(&t, &whole("toolu_3", &c)), Answer::Silent);
    // Likewise after a partial answer (its additionalContext marks the call).
    let first = range(&c, 1, 30);
    let partial = format!(
        "{}\n{}\n",
        call("toolu_1", json!({"file_path": A, "limit": 30})),
        result("toolu_1", &rendered(&first, 1))
    ) + &call("toolu_2", json!({"file_path": A}))
        + "\n"
        + &result("toolu_2", &rendered(&range(&c, 31, 31), 31))
        + "\n"
        + &json!({"type":"attachment","attachment":{"type":"hook_additional_context","toolUseID":"toolu_2",
            "content":[context_of(&answer_on(&format!("{}\n{}\n", call("toolu_1", json!({"file_path": A, "limit": 30})), result("toolu_1", &rendered(&first, 1))), &whole("toolu_2", &c)))]}}).to_string()
        + "\n";
    assert_eq!(answer_on(&partial, &whole("toolu_3", &c)), Answer::Silent);
    // Without rtk's mark (the model read it twice itself), the second read is shortened.
    let plain = partial.replace("hook_additional_context", "other_attachment");
    assert!(matches!(
        answer_on(&plain, &whole("toolu_3", &c)),
        Answer::Json(_)
    ));
    // Another call in between: shortened again.
    let t2 = t.replace("toolu_3", "toolu_9")
        + "\n"
        + &json!({"type":"assistant","message":{"content":[{"type":"tool_use","id":"toolu_4","name":"Bash","input":{"command":"ls"}}]}}).to_string()
        + "\n";
    assert!(matches!(
        answer_on(&t2, &whole("toolu_5", &c)),
        Answer::Json(_)
    ));
}

#[test]
fn nothing_before_a_horizon_counts() {
    let c = file_a();
    let horizons = [
        json!({"type":"system","subtype":"compact_boundary","content":"Conversation compacted"}),
        json!({"type":"system","subtype":"microcompact_boundary"}),
        json!({"type":"attachment","attachment":{"type":"tool_results_cut","callIds":["toolu_x"],"standIn":"[Old tool result content cleared]"}}),
        json!({"type":"user","isCompactSummary":true,"message":{"role":"user","content":"summary"}}),
        json!({"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_x","content":"[Old tool result content cleared]"}]}}),
        json!({"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_x","content":"<persisted-output>\nOutput too large"}]}}),
        // A boundary in a shape the typed pass does not read (a numeric timestamp).
        json!({"type":"system","subtype":"compact_boundary","timestamp":17}),
    ];
    for h in horizons {
        let t = read("toolu_1", A, &c) + &h.to_string() + "\n";
        assert_eq!(answer_on(&t, &whole("toolu_2", &c)), Answer::Silent, "{h}");
        // A read after the horizon counts again.
        let t = t + &read("toolu_3", A, &c);
        assert!(
            matches!(answer_on(&t, &whole("toolu_4", &c)), Answer::Json(_)),
            "{h}"
        );
    }
}

#[test]
fn unprovable_reads_go_through() {
    let c = file_a();
    // A result with no Read call after the horizon (the call is unknown).
    let t = result("toolu_1", &rendered(&c, 1)) + "\n";
    assert_eq!(answer_on(&t, &whole("toolu_2", &c)), Answer::Silent);
    // Another file.
    let t = read("toolu_1", "/p/b.rs", &c);
    assert_eq!(answer_on(&t, &whole("toolu_2", &c)), Answer::Silent);
    // A subagent's (sidechain) read.
    let t = read("toolu_1", A, &c).replace("\"isSidechain\":false", "\"isSidechain\":true");
    assert_eq!(answer_on(&t, &whole("toolu_2", &c)), Answer::Silent);
    // The request records Claude writes carry the same blocks: never knowledge by themselves.
    let blob = json!({"type":"api-request-blob","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":rendered(&c, 1)}]}});
    let t = call("toolu_1", json!({"file_path": A})) + "\n" + &blob.to_string() + "\n";
    assert_eq!(answer_on(&t, &whole("toolu_2", &c)), Answer::Silent);
    // A subagent's call of its own.
    let t = read("toolu_1", A, &c);
    let mut p = whole("toolu_2", &c);
    p["agent_id"] = json!("a1");
    assert_eq!(answer_on(&t, &p), Answer::Silent);
    // A small file: the note would not save enough.
    let small = "fn main() {}\n";
    let t = read("toolu_1", A, small);
    assert_eq!(answer_on(&t, &whole("toolu_2", small)), Answer::Silent);
    // A truncated line (Claude shortens very long lines): not the same text.
    let t = read("toolu_1", A, &c.replace("value_7 ", "value_7… "));
    assert!(context_of(&answer_on(&t, &whole("toolu_2", &c))).contains("shows only lines 7-7"));
    // numLines that does not match the content, or an image read.
    let mut p = whole("toolu_2", &c);
    p["tool_response"]["file"]["numLines"] = json!(3);
    assert_eq!(answer_on(&read("toolu_1", A, &c), &p), Answer::Silent);
    let mut p = whole("toolu_2", &c);
    p["tool_response"]["type"] = json!("image");
    assert_eq!(answer_on(&read("toolu_1", A, &c), &p), Answer::Silent);
}

#[test]
fn other_events_and_tools_are_left_alone() {
    let c = file_a();
    let t = read("toolu_1", A, &c);
    let mut p = whole("toolu_2", &c);
    p["tool_name"] = json!("Bash");
    assert_eq!(answer_on(&t, &p), Answer::Silent);
    let mut p = whole("toolu_2", &c);
    p["hook_event_name"] = json!("PreToolUse");
    assert_eq!(answer_on(&t, &p), Answer::Silent);
}

#[test]
fn the_tail_is_bounded_and_starts_at_a_whole_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, "first line\nsecond\nthird\n").unwrap();
    assert_eq!(
        read_tail_within(&path, 1000).unwrap(),
        b"first line\nsecond\nthird\n"
    );
    // 12 bytes from the end start inside "second": it is dropped whole.
    assert_eq!(read_tail_within(&path, 12).unwrap(), b"third\n");
    assert_eq!(read_tail_within(&path, 13).unwrap(), b"second\nthird\n");
    assert!(read_tail_within(&dir.path().join("missing"), 10).is_none());
}

#[test]
fn through_the_transcript_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let c = file_a();
    let t = read("toolu_1", A, &c) + &call("toolu_2", json!({"file_path": A})) + "\n";
    std::fs::write(&path, t).unwrap();
    let mut p = whole("toolu_2", &c);
    p["transcript_path"] = json!(path.to_str().unwrap());
    assert_eq!(file_of(&answer(&p))["startLine"], 0);
    p["transcript_path"] = json!(dir.path().join("missing").to_str().unwrap());
    assert_eq!(answer(&p), Answer::Silent);
}

#[test]
fn the_hook_waits_for_its_call_to_be_written_then_gives_up() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let c = file_a();
    std::fs::write(&path, read("toolu_1", A, &c)).unwrap();
    let mut p = whole("toolu_2", &c);
    p["transcript_path"] = json!(path.to_str().unwrap());
    // Claude writes the call a moment after the hook started.
    let writer = {
        let path = path.clone();
        let line = call("toolu_2", json!({"file_path": A})) + "\n";
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(40));
            let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
            std::io::Write::write_all(&mut f, line.as_bytes()).unwrap();
        })
    };
    assert_eq!(file_of(&answer(&p))["startLine"], 0);
    writer.join().unwrap();
    // Never written: no answer.
    let mut p = whole("toolu_3", &c);
    p["transcript_path"] = json!(path.to_str().unwrap());
    assert_eq!(answer(&p), Answer::Silent);
}

#[test]
fn a_file_that_talks_about_boundaries_is_no_horizon() {
    // Reading a file whose text names the markers (rtk's own source, say) proves nothing away.
    let c = file_a().replace(
        "value_9 =",
        r#"marker = "{\"type\":\"system\",\"subtype\":\"compact_boundary\"} [Old tool result content cleared]"; let value_9 ="#,
    );
    let t = read("toolu_1", A, &c);
    let f = file_of(&answer_on(&t, &whole("toolu_2", &c)));
    assert_eq!(f["startLine"], 0);
}

#[test]
fn a_file_that_shrank_goes_through() {
    let c = file_a();
    let t = read("toolu_1", A, &c);
    // The last ten lines were deleted: every remaining line is unchanged, but the model must
    // learn the file is shorter.
    let short: String = c.split_inclusive('\n').take(50).collect();
    let mut p = whole("toolu_2", &short);
    p["tool_response"]["file"]["totalLines"] = json!(51);
    assert_eq!(answer_on(&t, &p), Answer::Silent);
    // A range that stops before the end says nothing about the length: shortened.
    let sub = range(&short, 1, 30);
    let mut p = payload("toolu_3", json!({"file_path": A, "limit": 30}), &sub, 1);
    p["tool_response"]["file"]["totalLines"] = json!(51);
    assert!(matches!(answer_on(&t, &p), Answer::Json(_)));
}

#[test]
fn an_entry_that_only_mentions_results_is_never_taken_for_one() {
    // A call whose input holds the word is set aside with the results, unparsed: its call is
    // unknown, so nothing is proven (never the other way round).
    let path = "/p/tool_result.rs";
    let c = file_a();
    let t = read("toolu_1", path, &c);
    let p = payload("toolu_2", json!({"file_path": path}), &c, 1);
    assert_eq!(answer_on(&t, &p), Answer::Silent);
}

/// `message.context_management` of the first reply after a pause, as Claude Code 2.1.332 wrote
/// it when the API (the model server emulating context editing) cleared 20 tool results
/// (captured by `bench/session/clear_session.py --keep DIR`, `server` mode, entry
/// `msg_rparity1`).
const API_CLEARED: &str = r#"{"applied_edits":[{"type":"clear_tool_uses_20250919","cleared_tool_uses":20,"cleared_input_tokens":65480}],"client_sent_trigger_tool_uses":29,"client_sent_keep_tool_uses":12,"client_estimated_cleared_input_tokens":7,"client_estimate_measured_from_prompts":true,"client_least_image_tokens_among_cleared":0}"#;

/// Call `id` (a Read of `path`) in a reply carrying the API's context-editing report `cm`.
fn reply_with(id: &str, path: &str, cm: &Value) -> String {
    json!({"type":"assistant","isSidechain":false,"timestamp":"2026-12-07T05:00:00.000Z",
        "message":{"id":"msg_rparity1","role":"assistant","content":[{"type":"tool_use","id":id,"name":"Read","input":{"file_path":path}}],
        "stop_reason":"tool_use","context_management":cm},"apiBlockIndex":0})
    .to_string()
        + "\n"
}

/// `n` Reads of another file after a whole read of `A` (`toolu_1`).
fn read_then_others(n: usize) -> String {
    let c = file_a();
    let mut t = read("toolu_1", A, &c);
    for i in 0..n {
        t += &read(&format!("toolu_b{i}"), "/p/b.rs", "fn b() {}\n");
    }
    t
}

#[test]
fn the_apis_clearing_keeps_only_the_calls_it_names() {
    let c = file_a();
    let cm: Value = serde_json::from_str(API_CLEARED).unwrap();
    // The reply holding the current call says the API kept the 12 newest calls before it: a
    // read 13 calls back was cleared, 12 calls back was kept.
    let t = read_then_others(12) + &reply_with("toolu_cur", A, &cm);
    assert_eq!(answer_on(&t, &whole("toolu_cur", &c)), Answer::Silent);
    let t = read_then_others(11) + &reply_with("toolu_cur", A, &cm);
    let Answer::Json(v) = answer_on(&t, &whole("toolu_cur", &c)) else {
        panic!("a read the API kept counts")
    };
    assert!(v.to_string().contains("your Read toolu_1 "), "{v}");
    // An older reply's clearing counts the calls since it too: a read after it is kept, the
    // newer reply keeping one call more (as Claude sends it, the same results stay cleared).
    let mut newer = cm.clone();
    newer["client_sent_keep_tool_uses"] = json!(13);
    let t = read_then_others(12)
        + &reply_with("toolu_r2", A, &cm)
        + &result("toolu_r2", &rendered(&c, 1))
        + "\n"
        + &reply_with("toolu_cur", A, &newer);
    let Answer::Json(v) = answer_on(&t, &whole("toolu_cur", &c)) else {
        panic!("the read after the clearing counts")
    };
    assert!(v.to_string().contains("your Read toolu_r2 "), "{v}");
    assert!(!v.to_string().contains("toolu_1"), "{v}");
    // No `keep` recorded: nothing before the reply counts.
    let mut no_keep = cm.clone();
    no_keep
        .as_object_mut()
        .unwrap()
        .remove("client_sent_keep_tool_uses");
    let t = read_then_others(0) + &reply_with("toolu_cur", A, &no_keep);
    assert_eq!(answer_on(&t, &whole("toolu_cur", &c)), Answer::Silent);
    // An edit that cleared nothing is no clearing.
    let mut none = cm.clone();
    none["applied_edits"][0]["cleared_tool_uses"] = json!(0);
    let t = read_then_others(12) + &reply_with("toolu_cur", A, &none);
    assert!(matches!(
        answer_on(&t, &whole("toolu_cur", &c)),
        Answer::Json(_)
    ));
}

#[test]
fn lines_back_are_rsplit_s_lines() {
    for text in [
        "",
        "\n",
        "a",
        "a\n",
        "\na",
        "a\nb",
        "a\n\nb\n",
        "\n\n",
        "ab\ncd\n\n",
    ] {
        let want: Vec<&[u8]> = text.as_bytes().rsplit(|&b| b == b'\n').collect();
        let got: Vec<&[u8]> = lines_back(text.as_bytes()).collect();
        assert_eq!(got, want, "{text:?}");
    }
}
