//! `rtk session`: adoption per Claude Code session. Each transcript file is one session; of its
//! Bash calls, how many went through rtk, and how many ran raw although rtk would have
//! rewritten them (asked of the same [`Rewriter`] as `rtk discover`). Adoption is the first
//! share of the two together: 100% means every call rtk covers went through it.
//!
//! A transcript keeps the command the model wrote, not the hook's rewrite, so "through rtk" is
//! the larger of: calls typed as `rtk …`, and runs rtk's history recorded in the session's
//! project between its first and last transcript line ([`Run`]; two sessions at once in one
//! project share those runs).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::estimate::Rewriter;
use super::transcript;

/// One run from rtk's history: its time (ISO-8601 UTC, as `rtk gain --history` prints it)
/// and project.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub time: String,
    pub project: String,
}

/// What the transcript says besides its Bash calls: its first and last timestamps (to the
/// second) and the working directory.
#[derive(Debug, Default)]
struct Span {
    first: Option<String>,
    last: Option<String>,
    cwd: Option<String>,
}

fn span_of(file: &Path) -> Span {
    let mut span = Span::default();
    let Ok(text) = std::fs::read_to_string(file) else {
        return span;
    };
    for line in text.lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if let Some(ts) = v.get("timestamp").and_then(|t| t.as_str()) {
            let second: String = ts.chars().take(19).collect();
            if span.first.as_ref().is_none_or(|f| &second < f) {
                span.first = Some(second.clone());
            }
            if span.last.as_ref().is_none_or(|l| &second > l) {
                span.last = Some(second);
            }
        }
        if span.cwd.is_none() {
            span.cwd = v.get("cwd").and_then(|c| c.as_str()).map(str::to_string);
        }
    }
    span
}

/// Runs of `history` in the session's project during the session.
fn runs_during(span: &Span, history: &[Run]) -> u64 {
    let (Some(first), Some(last), Some(cwd)) = (&span.first, &span.last, &span.cwd) else {
        return 0;
    };
    history
        .iter()
        .filter(|r| {
            let t: String = r.time.chars().take(19).collect();
            &t >= first && &t <= last && Path::new(cwd).starts_with(&r.project)
        })
        .count() as u64
}

/// One session's counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adoption {
    /// The transcript's file stem (Claude Code's session id).
    pub id: String,
    /// The transcript's folder name (Claude Code's name for the project).
    pub project: String,
    /// Unix seconds of the transcript's last change.
    pub modified: i64,
    pub bash_calls: u64,
    /// Calls that went through rtk (typed so, or rewritten by the hook: see the module doc).
    pub via_rtk: u64,
    /// Calls rtk would have rewritten that ran raw.
    pub missed: u64,
}

impl Adoption {
    /// Percent of the calls rtk covers that went through it; None when there were none.
    pub fn percent(&self) -> Option<u64> {
        let covered = self.via_rtk + self.missed;
        (covered > 0).then(|| self.via_rtk * 100 / covered)
    }
}

fn is_rtk(command: &str) -> bool {
    let first = command.split_whitespace().next().unwrap_or("");
    first == "rtk" || first.ends_with("/rtk")
}

/// The counts of the transcript `file`.
pub fn of_file(file: &Path, rewriter: &dyn Rewriter, history: &[Run]) -> Adoption {
    let scan = transcript::scan_files(&[file.to_path_buf()]);
    let name = |p: Option<&Path>| {
        p.and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let modified = std::fs::metadata(file)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let mut a = Adoption {
        id: file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        project: name(file.parent()),
        modified,
        bash_calls: scan.calls.len() as u64,
        via_rtk: 0,
        missed: 0,
    };
    let (mut typed, mut rewritable) = (0u64, 0u64);
    for call in &scan.calls {
        if is_rtk(&call.command) {
            typed += 1;
        } else if rewriter.rewrite(&call.command).is_some() {
            rewritable += 1;
        }
    }
    let recorded = runs_during(&span_of(file), history).min(a.bash_calls);
    a.via_rtk = typed.max(recorded).min(typed + rewritable);
    a.missed = (typed + rewritable) - a.via_rtk;
    a
}

/// The `limit` newest sessions under `dir`, newest first.
pub fn newest(dir: &Path, rewriter: &dyn Rewriter, history: &[Run], limit: usize) -> Vec<Adoption> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = transcript::transcript_files(dir)
        .into_iter()
        .map(|f| {
            let t = std::fs::metadata(&f)
                .and_then(|m| m.modified())
                .unwrap_or(UNIX_EPOCH);
            (t, f)
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files
        .iter()
        .take(limit)
        .map(|(_, f)| of_file(f, rewriter, history))
        .collect()
}

/// The table `rtk session` prints.
pub fn text(rows: &[Adoption], dir: &Path, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "Claude Code sessions in {} (newest first): Bash calls through rtk (typed, or rewritten \
         by the hook: runs rtk recorded there meanwhile), and calls rtk would have rewritten \
         that ran raw",
        dir.display()
    )?;
    if rows.is_empty() {
        return writeln!(out, "no transcripts yet");
    }
    writeln!(
        out,
        "{:<20}  {:<36}  {:>6}  {:>7}  {:>6}  {:>8}  project",
        "last change (UTC)", "session", "bash", "via rtk", "missed", "adoption"
    )?;
    for r in rows {
        let pct = r
            .percent()
            .map_or_else(|| "-".to_string(), |p| format!("{p}%"));
        writeln!(
            out,
            "{:<20}  {:<36}  {:>6}  {:>7}  {:>6}  {:>8}  {}",
            crate::gain::report::iso(r.modified),
            r.id,
            r.bash_calls,
            r.via_rtk,
            r.missed,
            pct,
            r.project
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rewrites `git …` only.
    struct GitOnly;
    impl Rewriter for GitOnly {
        fn rewrite(&self, line: &str) -> Option<String> {
            line.starts_with("git ").then(|| format!("rtk {line}"))
        }
    }

    fn bash(id: &str, command: &str) -> String {
        serde_json::json!({"message": {"content": [
            {"type": "tool_use", "id": id, "name": "Bash", "input": {"command": command}}
        ]}})
        .to_string()
    }

    #[test]
    fn a_session_counts_calls_through_rtk_and_calls_missed() {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("-work-app");
        std::fs::create_dir_all(&project).unwrap();
        let lines = [
            bash("a", "rtk git status"),
            bash("b", "git log -n 3"),
            bash("c", "rtk cargo test"),
            bash("d", "echo hi"),
        ];
        std::fs::write(project.join("s1.jsonl"), lines.join("\n")).unwrap();
        std::fs::write(project.join("s2.jsonl"), bash("e", "ls")).unwrap();
        let rows = newest(dir.path(), &GitOnly, &[], 10);
        assert_eq!(rows.len(), 2);
        let s1 = rows.iter().find(|r| r.id == "s1").unwrap();
        assert_eq!((s1.bash_calls, s1.via_rtk, s1.missed), (4, 2, 1));
        assert_eq!(s1.percent(), Some(66));
        assert_eq!(s1.project, "-work-app");
        let s2 = rows.iter().find(|r| r.id == "s2").unwrap();
        assert_eq!(s2.percent(), None, "nothing rtk covers");
        let mut out = Vec::new();
        text(&rows, dir.path(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.lines().any(|l| l.contains("s1") && l.contains("66%")),
            "{out}"
        );
        assert_eq!(newest(dir.path(), &GitOnly, &[], 1).len(), 1, "limit");
    }

    #[test]
    fn runs_the_hook_rewrote_count_through_rtk() {
        let dir = tempfile::tempdir().unwrap();
        let at = |ts: &str, id: &str, cmd: &str| {
            serde_json::json!({"timestamp": ts, "cwd": "/w/app/sub", "message": {"content": [
                {"type": "tool_use", "id": id, "name": "Bash", "input": {"command": cmd}}
            ]}})
            .to_string()
        };
        let lines = [
            at("2026-12-07T03:55:50.100Z", "a", "git status"),
            at("2026-12-07T03:55:52.900Z", "b", "git log -n 3"),
        ];
        let file = dir.path().join("s.jsonl");
        std::fs::write(&file, lines.join("\n")).unwrap();
        let run = |time: &str, project: &str| Run {
            time: time.into(),
            project: project.into(),
        };
        let history = [
            run("2026-12-07T03:55:51Z", "/w/app"),
            run("2026-12-07T03:55:52Z", "/w/app"),
            run("2026-12-07T03:55:52Z", "/w/other"),
            run("2026-12-07T04:00:00Z", "/w/app"),
        ];
        let a = of_file(&file, &GitOnly, &history);
        assert_eq!((a.via_rtk, a.missed, a.percent()), (2, 0, Some(100)));
        let a = of_file(&file, &GitOnly, &history[2..]);
        assert_eq!((a.via_rtk, a.missed, a.percent()), (0, 2, Some(0)));
    }
}
