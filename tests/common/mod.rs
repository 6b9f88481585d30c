//! Hermetic test environment: every command runs with a cleared environment, a temp HOME,
//! a temp XDG config/data home, a temp TMPDIR and a temp working directory.

#![allow(dead_code)]

pub mod fixtures;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

/// Held by the tests that start a hundred processes and by those that time one: a timing
/// measured while a hundred others start is the machine's, not rtk's.
pub fn heavy() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HEAVY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub struct TestEnv {
    pub root: TempDir,
}

impl TestEnv {
    pub fn new() -> Self {
        let root = tempfile::tempdir().expect("tempdir");
        for d in ["home", "work", "xdg-config", "xdg-data", "tmp"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
        TestEnv { root }
    }

    pub fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }

    pub fn work(&self) -> PathBuf {
        self.root.path().join("work")
    }

    /// Writes `contents` to `rel` under the temp root, creating folders.
    pub fn write(&self, rel: impl AsRef<Path>, contents: &str) -> PathBuf {
        let p = self.root.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        p
    }

    /// `rtk` with a cleared environment rooted in this TestEnv.
    pub fn rtk(&self) -> Command {
        let mut c = Command::cargo_bin("rtk").expect("rtk binary");
        c.env_clear()
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.root.path().join("xdg-config"))
            .env("XDG_DATA_HOME", self.root.path().join("xdg-data"))
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("TMPDIR", self.root.path().join("tmp"))
            // Never the command line of a Claude this test happens to run under.
            .env("RTK_CLAUDE_CMDLINE", "")
            // Never the machine's Gemini admin policies.
            .env(
                "RTK_GEMINI_SYSTEM_POLICIES",
                self.root.path().join("etc/gemini-cli/policies"),
            )
            // Never the machine's Codex system rules.
            .env(
                "RTK_CODEX_SYSTEM_RULES",
                self.root.path().join("etc/codex/rules"),
            )
            // Never the machine's Claude managed policy.
            .env(
                "RTK_CLAUDE_MANAGED_SETTINGS",
                self.root
                    .path()
                    .join("etc/claude-code/managed-settings.json"),
            )
            .current_dir(self.work());
        c
    }
}

/// Copies the folder `from` into `to` (created as needed); nothing when `from` is missing.
pub fn copy_tree(from: &Path, to: &Path) {
    if !from.exists() {
        return;
    }
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let dest = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
            copy_tree(&entry.path(), &dest);
        } else {
            std::fs::copy(entry.path(), dest).unwrap();
        }
    }
}

/// A `bin` folder in `dir` whose `name` replays a captured run: the fixture's stdout, then its
/// stderr, then its exit code (`tests/fixtures/<tool>/<case>.{out,err,code}`). Returns the folder.
pub fn replay_bin(dir: &Path, name: &str, fixture: &str) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let base = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(fixture);
    let b = base.display();
    let script = format!("#!/bin/sh\ncat '{b}.out'\ncat '{b}.err' >&2\nexit $(cat '{b}.code')\n");
    let path = bin.join(name);
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}
