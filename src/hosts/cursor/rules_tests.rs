//! Cursor's rule sources.

use crate::hosts::tests::*;

#[test]
fn cursor_reads_global_config_and_project_deny_only() {
    let t = Tree::new();
    let global = t.write(
        "home/.cursor/cli-config.json",
        r#"{"version":1,"editor":{"vimMode":false},"permissions":{
            "allow":["Shell(git)","Read(src/**)","Shell(ls)"],"deny":["Shell(rm)","Write(**/*.key)"]}}"#,
    );
    t.mkdir("work/repo/.git");
    let project = t.write(
        "work/repo/.cursor/cli.json",
        r#"{"permissions":{"allow":["Shell(curl)"],"deny":["Shell(git push)"]}}"#,
    );
    // Decoys Cursor's CLI does not use for shell permissions.
    t.write(
        "home/.cursor/permissions.json",
        r#"{"terminalAllowlist":["curl"]}"#,
    );
    // A project file above the repository: its deny rules keep applying below it (issue 15).
    let above = t.write(
        "work/.cursor/cli.json",
        r#"{"permissions":{"allow":["Shell(outside-allow)"],"deny":["Shell(outside)"]}}"#,
    );
    let loaded = load_rules_for(Agent::Cursor, &t.env("work/repo/src", &[]));
    assert_eq!(loaded.files, [global, project, above]);
    assert_eq!(texts(&loaded.rules.allow), ["Shell(git)", "Shell(ls)"]);
    assert_eq!(
        texts(&loaded.rules.deny),
        ["Shell(rm)", "Shell(git push)", "Shell(outside)"]
    );
    assert!(loaded.rules.ask.is_empty());
    // Its Write deny is a file rule (issue 36); its Read allow grants nothing.
    let files: Vec<&str> = loaded.rules.files.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(files, ["Write(**/*.key)"]);
    assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Allow);
    assert_eq!(judge(&loaded, "git push origin"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "rm -rf x"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "curl x"), PermissionVerdict::Default);
    assert_eq!(judge(&loaded, "gitk"), PermissionVerdict::Default);
}

#[test]
fn cursor_xdg_config_is_a_global_candidate() {
    let t = Tree::new();
    let xdg = t.mkdir("xdg");
    let only_xdg = t.write(
        "xdg/cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell(git)"],"deny":["Shell(rm)"]}}"#,
    );
    let env = t.env("work", &[("XDG_CONFIG_HOME", xdg)]);
    let loaded = load_rules_for(Agent::Cursor, &env);
    assert_eq!(loaded.files, [only_xdg]);
    assert_eq!(judge(&loaded, "git log"), PermissionVerdict::Allow);
    assert_eq!(judge(&loaded, "rm x"), PermissionVerdict::Deny);

    // Both candidates present: deny from both, allow from neither, one warning.
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell"],"deny":["Shell(curl)"]}}"#,
    );
    let loaded = load_rules_for(Agent::Cursor, &env);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.rules.allow.is_empty());
    assert_eq!(texts(&loaded.rules.deny), ["Shell(curl)", "Shell(rm)"]);
}

#[test]
fn cursor_bare_shell_allows_everything_and_malformed_config_warns() {
    let t = Tree::new();
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell"]}}"#,
    );
    let loaded = load_rules_for(Agent::Cursor, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "anything"), PermissionVerdict::Allow);

    let t = Tree::new();
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell"]"#,
    );
    let loaded = load_rules_for(Agent::Cursor, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(loaded.rules.is_empty());
}
