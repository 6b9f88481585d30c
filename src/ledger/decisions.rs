//! The opt-in log of hook decisions (`[hooks] log = true` in config.toml, or `RTK_HOOK_LOG=1`
//! in the agent's environment): one JSON line per command a hook judged — agent, outcome,
//! the command and its rewrite (secrets masked), the reason — appended beside the history
//! (`<db>-hooks.jsonl`) or in this user's temp folder, as the savings ledger is. `rtk
//! hook-audit` reads it. Off by default: the hook path then writes nothing.
//!
//! Invariants: one append is one `write` on an `O_APPEND` file; a file past
//! [`super::MAX_BYTES`] takes no more lines; a line that does not parse is skipped.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::env::Env;

/// The environment switch that turns the log on for one agent's hooks.
pub const ENV_SWITCH: &str = "RTK_HOOK_LOG";

/// One command a hook judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookDecision {
    /// Unix seconds (UTC).
    pub ts: i64,
    /// The agent whose hook answered (`claude`).
    pub agent: String,
    /// `allow` (rewritten, run without asking), `rewrite` (approval stays with the host),
    /// `passthrough` (the original runs as typed) or `deny` (the host's own deny decides).
    pub outcome: String,
    /// The command as the agent sent it, secrets masked.
    pub command: String,
    /// The rewritten command, secrets masked (allow and rewrite only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rewritten: Option<String>,
    /// Why, in a few words.
    pub reason: String,
}

/// Whether the log is on: the config's `[hooks] log`, or [`ENV_SWITCH`] set to `1`.
pub fn enabled(env: &Env, configured: bool) -> bool {
    configured || env.var(ENV_SWITCH) == Some("1")
}

/// The log beside the history database at `db`.
pub fn file(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-hooks.jsonl");
    PathBuf::from(name)
}

fn temp_file(user_dir: &Path, db: &Path) -> PathBuf {
    user_dir.join(format!("hooks-{}.jsonl", super::fallback::key(db)))
}

/// Every file that may hold the log of the database at `db` (readers' view).
pub fn files(env: &Env, db: &Path) -> Vec<PathBuf> {
    std::iter::once(file(db))
        .chain(
            super::fallback::user_dir_paths(env)
                .iter()
                .map(|u| temp_file(u, db)),
        )
        .collect()
}

/// Appends `decision` to the log of the database at `db`. Returns the file written.
pub fn append(env: &Env, db: &Path, decision: &HookDecision) -> std::io::Result<PathBuf> {
    let mut line = serde_json::to_vec(decision)?;
    line.push(b'\n');
    super::append_either(env, &file(db), |user| temp_file(user, db), &line)
}

/// Every decision logged for the database at `db`, oldest first.
pub fn read(env: &Env, db: &Path) -> Vec<HookDecision> {
    let mut all: Vec<HookDecision> = files(env, db)
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .flat_map(|bytes| {
            bytes
                .split(|b| *b == b'\n')
                .filter_map(|l| serde_json::from_slice::<HookDecision>(l).ok())
                .collect::<Vec<_>>()
        })
        .collect();
    all.sort_by_key(|d| d.ts);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(ts: i64, command: &str) -> HookDecision {
        HookDecision {
            ts,
            agent: "claude".into(),
            outcome: "rewrite".into(),
            command: command.into(),
            rewritten: Some(format!("rtk {command}")),
            reason: "no rule".into(),
        }
    }

    #[test]
    fn decisions_are_appended_and_read_back_in_time_order() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("history.db");
        let env = Env::new([("TMPDIR", dir.path().to_str().unwrap())], "/");
        assert!(read(&env, &db).is_empty());
        let written = append(&env, &db, &decision(20, "git log")).unwrap();
        append(&env, &db, &decision(10, "git status")).unwrap();
        assert_eq!(written, file(&db));
        // A torn line (a writer killed mid-line) is skipped, the rest is read.
        let mut text = std::fs::read(&written).unwrap();
        text.extend_from_slice(b"{\"ts\":3");
        std::fs::write(&written, text).unwrap();
        let got = read(&env, &db);
        assert_eq!(
            got,
            vec![decision(10, "git status"), decision(20, "git log")]
        );
    }

    #[test]
    fn the_switch_is_the_config_or_the_environment() {
        let off = Env::new([("RTK_HOOK_LOG", "0")], "/");
        let on = Env::new([("RTK_HOOK_LOG", "1")], "/");
        assert!(!enabled(&off, false));
        assert!(enabled(&off, true));
        assert!(enabled(&on, false));
    }
}
