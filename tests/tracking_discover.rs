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

/// A Read session in Claude Code's shape: `(call line, result line, payload)` for a whole read
/// of `content` at `path` (the payload as Claude sends it to the PostToolUse hook).
fn read(id: &str, path: &str, content: &str, ts: &str) -> (String, String, Value) {
    let n = content.split('\n').count();
    let input = json!({"file_path": path});
    let file = json!({"filePath": path, "content": content, "numLines": n, "startLine": 1,
        "totalLines": n});
    let rendered: Vec<String> = content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", i + 1))
        .collect();
    let call = json!({"type": "assistant", "isSidechain": false, "timestamp": ts, "cwd": "/w",
        "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": id, "name": "Read", "input": input}]}});
    let result = json!({"type": "user", "isSidechain": false, "timestamp": ts, "cwd": "/w",
        "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": id, "content": rendered.join("\n")}]},
        "toolUseResult": {"type": "text", "file": file}});
    let payload = json!({"session_id": "s", "cwd": "/w", "hook_event_name": "PostToolUse",
        "tool_name": "Read", "tool_input": input, "tool_use_id": id,
        "tool_response": {"type": "text", "file": file}});
    (call.to_string(), result.to_string(), payload)
}

#[test]
fn discover_counts_the_reads_the_read_hook_would_shorten() {
    let t = TestEnv::new();
    let content: String = (1..=60)
        .map(|i| format!("    let value_{i} = compute_something({i}, \"argument\");\n"))
        .collect();
    let (c1, r1, _) = read("r1", "/w/a.rs", &content, "2026-12-07T03:00:00.000Z");
    let (c2, r2, p2) = read("r2", "/w/a.rs", &content, "2026-12-07T03:01:00.000Z");
    let (c3, r3, _) = read("r3", "/w/a.rs", &content, "2026-12-07T03:03:00.000Z");
    let boundary = json!({"type": "system", "subtype": "compact_boundary", "isSidechain": false,
        "content": "Conversation compacted", "timestamp": "2026-12-07T03:02:00.000Z"})
    .to_string();
    // The unchanged re-read r2, as the real hook answers it (the transcript up to its call).
    let upto = t.write("hook/t.jsonl", &format!("{c1}\n{r1}\n{c2}\n"));
    let mut p2 = p2;
    p2["transcript_path"] = json!(upto);
    let hook = t
        .rtk()
        .args(["hook", "claude"])
        .write_stdin(p2.to_string())
        .output()
        .unwrap();
    assert_eq!(hook.status.code(), Some(0));
    let answer: Value = serde_json::from_slice(&hook.stdout).expect("the hook shortens r2");
    let out = &answer["hookSpecificOutput"];
    let file = &out["updatedToolOutput"]["file"];
    assert_eq!(file["startLine"], 0, "{answer}");
    let note = format!(
        "0\t{}\n{}",
        file["content"].as_str().unwrap(),
        out["additionalContext"].as_str().unwrap_or("")
    );
    let note = note.trim_end_matches('\n');
    let tokens = rtk::tokens::estimate_tokens_sampled;
    let whole: Vec<String> = content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", i + 1))
        .collect();
    let full = tokens(&whole.join("\n"));

    // r3 comes after the compaction: its earlier text may be gone, so it is not shortened.
    let session = [c1, r1, c2, r2, boundary, c3, r3].join("\n");
    t.write("home/.claude/projects/-w/s.jsonl", &session);
    let out = t
        .rtk()
        .args(["discover", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = &j["read"];
    assert_eq!(
        (r["sessions"].as_u64(), r["reads"].as_u64()),
        (Some(1), Some(3)),
        "{r}"
    );
    assert_eq!(
        r["shortened"], 1,
        "only the re-read before the compaction: {r}"
    );
    assert_eq!(r["before_tokens"].as_u64(), Some(3 * full));
    assert_eq!(r["after_tokens"].as_u64(), Some(2 * full + tokens(note)));
    assert!(full > 5 * tokens(note), "the note is short: {note}");
    assert_eq!(r["hook_installed"], json!([]));

    // Text, once the hook is installed user-wide.
    let init = t
        .rtk()
        .args(["init", "--agent", "claude", "--global"])
        .output()
        .unwrap();
    assert_eq!(
        init.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let text = t.rtk().arg("discover").output().unwrap();
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(
        s.contains("Read calls 3 in 1 sessions: the PostToolUse Read hook would have shortened 1"),
        "{s}"
    );
    assert!(s.contains("hook installed (user: "), "{s}");
    assert!(
        s.contains("an estimate of what the hook would have done"),
        "{s}"
    );
}
