//! VS Code Copilot Chat: the answer per payload shape and rule case, through the real decision
//! function (`hosts::hook::decide`) with settings files in a temporary home.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::vscode;
use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::env::{Env, Platform};

/// A home with a VS Code user folder and a workspace below it.
struct Home {
    root: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        let h = Home {
            root: tempfile::tempdir().expect("tempdir"),
        };
        std::fs::create_dir_all(h.user()).unwrap();
        std::fs::create_dir_all(h.workspace()).unwrap();
        h
    }
    fn home(&self) -> PathBuf {
        self.root.path().to_path_buf()
    }
    fn user(&self) -> PathBuf {
        self.home().join(".config").join("Code").join("User")
    }
    fn workspace(&self) -> PathBuf {
        self.home().join("src").join("app")
    }
    fn write(&self, path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    fn env(&self) -> Env {
        Env::new([("HOME", self.home())], self.home()).with_platform(Platform::Xdg)
    }
    /// `rtk hook copilot`'s answer to VS Code's payload for `cmd` (`cwd` as VS Code passes it).
    fn answer(&self, cmd: &str, cwd: Option<&Path>) -> String {
        self.answer_in(&self.env(), cmd, cwd)
    }
    fn answer_in(&self, env: &Env, cmd: &str, cwd: Option<&Path>) -> String {
        let mut payload = payload(cmd);
        if let Some(cwd) = cwd {
            payload["cwd"] = json!(cwd);
        }
        let host = super::super::of(Agent::Copilot);
        let env = host.session_env(Some(&payload), env);
        let hooks = HooksConfig::default();
        let decide = |c: &str| crate::hosts::hook::decide(Agent::Copilot, c, &env, &hooks);
        Agent::Copilot
            .answer_with(Some(&payload), &decide)
            .to_text()
    }
    fn rewrites(&self, cmd: &str) -> bool {
        let out = self.answer(cmd, Some(&self.workspace()));
        assert!(!out.contains("permissionDecision"), "{cmd}: {out}");
        !out.is_empty()
    }
}

/// VS Code's PreToolUse input for its terminal tool (DOC-FORMAT: chatHookService.ts
/// `executePreToolUseHook` + `executeHook` common fields; `run_in_terminal`'s input fields).
fn payload(cmd: &str) -> Value {
    json!({
        "timestamp": "2026-12-04T18:00:00.000Z",
        "hook_event_name": "PreToolUse",
        "session_id": "b5e1f0a2",
        "tool_name": "run_in_terminal",
        "tool_input": {"command": cmd, "explanation": "Run the tests", "goal": "Test", "isBackground": false},
        "tool_use_id": "call_abc__vscode-1"
    })
}

#[test]
fn vscode_payloads_are_told_apart_from_copilot_cli_ones() {
    assert!(vscode::is_vscode(&payload("ls")));
    for other in [
        json!({"tool_name":"bash","tool_input":{"command":"ls"}}),
        json!({"toolName":"run_in_terminal","toolArgs":"{\"command\":\"ls\"}"}),
    ] {
        assert!(!vscode::is_vscode(&other), "{other}");
    }
}

#[test]
fn the_rewrite_goes_without_a_decision_where_no_rule_tells_the_forms_apart() {
    let h = Home::new();
    let out = h.answer("cargo test", Some(&h.workspace()));
    assert_eq!(
        out,
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rtk cargo test","explanation":"Run the tests","goal":"Test","isBackground":false}}}"#
    );
    assert!(h.rewrites("git push origin main"));
    // Commands the rewrite leaves as they were (`cd`, `tail`: default rules) answer alike.
    assert!(h.rewrites("cd src && cargo test"));
    assert!(h.rewrites("go test ./... 2>&1 | tail -5"));
    // Even when a Copilot CLI version leaks into VS Code's environment: no table, no allow.
    let leaked = h.env().with_var("COPILOT_CLI_BINARY_VERSION", "1.0.102");
    let out = h.answer_in(&leaked, "cargo test", Some(&h.workspace()));
    assert!(
        out.contains("rtk cargo test") && !out.contains("permissionDecision"),
        "{out}"
    );
}

#[test]
fn commands_a_default_rule_matches_are_left_to_vs_code() {
    let h = Home::new();
    // Auto-approved by default (`git status`, `ls`, `rg`) or denied by default (`curl`, `ps`):
    // the rtk form would match neither.
    for cmd in [
        "git status",
        "ls -la",
        "rg hello",
        "git log --oneline -5",
        "curl https://example.com",
        "cargo test && git diff",
        "git push && git status",
        "npm run build",
        "pnpm test",
    ] {
        assert!(!h.rewrites(cmd), "{cmd}");
    }
}

#[test]
fn user_workspace_and_profile_rules_are_read() {
    for (file, text, cmd, rewrites) in [
        ("user", r#"{"chat.tools.terminal.autoApprove": {"cargo test": true}}"#, "cargo test", false),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"rtk": true}}"#, "cargo test", false),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"/.*/": true}}"#, "cargo test", false),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"/^cargo/i": {"approve": false, "matchCommandLine": true}}}"#, "cargo test", false),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"/.*/": false}}"#, "cargo test", true),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"docker": true, "git push": null}}"#, "cargo test", true),
        ("user", r#"{"chat.tools.terminal.autoApprove": {"/(?<!x)cargo/": true}}"#, "cargo test", false),
        ("user", "{\n  // mine\n  \"chat\": {\"tools\": {\"terminal\": {\"autoApprove\": {\"cargo\": true,},},},\n}", "cargo test", false),
        ("profile", r#"{"chat.tools.terminal.autoApprove": {"cargo": true}}"#, "cargo test", false),
        ("workspace", "{\"chat.tools.terminal.autoApprove\": {\"cargo\": true}, /* x */}", "cargo test", false),
        ("workspace", r#"{"chat.agent.terminal.autoApprove": {"cargo": true}}"#, "cargo test", false),
        ("code-workspace", r#"{"folders": [], "settings": {"chat.tools.terminal.autoApprove": {"cargo": true}}}"#, "cargo test", false),
        ("workspace", r#"{"chat.tools.terminal.autoApprove": {"cargo": "yes"}}"#, "cargo test", false),
        ("workspace", "{not json", "cargo test", false),
        ("workspace", r#"{"chat.tools.global.autoApprove": true, "editor.fontSize": 12}"#, "cargo test", true),
    ] {
        let h = Home::new();
        let path = match file {
            "user" => h.user().join("settings.json"),
            "profile" => h.user().join("profiles").join("-4f1a").join("settings.json"),
            "workspace" => h.workspace().join(".vscode").join("settings.json"),
            _ => h.home().join("src").join("app.code-workspace"),
        };
        h.write(&path, text);
        assert_eq!(h.rewrites(cmd), rewrites, "{file}: {text}");
    }
}

#[test]
fn without_every_rule_source_in_sight_the_hook_steps_aside() {
    // No cwd in the payload: VS Code ran the hook in the home folder, the workspace is unknown.
    let h = Home::new();
    assert_eq!(h.answer("cargo test", None), "");
    // No VS Code user folder.
    let h = Home::new();
    std::fs::remove_dir_all(h.user()).unwrap();
    assert!(!h.rewrites("cargo test"));
    // A remote server folder, a portable install.
    let h = Home::new();
    std::fs::create_dir_all(h.home().join(".vscode-server")).unwrap();
    assert!(!h.rewrites("cargo test"));
    let h = Home::new();
    let env = h.env().with_var("VSCODE_PORTABLE", "/opt/code/data");
    assert_eq!(h.answer_in(&env, "cargo test", Some(&h.workspace())), "");
    // VSCODE_APPDATA moves the user folder: its rules are read.
    let h = Home::new();
    let custom = h.home().join("appdata");
    h.write(
        &custom.join("Code").join("User").join("settings.json"),
        r#"{"chat.tools.terminal.autoApprove": {"cargo": true}}"#,
    );
    let env = h.env().with_var("VSCODE_APPDATA", &custom);
    assert_eq!(h.answer_in(&env, "cargo test", Some(&h.workspace())), "");
}

#[test]
fn a_claude_deny_rule_on_either_form_means_no_answer() {
    use crate::hooks::answer::test_support::all;
    let input = json!({"command": "cargo test"});
    let input = input.as_object().unwrap();
    for (name, d) in all("rtk cargo test") {
        let out = vscode::render(input, "cargo test", &d).to_text();
        let rewrites = matches!(name, "allow" | "host-authority" | "ask" | "default");
        assert_eq!(!out.is_empty(), rewrites, "{name}: {out}");
        assert!(!out.contains("permissionDecision"), "{name}: {out}");
    }
    // A deny rule that matches only the rtk form.
    let mut d = all("rtk cargo test").remove(3).1;
    d.rewritten_verdict = crate::hooks::permissions::PermissionVerdict::Deny;
    assert_eq!(vscode::render(input, "cargo test", &d).to_text(), "");
}

#[test]
fn the_transcript_path_names_the_workspace_even_a_multi_root_one_elsewhere() {
    let h = Home::new();
    let storage = h.user().join("workspaceStorage").join("9e2b");
    let transcript = storage
        .join("GitHub.copilot-chat")
        .join("transcripts")
        .join("s.jsonl");
    let ws = h.home().join("workspaces").join("all.code-workspace");
    h.write(
        &storage.join("workspace.json"),
        &format!(r#"{{"workspace": "file://{}"}}"#, ws.display()),
    );
    let answer = |h: &Home| {
        let mut p = payload("cargo test");
        p["transcript_path"] = json!(transcript);
        let env = super::super::of(Agent::Copilot).session_env(Some(&p), &h.env());
        let hooks = HooksConfig::default();
        let decide = |c: &str| crate::hosts::hook::decide(Agent::Copilot, c, &env, &hooks);
        Agent::Copilot.answer_with(Some(&p), &decide).to_text()
    };
    // The workspace file is missing: rtk cannot read its settings.
    assert_eq!(answer(&h), "");
    // No hook cwd, yet the workspace is known: its settings are read, the rewrite goes.
    h.write(
        &ws,
        &format!(
            r#"{{"folders": [{{"path": "{}"}}]}}"#,
            h.workspace().display()
        ),
    );
    assert!(answer(&h).contains("rtk cargo test"), "{}", answer(&h));
    // A rule in the multi-root file (outside every folder above the hook) is seen.
    h.write(
        &ws,
        r#"{"folders": [{"path": "../src/app"}], "settings": {"chat.tools.terminal.autoApprove": {"cargo": true}}}"#,
    );
    assert_eq!(answer(&h), "");
    // So is a rule in one of its folders.
    h.write(&ws, r#"{"folders": [{"path": "../src/app"}]}"#);
    h.write(
        &h.workspace().join(".vscode").join("settings.json"),
        r#"{"chat.tools.terminal.autoApprove": {"/^cargo/": false}}"#,
    );
    assert_eq!(answer(&h), "");
}
