//! Issue 27: every command the red team found allowed where the real host asks or refuses gets
//! no allow any more — from `rtk hook claude` with no rules, from `rtk rewrite` (exit 0) under
//! allow rules, from `rtk hook cursor` and from `rtk hook copilot` under its measured version —
//! while the plain read-only commands keep theirs (docs/allow.md).

use std::path::PathBuf;

use crate::common::TestEnv;

/// Lines the issue lists (loops, paths outside the project, globs and structure).
const FOUND: &[&str] = &[
    "for PATH in bin; do ls; done",
    "for HOME in evilhome; do git status; done",
    "for IFS in x; do ls; done",
    "for LD_PRELOAD in x; do ls; done",
    "for BASH_ENV in x; do ls; done",
    "for TMPDIR in x; do ls; done",
    "for SHELL in x; do ls; done",
    "select PATH in bin; do ls; done",
    "for a in b; do for PATH in bin; do ls; done; done",
    "for PATH in bin\ndo ls\ndone",
    "for x in a; do ls; done",
    "cat /etc/shadow",
    "cat /root/.ssh/id_rsa",
    "cat ../../x",
    "cat /proc/self/environ",
    "ls /",
    "ls ..",
    "find / -maxdepth 1",
    "diff -r . /etc",
    "head /etc/shadow",
    "tail -n 5 /etc/shadow",
    "wc -l /etc/shadow",
    "stat /etc/shadow",
    "du -sh ..",
    "find *",
    "(ls)",
    "{ ls; }",
    "case x in x) ls;; esac",
    "while true; do ls; done",
    "until false; do ls; done",
    "ls &",
    "ls 1>&2-",
    "ls {fd}>&1",
    "ls ~",
    "ls ~root",
    "ls $HOME",
    "ls ${x:-a}",
    "ls !$",
    "cat ~/.bashrc",
    "cat $HOME/.bashrc",
    "npm test && cat /etc/shadow",
    "git status && cat /etc/shadow",
];

/// Plain read-only lines that must keep their allow (the fix is not "never allow").
const KEPT: &[&str] = &[
    "git status",
    "ls",
    "ls -la src",
    "cat README.md",
    "git log --oneline -5",
    "git status && git diff",
    "head -n 5 src/main.rs",
];

const RULES: &str = r#"{"permissions":{"allow":["Bash(ls:*)","Bash(cat:*)","Bash(find:*)","Bash(git status:*)","Bash(git log:*)","Bash(git diff:*)","Bash(npm test:*)","Bash(head:*)"]}}"#;

/// A trusted Claude project (a git repo with `src/main.rs` and `README.md`), with `rules` in
/// its `.claude/settings.json` when given.
fn project(rules: Option<&str>) -> (TestEnv, PathBuf) {
    let t = TestEnv::new();
    let repo = t.work();
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    t.write("work/README.md", "hello\n");
    t.write("work/src/main.rs", "fn main() {}\n");
    if let Some(rules) = rules {
        t.write("work/.claude/settings.json", rules);
    }
    let trust =
        serde_json::json!({"projects": {repo.to_str().unwrap(): {"hasTrustDialogAccepted": true}}});
    t.write("home/.claude.json", &trust.to_string());
    (t, repo)
}

fn claude_hook(t: &TestEnv, repo: &std::path::Path, cmd: &str) -> String {
    let payload = serde_json::json!({"hook_event_name": "PreToolUse", "permission_mode": "default",
        "tool_name": "Bash", "tool_input": {"command": cmd}, "cwd": repo});
    let out = t
        .rtk()
        .args(["hook", "claude"])
        .envs(crate::hook_cli::host_env("claude"))
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{cmd}");
    String::from_utf8(out.stdout).unwrap()
}

fn rewrite_exit(t: &TestEnv, cmd: &str) -> i32 {
    let out = t.rtk().args(["rewrite", cmd]).output().unwrap();
    out.status.code().unwrap()
}

const ALLOW: &str = r#""permissionDecision":"allow""#;

#[test]
fn claude_hook_with_no_rules_allows_none_of_the_found_lines() {
    let (t, repo) = project(None);
    for cmd in FOUND {
        let answer = claude_hook(&t, &repo, cmd);
        assert!(!answer.contains(ALLOW), "{cmd:?}: {answer}");
    }
    for cmd in KEPT {
        let answer = claude_hook(&t, &repo, cmd);
        assert!(answer.contains(ALLOW), "{cmd:?} lost its allow: {answer}");
    }
}

#[test]
fn claude_rules_give_exit_0_to_none_of_the_found_lines() {
    let (t, repo) = project(Some(RULES));
    for cmd in FOUND {
        assert_ne!(rewrite_exit(&t, cmd), 0, "{cmd:?}");
        assert!(!claude_hook(&t, &repo, cmd).contains(ALLOW), "{cmd:?}");
    }
    for cmd in KEPT.iter().chain(&["find . -name '*.rs'", "ls -la 2>&1"]) {
        assert_eq!(rewrite_exit(&t, cmd), 0, "{cmd:?} lost its allow");
    }
}

/// A symbolic link inside the project that leads out of it: its target is read through the
/// link, so no allow (the host's working-directory check resolves links too).
#[cfg(unix)]
#[test]
fn a_link_out_of_the_project_gets_no_allow() {
    let (t, repo) = project(Some(RULES));
    let outside = t.write("outside/secret", "s\n");
    std::os::unix::fs::symlink(outside.parent().unwrap(), repo.join("out")).unwrap();
    for cmd in [
        "cat out/secret",
        "ls out",
        "cat README.md && cat out/secret",
    ] {
        assert_ne!(rewrite_exit(&t, cmd), 0, "{cmd:?}");
        assert!(!claude_hook(&t, &repo, cmd).contains(ALLOW), "{cmd:?}");
    }
    assert_eq!(rewrite_exit(&t, "cat README.md"), 0);
}

#[test]
fn cursor_rules_allow_none_of_the_found_lines() {
    let (t, repo) = project(None);
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell(ls)","Shell(cat)","Shell(find)","Shell(git)"]}}"#,
    );
    let hook = |cmd: &str| {
        let payload = serde_json::json!({"hook_event_name": "preToolUse", "tool_name": "Shell",
            "tool_input": {"command": cmd}, "cwd": repo});
        let out = t
            .rtk()
            .args(["hook", "cursor"])
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    for cmd in FOUND {
        assert!(!hook(cmd).contains(r#""permission":"allow""#), "{cmd:?}");
    }
    assert!(hook("ls -la src").contains(r#""permission":"allow""#));
}

/// Copilot CLI 1.0.102 asks for these itself (`parity/probe.py --host copilot`).
#[test]
fn copilot_read_only_table_allows_none_of_the_found_lines() {
    let (t, repo) = project(None);
    let hook = |cmd: &str| {
        let args = serde_json::json!({"command": cmd, "description": "Run the command"});
        let payload = serde_json::json!({"timestamp": 1, "cwd": repo, "toolName": "bash",
            "toolArgs": args.to_string()});
        let out = t
            .rtk()
            .args(["hook", "copilot"])
            .env("RTK_CLAUDE_CMDLINE", "/opt/copilot/copilot\n-p\nhi")
            .env("COPILOT_CLI_BINARY_VERSION", "1.0.102")
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let copilot_found = [
        "cd && cat .ssh/id_rsa",
        "cd sub && ls",
        "git status && git remote set-url origin https://example.invalid/x",
        "git remote add x y",
        "cat /etc/passwd",
        "ls ..",
    ];
    for cmd in FOUND.iter().chain(copilot_found.iter()) {
        assert!(!hook(cmd).contains(ALLOW), "{cmd:?}");
    }
    for cmd in ["git status", "ls -la src", "cat README.md"] {
        assert!(hook(cmd).contains(ALLOW), "{cmd:?} lost its allow");
    }
}

/// Issue 29: Claude's read-only table applies by the version Claude names in `AI_AGENT`: on a
/// measured version as measured, on a newer unmeasured one the forms that ran on every measured
/// version, and not at all on an older version or when the version is not seen.
#[test]
fn claude_read_only_table_follows_the_running_version() {
    let (t, repo) = project(None);
    let hook = |agent: Option<&str>| {
        let payload = serde_json::json!({"hook_event_name": "PreToolUse", "permission_mode": "default",
            "tool_name": "Bash", "tool_input": {"command": "git status"}, "cwd": repo});
        let mut c = t.rtk();
        c.args(["hook", "claude"]);
        if let Some(a) = agent {
            c.env("AI_AGENT", a);
        }
        let out = c.write_stdin(payload.to_string()).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let measured = rtk::hosts::claude::read_only::MEASURED;
    for v in measured {
        let agent = format!("claude-code_{}_harness", v.replace('.', "-"));
        assert!(hook(Some(&agent)).contains(ALLOW), "{agent}");
    }
    assert!(hook(Some("claude-code_9-0-0_harness")).contains(ALLOW));
    for agent in [
        None,
        Some("claude-code_0-1-0_harness"),
        Some("claude-code_2-1_harness"),
        Some("claude-code_x-y-z_harness"),
        Some("codex"),
    ] {
        assert_eq!(hook(agent), "", "{agent:?}");
    }
}
