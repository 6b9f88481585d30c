//! `rtk discover` over fake Claude Code transcripts: as a process (counts that do not depend
//! on the rewrite engine) and through the library with an injected fake rewriter.

use serde_json::{json, Value};

use crate::common::TestEnv;

fn tool_use(id: &str, cmd: &str) -> String {
    json!({"type": "assistant", "cwd": "/w", "message": {"role": "assistant", "content": [
        {"type": "tool_use", "id": id, "name": "Bash", "input": {"command": cmd}}]}})
    .to_string()
}

fn tool_result(id: &str, text: &str) -> String {
    json!({"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": id, "content": text}]}})
    .to_string()
}

/// Two sessions, one resumed (repeats a call), with junk lines.
fn write_transcripts(t: &TestEnv) {
    let big = "M src/lib.rs\n".repeat(200);
    let s1 = [
        tool_use("a", "git status"),
        tool_result("a", &big),
        "{broken json".to_string(),
        tool_use("b", "rtk cargo test"),
        tool_result("b", "ok"),
        tool_use("c", "echo hi"),
        tool_result("c", "hi"),
    ]
    .join("\n");
    let s2 = [
        tool_use("a", "git status"),
        "not json either".into(),
        tool_use("d", "cargo test"),
    ]
    .join("\n");
    t.write("home/.claude/projects/-w/s1.jsonl", &s1);
    t.write("home/.claude/projects/-w/sub/s2.jsonl", &s2);
    t.write("home/.claude/projects/-w/readme.txt", "ignored");
}

#[test]
fn discover_counts_calls_and_skipped_lines() {
    let t = TestEnv::new();
    write_transcripts(&t);
    let out = t
        .rtk()
        .args(["discover", "--format", "json", "--limit", "100"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["files"], 2);
    assert_eq!(j["lines"], 10);
    assert_eq!(j["skipped_lines"], 2);
    assert_eq!(j["bash_calls"], 4, "the resumed call counts once");
    assert_eq!(j["already_rtk"], 1);
    // Every call is accounted for exactly once, whatever the rewrite engine decides.
    let unhandled: u64 = j["unhandled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["calls"].as_u64().unwrap())
        .sum();
    assert_eq!(j["rewritable_calls"].as_u64().unwrap() + 1 + unhandled, 4);
    let fam_saved: u64 = j["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["est_saved_tokens"].as_u64().unwrap())
        .sum();
    assert_eq!(j["est_saved_tokens"].as_u64().unwrap(), fam_saved);

    let text = t.rtk().arg("discover").output().unwrap();
    assert_eq!(text.status.code(), Some(0));
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(s.contains("skipped (not JSON) 2"), "{s}");
}

#[test]
fn discover_without_transcripts_says_where_it_looked() {
    let t = TestEnv::new();
    let out = t.rtk().arg("discover").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(".claude/projects"), "{err}");
    assert!(err.contains("--dir"), "{err}");
}

#[test]
fn discover_library_with_fake_rewriter() {
    use rtk::discover::{estimate, transcript};
    let t = TestEnv::new();
    write_transcripts(&t);
    let files = transcript::transcript_files(&t.home().join(".claude/projects"));
    let scan = transcript::scan_files(&files);
    let fake = |line: &str| {
        (line.starts_with("git ") || line.starts_with("cargo ")).then(|| format!("rtk {line}"))
    };
    let r = estimate::analyze(&scan, &fake, &[], 10);
    assert_eq!((r.bash_calls, r.already_rtk, r.rewritable_calls), (4, 1, 2));
    let fams: Vec<(&str, u64)> = r
        .families
        .iter()
        .map(|f| (f.family.as_str(), f.calls))
        .collect();
    assert_eq!(fams, [("git status", 1), ("cargo test", 1)]);
    let status = &r.families[0];
    let out_tokens = rtk::tracking::estimate_tokens(&"M src/lib.rs\n".repeat(200));
    assert_eq!(status.output_tokens, out_tokens);
    assert_eq!(
        status.est_saved_tokens,
        (out_tokens as f64 * status.ratio).round() as u64
    );
    assert_eq!(
        r.families[1].output_tokens, 0,
        "no result recorded for the cargo call"
    );
    assert_eq!(r.unhandled.len(), 1);
    assert_eq!(r.unhandled[0].family, "echo");
}
