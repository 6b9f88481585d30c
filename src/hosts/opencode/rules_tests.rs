//! OpenCode's `permission` config and `rtk rewrite --host opencode` (issue 22: rules on the
//! original are evaluated by OpenCode after the plugin, on the rewritten command).

use crate::config::HooksConfig;
use crate::hosts::evaluate_for;
use crate::hosts::tests::*;

fn exit(env: &Env, cmd: &str) -> u8 {
    evaluate_for(cmd, Agent::OpenCode, env, &HooksConfig::default())
        .outcome
        .exit_code()
}

fn env(t: &Tree) -> Env {
    t.env("work/repo/sub", &[("XDG_CONFIG_HOME", t.path("xdg"))])
}

#[test]
fn bash_patterns_from_every_source_stop_the_rewrite_of_lines_they_could_match() {
    let t = Tree::new();
    t.write(
        "xdg/opencode/opencode.json",
        r#"{"permission":{"bash":{"*":"allow","git status":"deny"}}}"#,
    );
    t.write(
        "work/repo/opencode.jsonc",
        "// project\n{\"agent\":{\"plan\":{\"permission\":{\"bash\":{\"git push *\":\"ask\"}}}}}",
    );
    t.write(
        "work/.opencode/opencode.json",
        r#"{"permission":{"*":{"cargo t?st":"allow"}, "edit":{"src/*":"deny"}}}"#,
    );
    let env = env(&t);
    let loaded = load_rules_for(Agent::OpenCode, &env);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.files.len(), 3, "{:?}", loaded.files);
    for cmd in [
        "git status",
        "ls && git status",
        "git push",
        "git push origin main",
        "cargo test",
    ] {
        assert_eq!(exit(&env, cmd), 1, "{cmd}");
    }
    for (cmd, out) in [("git status -s", 3), ("git log", 3), ("cargo build", 3)] {
        assert_eq!(exit(&env, cmd), out, "{cmd}");
    }
}

#[test]
fn catch_all_rules_judge_both_forms_alike() {
    let t = Tree::new();
    t.write(
        "xdg/opencode/opencode.json",
        r#"{"permission":{"bash":{"*":"ask"},"edit":"allow","webfetch":"deny"}}"#,
    );
    t.write("work/repo/opencode.json", r#"{"permission":"allow"}"#);
    assert_eq!(exit(&env(&t), "git status"), 3);
}

#[test]
fn a_rule_on_the_rewritten_form_and_broken_or_inline_configs() {
    let t = Tree::new();
    t.write(
        "xdg/opencode/opencode.json",
        r#"{"permission":{"bash":{"rtk *":"allow"}}}"#,
    );
    assert_eq!(exit(&env(&t), "git status"), 1);
    let t = Tree::new();
    t.write("work/repo/opencode.json", r#"{"permission": {"bash": "#);
    let d = evaluate_for(
        "git log",
        Agent::OpenCode,
        &env(&t),
        &HooksConfig::default(),
    );
    assert_eq!(d.outcome.exit_code(), 1);
    assert_eq!(d.warnings.len(), 1, "{:?}", d.warnings);
    let t = Tree::new();
    let inline = t.env(
        "work/repo",
        &[
            ("XDG_CONFIG_HOME", t.path("xdg")),
            (
                "OPENCODE_CONFIG_CONTENT",
                PathBuf::from(r#"{"permission":{"bash":{"git log*":"deny"}}}"#),
            ),
        ],
    );
    assert_eq!(exit(&inline, "git log -3"), 1);
    assert_eq!(exit(&inline, "git status"), 3);
}
