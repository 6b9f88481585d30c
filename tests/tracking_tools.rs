//! Issue 37 item 4: a Read result the PostToolUse hook shortened is appended to the savings
//! ledger (never the database), and `rtk gain` imports it and reports it per tool, in text,
//! json and csv.

use std::path::{Path, PathBuf};

use rtk::tokens::estimate_tokens;
use serde_json::{json, Value};

use crate::common::TestEnv;

const FILE: &str = "/p/src/lib.rs";

/// A transcript where `toolu_1` read FILE whole and `toolu_2` (the current call) reads it
/// again; the text and its numbered rendering as Claude gave it.
fn session(t: &TestEnv) -> (PathBuf, String, String) {
    let content: String = (1..=40)
        .map(|i| format!("pub fn item_{i}() -> u32 {{ {i} }}\n"))
        .collect();
    let rendered: Vec<String> = content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", i + 1))
        .collect();
    let rendered = rendered.join("\n");
    let call = |id: &str| {
        json!({"type":"assistant","isSidechain":false,"message":{"role":"assistant",
            "content":[{"type":"tool_use","id":id,"name":"Read","input":{"file_path":FILE}}]}})
        .to_string()
    };
    let result = json!({"type":"user","isSidechain":false,"timestamp":"2026-12-07T03:00:01.000Z",
        "message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":rendered}]}})
    .to_string();
    let transcript = format!("{}\n{result}\n{}\n", call("toolu_1"), call("toolu_2"));
    let path = t.write("home/.claude/projects/p/s.jsonl", &transcript);
    (path, content, rendered)
}

fn payload(transcript: &Path, content: &str) -> String {
    json!({"hook_event_name":"PostToolUse","tool_name":"Read","tool_use_id":"toolu_2",
        "session_id":"sess-1","transcript_path":transcript.to_str().unwrap(),"cwd":"/p",
        "permission_mode":"default","tool_input":{"file_path":FILE},
        "tool_response":{"type":"text","file":{"filePath":FILE,"content":content,
            "numLines":41,"startLine":1,"totalLines":41}}})
    .to_string()
}

fn hook(t: &TestEnv, stdin: String, vars: &[(&str, &str)]) -> String {
    let out = t
        .rtk()
        .args(["hook", "claude"])
        .envs(vars.iter().copied())
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

fn gain(t: &TestEnv, args: &[&str]) -> String {
    let out = t.rtk().arg("gain").args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn data(t: &TestEnv) -> PathBuf {
    t.root.path().join("xdg-data/rtk")
}

#[test]
fn a_shortened_re_read_shows_in_gain_as_a_read_row() {
    let t = TestEnv::new();
    let (transcript, content, rendered) = session(&t);
    let out = hook(&t, payload(&transcript, &content), &[]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let note = v["hookSpecificOutput"]["updatedToolOutput"]["file"]["content"]
        .as_str()
        .unwrap();
    // The hook wrote a ledger line and never the database.
    assert!(data(&t).join("history.db-tools.jsonl").is_file());
    assert!(!data(&t).join("history.db").exists());
    // The same call answered twice (a retried hook) counts once.
    hook(&t, payload(&transcript, &content), &[]);

    let before = estimate_tokens(&rendered);
    let after = estimate_tokens(&format!("0\t{note}"));
    assert!(before > after * 3, "{before} {after}");
    let j: Value = serde_json::from_str(&gain(&t, &["--format", "json"])).unwrap();
    assert_eq!(
        j["tools"],
        json!([{"tool":"Read","results":1,"tokens_before":before,"tokens_after":after,
            "saved_tokens":before - after,
            "saved_pct": j["tools"][0]["saved_pct"].clone()}])
    );
    let pct = j["tools"][0]["saved_pct"].as_f64().unwrap();
    // One decimal, as every percentage of the report.
    assert!((pct - (before - after) as f64 * 100.0 / before as f64).abs() <= 0.05);
    // Imported: the ledger is gone, the row stays.
    assert!(!data(&t).join("history.db-tools.jsonl").exists());
    assert_eq!(j["summary"]["runs"], 0);

    let text = gain(&t, &[]);
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("Read "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(row.contains(&(before - after).to_string()), "{row}");
    let csv = gain(&t, &["--format", "csv"]);
    assert!(
        csv.lines()
            .any(|l| l.starts_with(&format!("hook:Read,1,{before},{after},{},", before - after))),
        "{csv}"
    );
    // --project scopes the rows like the runs'.
    let other: Value =
        serde_json::from_str(&gain(&t, &["--format", "json", "--project", "/q"])).unwrap();
    assert_eq!(other["tools"], json!([]));
}

#[test]
fn nothing_is_written_without_tracking_or_without_a_shortened_result() {
    let t = TestEnv::new();
    let (transcript, content, _) = session(&t);
    let out = hook(
        &t,
        payload(&transcript, &content),
        &[("RTK_NO_TRACKING", "1")],
    );
    assert!(out.contains("updatedToolOutput"), "{out}");
    // A first read (no earlier one in the transcript): answered with silence, nothing kept.
    let first = t.write(
        "home/.claude/projects/p/f.jsonl",
        &(json!({"type":"assistant","isSidechain":false,"message":{"role":"assistant",
            "content":[{"type":"tool_use","id":"toolu_2","name":"Read","input":{"file_path":FILE}}]}})
        .to_string()
            + "\n"),
    );
    assert_eq!(hook(&t, payload(&first, &content), &[]), "");
    assert!(!data(&t).join("history.db-tools.jsonl").exists());
    let j: Value = serde_json::from_str(&gain(&t, &["--format", "json"])).unwrap();
    assert_eq!(j["tools"], json!([]));
}

/// Issue 37 item 2: an MCP result Claude Code 2.1.332 really sent (tests/fixtures/mcp/),
/// answered minified through `rtk hook claude`, is one `MCP` row in `rtk gain`; the text the
/// model gets holds the same values.
#[test]
fn a_minified_mcp_result_shows_in_gain_as_an_mcp_row() {
    let t = TestEnv::new();
    let payload = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/mcp/claude-2.1.332-post-tool-use.json"),
    )
    .unwrap();
    let p: Value = serde_json::from_str(&payload).unwrap();
    let out = hook(&t, payload.clone(), &[]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let blocks = v["hookSpecificOutput"]["updatedMCPToolOutput"]
        .as_array()
        .unwrap_or_else(|| panic!("{out}"));
    let (raw, min) = (
        p["tool_response"][0]["text"].as_str().unwrap(),
        blocks[0]["text"].as_str().unwrap(),
    );
    let parsed =
        |s: &str| serde_json::to_string(&serde_json::from_str::<Value>(s).unwrap()).unwrap();
    assert_eq!(parsed(raw), parsed(min));
    assert_eq!(blocks[1], p["tool_response"][1]);
    hook(&t, payload, &[]); // a retried hook counts once

    let j: Value = serde_json::from_str(&gain(&t, &["--format", "json"])).unwrap();
    let row = &j["tools"][0];
    assert_eq!(j["tools"].as_array().unwrap().len(), 1, "{j}");
    assert_eq!(row["tool"], "MCP");
    assert_eq!(row["results"], 1);
    let before = row["tokens_before"].as_u64().unwrap();
    let after = row["tokens_after"].as_u64().unwrap();
    assert!(after < before, "{row}");
    assert_eq!(row["saved_tokens"].as_u64().unwrap(), before - after);
    assert!(gain(&t, &[])
        .lines()
        .any(|l| l.trim_start().starts_with("MCP ")));
}
