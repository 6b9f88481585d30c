//! Claude's rule sources.
//!
//! Claude's project: which folder's rules apply (issue 15 point 3, issue 22), workspace trust.

use crate::config::HooksConfig;
use crate::hosts::evaluate_for;
use crate::hosts::tests::*;

#[test]
fn claude_reads_its_project_ancestor_and_user_files() {
    let t = Tree::new();
    let files = [
        t.write("work/proj/.claude/settings.json", &claude_deny("project")),
        t.write(
            "work/proj/.claude/settings.local.json",
            &claude_deny("local"),
        ),
        // A project folder above the project: its deny rules keep applying.
        t.write("work/.claude/settings.json", &claude_deny("farther")),
        t.write("home/.claude/settings.json", &claude_deny("user")),
        t.write(
            "home/.claude/settings.local.json",
            &claude_deny("user-local"),
        ),
    ];
    // Decoys: a nearer .git, a nearer .claude/ without settings files, other file names.
    t.mkdir("work/proj/sub/.git");
    t.write("work/proj/sub/.claude/commands/x.md", "not settings");
    t.write("work/proj/.claude/settings.json.bak", &claude_deny("bak"));
    t.write("home/.claude/other.json", &claude_deny("other"));
    t.write("work/proj/sub/deeper/settings.json", &claude_deny("loose"));

    let loaded = load_rules_for(Agent::Claude, &t.env("work/proj/sub/deeper", &[]));
    assert_eq!(loaded.files, files.to_vec());
    assert_eq!(
        texts(&loaded.rules.deny),
        [
            "Bash(project)",
            "Bash(local)",
            "Bash(farther)",
            "Bash(user)",
            "Bash(user-local)"
        ]
    );
    let sources: Vec<&Path> = loaded
        .rules
        .deny
        .iter()
        .map(|r| r.source.as_path())
        .collect();
    assert_eq!(
        sources,
        files.iter().map(PathBuf::as_path).collect::<Vec<_>>()
    );
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

#[test]
fn claude_config_dir_replaces_home_claude() {
    let t = Tree::new();
    t.write("home/.claude/settings.json", &claude_deny("home"));
    let cfg = t.mkdir("cfg");
    t.write("cfg/settings.json", &claude_deny("cfg"));
    t.write("cfg/settings.local.json", &claude_deny("cfg-local"));
    t.mkdir("work/repo/.git");
    let env = t.env("work/repo", &[("CLAUDE_CONFIG_DIR", cfg.clone())]);
    let loaded = load_rules_for(Agent::Claude, &env);
    assert_eq!(texts(&loaded.rules.deny), ["Bash(cfg)", "Bash(cfg-local)"]);
    assert_eq!(
        loaded.files,
        [cfg.join("settings.json"), cfg.join("settings.local.json")]
    );
}

#[test]
fn claude_project_equal_to_home_is_read_once() {
    let t = Tree::new();
    t.write("home/.claude/settings.json", &claude_deny("user"));
    let loaded = load_rules_for(Agent::Claude, &t.env("home/code/app", &[]));
    assert_eq!(texts(&loaded.rules.deny), ["Bash(user)"]);
    assert_eq!(loaded.files.len(), 1);
}

#[test]
fn claude_merges_all_three_lists_and_ignores_other_tools() {
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        r#"{"permissions":{
            "deny":["Bash(rm:*)","Read(./.env)"],
            "ask":["Bash(git push *)","WebFetch"],
            "allow":["Bash","Edit","mcp__x__y","Bash(git status)"],
            "defaultMode":"default"}}"#,
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(texts(&loaded.rules.deny), ["Bash(rm:*)"]);
    assert_eq!(texts(&loaded.rules.ask), ["Bash(git push *)"]);
    assert_eq!(texts(&loaded.rules.allow), ["Bash", "Bash(git status)"]);
    // File-tool deny and ask entries are file rules (issue 36); their allow grants nothing.
    let files: Vec<&str> = loaded.rules.files.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(files, ["Read(./.env)"]);
    assert_eq!(judge(&loaded, "rm -rf /"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "git push"), PermissionVerdict::Ask);
    assert_eq!(judge(&loaded, "htop"), PermissionVerdict::Allow);
}

#[test]
fn claude_malformed_file_gives_one_warning_and_is_skipped() {
    let t = Tree::new();
    let bad = t.write(
        "work/p/.claude/settings.json",
        "{\n  \"permissions\": {\n    \"allow\": [\"Bash(*)\",\n",
    );
    t.write("home/.claude/settings.json", &claude_deny("user"));
    let loaded = load_rules_for(Agent::Claude, &t.env("work/p", &[]));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    let w = &loaded.warnings[0];
    assert!(
        w.starts_with(&format!("ignoring {}: ", bad.display())),
        "{w}"
    );
    assert!(w.contains("line"), "{w}");
    assert!(loaded.rules.allow.is_empty());
    assert_eq!(texts(&loaded.rules.deny), ["Bash(user)"]);
}

#[test]
fn claude_bad_files_of_every_kind_are_one_warning_each() {
    let cases: [(&str, &[u8], &str); 5] = [
        ("not json", b"not json", "expected"),
        (
            "non-UTF-8",
            b"{\"permissions\":{\"deny\":[\"\xff\"]}}",
            "UTF-8",
        ),
        ("array at top", b"[1,2]", "not a JSON object"),
        (
            "permissions a string",
            br#"{"permissions":"all"}"#,
            "permissions is not an object",
        ),
        (
            "deny not an array",
            br#"{"permissions":{"deny":"Bash"}}"#,
            "permissions.deny is not an array",
        ),
    ];
    for (name, bytes, needle) in cases {
        let t = Tree::new();
        let p = t.path("home/.claude/settings.json");
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, bytes).unwrap();
        let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
        assert_eq!(loaded.warnings.len(), 1, "{name}: {:?}", loaded.warnings);
        assert!(
            loaded.warnings[0].contains(&p.display().to_string()),
            "{name}"
        );
        assert!(
            loaded.warnings[0].contains(needle),
            "{name}: {}",
            loaded.warnings[0]
        );
        assert!(loaded.rules.is_empty(), "{name}");
    }
}

#[test]
fn claude_partly_invalid_file_keeps_deny_and_ask_but_drops_allow() {
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        r#"{"permissions":{"deny":["Bash(rm *)", 42],"ask":["Bash(git push)"],
            "allow":["Bash(git *)","Bash(cargo"]}}"#,
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("permissions.deny[1] is not a string"));
    assert!(loaded.warnings[0].contains("allow rules are ignored"));
    assert_eq!(texts(&loaded.rules.deny), ["Bash(rm *)"]);
    assert_eq!(texts(&loaded.rules.ask), ["Bash(git push)"]);
    assert!(loaded.rules.allow.is_empty());
    assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Default);
}

#[test]
fn claude_unterminated_bash_entry_drops_the_files_allow_rules() {
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash(git status)","Bash(git push"]}}"#,
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(loaded.warnings[0].contains("no closing parenthesis"));
    assert!(loaded.rules.allow.is_empty());
}

#[test]
fn claude_settings_with_bom_parse() {
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        &format!("\u{feff}{}", claude_deny("bom")),
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(texts(&loaded.rules.deny), ["Bash(bom)"]);
}

#[test]
fn claude_huge_settings_file_is_not_read() {
    let t = Tree::new();
    let padding = " ".repeat(crate::hooks::rule_files::MAX_SETTINGS_BYTES as usize);
    t.write(
        "home/.claude/settings.json",
        &format!("{}{padding}", claude_deny("huge")),
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(
        loaded.warnings[0].contains("larger than 4 MiB"),
        "{}",
        loaded.warnings[0]
    );
    assert!(loaded.rules.is_empty());
}

#[test]
fn claude_comments_are_not_json() {
    // Claude's settings are plain JSON: a commented file is malformed, skipped with a warning.
    let t = Tree::new();
    t.write(
        "home/.claude/settings.json",
        "// rules\n{\"permissions\":{\"allow\":[\"Bash(*)\"]}}",
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(loaded.rules.is_empty());
}

/// `~/.claude` holds the user's settings, not a project: `rtk rewrite git status` run in a
/// repository under HOME (a plugin's call, no CLAUDE_PROJECT_DIR) has that repository's folder as
/// its project, so git's repository is the project's (the migration test's upstream plugins).
#[test]
fn the_users_settings_folder_marks_no_project() {
    let t = Tree::new();
    t.write("home/.claude/settings.json", &claude_deny("user"));
    t.mkdir("home/proj/.git");
    let env = t.env("home/proj", &[]);
    assert_eq!(super::project_root(&env), None);
    assert_eq!(exit(&t, "home/proj", &[], "git status"), 3);
    // A project folder's own settings still make it the project.
    t.write("home/proj/.claude/settings.json", &claude_deny("project"));
    assert_eq!(super::project_root(&env), Some(t.path("home/proj")));
}

#[test]
fn missing_home_reads_only_the_project() {
    let t = Tree::new();
    t.write("work/p/.claude/settings.json", &claude_deny("project"));
    let env = Env::new(Vec::<(String, String)>::new(), t.mkdir("work/p"));
    let loaded = load_rules_for(Agent::Claude, &env);
    assert_eq!(texts(&loaded.rules.deny), ["Bash(project)"]);
}

#[test]
fn claude_managed_policy_rules_join_the_others() {
    let t = Tree::new();
    let managed = t.write(
        "etc/claude-code/managed-settings.json",
        r#"{"permissions":{"deny":["Bash(curl:*)"],"ask":["Bash(git push:*)"],"allow":["Bash(make test)"]}}"#,
    );
    let user = t.write(
        "home/.claude/settings.json",
        r#"{"permissions":{"allow":["Bash(curl:*)","Bash(git push:*)","Bash(ls)"]}}"#,
    );
    t.mkdir("work/repo/.git");
    let loaded = load_rules_for(Agent::Claude, &t.env("work/repo", &[]));
    assert_eq!(loaded.files, [managed, user]);
    // (command, verdict): a managed deny or ask wins over a user allow; managed and user allow
    // rules both count.
    let cases = [
        ("curl example.com", PermissionVerdict::Deny),
        ("git push origin main", PermissionVerdict::Ask),
        ("make test", PermissionVerdict::Allow),
        ("ls", PermissionVerdict::Allow),
        ("cat x", PermissionVerdict::Default),
    ];
    for (cmd, want) in cases {
        assert_eq!(judge(&loaded, cmd), want, "{cmd}");
    }
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

#[test]
fn claude_managed_only_ignores_allow_rules_of_other_files() {
    // (managed file contents, is `ls` allowed by the user file's rule?)
    let cases = [
        (r#"{"allowManagedPermissionRulesOnly":true}"#, false),
        (r#"{"allowManagedPermissionRulesOnly":false}"#, true),
        (r#"{"allowManagedPermissionRulesOnly":"yes"}"#, false),
        (r#"{"permissions":{}}"#, true),
        // A managed file that cannot be read might set it: allow rules elsewhere are ignored.
        (r#"{"allowManagedPermissionRulesOnly": tr"#, false),
    ];
    for (managed, user_allow_counts) in cases {
        let t = Tree::new();
        t.write("etc/claude-code/managed-settings.json", managed);
        t.write(
            "home/.claude/settings.json",
            r#"{"permissions":{"allow":["Bash(ls)"],"deny":["Bash(rm:*)"]}}"#,
        );
        t.write(
            "work/repo/.claude/settings.json",
            r#"{"permissions":{"allow":["Bash(pwd)"]}}"#,
        );
        t.trust_claude("work/repo");
        let loaded = load_rules_for(Agent::Claude, &t.env("work/repo", &[]));
        let want = if user_allow_counts {
            PermissionVerdict::Allow
        } else {
            PermissionVerdict::Default
        };
        assert_eq!(judge(&loaded, "ls"), want, "{managed}");
        assert_eq!(judge(&loaded, "pwd"), want, "{managed}");
        // Deny rules of the other files always stay.
        assert_eq!(
            judge(&loaded, "rm -rf x"),
            PermissionVerdict::Deny,
            "{managed}"
        );
    }
    // The managed file's own allow rules still count under managed-only.
    let t = Tree::new();
    t.write(
        "etc/claude-code/managed-settings.json",
        r#"{"allowManagedPermissionRulesOnly":true,"permissions":{"allow":["Bash(ls)"]}}"#,
    );
    let loaded = load_rules_for(Agent::Claude, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "ls"), PermissionVerdict::Allow);
}

#[test]
fn claude_managed_path_override_and_default() {
    let t = Tree::new();
    let env = t.env("work", &[]);
    assert_eq!(
        crate::hosts::claude::rules::managed_path(&env),
        t.path("etc/claude-code/managed-settings.json")
    );
    let bare = Env::new(Vec::<(String, String)>::new(), t.path("work"));
    let default = crate::hosts::claude::rules::managed_path(&bare);
    assert!(default.ends_with("managed-settings.json"), "{default:?}");
    assert!(default.is_absolute());
}

// ---------------------------------------------------------------- the project

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
    evaluate_for(
        cmd,
        Agent::Claude,
        &t.env(cwd, extra),
        &HooksConfig::default(),
    )
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
    // Issue 36: a line run outside the session's project is left to Claude (exit 1).
    assert_eq!(exit(&t, "work/other", &env, "cargo build"), 1);
    assert_eq!(exit(&t, "work/other", &env, "ls -la"), 1);
    assert_eq!(exit(&t, "work/repo", &env, "cargo build"), 3);
    assert_eq!(exit(&t, "work/repo", &env, "ls -la"), 0);
    // Without it, the decoy (where Claude runs the hook) is the project.
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
        Agent::Claude,
        &t.env("work/repo/sub", &env),
        &HooksConfig::default(),
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
    let d = evaluate_for(
        "git status",
        Agent::Claude,
        &t.env("work/repo", &[]),
        &HooksConfig::default(),
    );
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
    let d = evaluate_for(
        "git status",
        Agent::Claude,
        &t.env("work/repo", &[]),
        &HooksConfig::default(),
    );
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
}
