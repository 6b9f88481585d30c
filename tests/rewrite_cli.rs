//! `rtk rewrite` driven as a process: exit codes, stdout bytes, stderr messages.

use crate::common::TestEnv;

#[test]
fn unknown_host_is_exit_1_with_message() {
    let t = TestEnv::new();
    let out = t
        .rtk()
        .args(["rewrite", "--host", "nope", "git", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown host 'nope'"), "{err}");
    assert!(err.contains("openclaw"), "{err}");
}

#[test]
fn empty_command_is_exit_1() {
    let t = TestEnv::new();
    for args in [vec!["rewrite"], vec!["rewrite", ""], vec!["rewrite", "   "]] {
        let out = t.rtk().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// Runs `rtk rewrite <args>` in `t` and returns (exit code, stdout, stderr).
fn rewrite(t: &TestEnv, args: &[&str]) -> (i32, String, String) {
    rewrite_env(t, args, &[])
}

fn rewrite_env(t: &TestEnv, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut c = t.rtk();
    c.arg("rewrite").args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A trusted project (`work/`, with `.git`) whose Claude settings hold `permissions`.
fn with_claude_rules(permissions: &str) -> TestEnv {
    let t = TestEnv::new();
    std::fs::create_dir_all(t.work().join(".git")).unwrap();
    t.write(
        "work/.claude/settings.json",
        &format!(r#"{{"permissions": {permissions}}}"#),
    );
    let trust = serde_json::json!({"projects": {t.work().to_str().unwrap(): {"hasTrustDialogAccepted": true}}});
    t.write("home/.claude.json", &trust.to_string());
    t
}

#[test]
fn git_status_without_rules_is_exit_3_with_rewrite() {
    let t = TestEnv::new();
    let (code, out, _) = rewrite(&t, &["git", "status"]);
    assert_eq!((code, out.as_str()), (3, "rtk git status"));
}

#[test]
fn git_status_allowed_is_exit_0_denied_is_exit_2() {
    let t = with_claude_rules(r#"{"allow": ["Bash(git status)"]}"#);
    assert_eq!(rewrite(&t, &["git status"]).0, 0);
    assert_eq!(rewrite(&t, &["git status"]).1, "rtk git status");
    let t = with_claude_rules(r#"{"deny": ["Bash(git status)"]}"#);
    let (code, out, _) = rewrite(&t, &["git", "status"]);
    assert_eq!((code, out.as_str()), (2, ""));
}

/// `gh api` writes (issue 38) are rewritten, but rtk allows one only where the host's own
/// rules do: without rules (Claude's read-only table never runs `gh api` unasked) the host asks;
/// an ask rule asks, a deny denies; GraphQL is never rewritten.
#[test]
fn gh_api_writes_keep_the_hosts_verdict() {
    let reply = r#"gh api repos/o/r/pulls/1/comments/2/replies -f body="Fixed in abc1234""#;
    let t = TestEnv::new();
    assert_eq!(
        rewrite(&t, &[reply]),
        (3, format!("rtk {reply}"), String::new())
    );
    let t =
        with_claude_rules(r#"{"allow": ["Bash(gh pr view:*)", "Bash(gh api repos/o/r/pulls:*)"]}"#);
    assert_eq!(rewrite(&t, &[reply]).0, 3, "a rule for another endpoint");
    let t = with_claude_rules(
        r#"{"allow": ["Bash(gh api:*)"], "ask": ["Bash(gh api repos/o/r/pulls/1/comments/2/replies:*)"]}"#,
    );
    assert_eq!(rewrite(&t, &[reply]).0, 3, "an ask rule");
    let t = with_claude_rules(r#"{"deny": ["Bash(gh api:*)"]}"#);
    assert_eq!(rewrite(&t, &[reply]).0, 2);
    let t = TestEnv::new();
    assert_eq!(rewrite(&t, &["gh api graphql -f query=x"]).1, "");
}

#[test]
fn command_substitution_is_exit_1() {
    let t = TestEnv::new();
    let (code, out, _) = rewrite(&t, &["git status $(id)"]);
    assert_eq!((code, out.as_str()), (1, ""));
}

#[test]
fn hyphen_words_parse_as_command() {
    let t = TestEnv::new();
    assert_eq!(
        rewrite(&t, &["ls", "-al"]),
        (3, "rtk ls -al".into(), String::new())
    );
    assert_eq!(
        rewrite(&t, &["head", "-50", "file.txt"]),
        (3, "rtk head -50 file.txt".into(), String::new())
    );
    assert_eq!(
        rewrite(&t, &["git", "status", "--short"]).1,
        "rtk git status --short"
    );
}

#[test]
fn partial_allow_is_not_0_and_denied_segment_is_2() {
    let t = with_claude_rules(r#"{"allow": ["Bash(git status)"]}"#);
    assert_ne!(rewrite(&t, &["git status && rm -rf x"]).0, 0);
    let t = with_claude_rules(r#"{"allow": ["Bash(git status)"], "deny": ["Bash(rm:*)"]}"#);
    assert_eq!(rewrite(&t, &["git status && rm -rf x"]).0, 2);
}

#[test]
fn exact_rule_does_not_allow_longer_command() {
    // Upstream #3673: a rule without a wildcard is an exact match.
    let t = with_claude_rules(r#"{"allow": ["Bash(docker run)"]}"#);
    assert_ne!(rewrite(&t, &["docker run -v /:/host img"]).0, 0);
}

#[test]
fn malformed_settings_warn_once_and_are_never_more_permissive() {
    let t = TestEnv::new();
    std::fs::create_dir_all(t.work().join(".git")).unwrap();
    t.write(
        "work/.claude/settings.json",
        r#"{"permissions": {"allow": ["Bash(*)"]"#,
    );
    let (code, out, err) = rewrite(&t, &["git", "status"]);
    assert_eq!((code, out.as_str()), (3, "rtk git status"));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("settings.json"), "{err}");
}

#[test]
fn degenerate_commands_are_exit_1() {
    let t = TestEnv::new();
    for cmd in ["", "   "] {
        let (code, out, _) = rewrite(&t, &[cmd]);
        assert_eq!((code, out.as_str()), (1, ""), "{cmd:?}");
    }
    // 1 MiB of command text (in 64 KiB words: one argv word is capped at 128 KiB by Linux).
    let word = format!("git status {}", "a".repeat(64 * 1024 - 11));
    let words: Vec<&str> = std::iter::repeat_n(word.as_str(), 16).collect();
    let (code, out, err) = rewrite(&t, &words);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("limit"), "{err}");
    use std::os::unix::ffi::OsStrExt;
    let out = t
        .rtk()
        .arg("rewrite")
        .arg(std::ffi::OsStr::from_bytes(b"git status \xff"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("UTF-8"));
}

mod hosts {
    use super::*;

    /// Claude settings that deny `git push` and allow nothing.
    fn deny_push() -> TestEnv {
        with_claude_rules(r#"{"deny": ["Bash(git push:*)"]}"#)
    }

    #[test]
    fn claude_is_3_for_status_and_2_for_push() {
        let t = deny_push();
        assert_eq!(rewrite(&t, &["git", "status"]).0, 3);
        assert_eq!(
            rewrite(&t, &["git", "push"]),
            (2, String::new(), String::new())
        );
    }

    #[test]
    fn openclaw_rewrites_with_exit_0() {
        let t = deny_push();
        assert_eq!(
            rewrite(&t, &["--host", "openclaw", "git", "status"]),
            (0, "rtk git status".into(), String::new())
        );
        assert_eq!(rewrite(&t, &["--host=openclaw", "git", "status"]).0, 0);
    }

    /// The seed's documented choice: Claude Code's rules are not OpenClaw's, so a Claude deny
    /// does not reach OpenClaw; OpenClaw's own exec policy judges `rtk git push`.
    #[test]
    fn openclaw_does_not_apply_claude_deny_rules() {
        let t = deny_push();
        assert_eq!(
            rewrite(&t, &["--host", "openclaw", "git", "push"]),
            (0, "rtk git push".into(), String::new())
        );
    }

    #[test]
    fn flag_wins_over_env() {
        let t = deny_push();
        let r = rewrite_env(
            &t,
            &["--host", "claude", "git", "status"],
            &[("RTK_REWRITE_HOST", "openclaw")],
        );
        assert_eq!(r.0, 3);
        let r = rewrite_env(&t, &["git", "status"], &[("RTK_REWRITE_HOST", "openclaw")]);
        assert_eq!(r.0, 0);
    }

    #[test]
    fn openclaw_redirect_is_exit_1() {
        let t = deny_push();
        assert_eq!(
            rewrite(&t, &["--host", "openclaw", "git status > out.txt"]),
            (1, String::new(), String::new())
        );
    }

    #[test]
    fn no_host_is_byte_identical_to_claude() {
        let t = deny_push();
        for cmd in [
            "git status",
            "git push",
            "ls -al | head",
            "echo hi",
            "git log $(x)",
        ] {
            assert_eq!(
                rewrite(&t, &[cmd]),
                rewrite(&t, &["--host", "claude", cmd]),
                "{cmd}"
            );
        }
    }

    #[test]
    fn host_words_after_the_command_are_text() {
        let t = TestEnv::new();
        assert_eq!(
            rewrite(&t, &["grep", "--host", "x"]),
            (3, "rtk grep --host x".into(), String::new())
        );
        assert_eq!(rewrite(&t, &["--", "--host"]).0, 1);
    }

    #[test]
    fn explain_goes_to_stderr_and_changes_nothing_else() {
        let t = deny_push();
        let plain = rewrite(&t, &["git status && git push"]);
        let explained = rewrite(&t, &["--explain", "git status && git push"]);
        assert_eq!((plain.0, &plain.1), (explained.0, &explained.1));
        assert!(explained.2.contains("Bash(git push:*)"), "{}", explained.2);
        assert!(
            explained.2.contains(".claude/settings.json"),
            "{}",
            explained.2
        );
        assert!(explained.2.contains("exit 2"), "{}", explained.2);
    }
}
