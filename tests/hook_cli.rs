//! `rtk hook <agent>` driven as a process over the fixtures in tests/fixtures/hooks/<agent>/:
//! every payload in, the exact answer out, exit 0; plus agreement with `rtk rewrite`, the
//! stdin cap, `RTK_REWRITE_HOST` being ignored, and `rtk hook check`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{copy_tree, TestEnv};
use rtk::vectors::unescape;

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hooks")
}

/// One fixture case: (name, payload bytes, expected stdout).
pub fn cases(agent: &str) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let dir = fixtures_dir().join(agent);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let payload = std::fs::read(dir.join(format!("{n}.json"))).unwrap();
            let out = std::fs::read(dir.join(format!("{n}.out")))
                .unwrap_or_else(|_| panic!("{agent}/{n}.out missing"));
            (n, payload, out)
        })
        .collect()
}

/// A hook's stdout with rtk's absolute path (the codex hook names rtk by it, because Codex's
/// login shell resets PATH) written back as `rtk`, so fixtures stay machine-independent.
pub fn portable(stdout: &[u8]) -> String {
    let bin = assert_cmd::cargo::cargo_bin("rtk");
    let text = String::from_utf8_lossy(stdout);
    text.replace(&format!("{} ", bin.display()), "rtk ")
}

pub const AGENTS: [&str; 8] = [
    "claude", "cursor", "gemini", "copilot", "codex", "droid", "vibe", "cline",
];

/// What the host sets in its hooks' environment, as measured: Claude Code 2.1.332 names
/// itself in `AI_AGENT` (rtk applies Claude's read-only table by that version).
pub fn host_env(agent: &str) -> Vec<(&'static str, &'static str)> {
    match agent {
        "claude" => vec![("AI_AGENT", "claude-code_2-1-332_harness")],
        _ => Vec::new(),
    }
}

/// Claude's fixture payloads name the shell's folder `/work/app`; its hook judges paths from
/// it (issue 36), so a test sends the payload with it moved to the TestEnv's working folder,
/// where rtk runs.
pub fn in_work(t: &TestEnv, agent: &str, payload: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(payload);
    if agent != "claude" || !text.contains(r#""cwd":"/work/app""#) {
        return payload.to_vec();
    }
    let cwd = serde_json::to_string(t.work().to_str().unwrap()).unwrap();
    let mut out = payload.to_vec();
    let from = br#""cwd":"/work/app""#;
    let at = out.windows(from.len()).position(|w| w == from).unwrap();
    out.splice(at..at + from.len(), format!(r#""cwd":{cwd}"#).into_bytes());
    out
}

/// A TestEnv whose HOME holds `agent`'s rule files.
pub fn env_for(agent: &str) -> TestEnv {
    let t = TestEnv::new();
    copy_tree(&fixtures_dir().join(agent).join("home"), &t.home());
    t
}

#[test]
fn every_fixture_gets_its_exact_answer() {
    let mut ran = 0;
    for agent in AGENTS {
        let t = env_for(agent);
        for (name, payload, want) in cases(agent) {
            let out = t
                .rtk()
                .args(["hook", agent])
                .envs(host_env(agent))
                .write_stdin(in_work(&t, agent, &payload))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{agent}/{name}");
            assert_eq!(
                portable(&out.stdout),
                String::from_utf8_lossy(&want),
                "{agent}/{name}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 40, "only {ran} fixture cases ran");
}

#[test]
fn oversized_payload_is_ignored_with_the_do_nothing_answer() {
    let t = env_for("cursor");
    let mut big = br#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"git status"}}"#.to_vec();
    big.resize(1024 * 1024 + 1, b' ');
    let out = t
        .rtk()
        .args(["hook", "cursor"])
        .write_stdin(big.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"{}\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("over 1048576 bytes"));
    // Exactly at the cap it is read and judged (no size complaint).
    big.truncate(1024 * 1024);
    let out = t
        .rtk()
        .args(["hook", "cursor"])
        .write_stdin(big)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("over"));
}

#[test]
fn every_hook_exits_zero_and_prints_only_its_answer_on_garbage() {
    for agent in AGENTS {
        let t = TestEnv::new();
        for garbage in [
            &b""[..],
            b"\xff\xfe\x00",
            b"{\"tool_name\":",
            b"null",
            b"42",
        ] {
            let out = t
                .rtk()
                .args(["hook", agent])
                .write_stdin(garbage)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{agent} {garbage:?}");
            let want: &[u8] = if matches!(agent, "cursor" | "gemini") {
                b"{}\n"
            } else {
                b""
            };
            assert_eq!(out.stdout, want, "{agent} {garbage:?}");
        }
    }
}

#[test]
fn rtk_rewrite_host_is_ignored_by_every_hook() {
    // An unknown host would make `rtk rewrite` fail; the hooks never read the variable.
    for agent in AGENTS {
        let t = env_for(agent);
        for (name, payload, want) in cases(agent) {
            for host in ["nope", "openclaw"] {
                let out = t
                    .rtk()
                    .args(["hook", agent])
                    .envs(host_env(agent))
                    .env("RTK_REWRITE_HOST", host)
                    .write_stdin(in_work(&t, agent, &payload))
                    .output()
                    .unwrap();
                assert_eq!(out.status.code(), Some(0), "{agent}/{name}");
                assert_eq!(
                    portable(&out.stdout),
                    String::from_utf8_lossy(&want),
                    "{agent}/{name} RTK_REWRITE_HOST={host}"
                );
                assert!(
                    !String::from_utf8_lossy(&out.stderr).contains("unknown host"),
                    "{agent}/{name}"
                );
            }
        }
    }
}

#[test]
fn openclaw_in_the_environment_never_makes_claude_allow() {
    let t = TestEnv::new(); // no rules at all
                            // `cargo test` is not read-only to Claude: nothing but rules could allow it.
    let payload = r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cargo test"}}"#;
    let out = t
        .rtk()
        .args(["hook", "claude"])
        .env("RTK_REWRITE_HOST", "openclaw")
        .write_stdin(payload)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("permissionDecision"), "{text}");
    // The same variable does relax `rtk rewrite`, which is what makes this test meaningful.
    let rw = t
        .rtk()
        .args(["rewrite", "cargo", "test"])
        .env("RTK_REWRITE_HOST", "openclaw")
        .output()
        .unwrap();
    assert_eq!(rw.status.code(), Some(0));
    assert!(text.contains(r#""command":"rtk cargo test""#), "{text}");
}

/// Commands for the agreement test: tests/vectors/rewrite.tsv (input<TAB>expected-or-dash, `#`
/// comments) when present, else a built-in list.
fn agreement_commands() -> Vec<String> {
    let tsv = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/rewrite.tsv");
    if let Ok(text) = std::fs::read_to_string(tsv) {
        let v: Vec<String> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
            .map(|l| unescape(l.split('\t').next().unwrap()))
            // A NUL cannot be passed as an argv word to `rtk rewrite`.
            .filter(|c| !c.contains('\0'))
            .collect();
        if !v.is_empty() {
            return v;
        }
    }
    [
        "git status",
        "git status --short",
        "git push origin main",
        "git log -5",
        "git reset --hard HEAD~1",
        "git status && cargo test",
        "git status && git push",
        "git status 2>&1",
        "git log | head",
        "GIT_PAGER=cat git status",
        "htop",
        "ls -al",
        "cargo test",
        "git status $(rm -rf /tmp/x)",
        "git status `whoami`",
        "git log > /tmp/out.txt",
        "cat <<EOF",
        "rtk git status",
        "sudo git status",
        "bash -c 'git status'",
        "",
    ]
    .into_iter()
    .map(str::to_string)
    .collect()
}

#[test]
fn hook_claude_agrees_with_rewrite_host_claude() {
    let t = env_for("claude");
    let commands = agreement_commands();
    assert!(commands.len() >= 10);
    let (mut rewritten, mut stepped_aside) = (0, 0);
    for cmd in commands {
        let rw = t
            .rtk()
            .args(["rewrite", "--host", "claude", "--", &cmd])
            .output()
            .unwrap();
        let code = rw.status.code().unwrap();
        let line = String::from_utf8(rw.stdout).unwrap();
        let payload = serde_json::json!({
            "hook_event_name": "PreToolUse", "permission_mode": "default",
            "tool_name": "Bash", "tool_input": {"command": cmd, "timeout": 5}
        });
        let hook = t
            .rtk()
            .args(["hook", "claude"])
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert_eq!(hook.status.code(), Some(0), "{cmd}");
        let text = String::from_utf8(hook.stdout).unwrap();
        let rewrites = matches!(code, 0 | 3) && line != cmd;
        if !rewrites {
            assert_eq!(text, "", "{cmd:?}: rewrite exit {code}");
            continue;
        }
        // Issue 22: the hook may step aside (Claude judges the original) where a rewrite could
        // change Claude's verdict; when it rewrites, it rewrites exactly as `rtk rewrite` does.
        if text.is_empty() {
            stepped_aside += 1;
            continue;
        }
        rewritten += 1;
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{cmd}: {e}: {text}"));
        let hso = &v["hookSpecificOutput"];
        assert_eq!(hso["updatedInput"]["command"], line.as_str(), "{cmd}");
        assert_eq!(hso["updatedInput"]["timeout"], 5, "{cmd}");
        let decision = hso.get("permissionDecision").and_then(Value::as_str);
        let reason = hso["permissionDecisionReason"].as_str().unwrap_or("");
        match code {
            // Every command allowed by a rule: Claude would run it silently.
            0 => assert_eq!(decision, Some("allow"), "{cmd}: exit 0"),
            // No rule allows it: an allow can only come from Claude's read-only approval.
            _ => assert!(
                decision.is_none() || reason.contains("read-only"),
                "{cmd}: exit {code}: {text}"
            ),
        }
    }
    assert!(
        rewritten >= 5,
        "{rewritten} rewritten, {stepped_aside} left to Claude"
    );
}

#[test]
fn hook_check_prints_every_agent() {
    let t = env_for("claude");
    let out = t
        .rtk()
        .args(["hook", "check", "git", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let labels: Vec<&str> = text
        .lines()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "claude",
            "claude read-only table",
            "cursor",
            "gemini",
            "copilot (VS Code run_in_terminal)",
            "copilot (PreToolUse)",
            "copilot (preToolUse)",
            "copilot read-only table",
            "codex",
            "droid",
            "vibe",
            "openclaw (plugin",
            "pi (plugin",
            "hermes (plugin",
            "opencode (plugin",
            "qwen (instructions, no hook)",
            "cline",
            "kilocode (instructions, no hook)",
            "windsurf (instructions, no hook)",
            "trae (instructions, no hook)",
            "antigravity (instructions, no hook)",
            "kimi (instructions, no hook)",
            "omp (plugin",
        ]
    );
    // An instruction-file host: what rtk's block asks its model to type.
    assert!(
        text.contains(
            "\nkimi (instructions, no hook): rtk's block asks the model to type `rtk git status`\n"
        ),
        "{text}"
    );
    // A plugin host: the answer its `rtk rewrite` call gets.
    assert!(
        text.contains("\nomp (plugin: rtk rewrite --host omp): exit 3: rtk git status\n"),
        "{text}"
    );
    // Outside Claude Code its version is not seen: the table does not apply, and check says so.
    assert!(
        text.contains("claude read-only table: Claude Code version not seen"),
        "{text}"
    );
    for line in text.lines().filter(|l| {
        !l.contains("read-only table: ")
            && !l.contains(" (plugin: ")
            && !l.contains(" (instructions, no hook): ")
    }) {
        let answer = line.split_once(": ").unwrap().1;
        assert!(
            answer == "(no output)" || serde_json::from_str::<Value>(answer).is_ok(),
            "{line}"
        );
    }
    // The dry run answers exactly what the hook answers for the same payload.
    let hook = t
        .rtk()
        .args(["hook", "cursor"])
        .write_stdin(r#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"git status"}}"#)
        .output()
        .unwrap();
    let cursor_line = text.lines().find(|l| l.starts_with("cursor: ")).unwrap();
    assert_eq!(
        format!("{}\n", &cursor_line["cursor: ".len()..]).as_bytes(),
        hook.stdout
    );
}

#[test]
fn hook_check_one_agent_and_unknown_agent() {
    let t = TestEnv::new();
    let out = t
        .rtk()
        .args(["hook", "check", "--agent", "gemini", "htop"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"gemini: {}\n");
    for (cmd, said) in [
        ("cargo test", "not in rtk's block, typed as is"),
        (
            "git status && ls",
            "a compound line: rtk's block speaks of single commands",
        ),
    ] {
        let out = t
            .rtk()
            .args(["hook", "check", "--agent", "qwen", cmd])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("qwen (instructions, no hook): {said}\n")
        );
    }
    let out = t
        .rtk()
        .args(["hook", "check", "--agent", "nope", "git", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown agent 'nope'") && err.contains("codex"),
        "{err}"
    );
}

/// Issue 15 point 3 and issue 36: `rtk hook claude` judges by the session's project as Claude
/// sets it for the hook — `CLAUDE_PROJECT_DIR`, else the hook's own working directory — never
/// by the payload's `cwd`, which is only the shell's current directory (paths are judged from
/// it; outside the project, the hook steps aside).
#[test]
fn claude_hook_takes_the_project_from_claude_not_from_the_payload_cwd() {
    let t = TestEnv::new();
    t.write(
        "work/repo/.claude/settings.json",
        r#"{"permissions":{"deny":["Bash(git push:*)"],"allow":["Bash(git status)"]}}"#,
    );
    let repo = t.work().join("repo");
    let trust =
        serde_json::json!({"projects": {repo.to_str().unwrap(): {"hasTrustDialogAccepted": true}}});
    t.write("home/.claude.json", &trust.to_string());
    // A nested folder whose own settings allow everything.
    t.write(
        "work/repo/sub/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash"]}}"#,
    );
    let sub = repo.join("sub");
    let hook = |cmd: &str, cwd: &Path, run_in: &Path, project_dir: Option<&Path>| {
        let payload = serde_json::json!({"hook_event_name":"PreToolUse","permission_mode":"default","tool_name":"Bash","tool_input":{"command":cmd},"cwd":cwd.to_str().unwrap()});
        let mut c = t.rtk();
        c.current_dir(run_in).args(["hook", "claude"]);
        if let Some(dir) = project_dir {
            c.env("CLAUDE_PROJECT_DIR", dir);
        }
        let out = c.write_stdin(payload.to_string()).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    // Run in the repo: its deny steps aside, its allow allows, from the repo or below it.
    assert_eq!(hook("git push origin main", &repo, &repo, None), "");
    assert!(hook("git status", &repo, &repo, None).contains(r#""permissionDecision":"allow""#));
    assert!(hook("git status", &sub, &repo, None).contains(r#""permissionDecision":"allow""#));
    assert!(!hook("cargo build", &repo, &repo, None).contains("permissionDecision"));
    // The payload pointing at the permissive folder does not make it the project.
    assert!(!hook("cargo build", &sub, &repo, None).contains("permissionDecision"));
    assert!(!hook("cargo build", &sub, &sub, Some(&repo)).contains("permissionDecision"));
    // Where Claude names the nested folder the project, its allow applies (and the repo's
    // deny, a folder above, still steps aside).
    assert!(hook("cargo build", &sub, &sub, Some(&sub)).contains("permissionDecision"));
    assert!(hook("cargo build", &sub, &sub, None).contains("permissionDecision"));
    assert_eq!(hook("git push origin main", &sub, &sub, Some(&sub)), "");
    // A shell folder outside the project: the hook steps aside.
    assert_eq!(hook("git status", &repo, &sub, Some(&sub)), "");
}

/// Issue 22: Codex (and Hermes) run commands through a login shell whose /etc/profile resets
/// PATH. The codex hook names rtk by its absolute path, so the rewrite runs there; the plain
/// `rtk …` form would be `command not found` (127) in the same shell.
#[test]
fn codex_rewrite_runs_in_a_login_shell_without_rtk_on_path() {
    let t = TestEnv::new();
    let payload = serde_json::json!({"hook_event_name":"PreToolUse","permission_mode":"bypassPermissions",
        "tool_name":"Bash","tool_input":{"command":"ls -a"}});
    let out = t
        .rtk()
        .args(["hook", "codex"])
        .write_stdin(payload.to_string())
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rewritten = v["hookSpecificOutput"]["updatedInput"]["command"]
        .as_str()
        .unwrap()
        .to_string();
    let bin = assert_cmd::cargo::cargo_bin("rtk");
    assert_eq!(rewritten, format!("{} ls -a", bin.display()));
    let login_shell = |cmd: &str| {
        assert_cmd::Command::new("/bin/bash")
            .args(["-lc", cmd])
            .env_clear()
            .env("HOME", t.home())
            .env("PATH", "/usr/bin:/bin")
            .env("XDG_DATA_HOME", t.root.path().join("xdg-data"))
            .current_dir(t.work())
            .output()
            .unwrap()
    };
    let ran = login_shell(&rewritten);
    assert_eq!(ran.status.code(), Some(0), "{ran:?}");
    assert!(
        String::from_utf8_lossy(&ran.stdout).contains('.'),
        "{ran:?}"
    );
    // The plain form is what failed before: no rtk on the login shell's PATH.
    assert_eq!(login_shell("rtk ls -a").status.code(), Some(127));
    // `rtk rewrite --absolute` gives adapters (Hermes) the same form.
    let rw = t
        .rtk()
        .args(["rewrite", "--absolute", "ls", "-a"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&rw.stdout), rewritten);
}

/// `--absolute` names rtk by the path the host ran it by (a package manager's stable link, or
/// a wrapper), not the file that link resolves to; a relative `argv[0]` falls back to the binary.
#[cfg(unix)]
#[test]
fn absolute_rewrite_names_the_path_rtk_was_run_by() {
    let t = TestEnv::new();
    let bin = assert_cmd::cargo::cargo_bin("rtk");
    let links = t.root.path().join("links");
    std::fs::create_dir_all(&links).unwrap();
    let link = links.join("rtk");
    std::os::unix::fs::symlink(&bin, &link).unwrap();
    let rewrite = |program: &str, cwd: &std::path::Path| {
        let out = assert_cmd::Command::new(program)
            .args(["rewrite", "--absolute", "ls", "-a"])
            .current_dir(cwd)
            .env("HOME", t.home())
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(
        rewrite(link.to_str().unwrap(), t.work().as_path()),
        format!("{} ls -a", link.display())
    );
    // Run as `./rtk` from the link's folder: not absolute, so the binary's own path.
    assert_eq!(rewrite("./rtk", &links), format!("{} ls -a", bin.display()));
}

/// `rtk hook copilot` on a Copilot CLI native payload for `cmd`, run in the work folder with
/// `cmdline` standing in for the ancestors' command lines and `version` as the CLI's version
/// variable; its stdout.
fn copilot_cli_hook(t: &TestEnv, cmd: &str, cmdline: &str, version: Option<&str>) -> String {
    let args = serde_json::json!({"command": cmd, "description": "Run the command"});
    let payload = serde_json::json!({"timestamp": 1, "cwd": t.work(), "toolName": "bash",
        "toolArgs": args.to_string()});
    let mut rtk = t.rtk();
    rtk.args(["hook", "copilot"])
        .current_dir(t.work())
        .env("RTK_CLAUDE_CMDLINE", cmdline);
    if let Some(v) = version {
        rtk.env("COPILOT_CLI_BINARY_VERSION", v);
    }
    let out = rtk.write_stdin(payload.to_string()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Issue 22: a Copilot CLI `--deny-tool` or `--allow-tool 'shell(…)'` (read from the copilot
/// process's command line) makes the hook step aside: Copilot judges the original with its rule.
#[test]
fn copilot_command_line_tool_rules_make_the_hook_step_aside() {
    let t = TestEnv::new();
    let answer = |cmd: &str, cmdline: &str| copilot_cli_hook(&t, cmd, cmdline, None);
    let copilot = "/opt/copilot/copilot\n-p\nhi\n--allow-all-tools";
    assert!(answer("git push origin main", copilot).contains("rtk git push origin main"));
    for deny in [
        "--deny-tool\nshell(git push)",
        "--deny-tool=shell(git push:*)",
        "--deny-tool\nwrite,shell",
    ] {
        let line = format!("{copilot}\n{deny}");
        assert!(
            !answer("git push origin main", &line).contains("rtk git"),
            "{deny}"
        );
    }
    // An allowed original runs without a prompt in Copilot; `rtk …` would not be allowed.
    let allowed = format!("{copilot}\n--allow-tool\nshell(git status)");
    assert!(!answer("git status", &allowed).contains("rtk git"));
    assert!(answer("git fetch", &allowed).contains("rtk git fetch"));
    // Only that prefix: other commands, and other tools' denials, leave the rewrite.
    let line = format!("{copilot}\n--deny-tool\nshell(git push)\n--deny-tool\nwrite");
    assert!(answer("git fetch", &line).contains("rtk git fetch"));
}

/// Issue 22: under Copilot CLI 1.0.102 (its version in the hook's environment, its command line
/// read), a command Copilot auto-approves as read-only is rewritten with `allow`, naming
/// rtk's table; a `--deny-tool`, a settings file with `permissions`, a Copilot version older than
/// every measured one or an unread command line make the hook step aside instead; forms Copilot asks for are
/// rewritten without a decision.
#[test]
fn copilot_read_only_commands_are_allowed_only_where_rtk_sees_every_copilot_rule() {
    let t = TestEnv::new();
    let answer =
        |cmd: &str, cmdline: &str, version: &str| copilot_cli_hook(&t, cmd, cmdline, Some(version));
    let copilot = "/opt/copilot/copilot\n-p\nhi";
    let allowed = answer("git status", copilot, "1.0.102");
    assert!(
        allowed.contains(r#""permissionDecision":"allow""#),
        "{allowed}"
    );
    assert!(
        allowed.contains("copilot read-only table v1.0.102"),
        "{allowed}"
    );
    assert!(
        allowed.contains(r#""command":"rtk git status""#),
        "{allowed}"
    );
    // Issue 29: a fake newer Copilot CLI gets the rows that held on every measured version.
    let newer = answer("git status", copilot, "1.0.999");
    assert!(newer.contains(r#""permissionDecision":"allow""#), "{newer}");
    assert_eq!(answer("git status -s > out.txt", copilot, "1.0.999"), "");
    let asks = answer("git push origin main", copilot, "1.0.102");
    assert!(asks.contains("rtk git push origin main") && !asks.contains("permissionDecision"));
    for (cmdline, version) in [
        (
            format!("{copilot}\n--deny-tool\nshell(git status)"),
            "1.0.102",
        ),
        (format!("{copilot}\n--deny-tool\nshell"), "1.0.102"),
        // Older than every measured version (parity/README.md: 1.0.82 and 1.0.102).
        (copilot.to_string(), "1.0.81"),
        (copilot.to_string(), "not-a-version"),
        // No copilot process among the ancestors: its --deny-tool could not be read.
        ("/bin/bash\n-c\nrtk hook copilot".to_string(), "1.0.102"),
    ] {
        assert_eq!(
            answer("git status", &cmdline, version),
            "",
            "{cmdline} {version}"
        );
    }
    let settings = t.home().join(".copilot/settings.json");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    std::fs::write(
        &settings,
        r#"{"permissions":{"deny":["shell(git status)"]}}"#,
    )
    .unwrap();
    assert_eq!(answer("git status", copilot, "1.0.102"), "");
}

/// Issue 22: rules given to Claude as `--allowedTools`/`--disallowedTools` are read from the
/// command line of the Claude process rtk runs under (here a bash standing in for it).
#[test]
fn claude_command_line_rules_are_read_from_the_parent_process() {
    let t = TestEnv::new();
    let bin = assert_cmd::cargo::cargo_bin("rtk");
    let run = |cmd: &str, flags: &[&str]| {
        let script = format!("\"$0\" rewrite {cmd}; exit $?");
        let out = assert_cmd::Command::new("/bin/bash")
            .arg("-c")
            .arg(script)
            .arg(&bin)
            .args(flags)
            .env_clear()
            .env("HOME", t.home())
            .env("PATH", "/usr/bin:/bin")
            .env(
                "RTK_CLAUDE_MANAGED_SETTINGS",
                t.root.path().join("managed.json"),
            )
            .current_dir(t.work())
            .output()
            .unwrap();
        out.status.code().unwrap()
    };
    assert_eq!(run("git push origin main", &[]), 3);
    assert_eq!(
        run(
            "git push origin main",
            &["--disallowedTools", "Bash(git push:*)"]
        ),
        2
    );
    assert_eq!(run("git status", &["--allowed-tools=Bash(git status)"]), 0);
    assert_eq!(run("git status", &["--settings", "{}"]), 3);
}

/// Where Copilot Chat keeps a session's transcript (its workspace `storageUri`, under the user
/// folder, sessionTranscriptService.ts), relative to the TestEnv root.
const TRANSCRIPT: &str =
    "xdg-config/Code/User/workspaceStorage/7f3a/GitHub.copilot-chat/transcripts/8c1d.jsonl";

/// VS Code Copilot Chat's `PreToolUse` input for its terminal tool, DOC-FORMAT (VS Code is a
/// desktop app): the fields `executeHook` and `executePreToolUseHook` write in
/// extensions/copilot/src/extension/chat/vscode-node/chatHookService.ts (microsoft/vscode),
/// `tool_input` as `run_in_terminal` takes it (runInTerminalTool.ts); the sources and commits
/// are named in docs/guide/getting-started/supported-agents.md, "VS Code Copilot Chat".
fn vscode_payload(t: &TestEnv, cmd: &str) -> String {
    serde_json::json!({
        "timestamp": "2026-12-04T18:30:00.000Z",
        "hook_event_name": "PreToolUse",
        "session_id": "8c1d6f3e-2b4a-4e5f-9a0b-1c2d3e4f5a6b",
        "transcript_path": t.root.path().join(TRANSCRIPT),
        "model": "gpt-5",
        "tool_name": "run_in_terminal",
        "tool_input": {"command": cmd, "explanation": "Run it", "goal": "Check", "isBackground": false},
        "tool_use_id": "call_k2Jd9__vscode-1764873000000",
        "cwd": t.work(),
    })
    .to_string()
}

/// Issue 28: VS Code judges the line the hook hands back, with its own auto-approve rules
/// (defaults, user and workspace settings): rtk rewrites, without a decision, only where no
/// rule can tell the `rtk` form from the original.
#[test]
fn copilot_vscode_rewrites_only_where_its_auto_approve_rules_cannot_differ() {
    let t = TestEnv::new();
    t.write(
        "xdg-config/Code/User/settings.json",
        "{\n  // user rules\n  \"chat.tools.terminal.autoApprove\": {\"cargo test\": true,},\n}\n",
    );
    // VS Code's record of the window's workspace: the work folder.
    t.write(
        "xdg-config/Code/User/workspaceStorage/7f3a/workspace.json",
        &format!(r#"{{"folder": "file://{}"}}"#, t.work().display()),
    );
    t.write(
        "work/.vscode/settings.json",
        r#"{"chat.tools.terminal.autoApprove": {"/^git fetch\\b/": false}}"#,
    );
    let hook = |cmd: &str| {
        let out = t
            .rtk()
            .args(["hook", "copilot"])
            .write_stdin(vscode_payload(&t, cmd))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        hook("git push origin main"),
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git push origin main","explanation":"Run it","goal":"Check","isBackground":false}}}"#
            .to_owned()
            + "\n"
    );
    // A default rule (`git status`, `ls`), a user rule (`cargo test`), a workspace rule
    // (`git fetch`): each would stop matching (or start matching) the rtk form.
    for cmd in ["git status", "ls -la", "cargo test", "git fetch origin"] {
        assert_eq!(hook(cmd), "", "{cmd}");
    }
    // `rtk hook check` answers as the hook does.
    let check = t
        .rtk()
        .args([
            "hook", "check", "--agent", "copilot", "git", "push", "origin", "main",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(check.stdout).unwrap();
    assert!(
        text.contains(r#"copilot (VS Code run_in_terminal): {"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk git push origin main""#),
        "{text}"
    );
    assert!(
        !text.lines().next().unwrap().contains("permissionDecision"),
        "{text}"
    );
}

/// Issue 37: `rtk hook claude` answers PostToolUse for Read from the transcript it is given:
/// an unchanged re-read becomes a note (line 0), after a compaction boundary it goes through,
/// and garbage or a missing transcript are silence, exit 0.
#[test]
fn claude_post_tool_use_read_is_answered_from_the_transcript() {
    let t = TestEnv::new();
    let file = "/p/src/lib.rs";
    let content: String = (1..=40)
        .map(|i| format!("pub fn item_{i}() -> u32 {{ {i} }}\n"))
        .collect();
    let rendered: Vec<String> = content
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{}\t{l}", i + 1))
        .collect();
    let call = |id: &str| {
        serde_json::json!({"type":"assistant","isSidechain":false,"message":{"role":"assistant",
            "content":[{"type":"tool_use","id":id,"name":"Read","input":{"file_path":file}}]}})
        .to_string()
    };
    let result = serde_json::json!({"type":"user","isSidechain":false,"timestamp":"2026-12-07T03:00:01.000Z",
        "message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":rendered.join("\n")}]}})
    .to_string();
    let transcript = format!("{}\n{result}\n{}\n", call("toolu_1"), call("toolu_2"));
    let path = t.write("home/.claude/projects/p/s.jsonl", &transcript);
    let payload = |path: &Path| {
        serde_json::json!({"hook_event_name":"PostToolUse","tool_name":"Read","tool_use_id":"toolu_2",
            "transcript_path":path.to_str().unwrap(),"cwd":"/p","permission_mode":"default",
            "tool_input":{"file_path":file},
            "tool_response":{"type":"text","file":{"filePath":file,"content":content,
                "numLines":41,"startLine":1,"totalLines":41}}})
        .to_string()
    };
    let hook = |stdin: String| {
        let out = t
            .rtk()
            .args(["hook", "claude"])
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let out = hook(payload(&path));
    let v: Value = serde_json::from_str(&out).unwrap();
    let f = &v["hookSpecificOutput"]["updatedToolOutput"]["file"];
    assert_eq!(v["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    assert_eq!(f["startLine"], 0);
    assert!(f["content"].as_str().unwrap().contains("toolu_1"), "{out}");
    // A compaction after the first read: nothing is proven, nothing is changed.
    let compacted = format!(
        "{}\n{result}\n{}\n{}\n",
        call("toolu_1"),
        serde_json::json!({"type":"system","subtype":"compact_boundary","content":"Conversation compacted"}),
        call("toolu_2")
    );
    let path2 = t.write("home/.claude/projects/p/c.jsonl", &compacted);
    assert_eq!(hook(payload(&path2)), "");
    assert_eq!(hook(payload(&t.home().join("missing.jsonl"))), "");
    assert_eq!(hook("{\"hook_event_name\":\"PostToolUse\"".into()), "");
    // Another PostToolUse hook that may rewrite a Read (a redaction) runs on the same original
    // and the last rewrite wins: rtk steps aside. One for other tools changes nothing.
    let settings = |matcher: &str| {
        format!(
            r#"{{"hooks":{{"PostToolUse":[
            {{"matcher":"Read|mcp__.*","hooks":[{{"type":"command","command":"rtk hook claude"}}]}},
            {{"matcher":"{matcher}","hooks":[{{"type":"command","command":"./redact.sh"}}]}}]}}}}"#
        )
    };
    t.write("home/.claude/settings.json", &settings("Read"));
    assert_eq!(hook(payload(&path)), "");
    t.write("home/.claude/settings.json", &settings("Bash"));
    assert!(hook(payload(&path)).contains("updatedToolOutput"));
}

/// Issue 37 item 2: the MCP payloads the real hosts sent (tests/fixtures/mcp/). Claude Code's
/// is answered through `rtk hook claude` with the JSON block minified in the payload's own
/// shape, unless another hook of the user's settings may rewrite the same result; Codex's gets no
/// answer from `rtk hook codex` (Codex rejects a replacement), exit 0.
#[test]
fn mcp_post_tool_use_payloads_of_the_real_hosts() {
    let t = TestEnv::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mcp");
    let run = |agent: &str, file: &str| {
        let stdin = std::fs::read_to_string(dir.join(file)).unwrap();
        let out = t
            .rtk()
            .args(["hook", agent])
            .env("RTK_NO_TRACKING", "1")
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let out = run("claude", "claude-2.1.332-post-tool-use.json");
    let v: Value = serde_json::from_str(&out).unwrap();
    let spec = &v["hookSpecificOutput"];
    assert_eq!(spec["hookEventName"], "PostToolUse");
    assert_eq!(spec.as_object().unwrap().len(), 2, "{out}");
    let blocks = spec["updatedMCPToolOutput"].as_array().unwrap();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[0]["text"]
        .as_str()
        .unwrap()
        .starts_with(r#"{"count":40,"items":[{"id":1,"#));
    assert_eq!(run("codex", "codex-0.171.0-post-tool-use.json"), "");
    // The user's own PostToolUse hook for this server (a redaction, say) runs on the same
    // original and the last rewrite wins: rtk steps aside rather than undo it.
    t.write(
        "home/.claude/settings.json",
        r#"{"hooks":{"PostToolUse":[
            {"matcher":"Read|mcp__.*","hooks":[{"type":"command","command":"rtk hook claude"}]},
            {"matcher":"mcp__fx__.*","hooks":[{"type":"command","command":"./redact.sh"}]}]}}"#,
    );
    assert_eq!(run("claude", "claude-2.1.332-post-tool-use.json"), "");
}

/// `gh api` writes through Claude's hook (issue 38): rtk asserts an allow only where the user's
/// own allow rule covers the original line (Claude would run it unasked too); with no rule, an
/// ask rule, or a rule that matches only the rewritten form (`Bash(rtk:*)`), Claude judges
/// the original line itself.
#[test]
fn claude_hook_allows_a_gh_api_write_only_where_the_users_rule_does() {
    let cmd = r#"gh api repos/o/r/pulls/1/comments/2/replies -f body="Fixed in abc1234""#;
    let answer = |permissions: &str| {
        let t = TestEnv::new();
        t.write(
            "home/.claude/settings.json",
            &format!(r#"{{"permissions": {permissions}}}"#),
        );
        let payload = serde_json::json!({
            "hook_event_name": "PreToolUse", "permission_mode": "default",
            "tool_name": "Bash", "tool_input": {"command": cmd}
        });
        let out = t
            .rtk()
            .args(["hook", "claude"])
            .envs(host_env("claude"))
            .write_stdin(payload.to_string())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    for permissions in [
        "{}",
        r#"{"allow": ["Bash(rtk:*)"]}"#,
        r#"{"allow": ["Bash(gh api:*)"], "ask": ["Bash(gh api repos/o/r/pulls/1/comments/2/replies:*)"]}"#,
    ] {
        assert_eq!(answer(permissions), "", "{permissions}");
    }
    let v: Value = serde_json::from_str(&answer(r#"{"allow": ["Bash(gh api:*)"]}"#)).unwrap();
    let hso = &v["hookSpecificOutput"];
    assert_eq!(hso["permissionDecision"], "allow");
    assert_eq!(hso["updatedInput"]["command"], format!("rtk {cmd}"));
}
