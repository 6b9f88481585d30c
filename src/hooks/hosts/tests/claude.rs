//! Claude's rule sources.

use super::*;

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

    let loaded = load_rules_for(Host::Claude, &t.env("work/proj/sub/deeper", &[]));
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
    let loaded = load_rules_for(Host::Claude, &env);
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
    let loaded = load_rules_for(Host::Claude, &t.env("home/code/app", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
    assert_eq!(texts(&loaded.rules.deny), ["Bash(rm:*)"]);
    assert_eq!(texts(&loaded.rules.ask), ["Bash(git push *)"]);
    assert_eq!(texts(&loaded.rules.allow), ["Bash", "Bash(git status)"]);
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
    let loaded = load_rules_for(Host::Claude, &t.env("work/p", &[]));
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
        let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(texts(&loaded.rules.deny), ["Bash(bom)"]);
}

#[test]
fn claude_huge_settings_file_is_not_read() {
    let t = Tree::new();
    let padding = " ".repeat(crate::hooks::hosts::MAX_SETTINGS_BYTES as usize);
    t.write(
        "home/.claude/settings.json",
        &format!("{}{padding}", claude_deny("huge")),
    );
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(loaded.rules.is_empty());
}

#[test]
fn missing_home_reads_only_the_project() {
    let t = Tree::new();
    t.write("work/p/.claude/settings.json", &claude_deny("project"));
    let env = Env::new(Vec::<(String, String)>::new(), t.mkdir("work/p"));
    let loaded = load_rules_for(Host::Claude, &env);
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
    let loaded = load_rules_for(Host::Claude, &t.env("work/repo", &[]));
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
        let loaded = load_rules_for(Host::Claude, &t.env("work/repo", &[]));
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
    let loaded = load_rules_for(Host::Claude, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "ls"), PermissionVerdict::Allow);
}

#[test]
fn claude_managed_path_override_and_default() {
    let t = Tree::new();
    let env = t.env("work", &[]);
    assert_eq!(
        crate::hooks::hosts::claude::managed_path(&env),
        t.path("etc/claude-code/managed-settings.json")
    );
    let bare = Env::new(Vec::<(String, String)>::new(), t.path("work"));
    let default = crate::hooks::hosts::claude::managed_path(&bare);
    assert!(default.ends_with("managed-settings.json"), "{default:?}");
    assert!(default.is_absolute());
}
