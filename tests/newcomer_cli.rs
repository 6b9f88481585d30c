//! The CLI a newcomer meets (issue 40), driven as a process: `--help` leads with the main job,
//! upstream's own command names say what to use instead, `rtk pipe` is the run's filter over
//! stdin, `recall --list` names command and time, `init --show`/`--check` and the project
//! uninstall, `gain --watch`, `session`, and a config value of the wrong type.

use crate::common::TestEnv;

fn out(t: &TestEnv, args: &[&str]) -> (Option<i32>, String, String) {
    let o = t.rtk().args(args).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn piped(t: &TestEnv, args: &[&str], input: &[u8]) -> (Option<i32>, Vec<u8>, String) {
    let o = t
        .rtk()
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (
        o.status.code(),
        o.stdout,
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn help_leads_with_running_a_program() {
    let t = TestEnv::new();
    let (code, help, _) = out(&t, &["--help"]);
    assert_eq!(code, Some(0));
    let usage = help
        .find("rtk <PROGRAM> [ARGS]")
        .expect("usage names the main job");
    let commands = help.find("Commands:").expect("commands listed");
    assert!(usage < commands, "{help}");
    assert!(
        help.find("rtk git status").unwrap() < commands,
        "an example first"
    );
    assert!(help.contains("docs/coverage.md"), "{help}");
    assert!(help.contains("docs/upstream-commands.md"), "{help}");
}

#[test]
fn an_upstream_only_command_says_what_to_use_instead() {
    let t = TestEnv::new();
    let (code, stdout, stderr) = out(&t, &["smart", "src/main.rs"]);
    assert_eq!(code, Some(127), "still not found, as in a shell");
    assert!(stdout.is_empty());
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], "rtk: smart: command not found");
    assert!(lines[1].contains("rtk read FILE"), "{stderr}");
    // A program of that name runs as without rtk, no hint.
    t.write("bin/deps", "#!/bin/sh\necho mine; exit 4\n");
    let bin = t.root.path().join("bin");
    std::fs::set_permissions(
        bin.join("deps"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let o = t.rtk().arg("deps").env("PATH", path).output().unwrap();
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(o.stdout, b"mine\n");
    assert!(
        o.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Any other unknown program: the shell's message only.
    let (code, _, stderr) = out(&t, &["no-such-program-rtk40"]);
    assert_eq!(code, Some(127));
    assert_eq!(stderr, "rtk: no-such-program-rtk40: command not found\n");
}

/// `cargo test` output with 300 passing tests and one failure.
fn cargo_test_output() -> String {
    let mut s = String::from("\nrunning 301 tests\n");
    for i in 0..300 {
        s.push_str(&format!("test m::t{i} ... ok\n"));
    }
    s.push_str("test m::broken ... FAILED\n\nfailures:\n\n---- m::broken stdout ----\n");
    s.push_str("thread 'm::broken' panicked at src/lib.rs:9:5:\nassertion failed: 1 == 2\n\n");
    s.push_str("failures:\n    m::broken\n\n");
    s.push_str("test result: FAILED. 300 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\n");
    s
}

#[test]
fn pipe_is_the_runs_filter_over_stdin_and_keeps_the_failure() {
    let t = TestEnv::new();
    let raw = cargo_test_output();
    let (code, stdout, _) = piped(&t, &["pipe", "cargo", "test"], raw.as_bytes());
    assert_eq!(code, Some(0));
    let text = String::from_utf8(stdout).unwrap();
    assert!(text.len() < raw.len() / 4, "compacted: {text}");
    assert!(text.contains("m::broken"), "{text}");
    assert!(text.contains("src/lib.rs:9:5"), "{text}");
    assert!(text.contains("assertion failed: 1 == 2"), "{text}");
    // What was elided is kept, and recall lists it with its command.
    let tee = text
        .lines()
        .find_map(|l| l.split("full output: ").nth(1))
        .expect("a note names the tee file")
        .trim_end_matches(']');
    assert_eq!(std::fs::read_to_string(tee).unwrap(), raw);
    let (_, list, _) = out(&t, &["recall", "--list"]);
    let line = list.lines().next().expect("one tee file");
    assert!(line.contains(tee), "{line}");
    assert!(line.ends_with("cargo test"), "{line}");
    assert!(
        line.starts_with("20") && line.contains('T'),
        "a UTC time: {line}"
    );
    // Upstream's -f form is the same filter.
    let (_, upstream, _) = piped(&t, &["pipe", "-f", "cargo-test"], raw.as_bytes());
    let upstream = String::from_utf8(upstream).unwrap();
    assert_eq!(
        upstream.lines().next(),
        text.lines().next(),
        "same summary line"
    );
}

#[test]
fn pipe_passes_through_what_no_filter_takes() {
    let t = TestEnv::new();
    let raw: Vec<u8> = b"a  b\n\n\x00\xff not text\n".to_vec();
    for args in [
        &["pipe", "cargo", "test"][..],
        &["pipe", "no-such-program-rtk40"],
        &["pipe", "--passthrough"],
    ] {
        let (code, stdout, stderr) = piped(&t, args, &raw);
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert_eq!(stdout, raw, "{args:?}: byte for byte");
    }
    let (code, _, _) = out(&t, &["pipe"]);
    assert_eq!(code, Some(2), "a command (or -f) is required");
}

#[test]
fn init_show_check_and_a_project_uninstall_that_leaves_nothing() {
    let t = TestEnv::new();
    let rtk_dir = assert_cmd::cargo::cargo_bin("rtk")
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!("{}:{}", rtk_dir.display(), std::env::var("PATH").unwrap());
    let run = |args: &[&str]| {
        let o = t.rtk().args(args).env("PATH", &path).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let (code, show) = run(&["init", "--show"]);
    assert_eq!(code, Some(0));
    for agent in ["claude", "cursor", "codex", "vibe", "opencode"] {
        assert!(
            show.lines()
                .any(|l| l.starts_with(agent) && l.contains("not installed")),
            "{agent}: {show}"
        );
    }
    let (_, none) = run(&["init", "--check"]);
    assert!(none.starts_with("no rtk hook entry installed"), "{none}");
    let (code, installed) = run(&["init", "--agent", "claude"]);
    assert_eq!(code, Some(0));
    assert!(
        installed
            .lines()
            .last()
            .unwrap()
            .contains("next: restart claude"),
        "{installed}"
    );
    let (_, show) = run(&["init", "--show"]);
    let claude = show.lines().find(|l| l.starts_with("claude")).unwrap();
    assert!(
        claude.contains(" installed ") && claude.contains("project"),
        "{claude}"
    );
    assert!(claude.contains(".claude/settings.json"), "{claude}");
    let (code, check) = run(&["init", "--check"]);
    assert_eq!(code, Some(0), "{check}");
    assert!(check.contains("`rtk hook claude` answers"), "{check}");
    // A hook command that is not there: the check says so.
    let broken = t
        .rtk()
        .args(["init", "--check"])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(broken.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&broken.stdout).contains("FAILED"));
    let (code, _) = run(&["init", "--agent", "claude", "--uninstall"]);
    assert_eq!(code, Some(0));
    assert!(
        !t.work().join(".claude").exists(),
        "the file and folder rtk made are gone"
    );
    // A settings.json the user had stays, emptied of rtk's entry only.
    t.write("work/.claude/settings.json", "{}\n");
    run(&["init", "--agent", "claude"]);
    run(&["init", "--agent", "claude", "--uninstall"]);
    assert!(t.work().join(".claude/settings.json").exists());
}

#[test]
fn gain_watch_redraws_and_quota_says_what_instead() {
    let t = TestEnv::new();
    let (code, stdout, _) = out(&t, &["gain", "--watch", "0.05", "--watch-times", "2"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.matches("rtk gain --watch: ").count(), 2, "{stdout}");
    let (code, stdout, stderr) = out(&t, &["gain", "--quota"]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(stderr.contains("rtk gain"), "{stderr}");
}

#[test]
fn session_shows_adoption_per_claude_session() {
    let t = TestEnv::new();
    let call = |id: &str, cmd: &str| {
        serde_json::json!({"message": {"content": [
            {"type": "tool_use", "id": id, "name": "Bash", "input": {"command": cmd}}
        ]}})
        .to_string()
    };
    let lines = [
        call("1", "rtk git status"),
        call("2", "git status"),
        call("3", "rtk cargo test"),
        call("4", "echo hi"),
    ];
    t.write("home/.claude/projects/-w/abc123.jsonl", &lines.join("\n"));
    let (code, stdout, stderr) = out(&t, &["session"]);
    assert_eq!(code, Some(0), "{stderr}");
    let row = stdout
        .lines()
        .find(|l| l.contains("abc123"))
        .expect(&stdout);
    let cells: Vec<&str> = row.split_whitespace().collect();
    // time, session, bash, via rtk, missed, adoption, project
    assert_eq!(&cells[1..], ["abc123", "4", "2", "1", "66%", "-w"], "{row}");
}

#[test]
fn a_wrong_typed_config_value_is_dropped_alone_and_named_only_by_rtk_config() {
    let t = TestEnv::new();
    t.write(
        "xdg-config/rtk/config.toml",
        "[tracking]\nenabled = \"no\"\n[hooks]\nexclude_commands = [\"git status\"]\n",
    );
    // The neighbouring key still applies: excluded, so no rewrite (exit 1), nothing on stderr.
    let (code, stdout, stderr) = out(&t, &["rewrite", "git", "status"]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(1), "", ""));
    let (code, stdout, stderr) = piped(
        &t,
        &["hook", "claude"],
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}"#,
    );
    assert_eq!(code, Some(0));
    assert!(stderr.is_empty(), "never on the hook's stderr: {stderr}");
    let answer = String::from_utf8(stdout).unwrap();
    assert!(
        answer.trim().is_empty() || serde_json::from_str::<serde_json::Value>(&answer).is_ok(),
        "{answer}"
    );
    let (code, _, stderr) = out(&t, &["config"]);
    assert_eq!(code, Some(0));
    assert_eq!(stderr.matches("tracking.enabled").count(), 1, "{stderr}");
}

#[test]
fn vibe_init_offers_the_rtk_forms_and_adds_them_on_request() {
    let t = TestEnv::new();
    let check = |t: &TestEnv| out(t, &["hook", "check", "--agent", "vibe", "ls", "-la", "src"]).1;
    assert_eq!(
        check(&t).trim(),
        "vibe: (no output)",
        "Vibe's defaults: nothing rewritten"
    );
    let (code, offer, _) = out(&t, &["init", "--agent", "vibe"]);
    assert_eq!(code, Some(0));
    let line = offer
        .lines()
        .find(|l| l.contains("--allowlist"))
        .expect(&offer);
    assert!(
        line.contains("\"rtk ls\"") && line.contains("\"rtk grep\""),
        "{line}"
    );
    // Guardrailed programs (find, git …) are never offered: their rtk form would skip the guard.
    assert!(
        !line.contains("rtk find") && !line.contains("rtk git"),
        "{line}"
    );
    let (code, added, _) = out(&t, &["init", "--agent", "vibe", "--allowlist"]);
    assert_eq!(code, Some(0));
    assert!(added.contains("added \"rtk cat\""), "{added}");
    let config = std::fs::read_to_string(t.home().join(".vibe/config.toml")).unwrap();
    let table: toml::Table = config.parse().unwrap();
    let list = table["tools"]["bash"]["allowlist"].as_array().unwrap();
    assert!(
        list.iter().any(|v| v.as_str() == Some("ls")),
        "the defaults stay"
    );
    assert!(list.iter().any(|v| v.as_str() == Some("rtk ls")));
    assert!(
        check(&t).contains("rtk ls -la src"),
        "now rewritten: {}",
        check(&t)
    );
    // Nothing left to offer; a file with its own [tools] is never edited.
    let (_, again, _) = out(&t, &["init", "--agent", "vibe"]);
    assert!(!again.contains("--allowlist"), "{again}");
    t.write(
        "home/.vibe/config.toml",
        "[tools.bash]\npermission = \"ask\"\nallowlist = [\"ls\"]\n",
    );
    let (_, by_hand, _) = out(&t, &["init", "--agent", "vibe", "--allowlist"]);
    assert!(by_hand.contains("add these"), "{by_hand}");
    assert_eq!(
        std::fs::read_to_string(t.home().join(".vibe/config.toml")).unwrap(),
        "[tools.bash]\npermission = \"ask\"\nallowlist = [\"ls\"]\n"
    );
}

/// `rtk hook-audit` reads the opt-in hook log: off by default (the hook writes nothing, and
/// hook-audit says how to turn it on); on through `[hooks] log = true` or `RTK_HOOK_LOG=1`,
/// each judged command is logged with its outcome and rewrite, secrets masked.
#[test]
fn hook_audit_lists_the_decisions_of_the_opt_in_log() {
    let t = TestEnv::new();
    let hook = |command: &str, vars: &[(&str, &str)]| {
        let payload = format!(
            r#"{{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"{command}"}}}}"#
        );
        let mut c = t.rtk();
        c.args(["hook", "claude"]).write_stdin(payload);
        for (k, v) in vars {
            c.env(k, v);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(0));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let data = t.root.path().join("xdg-data/rtk");
    let logged = || {
        std::fs::read_dir(&data)
            .map(|d| {
                d.flatten()
                    .any(|e| e.file_name().to_string_lossy().ends_with("-hooks.jsonl"))
            })
            .unwrap_or(false)
    };

    // Off: the answer as ever, nothing written, and hook-audit says how to turn it on.
    let answer = hook("cargo test", &[]);
    assert!(answer.contains("rtk cargo test"), "{answer}");
    assert!(!logged(), "the log is off by default");
    let (code, text, _) = out(&t, &["hook-audit"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("log = true"), "{text}");
    assert!(text.contains("RTK_HOOK_LOG=1"), "{text}");

    // On through the environment: each decision is logged with its outcome.
    hook("cargo test", &[("RTK_HOOK_LOG", "1")]);
    hook(
        "curl -H 'Authorization: Bearer sk-abcdefghijklmnopqrstuvwx' x",
        &[("RTK_HOOK_LOG", "1")],
    );
    assert!(logged());
    // On through the config: the same, and hook-audit reads both.
    t.write("xdg-config/rtk/config.toml", "[hooks]\nlog = true\n");
    hook("git status $(rm -rf /tmp/x)", &[]);
    let (code, text, stderr) = out(&t, &["hook-audit", "--last", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(text.contains("3 hook decisions logged"), "{text}");
    assert!(text.contains("claude     rewrite"), "{text}");
    assert!(text.contains("claude     passthrough"), "{text}");
    let last: Vec<&str> = text.lines().skip_while(|l| *l != "last 2:").collect();
    assert_eq!(last.len(), 3, "{text}");
    assert!(last[2].contains("git status $(rm -rf /tmp/x)"), "{text}");
    assert!(last[2].contains("unattestable"), "{text}");
    assert!(
        !text.contains("sk-abcdefghijklmnopqrstuvwx"),
        "secret masked: {text}"
    );
    assert!(
        !text.contains("rtk cargo test"),
        "the first decision is past --last 2"
    );
}
