//! The Read part of `rtk discover`: an estimate of what Claude Code's PostToolUse Read hook
//! (re-reads the model still has shortened, `rtk init --agent claude`) would have removed from
//! the user's sessions. Each transcript is replayed through the hook's own decision by a
//! [`ReadReplay`] (the real one is `hosts::claude::post_read::replay`, handed in by
//! `cmd::discover`; tests use a fake), and the sessions are summed. Each session's work is
//! bounded by the replay; what it left out is counted and shown.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::Serialize;

/// One session replayed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionReads {
    /// Read results in the session, not counted in an earlier one.
    pub reads: u64,
    /// Read results an earlier session's file had (a resumed session): left out.
    pub repeated: u64,
    /// Those the hook would have shortened.
    pub shortened: u64,
    /// Tokens of the Read results replayed, as recorded and as the hook would have left them.
    pub before_tokens: u64,
    pub after_tokens: u64,
    /// Reads after the session's replay reached its budget: not decided, not in the tokens.
    pub not_replayed: u64,
    /// Lines too long to replay, skipped unread.
    pub long_lines: u64,
}

/// Replays one transcript file through the hook's decision; `counted` holds the ids of the
/// Reads counted so far (each is counted once across files), and gets the file's.
pub trait ReadReplay {
    fn session(&self, file: &Path, counted: &mut HashSet<String>) -> std::io::Result<SessionReads>;
}

/// What `rtk discover` knows of the Read hook: its replay and where it is installed.
pub struct ReadHook<'a> {
    pub replay: &'a dyn ReadReplay,
    /// (scope, settings file) where the hook entry is installed (empty: nowhere).
    pub installed: Vec<(&'static str, PathBuf)>,
    /// Bytes of transcript a session's replay may reread before its later Reads are only
    /// counted.
    pub max_scanned: u64,
}

/// The Read section of the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadReport {
    /// What these numbers are.
    pub method: &'static str,
    /// Settings files holding the hook entry (`project: …` or `user: …`); empty: not installed.
    pub hook_installed: Vec<String>,
    /// Sessions with at least one Read result.
    pub sessions: u64,
    pub reads: u64,
    /// Reads found again in another transcript (resumed sessions), counted once.
    pub repeated_reads: u64,
    pub shortened: u64,
    pub before_tokens: u64,
    pub after_tokens: u64,
    pub saved_tokens: u64,
    /// `saved_tokens` in percent of `before_tokens`.
    pub saved_percent: f64,
    pub not_replayed: u64,
    pub max_scanned_per_session: u64,
    pub long_lines_skipped: u64,
    pub unreadable_files: Vec<String>,
}

pub const METHOD: &str = "estimate: each session replayed through the PostToolUse Read hook's \
decision, as if it had been installed throughout (tokens of Claude's numbered rendering, before \
and after)";

/// Every transcript in `files`, replayed and summed.
pub fn analyze(files: &[PathBuf], hook: &ReadHook) -> ReadReport {
    let mut r = ReadReport {
        method: METHOD,
        hook_installed: hook
            .installed
            .iter()
            .map(|(scope, path)| format!("{scope}: {}", path.display()))
            .collect(),
        sessions: 0,
        reads: 0,
        repeated_reads: 0,
        shortened: 0,
        before_tokens: 0,
        after_tokens: 0,
        saved_tokens: 0,
        saved_percent: 0.0,
        not_replayed: 0,
        max_scanned_per_session: hook.max_scanned,
        long_lines_skipped: 0,
        unreadable_files: Vec::new(),
    };
    let mut counted = HashSet::new();
    for f in files {
        let s = match hook.replay.session(f, &mut counted) {
            Ok(s) => s,
            Err(_) => {
                r.unreadable_files.push(f.display().to_string());
                continue;
            }
        };
        r.sessions += u64::from(s.reads > 0);
        r.reads += s.reads;
        r.repeated_reads += s.repeated;
        r.shortened += s.shortened;
        r.before_tokens += s.before_tokens;
        r.after_tokens += s.after_tokens;
        r.not_replayed += s.not_replayed;
        r.long_lines_skipped += s.long_lines;
    }
    r.saved_tokens = r.before_tokens.saturating_sub(r.after_tokens);
    if r.before_tokens > 0 {
        r.saved_percent = (1000.0 * r.saved_tokens as f64 / r.before_tokens as f64).round() / 10.0;
    }
    r
}

/// The text lines of the section.
pub fn text(r: &ReadReport, out: &mut impl std::io::Write) -> std::io::Result<()> {
    use crate::gain::render::thousands;
    let n = |v: u64| thousands(i64::try_from(v).unwrap_or(i64::MAX));
    let installed = if r.hook_installed.is_empty() {
        "not installed (rtk init --agent claude installs it)".to_string()
    } else {
        format!("installed ({})", r.hook_installed.join(", "))
    };
    let repeated = if r.repeated_reads > 0 {
        format!(
            " ({} more found again in another transcript, counted once)",
            n(r.repeated_reads)
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "  Read calls {}{repeated} in {} sessions: the PostToolUse Read hook would have shortened \
         {}; hook {}",
        n(r.reads),
        n(r.sessions),
        n(r.shortened),
        installed
    )?;
    writeln!(
        out,
        "  Read tokens {} → {}: ≈ {} saved ({:.1}%; an estimate of what the hook would have done, \
         each session replayed through its decision)",
        n(r.before_tokens),
        n(r.after_tokens),
        n(r.saved_tokens),
        r.saved_percent
    )?;
    if r.not_replayed > 0 || r.long_lines_skipped > 0 {
        writeln!(
            out,
            "  Read not replayed: {} calls (a session's replay stops deciding once it has reread \
             {} MiB of its transcript), {} transcript lines too long to read",
            n(r.not_replayed),
            n(r.max_scanned_per_session >> 20),
            n(r.long_lines_skipped)
        )?;
    }
    for f in &r.unreadable_files {
        writeln!(out, "  unreadable (Read replay): {f}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives each file's counts from its name (`<reads>-<shortened>.jsonl`, 100 tokens a read,
    /// 60 saved a shortened one); `bad` is unreadable.
    struct Fake;
    impl ReadReplay for Fake {
        fn session(&self, file: &Path, _: &mut HashSet<String>) -> std::io::Result<SessionReads> {
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let Some((r, s)) = stem.split_once('-') else {
                return Err(std::io::Error::other("unreadable"));
            };
            let (reads, shortened): (u64, u64) = (r.parse().unwrap(), s.parse().unwrap());
            Ok(SessionReads {
                reads,
                shortened,
                before_tokens: 100 * reads,
                after_tokens: 100 * reads - 60 * shortened,
                not_replayed: 0,
                long_lines: u64::from(reads == 0),
                repeated: u64::from(reads == 2),
            })
        }
    }

    #[test]
    fn sessions_are_summed_and_what_was_left_out_is_said() {
        let files: Vec<PathBuf> = ["3-1.jsonl", "0-0.jsonl", "bad.jsonl", "2-2.jsonl"]
            .iter()
            .map(PathBuf::from)
            .collect();
        let hook = ReadHook {
            replay: &Fake,
            installed: vec![("user", PathBuf::from("/h/.claude/settings.json"))],
            max_scanned: 1 << 30,
        };
        let r = analyze(&files, &hook);
        assert_eq!((r.sessions, r.reads, r.shortened), (2, 5, 3));
        assert_eq!(
            (r.before_tokens, r.after_tokens, r.saved_tokens),
            (500, 320, 180)
        );
        assert_eq!(r.saved_percent, 36.0);
        assert_eq!((r.long_lines_skipped, r.repeated_reads), (1, 1));
        assert_eq!(r.unreadable_files, ["bad.jsonl"]);
        let mut out = Vec::new();
        text(&r, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains("hook installed (user: /h/.claude/settings.json)"),
            "{out}"
        );
        assert!(
            out.contains("Read tokens 500 → 320: ≈ 180 saved (36.0%"),
            "{out}"
        );
        assert!(out.contains("1 transcript lines too long"), "{out}");
        assert!(out.contains("Read calls 5 (1 more found again"), "{out}");
        let none = ReadHook {
            installed: Vec::new(),
            ..hook
        };
        let mut out = Vec::new();
        text(&analyze(&files[..1], &none), &mut out).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .contains("hook not installed"));
    }
}
