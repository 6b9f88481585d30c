//! Droid's rule sources.

use crate::hosts::tests::*;

#[test]
fn droid_reads_user_and_project_deny_lists_only() {
    let t = Tree::new();
    let files = [
        t.write(
            "home/.factory/settings.json",
            r#"{"commandDenylist":["git push"],"commandAllowlist":["ls","git status"]}"#,
        ),
        t.write(
            "home/.factory/settings.local.json",
            r#"{"commandBlocklist":["  shutdown  ", ""]}"#,
        ),
        t.write(
            "work/repo/.factory/settings.json",
            "// project\n{\"commandBlocklist\":[\"rm -rf /*\"]}",
        ),
        t.write(
            "work/repo/.factory/settings.local.json",
            r#"{"commandDenylist":["npm publish"]}"#,
        ),
    ];
    t.mkdir("work/repo/.git");
    // A project folder above the repository: its deny lists keep applying (issue 15).
    let above = t.write(
        "work/.factory/settings.json",
        r#"{"commandDenylist":["outside"]}"#,
    );
    let files: Vec<PathBuf> = files.into_iter().chain([above]).collect();
    t.write(
        "home/.factory/hooks.json",
        r#"{"commandDenylist":["hooks"]}"#,
    );
    let loaded = load_rules_for(Agent::Droid, &t.env("work/repo/app", &[]));
    assert_eq!(loaded.files, files);
    assert_eq!(
        texts(&loaded.rules.deny),
        [
            "git push",
            "  shutdown  ",
            "rm -rf /*",
            "npm publish",
            "outside"
        ]
    );
    assert!(loaded.rules.allow.is_empty() && loaded.rules.ask.is_empty());
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    for (cmd, want) in [
        ("git push origin main", PermissionVerdict::Deny),
        ("shutdown -h now", PermissionVerdict::Deny),
        ("rm -rf /etc", PermissionVerdict::Deny),
        ("npm publish", PermissionVerdict::Deny),
        ("ls", PermissionVerdict::Default),
        ("git status", PermissionVerdict::Default),
        ("outside", PermissionVerdict::Deny),
    ] {
        assert_eq!(judge(&loaded, cmd), want, "{cmd}");
    }
}

#[test]
fn droid_home_override_and_nested_factory_folders() {
    let t = Tree::new();
    t.write(
        "home/.factory/settings.json",
        r#"{"commandDenylist":["home"]}"#,
    );
    let over = t.mkdir("over");
    t.write(
        "over/.factory/settings.json",
        r#"{"commandDenylist":["override"]}"#,
    );
    t.mkdir("work/repo/.git");
    t.write(
        "work/repo/.factory/settings.json",
        r#"{"commandDenylist":["root"]}"#,
    );
    t.write(
        "work/repo/pkg/.factory/settings.json",
        r#"{"commandDenylist":["folder"]}"#,
    );
    let env = t.env("work/repo/pkg/src", &[("FACTORY_HOME_OVERRIDE", over)]);
    let loaded = load_rules_for(Agent::Droid, &env);
    assert_eq!(texts(&loaded.rules.deny), ["override", "folder", "root"]);
}

#[test]
fn droid_never_yields_allow() {
    let t = Tree::new();
    t.write(
        "home/.factory/settings.json",
        r#"{"commandAllowlist":["*","git status"],"commandDenylist":["rm"]}"#,
    );
    let loaded = load_rules_for(Agent::Droid, &t.env("work", &[]));
    for cmd in ["git status", "ls", "rm x", "anything"] {
        assert_ne!(judge(&loaded, cmd), PermissionVerdict::Allow, "{cmd}");
    }
}

#[test]
fn droid_malformed_file_warns_once_and_others_still_count() {
    let t = Tree::new();
    t.write("home/.factory/settings.json", r#"{"commandDenylist":["#);
    t.write(
        "home/.factory/settings.local.json",
        r#"{"commandDenylist":["rm"]}"#,
    );
    let loaded = load_rules_for(Agent::Droid, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert_eq!(texts(&loaded.rules.deny), ["rm"]);
}
