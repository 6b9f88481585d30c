//! Gemini's rule sources.

use crate::hosts::tests::*;

const GEMINI_USER: &str = r#"{
  // comments are allowed in Gemini settings
  "tools": {
    "allowed": ["run_shell_command(git status)", "read_file"],
    "exclude": ["run_shell_command(rm)"],
    "confirmationRequired": ["run_shell_command(git push)"]
  }
}"#;

const GEMINI_PROJECT: &str = r#"{"tools":{
    "allowed":["run_shell_command(cargo)"],
    "exclude":["ShellTool(curl)"]}}"#;

fn gemini_tree() -> (Tree, PathBuf, PathBuf) {
    let t = Tree::new();
    let user = t.write("home/.gemini/settings.json", GEMINI_USER);
    let project = t.write("work/proj/.gemini/settings.json", GEMINI_PROJECT);
    t.mkdir("work/proj/src");
    (t, user, project)
}

#[test]
fn gemini_untrusted_folder_keeps_only_the_project_restrictions() {
    let (t, user, _) = gemini_tree();
    // No trust file at all, and a file that does not cover the folder: both untrusted.
    for trust in [None, Some(r#"{"/somewhere/else": "TRUST_FOLDER"}"#)] {
        if let Some(body) = trust {
            t.write("home/.gemini/trustedFolders.json", body);
        }
        let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
        assert!(loaded.files.contains(&user));
        // Gemini ignores the untrusted project file; rtk keeps its restrictions (a match only
        // makes the hook step aside) and never its allow rules.
        assert_eq!(
            texts(&loaded.rules.allow),
            ["run_shell_command(git status)"]
        );
        assert_eq!(
            texts(&loaded.rules.deny),
            ["run_shell_command(rm)", "ShellTool(curl)"]
        );
        assert_eq!(texts(&loaded.rules.ask), ["run_shell_command(git push)"]);
        assert_eq!(judge(&loaded, "cargo build"), PermissionVerdict::Default);
        assert_eq!(judge(&loaded, "curl x"), PermissionVerdict::Deny);
        assert_eq!(judge(&loaded, "git status -s"), PermissionVerdict::Allow);
        assert_eq!(judge(&loaded, "git push"), PermissionVerdict::Ask);
        assert_eq!(judge(&loaded, "rm -rf /"), PermissionVerdict::Deny);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    }
}

#[test]
fn gemini_do_not_trust_wins_over_a_shorter_trusted_parent() {
    let (t, _, _) = gemini_tree();
    let work = t.path("work");
    let proj = t.path("work/proj");
    t.write(
        "home/.gemini/trustedFolders.json",
        &serde_json::json!({ work.to_str().unwrap(): "TRUST_FOLDER",
                             proj.to_str().unwrap(): "DO_NOT_TRUST" })
        .to_string(),
    );
    let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
    assert_eq!(
        texts(&loaded.rules.allow),
        ["run_shell_command(git status)"]
    );
}

#[test]
fn gemini_trusted_folder_uses_the_project_file() {
    let (t, user, project) = gemini_tree();
    let proj = t.path("work/proj");
    for level in ["TRUST_FOLDER", "TRUST_PARENT"] {
        // TRUST_PARENT on a child path trusts its parent (the project).
        let rule_path = if level == "TRUST_PARENT" {
            proj.join("src")
        } else {
            proj.clone()
        };
        let trust = t.write(
            "home/.gemini/trustedFolders.json",
            &serde_json::json!({ rule_path.to_str().unwrap(): level }).to_string(),
        );
        let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
        assert_eq!(
            loaded.files,
            [user.clone(), trust, project.clone()],
            "{level}"
        );
        // The project's tools.allowed replaces the user's; deny/ask lists are merged.
        assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(cargo)"]);
        assert_eq!(
            texts(&loaded.rules.deny),
            ["run_shell_command(rm)", "ShellTool(curl)"]
        );
        assert_eq!(judge(&loaded, "cargo test"), PermissionVerdict::Allow);
        assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Default);
        assert_eq!(judge(&loaded, "curl x"), PermissionVerdict::Deny);
    }
}

#[test]
fn gemini_trust_by_disabled_feature_or_env_and_broken_trust_file() {
    let (t, _, _) = gemini_tree();
    let env = t.env(
        "work/proj/src",
        &[("GEMINI_CLI_TRUST_WORKSPACE", PathBuf::from("true"))],
    );
    let loaded = load_rules_for(Agent::Gemini, &env);
    assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(cargo)"]);

    let t2 = Tree::new();
    t2.write(
        "home/.gemini/settings.json",
        r#"{"security":{"folderTrust":{"enabled":false}}}"#,
    );
    t2.write("work/p/.gemini/settings.json", GEMINI_PROJECT);
    let loaded = load_rules_for(Agent::Gemini, &t2.env("work/p", &[]));
    assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(cargo)"]);

    t.write("home/.gemini/trustedFolders.json", "{ broken");
    let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("treated as untrusted"));
    assert_eq!(
        texts(&loaded.rules.allow),
        ["run_shell_command(git status)"]
    );
}

#[test]
fn gemini_unreadable_trusted_project_file_drops_user_allow_rules() {
    let (t, _, _) = gemini_tree();
    t.write("work/proj/.gemini/settings.json", "{ \"tools\": ");
    let env = t.env(
        "work/proj/src",
        &[("GEMINI_CLI_TRUST_WORKSPACE", PathBuf::from("true"))],
    );
    let loaded = load_rules_for(Agent::Gemini, &env);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.rules.allow.is_empty());
    assert_eq!(texts(&loaded.rules.deny), ["run_shell_command(rm)"]);
}

#[test]
fn gemini_bare_tool_and_v1_exclude_tools() {
    let t = Tree::new();
    t.write(
        "home/.gemini/settings.json",
        r#"{"excludeTools":["run_shell_command(dd)"],"tools":{"allowed":["run_shell_command"]}}"#,
    );
    let loaded = load_rules_for(Agent::Gemini, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "anything"), PermissionVerdict::Allow);
    assert_eq!(judge(&loaded, "dd if=/dev/zero"), PermissionVerdict::Deny);
}

#[test]
fn gemini_env_overrides_can_only_withdraw_trust_first() {
    let (t, _, _) = gemini_tree();
    let proj = t.path("work/proj");
    t.write(
        "home/.gemini/trustedFolders.json",
        &serde_json::json!({ proj.to_str().unwrap(): "TRUST_FOLDER" }).to_string(),
    );
    for (key, value) in [
        ("GEMINI_CLI_TRUST_WORKSPACE", "false"),
        ("GEMINI_RESTRICTED_MODE", "true"),
    ] {
        let mut extra = vec![(key, PathBuf::from(value))];
        if key == "GEMINI_RESTRICTED_MODE" {
            extra.push(("GEMINI_CLI_TRUST_WORKSPACE", PathBuf::from("true")));
        }
        let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &extra));
        assert_eq!(
            texts(&loaded.rules.allow),
            ["run_shell_command(git status)"],
            "{key}"
        );
    }
}

#[test]
fn gemini_system_settings_have_the_final_say() {
    let (t, _, project) = gemini_tree();
    let system = t.write(
        "etc/gemini-cli/settings.json",
        r#"{"security":{"folderTrust":{"enabled":true}},
            "tools":{"allowed":["run_shell_command(make)"],"exclude":["run_shell_command(dd)"]}}"#,
    );
    // The user turns folder trust off, but the system file turns it back on: untrusted.
    t.write(
        "home/.gemini/settings.json",
        r#"{"security":{"folderTrust":{"enabled":false}},
            "tools":{"allowed":["run_shell_command(git)"],"exclude":["run_shell_command(rm)"]}}"#,
    );
    let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
    assert!(loaded.files.contains(&project));
    assert!(loaded.files.contains(&system));
    assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(make)"]);
    assert_eq!(
        texts(&loaded.rules.deny),
        [
            "run_shell_command(rm)",
            "ShellTool(curl)",
            "run_shell_command(dd)"
        ]
    );
    assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Default);
    assert_eq!(judge(&loaded, "make test"), PermissionVerdict::Allow);

    // A system file rtk cannot read leaves no scope able to grant anything (the user's trust
    // switch then lets the project's deny rules in, which can only be stricter).
    t.write("etc/gemini-cli/settings.json", "{ nope");
    let loaded = load_rules_for(Agent::Gemini, &t.env("work/proj/src", &[]));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.rules.allow.is_empty());
    assert_eq!(
        texts(&loaded.rules.deny),
        ["run_shell_command(rm)", "ShellTool(curl)"]
    );
    assert_eq!(judge(&loaded, "make test"), PermissionVerdict::Default);
}
