//! `rtk init` driven as a process on a temp HOME: idempotence, backups, refusing malformed
//! files, `--show` writing nothing, `--uninstall` removing only rtk's entry.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::TestEnv;

const EXISTING: &str = r#"{
    "model": "opus",
    "env": {"FOO": "1"},
    "permissions": {"allow": ["Bash(git status)"], "deny": ["Bash(rm:*)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "my-guard.sh"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
    },
    "zzz_last": true
}"#;

fn read(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn listing(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn init(t: &TestEnv, args: &[&str]) -> (i32, String, String) {
    let out = t.rtk().arg("init").args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn rtk_entries(v: &Value, command: &str) -> usize {
    v.to_string().matches(&format!("\"{command}\"")).count()
}

#[test]
fn claude_global_twice_keeps_one_entry_and_every_prior_key() {
    let t = TestEnv::new();
    let settings = t.write("home/.claude/settings.json", EXISTING);
    let (code, out, err) = init(&t, &["--agent", "claude", "--global"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("installed `rtk hook claude`"), "{out}");
    assert!(out.contains("settings.json.rtk-bak"), "{out}");
    let (code, out, _) = init(&t, &["--agent", "claude", "--global"]);
    assert_eq!(code, 0);
    assert!(out.contains("already installed"), "{out}");

    let after = read(&settings);
    // PreToolUse for Bash and PostToolUse for Read and MCP tools.
    assert_eq!(rtk_entries(&after, "rtk hook claude"), 2);
    assert_eq!(
        after["hooks"]["PostToolUse"],
        serde_json::json!([{"matcher":"Read|mcp__.*","hooks":[{"type":"command","command":"rtk hook claude"}]}])
    );
    let before: Value = serde_json::from_str(EXISTING).unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        keys(&after),
        keys(&before),
        "top-level keys and their order"
    );
    for k in ["model", "env", "permissions", "zzz_last"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    assert_eq!(after["hooks"]["Stop"], before["hooks"]["Stop"]);
    let pre = after["hooks"]["PreToolUse"].as_array().unwrap();
    assert_eq!(pre[0], before["hooks"]["PreToolUse"][0]);
    assert_eq!(
        pre[1],
        serde_json::json!({"matcher":"Bash","hooks":[{"type":"command","command":"rtk hook claude"}]})
    );
    // One backup, of the original bytes; the second run edited nothing and backed up nothing.
    let bak = t.home().join(".claude/settings.json.rtk-bak");
    assert_eq!(std::fs::read_to_string(&bak).unwrap(), EXISTING);
    assert!(!t.home().join(".claude/settings.json.rtk-bak.1").exists());
}

#[test]
fn malformed_settings_are_refused_and_untouched() {
    let t = TestEnv::new();
    let broken = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n";
    let settings = t.write("home/.claude/settings.json", broken);
    let before = listing(&t.home());
    let (code, out, err) = init(&t, &["--agent", "claude", "--global"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("not valid JSON"), "{err}");
    assert!(err.contains(&settings.display().to_string()), "{err}");
    assert!(err.contains("Nothing was changed"), "{err}");
    assert_eq!(listing(&t.home()), before);
    // A valid JSON file of the wrong shape is refused the same way.
    t.write("home/.claude/settings.json", r#"{"hooks": []}"#);
    let (code, _, err) = init(&t, &["--agent", "claude", "--global"]);
    assert_eq!(code, 1);
    assert!(err.contains("`hooks` is not an object"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&settings).unwrap(),
        r#"{"hooks": []}"#
    );
}

#[test]
fn show_changes_nothing() {
    let t = TestEnv::new();
    t.write("home/.claude/settings.json", EXISTING);
    let before = listing(t.root.path());
    let (code, out, _) = init(&t, &["--agent", "claude", "--global", "--show"]);
    assert_eq!(code, 0);
    assert!(out.contains("is not installed"), "{out}");
    assert_eq!(listing(t.root.path()), before);
    init(&t, &["--agent", "claude", "--global"]);
    let before = listing(t.root.path());
    let (_, out, _) = init(&t, &["--agent", "claude", "--global", "--show"]);
    assert!(out.contains("is installed"), "{out}");
    assert_eq!(listing(t.root.path()), before);
    // Nothing at all for an agent never installed.
    let (code, out, _) = init(&t, &["--agent", "cursor", "--global", "--show"]);
    assert_eq!(code, 0);
    assert!(out.contains("not installed"), "{out}");
    assert_eq!(listing(t.root.path()), before);
}

#[test]
fn uninstall_keeps_a_backup_that_holds_more_than_the_restored_file() {
    let t = TestEnv::new();
    let settings = t.write("home/.claude/settings.json", EXISTING);
    init(&t, &["--agent", "claude", "--global"]);
    // The user changes a setting after the install: the install's backup now holds the old
    // value, which the restored file lacks.
    let mut v = read(&settings);
    v["model"] = Value::String("changed-after-install".into());
    std::fs::write(&settings, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let (code, out, _) = init(&t, &["--agent", "claude", "--global", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(!out.contains("removed the backup"), "{out}");
    assert_eq!(
        std::fs::read_to_string(t.home().join(".claude/settings.json.rtk-bak")).unwrap(),
        EXISTING
    );
    assert_eq!(read(&settings)["model"], "changed-after-install");
}

#[test]
fn uninstall_removes_only_rtk() {
    let t = TestEnv::new();
    let settings = t.write("home/.claude/settings.json", EXISTING);
    init(&t, &["--agent", "claude", "--global"]);
    let (code, out, _) = init(&t, &["--agent", "claude", "--global", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(out.contains("removed"), "{out}");
    let after = read(&settings);
    let before: Value = serde_json::from_str(EXISTING).unwrap();
    assert_eq!(after, before);
    assert_eq!(after.to_string(), before.to_string(), "key order");
    // The file is back as it was: the install's backup held nothing more and is gone (said
    // once), and the uninstall made none.
    let bak = t.home().join(".claude/settings.json.rtk-bak");
    assert!(!bak.exists());
    assert!(!t.home().join(".claude/settings.json.rtk-bak.1").exists());
    assert_eq!(out.matches("removed the backup").count(), 1, "{out}");
    assert!(out.contains(&bak.display().to_string()), "{out}");
    let (code, out, _) = init(&t, &["--agent", "claude", "--global", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(out.contains("nothing changed"), "{out}");
}

#[test]
fn each_json_host_gets_its_entry_in_its_own_place() {
    // (agent, global file under HOME, project file under cwd, text that must appear)
    let table = [
        (
            "claude",
            ".claude/settings.json",
            ".claude/settings.json",
            r#""matcher":"Bash""#,
        ),
        (
            "cursor",
            ".cursor/hooks.json",
            ".cursor/hooks.json",
            r#""preToolUse":[{"command":"rtk hook cursor","matcher":"Shell"}]"#,
        ),
        (
            "gemini",
            ".gemini/settings.json",
            ".gemini/settings.json",
            r#""BeforeTool":[{"matcher":"run_shell_command""#,
        ),
        (
            "copilot",
            ".copilot/hooks/rtk.json",
            ".github/hooks/rtk.json",
            r#""PreToolUse":[{"type":"command","bash":"rtk hook copilot""#,
        ),
        (
            "codex",
            ".codex/hooks.json",
            ".codex/hooks.json",
            r#""PreToolUse":[{"matcher":"Bash""#,
        ),
        (
            "droid",
            ".factory/settings.json",
            ".factory/settings.json",
            r#""PreToolUse":[{"matcher":"Execute""#,
        ),
    ];
    for (agent, global, project, needle) in table {
        let t = TestEnv::new();
        let (code, _, err) = init(&t, &["--agent", agent, "--global"]);
        assert_eq!(code, 0, "{agent}: {err}");
        let g = read(&t.home().join(global));
        assert!(g.to_string().contains(needle), "{agent}: {g}");
        assert!(
            g.to_string().contains(&format!("\"rtk hook {agent}\"")),
            "{agent}"
        );
        let (code, _, err) = init(&t, &["--agent", agent]);
        assert_eq!(code, 0, "{agent}: {err}");
        let p = read(&t.work().join(project));
        assert!(p.to_string().contains(needle), "{agent}: {p}");
        if matches!(agent, "cursor" | "copilot") {
            assert_eq!(p["version"], 1, "{agent}");
        }
        // Copilot's one entry names the command twice (bash and powershell); Claude has two
        // entries (PreToolUse for Bash, PostToolUse for Read).
        let per_entry = if matches!(agent, "copilot" | "claude") {
            2
        } else {
            1
        };
        for v in [&g, &p] {
            assert_eq!(
                rtk_entries(v, &format!("rtk hook {agent}")),
                per_entry,
                "{agent}"
            );
        }
    }
}

#[test]
fn config_dir_overrides_are_honoured() {
    let t = TestEnv::new();
    let claude_dir = t.root.path().join("claude-cfg");
    let out = t
        .rtk()
        .args(["init", "--agent", "claude", "--global"])
        .env("CLAUDE_CONFIG_DIR", &claude_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(claude_dir.join("settings.json").exists());
    assert!(!t.home().join(".claude").exists());
    let codex_home = t.root.path().join("codex-home");
    let out = t
        .rtk()
        .args(["init", "--agent", "codex", "--global"])
        .env("CODEX_HOME", &codex_home)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(codex_home.join("hooks.json").exists());
    // Codex skips an untrusted hook silently: init says how to trust it, once.
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said.matches("run /hooks and trust `rtk hook codex`")
            .count(),
        1,
        "{said}"
    );
    let again = t
        .rtk()
        .args(["init", "--agent", "codex", "--global", "--show"])
        .env("CODEX_HOME", &codex_home)
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&again.stdout).contains("run /hooks"));
}

#[test]
fn copilot_install_removes_an_old_camelcase_rtk_entry() {
    let t = TestEnv::new();
    let f = t.write(
        "work/.github/hooks/rtk.json",
        r#"{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"rtk hook copilot"}],"sessionStart":[{"bash":"echo hi"}]}}"#,
    );
    let (code, _, err) = init(&t, &["--agent", "copilot"]);
    assert_eq!(code, 0, "{err}");
    let v = read(&f);
    assert!(v["hooks"].get("preToolUse").is_none(), "{v}");
    assert_eq!(v["hooks"]["sessionStart"][0]["bash"], "echo hi");
    assert_eq!(
        rtk_entries(&v, "rtk hook copilot"),
        2,
        "bash + powershell of one entry"
    );
    assert_eq!(v["hooks"]["PreToolUse"].as_array().unwrap().len(), 1);
}

#[test]
fn droid_uses_hooks_json_when_present() {
    let t = TestEnv::new();
    let hooks = t.write("home/.factory/hooks.json", r#"{"hooks":{}}"#);
    let (code, _, err) = init(&t, &["--agent", "droid", "--global"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(rtk_entries(&read(&hooks), "rtk hook droid"), 1);
    assert!(!t.home().join(".factory/settings.json").exists());
}

#[test]
fn vibe_toml_roundtrip_keeps_user_hooks() {
    let t = TestEnv::new();
    let user = "# my hooks\n[[hooks]]\nname = \"lint\"\ntype = \"post_tool\"\nmatch = \"*\"\ncommand = \"lint.sh\"\n";
    let f = t.write("home/.vibe/hooks.toml", user);
    for _ in 0..2 {
        let (code, _, err) = init(&t, &["--agent", "vibe", "--global"]);
        assert_eq!(code, 0, "{err}");
    }
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.starts_with(user), "{text}");
    assert_eq!(text.matches("rtk hook vibe").count(), 1, "{text}");
    let (code, _, _) = init(&t, &["--agent", "vibe", "--global", "--uninstall"]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), user);
    // Malformed TOML is refused and untouched.
    t.write("home/.vibe/hooks.toml", "[[hooks]\nname =");
    let (code, _, err) = init(&t, &["--agent", "vibe", "--global"]);
    assert_eq!(code, 1);
    assert!(err.contains("not valid TOML"), "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "[[hooks]\nname =");
}

#[test]
fn an_older_backup_is_never_overwritten() {
    let t = TestEnv::new();
    t.write("home/.gemini/settings.json", r#"{"theme":"dark"}"#);
    t.write("home/.gemini/settings.json.rtk-bak", "precious");
    let (code, out, _) = init(&t, &["--agent", "gemini", "--global"]);
    assert_eq!(code, 0);
    assert!(out.contains("settings.json.rtk-bak.1"), "{out}");
    assert_eq!(
        std::fs::read_to_string(t.home().join(".gemini/settings.json.rtk-bak")).unwrap(),
        "precious"
    );
    assert_eq!(
        std::fs::read_to_string(t.home().join(".gemini/settings.json.rtk-bak.1")).unwrap(),
        r#"{"theme":"dark"}"#
    );
}

fn repo_file(rel: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

#[test]
fn plugins_install_into_each_hosts_folder_idempotently_and_uninstall_cleanly() {
    // (agent, extra args, installed file relative to the temp root, its source in the repo)
    let table: &[(&str, &[&str], &str, &str)] = &[
        ("pi", &[], "work/.pi/extensions/rtk.ts", "plugins/pi/rtk.ts"),
        (
            "pi",
            &["--global"],
            "home/.pi/agent/extensions/rtk.ts",
            "plugins/pi/rtk.ts",
        ),
        (
            "omp",
            &[],
            "work/.omp/extensions/rtk.ts",
            "plugins/omp/rtk.ts",
        ),
        (
            "omp",
            &["--global"],
            "home/.omp/agent/extensions/rtk.ts",
            "plugins/omp/rtk.ts",
        ),
        (
            "opencode",
            &[],
            "work/.opencode/plugins/rtk.ts",
            "plugins/opencode/rtk.ts",
        ),
        (
            "opencode",
            &["--global"],
            "xdg-config/opencode/plugins/rtk.ts",
            "plugins/opencode/rtk.ts",
        ),
        (
            "hermes",
            &["--global"],
            "home/.hermes/plugins/rtk-rewrite/__init__.py",
            "plugins/hermes/rtk-rewrite/__init__.py",
        ),
        (
            "openclaw",
            &["--global"],
            "home/.openclaw/extensions/rtk/src/policy.ts",
            "openclaw/src/policy.ts",
        ),
    ];
    for (agent, extra, installed, source) in table {
        let t = TestEnv::new();
        let mut args = vec!["--agent", agent];
        args.extend_from_slice(extra);
        let before = listing(t.root.path());
        let (code, out, err) = init(&t, &args);
        assert_eq!(code, 0, "{agent}: {err}");
        assert!(out.contains("installed"), "{agent}: {out}");
        let file = t.root.path().join(installed);
        assert_eq!(std::fs::read(&file).unwrap(), repo_file(source), "{agent}");
        let after_first = listing(t.root.path());
        let (code, out, _) = init(&t, &args);
        assert_eq!(code, 0);
        assert!(
            !out.contains("installed "),
            "{agent}: second run wrote: {out}"
        );
        assert_eq!(listing(t.root.path()), after_first, "{agent}: idempotent");
        let mut show = args.clone();
        show.push("--show");
        let (_, out, _) = init(&t, &show);
        assert!(out.contains("installed (current)"), "{agent}: {out}");
        assert_eq!(listing(t.root.path()), after_first, "{agent}: --show wrote");
        let mut un = args.clone();
        un.push("--uninstall");
        let (code, out, err) = init(&t, &un);
        assert_eq!(code, 0, "{agent}: {err}");
        assert!(out.contains("removed"), "{agent}: {out}");
        assert!(!file.exists(), "{agent}");
        // Only rtk's files (and the config rtk created) were there; nothing but rtk's backups
        // and the folders the host itself owns remain.
        let left: Vec<_> = listing(t.root.path())
            .into_iter()
            .filter(|(p, _)| !before.iter().any(|(b, _)| b == p))
            .filter(|(p, _)| !p.to_string_lossy().contains(".rtk-bak"))
            .collect();
        let allowed_leftover = |p: &Path| {
            // The config file rtk created holds no rtk entry any more (checked below).
            p.ends_with("openclaw.json") || p.ends_with("config.yaml")
        };
        for (p, contents) in &left {
            assert!(allowed_leftover(p), "{agent}: left {}", p.display());
            let text = String::from_utf8_lossy(contents);
            assert!(!text.contains("rtk"), "{agent}: {}: {text}", p.display());
        }
    }
}

#[test]
fn openclaw_plugin_is_enabled_in_its_config_keeping_every_other_key() {
    let t = TestEnv::new();
    let cfg = t.write(
        "home/.openclaw/openclaw.json",
        r#"{"gateway":{"port":18789},"plugins":{"allow":["voice-call"],"entries":{"voice-call":{"enabled":true}}},"tools":{"exec":{"security":"full"}}}"#,
    );
    let (code, out, err) = init(&t, &["--agent", "openclaw"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("user-wide"), "{out}");
    let v = read(&cfg);
    assert_eq!(v["plugins"]["entries"]["rtk"]["enabled"], true);
    assert_eq!(
        v["plugins"]["allow"],
        serde_json::json!(["voice-call", "rtk"])
    );
    assert_eq!(v["plugins"]["entries"]["voice-call"]["enabled"], true);
    assert_eq!(v["gateway"]["port"], 18789);
    assert_eq!(v["tools"]["exec"]["security"], "full");
    let manifest = t
        .home()
        .join(".openclaw/extensions/rtk/openclaw.plugin.json");
    assert_eq!(
        std::fs::read(&manifest).unwrap(),
        repo_file("openclaw/openclaw.plugin.json")
    );
    let (_, out, _) = init(&t, &["--agent", "openclaw", "--show"]);
    assert!(out.contains("plugins.entries.rtk is enabled"), "{out}");
    let (code, _, _) = init(&t, &["--agent", "openclaw", "--uninstall"]);
    assert_eq!(code, 0);
    let v = read(&cfg);
    assert_eq!(
        v.to_string(),
        r#"{"gateway":{"port":18789},"plugins":{"allow":["voice-call"],"entries":{"voice-call":{"enabled":true}}},"tools":{"exec":{"security":"full"}}}"#
    );
    assert!(!t.home().join(".openclaw/extensions/rtk").exists());
}

#[test]
fn openclaw_state_dir_and_config_path_overrides_are_honoured() {
    let t = TestEnv::new();
    let state = t.root.path().join("oc-state");
    let out = t
        .rtk()
        .args(["init", "--agent", "openclaw", "--global"])
        .env("OPENCLAW_STATE_DIR", &state)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(state.join("extensions/rtk/index.ts").exists());
    assert!(state.join("openclaw.json").exists());
    let cfg = t.root.path().join("elsewhere/oc.json");
    let out = t
        .rtk()
        .args(["init", "--agent", "openclaw", "--global"])
        .env("OPENCLAW_CONFIG_PATH", &cfg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(read(&cfg)["plugins"]["entries"]["rtk"]["enabled"], true);
    assert!(t
        .root
        .path()
        .join("elsewhere/extensions/rtk/index.ts")
        .exists());
}

#[test]
fn plugin_configs_rtk_cannot_edit_safely_are_refused_with_nothing_written() {
    // (agent, config file, contents, expected text in the error)
    let table = [
        (
            "openclaw",
            "home/.openclaw/openclaw.json",
            "{\n  // JSON5 comment\n  gateway: {port: 1},\n}\n",
            "JSON5",
        ),
        (
            "openclaw",
            "home/.openclaw/openclaw.json",
            r#"{"plugins":{"deny":["rtk"]}}"#,
            "plugins.deny",
        ),
        (
            "hermes",
            "home/.hermes/config.yaml",
            "plugins: &base\n  enabled: [a]\n",
            "plugins.enabled yourself",
        ),
        (
            "hermes",
            "home/.hermes/config.yaml",
            "plugins:\n  disabled:\n    - rtk-rewrite\n",
            "plugins.disabled",
        ),
    ];
    for (agent, file, contents, needle) in table {
        let t = TestEnv::new();
        t.write(file, contents);
        let before = listing(t.root.path());
        let (code, out, err) = init(&t, &["--agent", agent, "--global"]);
        assert_eq!(code, 1, "{agent} {contents:?}: {out}");
        assert!(err.contains(needle), "{agent}: {err}");
        assert!(err.to_lowercase().contains("nothing was changed"), "{err}");
        assert_eq!(listing(t.root.path()), before, "{agent} {contents:?}");
    }
}

#[test]
fn hermes_config_keeps_its_text_and_gets_one_entry() {
    let t = TestEnv::new();
    let user = "# my Hermes\nmodel:\n  default: opus\nplugins:\n  enabled:\n    - disk-cleanup\n  hook_callback_timeout: 30\n";
    let cfg = t.write("home/.hermes/config.yaml", user);
    for _ in 0..2 {
        let (code, _, err) = init(&t, &["--agent", "hermes", "--global"]);
        assert_eq!(code, 0, "{err}");
    }
    assert_eq!(
        std::fs::read_to_string(&cfg).unwrap(),
        "# my Hermes\nmodel:\n  default: opus\nplugins:\n  enabled:\n    - disk-cleanup\n    - rtk-rewrite\n  hook_callback_timeout: 30\n"
    );
    assert_eq!(
        std::fs::read_to_string(t.home().join(".hermes/config.yaml.rtk-bak")).unwrap(),
        user
    );
    let (code, _, _) = init(&t, &["--agent", "hermes", "--global", "--uninstall"]);
    assert_eq!(code, 0);
    assert_eq!(std::fs::read_to_string(&cfg).unwrap(), user);
    assert!(!t.home().join(".hermes/plugins/rtk-rewrite").exists());
    // The restored file is the user's own: its backup held nothing more and is gone.
    assert!(!t.home().join(".hermes/config.yaml.rtk-bak").exists());
}

#[test]
fn a_hand_edited_plugin_file_is_backed_up_before_it_is_replaced_or_removed() {
    let t = TestEnv::new();
    let f = t.write("work/.pi/extensions/rtk.ts", "// my edits\n");
    let (code, out, _) = init(&t, &["--agent", "pi"]);
    assert_eq!(code, 0);
    assert!(out.contains("rtk.ts.rtk-bak"), "{out}");
    assert_eq!(std::fs::read(&f).unwrap(), repo_file("plugins/pi/rtk.ts"));
    std::fs::write(&f, "// edited again\n").unwrap();
    let (code, _, _) = init(&t, &["--agent", "pi", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(!f.exists());
    assert_eq!(
        std::fs::read_to_string(t.work().join(".pi/extensions/rtk.ts.rtk-bak.1")).unwrap(),
        "// edited again\n"
    );
}

#[test]
fn unknown_agent_is_an_error() {
    let t = TestEnv::new();
    let (code, out, err) = init(&t, &["--agent", "emacs"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("unknown agent 'emacs'") && err.contains("opencode"),
        "{err}"
    );
}

/// Instruction-file hosts: (name, project file, user-wide file under HOME if any).
const INSTRUCTION_HOSTS: [(&str, &str, Option<&str>); 6] = [
    ("qwen", "QWEN.md", Some(".qwen/QWEN.md")),
    (
        "kilocode",
        ".kilocode/rules/rtk-rules.md",
        Some(".kilocode/rules/rtk-rules.md"),
    ),
    (
        "windsurf",
        ".windsurfrules",
        Some(".codeium/windsurf/memories/global_rules.md"),
    ),
    ("trae", ".trae/rules/project_rules.md", None),
    ("antigravity", ".agents/rules/rtk-rules.md", None),
    ("kimi", "AGENTS.md", Some(".kimi-code/AGENTS.md")),
];

#[test]
fn instruction_hosts_install_once_keep_user_text_and_uninstall_cleanly() {
    for (name, project, global) in INSTRUCTION_HOSTS {
        let t = TestEnv::new();
        let user = "# House rules\n\nTabs, not spaces.\n";
        let file = t.write(Path::new("work").join(project), user);
        let (code, out, err) = init(&t, &["--agent", name]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            out.contains("installed rtk's instructions"),
            "{name}: {out}"
        );
        // The rules note is said once, at install.
        assert_eq!(out.matches("note: ").count(), 1, "{name}: {out}");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with(user), "{name}: {text}");
        assert!(text.contains("rtk git status"), "{name}");
        assert!(file
            .with_file_name(format!(
                "{}.rtk-bak",
                file.file_name().unwrap().to_string_lossy()
            ))
            .exists());
        let (code, out, _) = init(&t, &["--agent", name]);
        assert_eq!(code, 0);
        assert!(out.contains("already installed"), "{name}: {out}");
        assert!(!out.contains("note: "), "{name}: {out}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "{name}");
        let (_, out, _) = init(&t, &["--agent", name, "--show"]);
        assert!(out.contains("are installed in"), "{name}: {out}");
        let (code, _, _) = init(&t, &["--agent", name, "--uninstall"]);
        assert_eq!(code, 0);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), user, "{name}");
        match global {
            Some(rel) => {
                let (code, _, err) = init(&t, &["--agent", name, "--global"]);
                assert_eq!(code, 0, "{name}: {err}");
                let g = t.home().join(rel);
                assert!(std::fs::read_to_string(&g)
                    .unwrap()
                    .contains("rtk git status"));
                init(&t, &["--agent", name, "--global", "--uninstall"]);
                assert!(
                    !g.exists(),
                    "{name}: a file holding only rtk's block is removed"
                );
            }
            None => {
                let (code, _, err) = init(&t, &["--agent", name, "--global"]);
                assert_eq!(code, 1, "{name}");
                assert!(err.contains("in the project instead"), "{name}: {err}");
            }
        }
    }
}

#[test]
fn instruction_markers_out_of_order_are_refused() {
    let t = TestEnv::new();
    let broken = "<!-- rtk-instructions:end -->\n<!-- rtk-instructions:begin -->\n";
    let f = t.write("work/QWEN.md", broken);
    let (code, _, err) = init(&t, &["--agent", "qwen"]);
    assert_eq!(code, 1);
    assert!(err.contains("Nothing was changed"), "{err}");
    assert_eq!(std::fs::read_to_string(f).unwrap(), broken);
}

/// Cline: a hook file in its hooks folder (project `.cline/hooks/`, user-wide `~/.cline/hooks/`
/// or `$CLINE_DIR/hooks/`); installing it removes rtk's former instruction block.
#[test]
fn cline_gets_its_hook_file_and_loses_the_former_instructions() {
    let t = TestEnv::new();
    let rules = t.work().join(".clinerules");
    let user = "# House rules\n";
    let block = "<!-- rtk-instructions:begin -->\nold\n<!-- rtk-instructions:end -->\n";
    std::fs::write(&rules, format!("{user}\n{block}")).unwrap();
    let (code, out, err) = init(&t, &["--agent", "cline"]);
    assert_eq!(code, 0, "{err}");
    let hook = t.work().join(".cline/hooks/PreToolUse.bash");
    let text = std::fs::read_to_string(&hook).unwrap();
    assert!(text.contains("exec rtk hook cline"), "{text}");
    assert!(out.contains("removed rtk's former instructions"), "{out}");
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), user);
    // Idempotent, and --show says so.
    let (code, out, _) = init(&t, &["--agent", "cline"]);
    assert_eq!(code, 0);
    assert!(!out.contains("installed "), "{out}");
    assert_eq!(std::fs::read_to_string(&hook).unwrap(), text);
    let (_, out, _) = init(&t, &["--agent", "cline", "--show"]);
    assert!(out.contains("PreToolUse.bash"), "{out}");
    // A changed file is backed up before it is replaced.
    std::fs::write(&hook, "#!/bin/sh\necho mine\n").unwrap();
    let (code, _, err) = init(&t, &["--agent", "cline"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&hook).unwrap(), text);
    assert!(t
        .work()
        .join(".cline/hooks/PreToolUse.bash.rtk-bak")
        .exists());
    let (code, _, _) = init(&t, &["--agent", "cline", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(!hook.exists());
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), user);
    // A `.clinerules/` folder holding only rtk's former file loses the file.
    let t = TestEnv::new();
    std::fs::create_dir_all(t.work().join(".clinerules")).unwrap();
    std::fs::write(t.work().join(".clinerules/rtk.md"), block).unwrap();
    init(&t, &["--agent", "cline"]);
    assert!(!t.work().join(".clinerules/rtk.md").exists());
    // User-wide.
    let (code, _, err) = init(&t, &["--agent", "cline", "--global"]);
    assert_eq!(code, 0, "{err}");
    let g = t.home().join(".cline/hooks/PreToolUse.bash");
    assert!(g.is_file());
    init(&t, &["--agent", "cline", "--global", "--uninstall"]);
    assert!(!g.exists());
}

#[test]
fn kimi_global_follows_kimi_code_home() {
    let t = TestEnv::new();
    let dir = t.home().join("kimi-data");
    let run = |args: &[&str]| {
        let out = t
            .rtk()
            .env("KIMI_CODE_HOME", &dir)
            .arg("init")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let out = run(&["--agent", "kimi", "--global"]);
    let file = dir.join("AGENTS.md");
    assert!(out.contains(&file.display().to_string()), "{out}");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("rtk git status"));
    assert!(!t.home().join(".kimi-code/AGENTS.md").exists());
    let out = run(&["--agent", "kimi", "--global", "--show"]);
    assert!(out.contains("are installed in"), "{out}");
    run(&["--agent", "kimi", "--global", "--uninstall"]);
    assert!(!file.exists());
}

#[test]
fn claude_post_read_entry_joins_an_existing_install_and_leaves_with_it() {
    let t = TestEnv::new();
    // An install from before the PostToolUse entry existed.
    let pre_only = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"rtk hook claude"}]}]}}"#;
    let settings = t.write("work/.claude/settings.json", pre_only);
    let (code, out, err) = init(&t, &["--agent", "claude"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(PreToolUse hook) is already installed"),
        "{out}"
    );
    assert!(
        out.contains("installed `rtk hook claude` (PostToolUse hook)"),
        "{out}"
    );
    let v = read(&settings);
    assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "Read|mcp__.*");
    // An install from before MCP results were answered: rtk's own group widens to them; a
    // group the user shares with rtk keeps its matcher.
    let read_only = r#"{"hooks":{"PostToolUse":[
        {"matcher":"Read","hooks":[{"type":"command","command":"rtk hook claude"}]},
        {"matcher":"Write","hooks":[{"type":"command","command":"my-lint"},{"type":"command","command":"rtk hook claude"}]}]}}"#;
    t.write("work/.claude/settings.json", read_only);
    let (code, _, err) = init(&t, &["--agent", "claude"]);
    assert_eq!(code, 0, "{err}");
    let v = read(&settings);
    assert_eq!(v["hooks"]["PostToolUse"][0]["matcher"], "Read|mcp__.*");
    assert_eq!(v["hooks"]["PostToolUse"][1]["matcher"], "Write");
    assert_eq!(v["hooks"]["PostToolUse"].as_array().unwrap().len(), 2);
    let (_, out, _) = init(&t, &["--agent", "claude", "--show"]);
    assert!(out.contains("(PreToolUse hook) is installed"), "{out}");
    assert!(out.contains("(PostToolUse hook) is installed"), "{out}");
    let (code, out, _) = init(&t, &["--agent", "claude", "--uninstall"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("(PreToolUse hook) and `rtk hook claude` (PostToolUse hook)"),
        "{out}"
    );
    assert!(!read(&settings).to_string().contains("rtk hook claude"));
    let (_, out, _) = init(&t, &["--agent", "claude", "--show"]);
    assert!(out.contains("(PostToolUse hook) is not installed"), "{out}");
}
