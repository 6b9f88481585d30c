//! Claude's project: which folder's rules apply (issue 15 point 3, issue 22), workspace trust.

use super::*;
use crate::hooks::rewrite_cmd::evaluate_for;

/// The rules of issue 15: allow `ls`, `git status`, `git log`; deny `rm`, `git push`.
const PROJECT_RULES: &str = r#"{"permissions":{
    "allow":["Bash(ls:*)","Bash(git status:*)","Bash(git log:*)"],
    "deny":["Bash(rm:*)","Bash(git push:*)"]}}"#;

const ALLOW_ALL: &str = r#"{"permissions":{"allow":["Bash"]}}"#;

/// A trusted git project `work/repo` holding [`PROJECT_RULES`].
fn project() -> Tree {
    let t = Tree::new();
    t.mkdir("work/repo/.git");
    t.write("work/repo/.claude/settings.json", PROJECT_RULES);
    t.trust_claude("work/repo");
    t
}

/// `rtk rewrite`'s exit code for `cmd` run from `cwd` with the given extra variables.
fn exit(t: &Tree, cwd: &str, extra: &[(&str, PathBuf)], cmd: &str) -> u8 {
    evaluate_for(cmd, Host::Claude, &t.env(cwd, extra))
        .outcome
        .exit_code()
}

fn project_dir(t: &Tree, rel: &str) -> [(&'static str, PathBuf); 1] {
    [("CLAUDE_PROJECT_DIR", t.path(rel))]
}

#[test]
fn issue_15_case_1_nested_allow_all_cannot_lift_the_projects_deny() {
    let t = project();
    t.write("work/repo/sub/.claude/settings.json", ALLOW_ALL);
    t.trust_claude("work/repo");
    // The session's project is the repo: the nested file is not a source at all.
    let env = project_dir(&t, "work/repo");
    assert_eq!(exit(&t, "work/repo/sub", &env, "git push origin main"), 2);
    assert_eq!(exit(&t, "work/repo/sub", &env, "rm -rf x"), 2);
    assert_eq!(exit(&t, "work/repo/sub", &env, "cargo build"), 3);
    assert_eq!(exit(&t, "work/repo/sub", &env, "git status"), 0);
    // No CLAUDE_PROJECT_DIR: the nearest folder with settings (sub) is the project, and the
    // repo's deny rules still apply below it.
    assert_eq!(exit(&t, "work/repo/sub", &[], "git push origin main"), 2);
    assert_eq!(exit(&t, "work/repo/sub", &[], "rm x"), 2);
}

#[test]
fn issue_15_case_2_a_claude_folder_without_settings_is_not_a_project() {
    let t = project();
    t.write("work/repo/sub/.claude/commands/deploy.md", "# a command");
    assert_eq!(exit(&t, "work/repo/sub", &[], "git push origin main"), 2);
    assert_eq!(exit(&t, "work/repo/sub", &[], "git log -3"), 0);
    assert_eq!(exit(&t, "work/repo/sub/deeper", &[], "rm -rf /tmp/x"), 2);
}

#[test]
fn issue_15_case_3_claude_project_dir_names_the_project() {
    let t = project();
    // A decoy project around the working directory, outside the session's project.
    t.write("work/other/.claude/settings.json", ALLOW_ALL);
    t.trust_claude("work/other");
    let env = project_dir(&t, "work/repo");
    assert_eq!(exit(&t, "work/other", &env, "git push origin main"), 2);
    assert_eq!(exit(&t, "work/other", &env, "cargo build"), 3);
    assert_eq!(exit(&t, "work/other", &env, "ls -la"), 0);
    // Without it, the decoy is the project.
    assert_eq!(exit(&t, "work/other", &[], "cargo build"), 0);
}

#[test]
fn issue_22_started_in_a_subfolder_the_parents_allow_does_not_apply() {
    // Claude started in repo/sub loads no repo/.claude rules: rtk must not allow with them.
    let t = Tree::new();
    t.mkdir("work/repo/.git");
    t.write(
        "work/repo/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash(git push:*)"],"ask":["Bash(git commit:*)"]}}"#,
    );
    t.trust_claude("work/repo");
    let env = project_dir(&t, "work/repo/sub");
    assert_eq!(exit(&t, "work/repo/sub", &env, "git push origin main"), 3);
    // ...while its restrictions keep applying.
    let d = evaluate_for(
        "git commit -m x",
        Host::Claude,
        &t.env("work/repo/sub", &env),
    );
    assert_eq!(d.verdict, PermissionVerdict::Ask);
}

#[test]
fn untrusted_workspace_keeps_deny_and_ask_but_not_allow() {
    let t = Tree::new();
    t.mkdir("work/repo/.git");
    t.write(
        "work/repo/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash(git push:*)","Bash(ls)"],"deny":["Bash(rm:*)"],"ask":["Bash(git commit:*)"]}}"#,
    );
    t.write("work/repo/.claude/settings.local.json", ALLOW_ALL);
    t.write(
        "home/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash(make test)"]}}"#,
    );
    let env = project_dir(&t, "work/repo");
    let check = |want_allowed: bool| {
        let want = if want_allowed { 0 } else { 3 };
        assert_eq!(exit(&t, "work/repo", &env, "git push origin x"), want);
        assert_eq!(exit(&t, "work/repo", &env, "ls"), want);
        assert_eq!(exit(&t, "work/repo", &env, "rm -f x"), 2);
        assert_eq!(exit(&t, "work/repo", &env, "git commit -m x"), 3);
        // The user's own allow rules do not depend on the project's trust.
        assert_eq!(exit(&t, "work/repo", &env, "make test"), 0);
    };
    // No ~/.claude.json, an entry without acceptance, acceptance for another folder.
    check(false);
    t.write(
        "home/.claude.json",
        &serde_json::json!({"projects": {t.path("work/repo").to_str().unwrap(): {"hasTrustDialogAccepted": false}}}).to_string(),
    );
    check(false);
    t.write("home/.claude.json", "{}");
    t.trust_claude("work/elsewhere");
    check(false);
    // Acceptance for the folder, or for a parent up to the git root, trusts it.
    t.trust_claude("work/repo");
    check(true);
    let sub_env = project_dir(&t, "work/repo/pkg");
    t.write("work/repo/pkg/.claude/settings.json", ALLOW_ALL);
    assert_eq!(exit(&t, "work/repo/pkg", &sub_env, "cargo build"), 0);
    // ...but not a parent above the git root.
    t.write("home/.claude.json", "{}");
    t.trust_claude("work");
    check(false);
    // CLAUDE_CODE_SANDBOXED trusts every folder, as in Claude.
    let sandboxed = [
        env[0].clone(),
        ("CLAUDE_CODE_SANDBOXED", PathBuf::from("1")),
    ];
    assert_eq!(exit(&t, "work/repo", &sandboxed, "ls"), 0);
}

#[test]
fn an_unreadable_trust_file_means_untrusted_with_one_warning() {
    let t = project();
    t.write("home/.claude.json", "{ not json");
    let d = evaluate_for("git status", Host::Claude, &t.env("work/repo", &[]));
    assert_eq!(d.outcome.exit_code(), 3);
    let trust_warnings: Vec<_> = d
        .warnings
        .iter()
        .filter(|w| w.contains(".claude.json"))
        .collect();
    assert_eq!(trust_warnings.len(), 1, "{:?}", d.warnings);
    assert!(
        trust_warnings[0].contains("untrusted"),
        "{trust_warnings:?}"
    );
}

#[test]
fn claude_config_dir_holds_the_trust_file() {
    let t = project();
    let cfg = t.mkdir("cfg");
    let env = [("CLAUDE_CONFIG_DIR", cfg.clone())];
    // ~/.claude.json trusts the repo, but with CLAUDE_CONFIG_DIR Claude reads cfg/.claude.json.
    assert_eq!(exit(&t, "work/repo", &env, "git status"), 3);
    let key = t.path("work/repo").to_str().unwrap().to_string();
    t.write(
        "cfg/.claude.json",
        &serde_json::json!({"projects": {key: {"hasTrustDialogAccepted": true}}}).to_string(),
    );
    assert_eq!(exit(&t, "work/repo", &env, "git status"), 0);
}

#[test]
fn the_trust_file_is_not_read_without_project_allow_rules() {
    // A broken trust file produces no warning when nothing depends on it.
    let t = Tree::new();
    t.write("work/repo/.claude/settings.json", &claude_deny("rm:*"));
    t.write("home/.claude.json", "{ broken");
    let d = evaluate_for("git status", Host::Claude, &t.env("work/repo", &[]));
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}
