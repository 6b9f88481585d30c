//! The MCP PostToolUse answer on the payload Claude Code 2.1.332 really sent
//! (tests/fixtures/mcp/, captured as its README says) and on variations of its shape.

use serde_json::{json, Value};

use super::*;

/// The answer with no other PostToolUse hook configured.
fn answer_alone(p: &Value) -> Answer {
    answer(p, &Siblings::default())
}

fn captured() -> Value {
    let text = include_str!("../../../tests/fixtures/mcp/claude-2.1.332-post-tool-use.json");
    serde_json::from_str(text).unwrap()
}

fn with_response(response: Value) -> Value {
    let mut p = captured();
    p["tool_response"] = response;
    p
}

fn replaced(a: &Answer) -> &Value {
    let Answer::Json(v) = a else {
        panic!("expected an answer, got {a:?}")
    };
    assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    &v["hookSpecificOutput"]["updatedMCPToolOutput"]
}

/// Every value, in order, of two JSON texts (serde_json keeps key order here).
fn same_values(a: &str, b: &str) -> bool {
    let pa: Value = serde_json::from_str(a).unwrap();
    let pb: Value = serde_json::from_str(b).unwrap();
    serde_json::to_string(&pa).unwrap() == serde_json::to_string(&pb).unwrap()
}

#[test]
fn captured_json_block_is_minified_and_the_prose_block_kept() {
    let p = captured();
    let before = p["tool_response"].as_array().unwrap();
    let out = replaced(&answer_alone(&p)).as_array().unwrap().clone();
    assert_eq!(out.len(), 2);
    assert_eq!(out[1], before[1], "the non-JSON block is unchanged");
    let (raw, min) = (
        before[0]["text"].as_str().unwrap(),
        out[0]["text"].as_str().unwrap(),
    );
    // Indentation and line breaks are a third of these bytes.
    assert!(
        min.len() * 3 < raw.len() * 2,
        "{} -> {}",
        raw.len(),
        min.len()
    );
    assert!(same_values(raw, min));
    // Number text, escapes and string whitespace exactly as the server wrote them.
    for kept in [
        r#""price":1.50"#,
        r#""limit":1e3"#,
        r#""serial":12345678901234567890"#,
        r#""name":"record-001 \u00e9t\u00e9 \"quoted\"""#,
        r#""path":"src/mod_1/file name 1.rs""#,
        r#"["a b","tab\there"]"#,
        r#""owner":{"zeta":"user 1","alpha":null"#,
    ] {
        assert!(min.contains(kept), "{kept} missing from {}", &min[..300]);
    }
    assert!(!min.contains('\n'));
}

#[test]
fn a_string_response_is_answered_as_a_string() {
    let p = with_response(json!("{\n  \"items\": [\n    1,\n    2,\n    3,\n    4\n  ],\n  \"next\": null,\n  \"total\": 4,\n  \"more\": {\n    \"a\": true\n  }\n}"));
    assert_eq!(
        replaced(&answer_alone(&p)),
        &json!(r#"{"items":[1,2,3,4],"next":null,"total":4,"more":{"a":true}}"#)
    );
}

#[test]
fn other_blocks_and_keys_go_through_as_they_came() {
    let pretty =
        serde_json::to_string_pretty(&json!({"rows": (1..40).collect::<Vec<_>>()})).unwrap();
    let image = json!({"type":"image","data":"aGk=","mimeType":"image/png"});
    let p = with_response(json!([
        image,
        {"type":"text","text":pretty,"annotations":{"audience":["assistant"]}},
        {"type":"text","text":"plain words"}
    ]));
    let a = answer_alone(&p);
    let out = replaced(&a);
    assert_eq!(out[0], image);
    assert_eq!(out[1]["annotations"], json!({"audience":["assistant"]}));
    assert!(same_values(&pretty, out[1]["text"].as_str().unwrap()));
    assert_eq!(out[2], json!({"type":"text","text":"plain words"}));
}

#[test]
fn nothing_to_gain_or_an_unknown_shape_is_silence() {
    for response in [
        json!([{"type":"text","text":"The project has   forty records.\n  Indented."}]),
        json!([{"type":"text","text":"{\"already\":\"minified\",\"n\":[1,2,3]}"}]),
        json!([{"type":"text","text":"{ \"small\": 1 }"}]),
        json!([{"type":"text","text":"{\n  \"broken\": [1,\n"}]),
        json!([{"type":"text","text":"NaN"}]),
        json!({"content":[{"type":"text","text":"{\n  \"a\": [\n    1\n  ]\n}"}]}),
        json!(["{\n  \"a\": 1\n}"]),
        json!([{"text":"{\n  \"a\": 1\n}"}]),
        json!(null),
    ] {
        assert_eq!(
            answer_alone(&with_response(response.clone())),
            Answer::Silent,
            "{response}"
        );
    }
    let mut no_response = captured();
    no_response.as_object_mut().unwrap().remove("tool_response");
    assert_eq!(answer_alone(&no_response), Answer::Silent);
}

#[test]
fn only_mcp_tools_after_their_use_are_touched() {
    let mut read = captured();
    read["tool_name"] = json!("Read");
    assert!(!is_mcp(&read));
    assert_eq!(answer_alone(&read), Answer::Silent);
    let mut pre = captured();
    pre["hook_event_name"] = json!("PreToolUse");
    assert!(!is_mcp(&pre));
    assert_eq!(answer_alone(&pre), Answer::Silent);
}

#[test]
fn the_saving_is_one_mcp_ledger_line() {
    let p = captured();
    let a = answer_alone(&p);
    let s = saving(&p, &a, 1_800_000_000).unwrap();
    assert_eq!(s.tool, LEDGER_TOOL);
    assert_eq!(s.tool_use_id, p["tool_use_id"].as_str().unwrap());
    assert_eq!(s.session, p["session_id"].as_str().unwrap());
    assert!(s.after_tokens * 10 < s.before_tokens * 9, "{s:?}");
    assert_eq!(saving(&p, &Answer::Silent, 0), None);
}

#[test]
fn codex_s_result_shape_is_not_answered() {
    // Codex 0.171.0 sends the call result object and rejects a replacement (§4b).
    let text = include_str!("../../../tests/fixtures/mcp/codex-0.171.0-post-tool-use.json");
    let p: Value = serde_json::from_str(text).unwrap();
    assert!(is_mcp(&p));
    assert!(p["tool_response"]["content"].is_array());
    assert_eq!(answer_alone(&p), Answer::Silent);
}

#[test]
fn a_result_claude_saves_to_a_file_is_left_alone() {
    // Pretty JSON of `n` short rows: 50 characters a row.
    let rows = |n: usize| {
        let doc =
            json!({"rows": (0..n).map(|k| json!({"id": k, "v": "abcdefgh"})).collect::<Vec<_>>()});
        serde_json::to_string_pretty(&doc).unwrap()
    };
    let small = rows(900);
    assert!(small.len() < PERSIST_LIMIT, "{}", small.len());
    assert!(matches!(
        answer_alone(&with_response(json!([{"type":"text","text":small}]))),
        Answer::Json(_)
    ));
    let big = rows(1100);
    assert!(big.len() > PERSIST_LIMIT, "{}", big.len());
    assert_eq!(
        answer_alone(&with_response(json!([{"type":"text","text":big}]))),
        Answer::Silent
    );
    assert_eq!(answer_alone(&with_response(json!(big))), Answer::Silent);
}

#[test]
fn another_hook_that_may_rewrite_the_result_makes_rtk_step_aside() {
    let p = captured(); // mcp__fx__mixed
    let ours = json!({"type":"command","command":"rtk hook claude"});
    let theirs = json!({"type":"command","command":"./redact-secrets.sh"});
    let with = |groups: Value| {
        let mut s = Siblings::default();
        s.add(&json!({"hooks": {"PostToolUse": groups}}));
        answer(&p, &s)
    };
    // Only rtk's own entry, or other hooks for other tools: answered.
    assert!(matches!(
        with(json!([{"matcher":"Read|mcp__.*","hooks":[ours.clone()]}])),
        Answer::Json(_)
    ));
    assert!(matches!(
        with(
            json!([{"matcher":"Bash","hooks":[theirs.clone()]},{"matcher":"Edit|Write","hooks":[theirs.clone()]},
                    {"matcher":"mcp__github__.*","hooks":[theirs.clone()]}])
        ),
        Answer::Json(_)
    ));
    // A hook that may run for this tool: silence.
    for matcher in [
        json!(null),
        json!(""),
        json!("*"),
        json!("mcp__fx__mixed"),
        json!("mcp__.*"),
        json!("mcp"),
        json!("Read|mcp__fx__.*"),
        json!("(unclosed"),
    ] {
        let mut group = json!({"hooks":[ours.clone(), theirs.clone()]});
        if !matcher.is_null() {
            group["matcher"] = matcher.clone();
        }
        assert_eq!(with(json!([group])), Answer::Silent, "{matcher}");
    }
    // A `PostToolUse` that is not a list: rtk cannot tell, so it steps aside.
    assert_eq!(with(json!({"oops": 1})), Answer::Silent);
    // Other events' hooks do not count.
    let mut s = Siblings::default();
    s.add(&json!({"hooks": {"PreToolUse": [{"hooks":[theirs]}]}}));
    assert!(matches!(answer(&p, &s), Answer::Json(_)));
}

#[test]
fn rtk_by_any_path_is_rtk() {
    for c in [
        "rtk hook claude",
        "/usr/local/bin/rtk hook claude",
        "\"/opt/rtk\" hook claude",
    ] {
        assert!(is_rtk_hook(&json!({"command": c})), "{c}");
    }
    // A path with a space is not split the way the shell would: counted as another hook
    // (rtk steps aside, the safe side).
    for c in [
        "rtk hook codex",
        "my-rtk hook claude",
        "rtk hook claude && ./redact.sh",
        "\"/opt/my tools/rtk\" hook claude",
        "",
    ] {
        assert!(!is_rtk_hook(&json!({"command": c})), "{c}");
    }
}
