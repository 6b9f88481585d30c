//! plugins/claude/rtk-rewrite.sh and plugins/cursor/rtk-rewrite.sh against a fake `rtk` (the Cursor
//! script's exit-code mapping, every exit code reachable; the Claude script's hand-off to
//! `rtk hook claude`), the argv they pass, robustness, and byte-for-byte agreement with the
//! native `rtk hook` over the fixtures using the real rtk.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common::TestEnv;
use crate::hook_cli::{cases, env_for};

fn script(agent: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("plugins/{agent}/rtk-rewrite.sh"))
}

/// A folder holding a fake `rtk` that logs its argv and answers `$FAKE_OUT` / `$FAKE_CODE`.
fn fake_bin(t: &TestEnv) -> PathBuf {
    let p = t.write(
        "fakebin/rtk",
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$FAKE_LOG\"\nprintf '%s' \"$FAKE_OUT\"\nexit \"$FAKE_CODE\"\n",
    );
    let mut perms = std::fs::metadata(&p).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&p, perms).unwrap();
    p.parent().unwrap().to_path_buf()
}

fn run_script(
    t: &TestEnv,
    agent: &str,
    path: &str,
    payload: &[u8],
    fake: (&str, i32),
) -> (String, String) {
    let out = Command::new("/bin/sh")
        .arg(script(agent))
        .env_clear()
        .env("HOME", t.home())
        .env("PATH", path)
        .env("FAKE_LOG", t.root.path().join("argv.log"))
        .env("FAKE_OUT", fake.0)
        .env("FAKE_CODE", fake.1.to_string())
        .current_dir(t.work())
        .write_stdin(payload)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{agent} script must exit 0");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const CLAUDE_PAYLOAD: &str = r#"{"permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"Show status","timeout":60000}}"#;
const CURSOR_PAYLOAD: &str = r#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"git status","cwd":"/w"}}"#;

#[test]
fn claude_script_hands_the_payload_to_rtk_hook_claude() {
    // The Claude script prints `rtk hook claude`'s answer unchanged (its decision depends on
    // more than `rtk rewrite`'s exit code: Claude's read-only approval, ask rules, modes).
    let t = TestEnv::new();
    let path = format!("{}:/usr/bin:/bin", fake_bin(&t).display());
    let answer = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git status"}}}"#;
    for (out, code) in [(answer, 0), ("", 0)] {
        let (got, _) = run_script(&t, "claude", &path, CLAUDE_PAYLOAD.as_bytes(), (out, code));
        assert_eq!(got, out);
        let argv = std::fs::read_to_string(t.root.path().join("argv.log")).unwrap();
        assert_eq!(argv, "hook\nclaude\n");
    }
    // BOMs stripped before rtk sees the payload; a failing rtk still exits 0 with no output.
    let mut bom = b"\xEF\xBB\xBF\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(CLAUDE_PAYLOAD.as_bytes());
    let (got, _) = run_script(&t, "claude", &path, &bom, (answer, 0));
    assert_eq!(got, answer);
    let (got, _) = run_script(&t, "claude", &path, CLAUDE_PAYLOAD.as_bytes(), ("", 101));
    assert_eq!(got, "");
}

#[test]
fn cursor_script_maps_exit_codes() {
    let t = TestEnv::new();
    let path = format!("{}:/usr/bin:/bin", fake_bin(&t).display());
    let allow = r#"{"continue":true,"permission":"allow","updated_input":{"command":"rtk git status","cwd":"/w"}}"#;
    let rewrite = r#"{"continue":true,"updated_input":{"command":"rtk git status","cwd":"/w"}}"#;
    for (code, out, want) in [
        (0, "rtk git status", allow),
        (3, "rtk git status", rewrite),
        (3, "git status", "{}"),
        (1, "", "{}"),
        (2, "", "{}"),
        (5, "rtk git status", "{}"),
    ] {
        let (got, _) = run_script(&t, "cursor", &path, CURSOR_PAYLOAD.as_bytes(), (out, code));
        assert_eq!(got, format!("{want}\n"), "exit {code}");
    }
    let argv = std::fs::read_to_string(t.root.path().join("argv.log")).unwrap();
    assert_eq!(argv, "rewrite\n--host\ncursor\n--\ngit status\n");
}

#[test]
fn scripts_do_nothing_on_bad_input_without_calling_rtk() {
    let t = TestEnv::new();
    let path = format!("{}:/usr/bin:/bin", fake_bin(&t).display());
    let log = t.root.path().join("argv.log");
    let mut big = CLAUDE_PAYLOAD.as_bytes().to_vec();
    big.resize(1024 * 1024 + 1, b' ');
    for (agent, nothing) in [("claude", ""), ("cursor", "{}\n")] {
        for payload in [
            &b"{not json"[..],
            b"",
            b"[1,2]",
            br#"{"tool_name":"Read","tool_input":{"file_path":"a"}}"#,
            br#"{"tool_name":"Bash","tool_input":{"command":"   "}}"#,
            br#"{"tool_name":"Shell","tool_input":{"command":"   "}}"#,
            br#"{"tool_name":"Bash","tool_input":{"command":"git\u0000 status"}}"#,
            br#"{"tool_name":"Shell","tool_input":{"command":"git\u0000 status"}}"#,
            &big,
        ] {
            let _ = std::fs::remove_file(&log);
            let (got, _) = run_script(&t, agent, &path, payload, ("rtk git status", 0));
            assert_eq!(
                got,
                nothing,
                "{agent} {:?}",
                String::from_utf8_lossy(&payload[..payload.len().min(40)])
            );
            assert!(!log.exists(), "{agent}: rtk called for bad input");
        }
    }
}

#[test]
fn scripts_without_jq_do_nothing_and_say_so() {
    let t = TestEnv::new();
    let path = fake_bin(&t).display().to_string(); // no /usr/bin: no jq
    let (got, err) = run_script(
        &t,
        "claude",
        &path,
        CLAUDE_PAYLOAD.as_bytes(),
        ("rtk git status", 0),
    );
    assert_eq!(got, "");
    assert!(err.contains("jq not found"), "{err}");
    let (got, err) = run_script(
        &t,
        "cursor",
        &path,
        CURSOR_PAYLOAD.as_bytes(),
        ("rtk git status", 0),
    );
    assert_eq!(got, "{}\n");
    assert!(err.contains("jq not found"), "{err}");
}

/// PATH with the real rtk first.
fn real_path() -> String {
    let bin = assert_cmd::cargo::cargo_bin("rtk");
    format!("{}:/usr/bin:/bin", bin.parent().unwrap().display())
}

#[test]
fn scripts_agree_with_native_hooks_on_every_fixture() {
    for agent in ["claude", "cursor"] {
        let t = env_for(agent);
        let mut n = 0;
        for (name, payload, _) in cases(agent) {
            let payload = crate::hook_cli::in_work(&t, agent, &payload);
            let native = t
                .rtk()
                .args(["hook", agent])
                .write_stdin(payload.clone())
                .output()
                .unwrap();
            let (got, _) = run_script(&t, agent, &real_path(), &payload, ("", 0));
            assert_eq!(got.as_bytes(), native.stdout, "{agent}/{name}");
            n += 1;
        }
        assert!(n >= 10, "{agent}: {n}");
    }
}

#[test]
fn inherited_openclaw_host_never_relaxes_the_scripts() {
    let t = TestEnv::new(); // no rules
                            // `cargo test` is not read-only to Claude: no allow can be earned for it without rules.
    let claude = CLAUDE_PAYLOAD.replace("git status", "cargo test");
    for (agent, payload, rewritten) in [
        ("claude", claude.as_str(), "rtk cargo test"),
        ("cursor", CURSOR_PAYLOAD, "rtk git status"),
    ] {
        let out = Command::new("/bin/sh")
            .arg(script(agent))
            .env_clear()
            .env("HOME", t.home())
            .env("PATH", real_path())
            .env("RTK_REWRITE_HOST", "openclaw")
            .current_dir(t.work())
            .write_stdin(payload)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains("allow"), "{agent}: {text}");
        // The rewrite still happens; only the (unearned) allow is absent.
        assert!(
            text.contains(&format!(r#""command":"{rewritten}""#)),
            "{agent}: {text}"
        );
    }
}
