//! Reading Claude Code transcripts (`<projects>/**/*.jsonl`): every Bash `tool_use` and the
//! size of its `tool_result`. Shapes (one JSON object per line):
//! - assistant line: `message.content[]` items `{"type":"tool_use","id","name":"Bash",
//!   "input":{"command":…}}`;
//! - user line: `message.content[]` items `{"type":"tool_result","tool_use_id","content"}` where
//!   `content` is a string or a list of `{"type":"text","text"}` blocks (what the agent read).
//!
//! Lines that are not JSON (or not UTF-8) are counted as skipped, never fatal; JSON lines of
//! other shapes are ignored. A tool call seen in several files (resumed sessions) counts once.

use std::collections::{HashMap, HashSet};
use std::io::BufRead;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::tracking::estimate_tokens;

/// One Bash call the agent made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BashCall {
    pub command: String,
    /// Estimated tokens of the output the agent read (None: no result found).
    pub output_tokens: Option<u64>,
}

/// Everything read from a set of transcripts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    pub files: u64,
    pub lines: u64,
    /// Lines that were not valid JSON (or not UTF-8), plus unreadable files' lines.
    pub skipped_lines: u64,
    /// Files that could not be opened or read.
    pub unreadable_files: Vec<PathBuf>,
    pub calls: Vec<BashCall>,
}

/// Every `*.jsonl` under `dir`, sorted (a symlinked file is taken, a symlinked folder is not
/// followed).
pub fn transcript_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let jsonl = path.extension().is_some_and(|e| e == "jsonl");
            match entry.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(t) if t.is_file() && jsonl => out.push(path),
                Ok(t) if t.is_symlink() && jsonl && path.is_file() => out.push(path),
                _ => {}
            }
        }
    }
    out.sort();
    out
}

/// Reads every file; per-file results are merged, tool ids deduplicated across files.
pub fn scan_files(files: &[PathBuf]) -> Scan {
    let mut scan = Scan::default();
    let mut seen = HashSet::new();
    for f in files {
        match std::fs::File::open(f) {
            Ok(file) => {
                scan.files += 1;
                if scan_reader(std::io::BufReader::new(file), &mut scan, &mut seen).is_err() {
                    scan.unreadable_files.push(f.clone());
                }
            }
            Err(_) => scan.unreadable_files.push(f.clone()),
        }
    }
    scan
}

/// Reads one transcript into `scan`; `seen` holds tool ids already counted.
pub fn scan_reader(
    mut reader: impl BufRead,
    scan: &mut Scan,
    seen: &mut HashSet<String>,
) -> std::io::Result<()> {
    let mut uses: Vec<(String, String)> = Vec::new();
    let mut results: HashMap<String, u64> = HashMap::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = buf.trim_ascii();
        if line.is_empty() {
            continue;
        }
        scan.lines += 1;
        let Ok(value) = serde_json::from_slice::<Value>(line) else {
            scan.skipped_lines += 1;
            continue;
        };
        let Some(items) = value.pointer("/message/content").and_then(Value::as_array) else {
            continue;
        };
        for item in items {
            match item.get("type").and_then(Value::as_str) {
                Some("tool_use") if item.get("name").and_then(Value::as_str) == Some("Bash") => {
                    let id = item.get("id").and_then(Value::as_str).unwrap_or_default();
                    if let Some(cmd) = item.pointer("/input/command").and_then(Value::as_str) {
                        uses.push((id.to_string(), cmd.to_string()));
                    }
                }
                Some("tool_result") => {
                    if let Some(id) = item.get("tool_use_id").and_then(Value::as_str) {
                        results.insert(id.to_string(), result_tokens(item.get("content")));
                    }
                }
                _ => {}
            }
        }
    }
    for (id, command) in uses {
        // Calls without an id cannot be deduplicated; count them as seen once here.
        if !id.is_empty() && !seen.insert(id.clone()) {
            continue;
        }
        scan.calls.push(BashCall {
            command,
            output_tokens: results.get(&id).copied(),
        });
    }
    Ok(())
}

fn result_tokens(content: Option<&Value>) -> u64 {
    match content {
        Some(Value::String(s)) => estimate_tokens(s),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .map(estimate_tokens)
            .sum(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool_use(id: &str, name: &str, cmd: &str) -> String {
        serde_json::json!({
            "type": "assistant",
            "message": {"role": "assistant", "content": [
                {"type": "text", "text": "Let me check."},
                {"type": "tool_use", "id": id, "name": name, "input": {"command": cmd, "description": "d"}}
            ]}
        })
        .to_string()
    }

    fn tool_result(id: &str, content: &serde_json::Value) -> String {
        serde_json::json!({
            "type": "user",
            "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": id, "content": content, "is_error": false}
            ]},
            "toolUseResult": {"stdout": "ignored", "stderr": "", "interrupted": false}
        })
        .to_string()
    }

    fn scan(text: &str) -> Scan {
        let mut s = Scan::default();
        scan_reader(text.as_bytes(), &mut s, &mut HashSet::new()).unwrap();
        s
    }

    #[test]
    fn pairs_bash_calls_with_their_output() {
        let text = [
            r#"{"type":"queue-operation","operation":"dequeue"}"#.to_string(),
            tool_use("t1", "Bash", "git status"),
            tool_result(
                "t1",
                &serde_json::json!("On branch main\nnothing to commit"),
            ),
            tool_use("t2", "Read", "ignored"),
            tool_use("t3", "Bash", "cargo test"),
            tool_result(
                "t3",
                &serde_json::json!([{"type": "text", "text": "ok ok ok"}]),
            ),
            tool_use("t4", "Bash", "ls"),
        ]
        .join("\n");
        let s = scan(&text);
        assert_eq!(s.lines, 7);
        assert_eq!(s.skipped_lines, 0);
        let cmds: Vec<_> = s.calls.iter().map(|c| c.command.as_str()).collect();
        assert_eq!(cmds, ["git status", "cargo test", "ls"]);
        assert_eq!(
            s.calls[0].output_tokens,
            Some(estimate_tokens("On branch main\nnothing to commit"))
        );
        assert_eq!(s.calls[1].output_tokens, Some(estimate_tokens("ok ok ok")));
        assert_eq!(s.calls[2].output_tokens, None);
    }

    #[test]
    fn malformed_lines_are_counted_not_fatal() {
        let mut bytes = tool_use("a", "Bash", "git log").into_bytes();
        bytes.extend_from_slice(
            b"\n{not json\n\xff\xfe binary\n\n[1,2]\n{\"message\":{\"content\":\"text\"}}\n",
        );
        bytes.extend_from_slice(tool_use("b", "Bash", "git diff").as_bytes());
        let mut s = Scan::default();
        scan_reader(&bytes[..], &mut s, &mut HashSet::new()).unwrap();
        assert_eq!(s.skipped_lines, 2);
        assert_eq!(s.lines, 6);
        assert_eq!(s.calls.len(), 2);
    }

    #[test]
    fn duplicate_ids_across_files_count_once() {
        let mut s = Scan::default();
        let mut seen = HashSet::new();
        let line = tool_use("same", "Bash", "git status");
        scan_reader(line.as_bytes(), &mut s, &mut seen).unwrap();
        scan_reader(line.as_bytes(), &mut s, &mut seen).unwrap();
        assert_eq!(s.calls.len(), 1);
    }

    #[test]
    fn finds_jsonl_files_recursively() {
        let dir = tempfile::tempdir().unwrap();
        for p in ["a/x.jsonl", "a/b/y.jsonl", "a/notes.txt", "z.jsonl"] {
            let path = dir.path().join(p);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        #[cfg(unix)]
        {
            crate::os::symlink(&dir.path().join("z.jsonl"), &dir.path().join("l.jsonl")).unwrap();
            crate::os::symlink(&dir.path().join("a"), &dir.path().join("linked")).unwrap();
        }
        let files = transcript_files(dir.path());
        assert_eq!(files.len(), if cfg!(unix) { 4 } else { 3 }, "{files:?}");
        assert!(transcript_files(&dir.path().join("missing")).is_empty());
    }
}
