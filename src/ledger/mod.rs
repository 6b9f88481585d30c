//! The files the hook path may write (it never opens SQLite, SPEC §7): the savings ledger of
//! `PostToolUse` answers — one JSON line per shortened tool result, appended beside the
//! history database (`<db>-tools.jsonl`) or, where that cannot be written, in this user's
//! private temp folder ([`fallback`]) — and where rtk's files go when its data folder cannot
//! be written. `tracking::tools` imports the ledger into the history. The opt-in log of hook
//! decisions ([`decisions`], `[hooks] log = true`) is written the same way.
//!
//! Invariants: one append is one `write` on an `O_APPEND` file (no fsync, no lock, no read);
//! a file past [`MAX_BYTES`] takes no more lines (nobody imported it for a long while); files
//! are private (folder 0700, file 0600); a line that does not parse is skipped by readers.

pub mod decisions;
pub mod fallback;

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::env::Env;
use crate::os;

/// One tool result a `PostToolUse` answer shortened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolSaving {
    /// Unix seconds (UTC) of the answer.
    pub ts: i64,
    /// The host's tool name (`Read`), or `MCP` for every MCP tool (`hosts/claude/post_mcp`).
    pub tool: String,
    /// The host's session id and the call's id: one row per call.
    pub session: String,
    pub tool_use_id: String,
    /// Project root of the session's working directory.
    pub project: String,
    /// Tokens of the result as the tool gave it and as rtk answered it.
    pub before_tokens: u64,
    pub after_tokens: u64,
}

/// Largest ledger file appended to: about 20,000 lines.
pub const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// The ledger beside the history database at `db`.
pub fn file(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-tools.jsonl");
    PathBuf::from(name)
}

/// The ledger of the database at `db` in this user's temp folder `user_dir`.
fn temp_file(user_dir: &Path, db: &Path) -> PathBuf {
    user_dir.join(format!("tools-{}.jsonl", fallback::key(db)))
}

/// Every ledger file that may hold lines for the database at `db`: beside it, then in each
/// temp dir (readers' view: nothing is created).
pub fn files(env: &Env, db: &Path) -> Vec<PathBuf> {
    std::iter::once(file(db))
        .chain(
            fallback::user_dir_paths(env)
                .iter()
                .map(|u| temp_file(u, db)),
        )
        .collect()
}

/// Appends `saving` to the ledger of the database at `db`: beside it, else in this user's
/// temp folder. Returns the file written.
pub fn append(env: &Env, db: &Path, saving: &ToolSaving) -> std::io::Result<PathBuf> {
    let mut line = serde_json::to_vec(saving)?;
    line.push(b'\n');
    append_either(env, &file(db), |user| temp_file(user, db), &line)
}

/// Appends `line` to `beside`, else to the file `temp` names in this user's temp folder.
/// Returns the file written.
fn append_either(
    env: &Env,
    beside: &Path,
    temp: impl Fn(&Path) -> PathBuf,
    line: &[u8],
) -> std::io::Result<PathBuf> {
    let first = match append_to(beside, line) {
        Ok(()) => return Ok(beside.to_path_buf()),
        Err(e) => e,
    };
    let Some(user) = fallback::user_dir(env) else {
        return Err(first);
    };
    let temp = temp(&user);
    append_to(&temp, line).map(|()| temp)
}

fn append_to(path: &Path, line: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        if !parent.is_dir() {
            os::create_private_dir_all(parent)?;
        }
    }
    let mut f = os::private_file().append(true).create(true).open(path)?;
    if f.metadata()?.len() >= MAX_BYTES {
        return Err(std::io::Error::other(format!(
            "{} holds {MAX_BYTES} bytes already",
            path.display()
        )));
    }
    f.write_all(line)
}

/// Seconds since the Unix epoch (UTC).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Nearest ancestor of `dir` holding `.git`, else `dir` itself (no process is spawned).
pub fn project_root(dir: &Path) -> PathBuf {
    dir.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(dir)
        .to_path_buf()
}

/// The savings in a ledger's text, lines that do not parse (a torn last line) skipped.
pub fn parse(text: &[u8]) -> Vec<ToolSaving> {
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .filter_map(|l| serde_json::from_slice(l).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saving(id: &str) -> ToolSaving {
        ToolSaving {
            ts: 7,
            tool: "Read".into(),
            session: "s".into(),
            tool_use_id: id.into(),
            project: "/p".into(),
            before_tokens: 900,
            after_tokens: 60,
        }
    }

    #[test]
    fn lines_append_privately_and_parse_back() {
        let t = tempfile::tempdir().unwrap();
        let db = t.path().join("sub/h.db");
        let env = Env::new([("TMPDIR", t.path().to_str().unwrap())], t.path());
        let a = append(&env, &db, &saving("a")).unwrap();
        assert_eq!(a, file(&db));
        append(&env, &db, &saving("b")).unwrap();
        let mut text = std::fs::read(&a).unwrap();
        text.extend_from_slice(b"{\"ts\":1,\"tool\""); // a torn line
        assert_eq!(parse(&text), [saving("a"), saving("b")]);
        #[cfg(unix)]
        assert_eq!(os::mode_of(&a).unwrap(), 0o600);
    }

    #[cfg(unix)]
    #[test]
    fn an_unwritable_data_folder_sends_lines_to_the_temp_dir() {
        let t = tempfile::tempdir().unwrap();
        let tmp = t.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        let env = Env::new([("TMPDIR", tmp.to_str().unwrap())], t.path());
        std::fs::write(t.path().join("blocked"), "x").unwrap();
        let db = t.path().join("blocked/h.db");
        let went = append(&env, &db, &saving("a")).unwrap();
        assert!(went.starts_with(&tmp), "{went:?}");
        assert!(files(&env, &db).contains(&went));
        assert_eq!(parse(&std::fs::read(&went).unwrap()), [saving("a")]);
    }

    #[test]
    fn a_full_ledger_takes_no_more_lines() {
        let t = tempfile::tempdir().unwrap();
        let db = t.path().join("h.db");
        std::fs::write(file(&db), vec![b' '; MAX_BYTES as usize]).unwrap();
        let env = Env::new([("TMPDIR", "/nonexistent-rtk-test")], t.path());
        append(&env, &db, &saving("a")).unwrap_err();
        assert_eq!(std::fs::metadata(file(&db)).unwrap().len(), MAX_BYTES);
    }
}
