//! Codex's execpolicy rules and the codex hook's parity (issue 22: a `forbidden`/`prompt` rule
//! on `git push` must not be bypassed by `rtk git push`).

use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::hosts::codex::rules::{parse, Call, Value as V};
use crate::hosts::tests::*;

fn env_with_rules(t: &Tree, rules: &str) -> Env {
    t.write("home/.codex/rules/default.rules", rules);
    codex_env(t, "work/repo")
}

fn codex_env(t: &Tree, cwd: &str) -> Env {
    t.env(
        cwd,
        &[("RTK_CODEX_SYSTEM_RULES", t.path("etc/codex/rules"))],
    )
}

/// The codex hook's answer for `cmd` in `mode`: the rewritten command, or None (no output).
fn hook(env: &Env, mode: &str, cmd: &str) -> Option<String> {
    let payload = serde_json::json!({"hook_event_name":"PreToolUse","permission_mode":mode,
        "tool_name":"Bash","tool_input":{"command":cmd}});
    match Agent::Codex.answer(Some(&payload), env, &HooksConfig::default()) {
        crate::hooks::answer::Answer::Silent => None,
        crate::hooks::answer::Answer::Json(v) => Some(
            v["hookSpecificOutput"]["updatedInput"]["command"]
                .as_str()
                .unwrap()
                .to_string(),
        ),
    }
}

#[test]
fn the_declarative_subset_parses() {
    let calls = parse(
        r#"# comment
prefix_rule(
    pattern = ["git", ["push", "fetch"]],   # trailing comment
    decision = "forbidden",
    justification = 'no pushes',
    match = [["git", "push", "origin"]],
    not_match = ["git status"],
)
prefix_rule(["ls"], "allow")
network_rule(host="example.com", protocol="https", decision="deny")
host_executable(name="git", paths=["/usr/bin/git"])
prefix_rule(pattern=["a\"b", 'c\'d'], decision=None)
"#,
    )
    .unwrap();
    assert_eq!(calls.len(), 5);
    assert_eq!(calls[1].name, "prefix_rule");
    assert_eq!(
        calls[1].args,
        [V::List(vec![V::Str("ls".into())]), V::Str("allow".into())]
    );
    assert_eq!(
        calls[4],
        Call {
            name: "prefix_rule".into(),
            args: vec![],
            kwargs: vec![
                (
                    "pattern".into(),
                    V::List(vec![V::Str("a\"b".into()), V::Str("c'd".into())])
                ),
                ("decision".into(), V::None),
            ],
        }
    );
}

#[test]
fn anything_outside_the_subset_is_an_error() {
    for text in [
        "x = 1",
        "prefix_rule(pattern=[\"a\"] + [\"b\"])",
        "prefix_rule(pattern=[\"a\" \"b\"])",
        "prefix_rule(pattern=[f\"a\"])",
        "prefix_rule(pattern=[\"\"\"a\"\"\"])",
        "for p in [\"a\"]: prefix_rule(pattern=[p])",
        "load(\"x.star\", \"y\")",
        "prefix_rule(pattern=[\"a\"]",
        "prefix_rule(pattern=[\"a\\q\"])",
    ] {
        assert!(parse(text).is_err(), "{text}");
    }
}

#[test]
fn rules_become_deny_ask_and_allow_with_alternatives() {
    let t = Tree::new();
    let env = env_with_rules(
        &t,
        r#"prefix_rule(pattern=["git", ["push", "fetch"]], decision="forbidden")
prefix_rule(pattern=[["npm", "pnpm"], "publish"], decision="prompt")
prefix_rule(pattern=["cargo", "test"])"#,
    );
    let loaded = load_rules_for(Agent::Codex, &env);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let cases = [
        ("git push origin main", PermissionVerdict::Deny),
        ("git fetch", PermissionVerdict::Deny),
        ("git pushx", PermissionVerdict::Default),
        ("git status", PermissionVerdict::Default),
        ("npm publish", PermissionVerdict::Ask),
        ("pnpm publish --tag x", PermissionVerdict::Ask),
        ("yarn publish", PermissionVerdict::Default),
        ("cargo test -q", PermissionVerdict::Allow),
        ("cargo build", PermissionVerdict::Default),
    ];
    for (cmd, want) in cases {
        assert_eq!(judge(&loaded, cmd), want, "{cmd}");
    }
}

#[test]
fn rules_come_from_system_user_and_every_project_folder() {
    let t = Tree::new();
    let files = [
        t.write(
            "etc/codex/rules/sys.rules",
            r#"prefix_rule(pattern=["sys"], decision="forbidden")"#,
        ),
        t.write(
            "codex-home/rules/a.rules",
            r#"prefix_rule(pattern=["user"], decision="forbidden")"#,
        ),
        t.write(
            "work/.codex/rules/outer.rules",
            r#"prefix_rule(pattern=["outer"], decision="forbidden")"#,
        ),
        t.write(
            "work/repo/.codex/rules/inner.rules",
            r#"prefix_rule(pattern=["inner"], decision="forbidden")"#,
        ),
    ];
    t.write("codex-home/rules/notes.txt", "not a rules file");
    t.write(
        "home/.codex/rules/ignored.rules",
        r#"prefix_rule(pattern=["ignored"], decision="forbidden")"#,
    );
    let env = t.env(
        "work/repo/sub",
        &[
            ("RTK_CODEX_SYSTEM_RULES", t.path("etc/codex/rules")),
            ("CODEX_HOME", t.path("codex-home")),
        ],
    );
    let loaded = load_rules_for(Agent::Codex, &env);
    assert_eq!(loaded.files, files.to_vec());
    for program in ["sys", "user", "outer", "inner"] {
        assert_eq!(
            judge(&loaded, program),
            PermissionVerdict::Deny,
            "{program}"
        );
    }
    assert_eq!(judge(&loaded, "ignored"), PermissionVerdict::Default);
}

#[test]
fn a_file_rtk_cannot_read_stops_every_rewrite_with_one_warning() {
    let t = Tree::new();
    let env = env_with_rules(&t, "rules = [\"git\"]\nprefix_rule(pattern=rules)");
    let loaded = load_rules_for(Agent::Codex, &env);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("default.rules"));
    assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Ask);
    assert_eq!(hook(&env, "bypassPermissions", "git status"), None);
}

#[test]
fn issue_22_a_forbidden_or_prompt_rule_is_never_bypassed_by_the_rewrite() {
    for decision in ["forbidden", "prompt", "allow"] {
        let t = Tree::new();
        let env = env_with_rules(
            &t,
            &format!(r#"prefix_rule(pattern=["git", "push"], decision="{decision}")"#),
        );
        for mode in ["default", "bypassPermissions"] {
            assert_eq!(
                hook(&env, mode, "git push origin master"),
                None,
                "{decision}"
            );
            assert_eq!(
                hook(&env, mode, "git status && git push origin master"),
                None,
                "{decision}"
            );
            // Lines no rule matches are still rewritten.
            assert_eq!(
                hook(&env, mode, "git log -3").as_deref(),
                Some("rtk git log -3"),
                "{decision} {mode}"
            );
        }
    }
}

#[test]
fn a_rule_on_the_rewritten_form_steps_aside() {
    let t = Tree::new();
    let env = env_with_rules(&t, r#"prefix_rule(pattern=["rtk"], decision="prompt")"#);
    assert_eq!(hook(&env, "bypassPermissions", "git log -3"), None);
}

#[test]
fn known_safe_lines_are_left_alone_when_the_policy_may_be_untrusted() {
    let t = Tree::new();
    let env = codex_env(&t, "work/repo");
    // `default` may be approval policy `untrusted`: `ls` runs unasked there, `rtk ls` asks.
    for cmd in ["ls -la", "cat README.md", "ls && wc -l x", "FOO=1 grep x y"] {
        assert_eq!(hook(&env, "default", cmd), None, "{cmd}");
        assert!(hook(&env, "bypassPermissions", cmd).is_some(), "{cmd}");
    }
    // A line with a command that is not known-safe asks either way under `untrusted`.
    assert_eq!(
        hook(&env, "default", "ls && git status").as_deref(),
        Some("rtk ls && rtk git status")
    );
    assert!(hook(&env, "default", "cargo test").is_some());
}
