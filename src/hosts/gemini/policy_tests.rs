//! Gemini's policy engine and settings, and the gemini hook's parity (issue 22: a policy deny
//! on `git status` is not bypassed by `rtk git status`; `tools.allowed` for the original is not
//! turned into a denial of the rewrite).

use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::hooks::answer::Answer;
use crate::hosts::tests::*;

/// The gemini hook's rewrite for `cmd`, or None (`{}`: Gemini judges the original).
fn hook(env: &Env, cmd: &str) -> Option<String> {
    let payload = serde_json::json!({"hook_event_name":"BeforeTool","tool_name":"run_shell_command",
        "tool_input":{"command":cmd}});
    match Agent::Gemini.answer(Some(&payload), env, &HooksConfig::default()) {
        Answer::Json(v) => {
            assert!(v.get("decision").is_none(), "{v}");
            v.pointer("/hookSpecificOutput/tool_input/command")
                .map(|c| c.as_str().unwrap().to_string())
        }
        Answer::Silent => panic!("gemini always answers"),
    }
}

fn policy(t: &Tree, file: &str, toml: &str) -> Env {
    t.write(&format!("home/.gemini/policies/{file}"), toml);
    t.env("work/repo", &[])
}

#[test]
fn issue_22_a_policy_rule_on_the_original_is_never_bypassed() {
    for decision in ["deny", "ask_user", "allow"] {
        let t = Tree::new();
        let env = policy(
            &t,
            "rules.toml",
            &format!(
                "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git status\"\ndecision = \"{decision}\"\npriority = 100\n"
            ),
        );
        assert_eq!(hook(&env, "git status"), None, "{decision}");
        assert_eq!(hook(&env, "git status --short"), None, "{decision}");
        assert_eq!(hook(&env, "ls && git status"), None, "{decision}");
        assert_eq!(
            hook(&env, "git log -3").as_deref(),
            Some("rtk git log -3"),
            "{decision}"
        );
    }
}

#[test]
fn prefix_arrays_wildcard_tools_and_the_admin_folder() {
    let t = Tree::new();
    t.write(
        "etc/gemini-cli/policies/admin.toml",
        "[[rule]]\ntoolName = \"*\"\ncommandPrefix = [\"git push\", \"cargo publish\"]\ndecision = \"deny\"\npriority = 1\n\n[[rule]]\ntoolName = \"read_file\"\ndecision = \"allow\"\npriority = 1\n",
    );
    let env = t.env("work/repo", &[]);
    let loaded = load_rules_for(Agent::Gemini, &env);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(judge(&loaded, "git push origin"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "cargo publish"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "git pushx"), PermissionVerdict::Default);
    assert_eq!(hook(&env, "git push origin main"), None);
    assert!(hook(&env, "git status").is_some());
}

#[test]
fn regex_rules_rules_without_command_conditions_and_broken_files() {
    // A rule on the tool alone judges both forms alike: rewrites go on.
    let t = Tree::new();
    let env = policy(
        &t,
        "a.toml",
        "[[rule]]\ntoolName = \"run_shell_command\"\ndecision = \"allow\"\npriority = 5\n",
    );
    assert!(hook(&env, "git status").is_some());
    // A regex rtk does not evaluate: no rewrite at all.
    for body in [
        "[[rule]]\ntoolName = \"run_shell_command\"\ncommandRegex = \"git (status|log)\"\ndecision = \"deny\"\npriority = 5\n",
        "[[rule]]\ntoolName = \"run_shell_command\"\nargsPattern = \"rm\"\ndecision = \"ask_user\"\npriority = 5\n",
    ] {
        let t = Tree::new();
        let env = policy(&t, "b.toml", body);
        assert_eq!(hook(&env, "cargo build"), None, "{body}");
    }
    // A broken file: one warning, no rewrite.
    let t = Tree::new();
    let env = policy(&t, "c.toml", "[[rule]\ntoolName = ");
    let loaded = load_rules_for(Agent::Gemini, &env);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("c.toml"));
    assert_eq!(hook(&env, "git status"), None);
}

#[test]
fn issue_22_tools_allowed_and_core_keep_their_verdicts() {
    // tools.allowed for the original: Gemini ignores a hook's allow and `rtk git status` is not
    // allowlisted, so the hook leaves the command alone and Gemini's allowlist applies.
    let t = Tree::new();
    t.write(
        "home/.gemini/settings.json",
        r#"{"tools":{"allowed":["run_shell_command(git status)"]}}"#,
    );
    let env = t.env("work/repo", &[]);
    assert_eq!(hook(&env, "git status"), None);
    assert!(hook(&env, "git log").is_some());
    // tools.core restricted to some commands: `rtk …` is never among them.
    let t = Tree::new();
    t.write(
        "home/.gemini/settings.json",
        r#"{"tools":{"core":["run_shell_command(git)","read_file"]}}"#,
    );
    let env = t.env("work/repo", &[]);
    assert_eq!(hook(&env, "git log"), None);
    // tools.core naming the whole shell tool restricts nothing.
    let t = Tree::new();
    t.write(
        "home/.gemini/settings.json",
        r#"{"tools":{"core":["run_shell_command","read_file"]}}"#,
    );
    assert!(hook(&t.env("work/repo", &[]), "git log").is_some());
}
