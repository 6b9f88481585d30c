//! Per-host source tests: each host reads exactly its own files in a temp HOME, malformed
//! files are skipped with one warning, and project roots are found by walking directories.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::env::Env;
use crate::hooks::permissions::{load_rules_for, Host, LoadedRules, PermissionVerdict, Rule};
use crate::shell::PermissionForms;

/// A temp directory tree with `home/` and `work/`.
struct Tree {
    root: TempDir,
}

impl Tree {
    fn new() -> Tree {
        let root = tempfile::tempdir().expect("tempdir");
        for d in ["home", "work"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
        Tree { root }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    fn write(&self, rel: &str, contents: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        p
    }

    fn mkdir(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    /// An Env with HOME = `home/`, the given extra variables, and cwd = `cwd` (created).
    fn env(&self, cwd: &str, extra: &[(&str, PathBuf)]) -> Env {
        let mut vars: Vec<(String, PathBuf)> = vec![("HOME".into(), self.path("home"))];
        vars.extend(extra.iter().map(|(k, v)| (k.to_string(), v.clone())));
        Env::new(vars, self.mkdir(cwd))
    }
}

fn claude_deny(tag: &str) -> String {
    format!(r#"{{"permissions":{{"deny":["Bash({tag})"]}}}}"#)
}

fn texts(rules: &[Rule]) -> Vec<&str> {
    rules.iter().map(|r| r.text.as_str()).collect()
}

fn judge(loaded: &LoadedRules, exact: &str) -> PermissionVerdict {
    let forms = PermissionForms {
        exact: exact.into(),
        variants: vec![],
    };
    loaded.rules.judge(&forms).0
}

// ---------------------------------------------------------------- Claude

#[test]
fn claude_reads_exactly_its_four_files() {
    let t = Tree::new();
    let files = [
        t.write("work/proj/.claude/settings.json", &claude_deny("project")),
        t.write(
            "work/proj/.claude/settings.local.json",
            &claude_deny("local"),
        ),
        t.write("home/.claude/settings.json", &claude_deny("user")),
        t.write(
            "home/.claude/settings.local.json",
            &claude_deny("user-local"),
        ),
    ];
    // Decoys: a farther ancestor's .claude, a nearer .git, other file names.
    t.write("work/.claude/settings.json", &claude_deny("farther"));
    t.mkdir("work/proj/sub/.git");
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
    let padding = " ".repeat(super::MAX_SETTINGS_BYTES as usize);
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

// ---------------------------------------------------------------- project roots

#[test]
fn project_root_is_the_nearest_marker_else_the_nearest_git() {
    use super::project::find_root;
    let t = Tree::new();
    t.mkdir("work/outer/.claude");
    t.mkdir("work/outer/inner/.claude");
    t.mkdir("work/outer/inner/a/b/c");
    assert_eq!(
        find_root(&t.path("work/outer/inner/a/b/c"), ".claude"),
        Some(t.path("work/outer/inner"))
    );
    assert_eq!(
        find_root(&t.path("work/outer"), ".claude"),
        Some(t.path("work/outer"))
    );
    // No marker anywhere: the nearest .git (directory or worktree file) wins.
    t.mkdir("work/repo/.git");
    t.write("work/repo/sub/wt/.git", "gitdir: /elsewhere");
    t.mkdir("work/repo/sub/wt/x");
    assert_eq!(
        find_root(&t.path("work/repo/sub/wt/x"), ".gemini"),
        Some(t.path("work/repo/sub/wt"))
    );
    t.mkdir("work/repo/lib");
    assert_eq!(
        find_root(&t.path("work/repo/lib"), ".gemini"),
        Some(t.path("work/repo"))
    );
    // A marker farther up beats a nearer .git.
    t.mkdir("work/mono/.gemini");
    t.mkdir("work/mono/pkg/.git");
    assert_eq!(
        find_root(&t.path("work/mono/pkg"), ".gemini"),
        Some(t.path("work/mono"))
    );
    // A file named like the marker is not the marker directory.
    t.write("work/plain/.claude", "not a dir");
    let root = find_root(&t.path("work/plain"), ".claude");
    assert_ne!(root, Some(t.path("work/plain")));
}

// ---------------------------------------------------------------- Cursor

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
    t.write(
        "work/.cursor/cli.json",
        r#"{"permissions":{"deny":["Shell(outside)"]}}"#,
    );
    let loaded = load_rules_for(Host::Cursor, &t.env("work/repo/src", &[]));
    assert_eq!(loaded.files, [global, project]);
    assert_eq!(texts(&loaded.rules.allow), ["Shell(git)", "Shell(ls)"]);
    assert_eq!(texts(&loaded.rules.deny), ["Shell(rm)", "Shell(git push)"]);
    assert!(loaded.rules.ask.is_empty());
    assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Allow);
    assert_eq!(judge(&loaded, "git push origin"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "rm -rf x"), PermissionVerdict::Deny);
    assert_eq!(judge(&loaded, "curl x"), PermissionVerdict::Default);
    assert_eq!(judge(&loaded, "gitk"), PermissionVerdict::Default);
}

#[test]
fn cursor_bare_shell_allows_everything_and_malformed_config_warns() {
    let t = Tree::new();
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell"]}}"#,
    );
    let loaded = load_rules_for(Host::Cursor, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "anything"), PermissionVerdict::Allow);

    let t = Tree::new();
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"allow":["Shell"]"#,
    );
    let loaded = load_rules_for(Host::Cursor, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert!(loaded.rules.is_empty());
}

// ---------------------------------------------------------------- Gemini

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
fn gemini_untrusted_folder_ignores_the_project_file() {
    let (t, user, _) = gemini_tree();
    // No trust file at all, and a file that does not cover the folder: both untrusted.
    for trust in [None, Some(r#"{"/somewhere/else": "TRUST_FOLDER"}"#)] {
        if let Some(body) = trust {
            t.write("home/.gemini/trustedFolders.json", body);
        }
        let loaded = load_rules_for(Host::Gemini, &t.env("work/proj/src", &[]));
        assert!(loaded.files.contains(&user));
        assert!(!loaded.files.iter().any(|f| f.starts_with(t.path("work"))));
        assert_eq!(
            texts(&loaded.rules.allow),
            ["run_shell_command(git status)"]
        );
        assert_eq!(texts(&loaded.rules.deny), ["run_shell_command(rm)"]);
        assert_eq!(texts(&loaded.rules.ask), ["run_shell_command(git push)"]);
        assert_eq!(judge(&loaded, "cargo build"), PermissionVerdict::Default);
        assert_eq!(judge(&loaded, "curl x"), PermissionVerdict::Default);
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
    let loaded = load_rules_for(Host::Gemini, &t.env("work/proj/src", &[]));
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
        let loaded = load_rules_for(Host::Gemini, &t.env("work/proj/src", &[]));
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
    let loaded = load_rules_for(Host::Gemini, &env);
    assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(cargo)"]);

    let t2 = Tree::new();
    t2.write(
        "home/.gemini/settings.json",
        r#"{"security":{"folderTrust":{"enabled":false}}}"#,
    );
    t2.write("work/p/.gemini/settings.json", GEMINI_PROJECT);
    let loaded = load_rules_for(Host::Gemini, &t2.env("work/p", &[]));
    assert_eq!(texts(&loaded.rules.allow), ["run_shell_command(cargo)"]);

    t.write("home/.gemini/trustedFolders.json", "{ broken");
    let loaded = load_rules_for(Host::Gemini, &t.env("work/proj/src", &[]));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("treated as untrusted"));
    assert_eq!(
        texts(&loaded.rules.allow),
        ["run_shell_command(git status)"]
    );
}

#[test]
fn gemini_bare_tool_and_v1_exclude_tools() {
    let t = Tree::new();
    t.write(
        "home/.gemini/settings.json",
        r#"{"excludeTools":["run_shell_command(dd)"],"tools":{"allowed":["run_shell_command"]}}"#,
    );
    let loaded = load_rules_for(Host::Gemini, &t.env("work", &[]));
    assert_eq!(judge(&loaded, "anything"), PermissionVerdict::Allow);
    assert_eq!(judge(&loaded, "dd if=/dev/zero"), PermissionVerdict::Deny);
}

// ---------------------------------------------------------------- Droid

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
    t.write(
        "work/.factory/settings.json",
        r#"{"commandDenylist":["outside"]}"#,
    );
    t.write(
        "home/.factory/hooks.json",
        r#"{"commandDenylist":["hooks"]}"#,
    );
    let loaded = load_rules_for(Host::Droid, &t.env("work/repo/app", &[]));
    assert_eq!(loaded.files, files.to_vec());
    assert_eq!(
        texts(&loaded.rules.deny),
        ["git push", "  shutdown  ", "rm -rf /*", "npm publish"]
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
        ("outside", PermissionVerdict::Default),
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
    let loaded = load_rules_for(Host::Droid, &env);
    assert_eq!(texts(&loaded.rules.deny), ["override", "folder", "root"]);
}

#[test]
fn droid_never_yields_allow() {
    let t = Tree::new();
    t.write(
        "home/.factory/settings.json",
        r#"{"commandAllowlist":["*","git status"],"commandDenylist":["rm"]}"#,
    );
    let loaded = load_rules_for(Host::Droid, &t.env("work", &[]));
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
    let loaded = load_rules_for(Host::Droid, &t.env("work", &[]));
    assert_eq!(loaded.warnings.len(), 1);
    assert_eq!(texts(&loaded.rules.deny), ["rm"]);
}

// ---------------------------------------------------------------- Vibe and OpenClaw

/// Every host's settings files, each with a deny-all and allow-all rule.
fn every_hosts_settings(t: &Tree) {
    let claude = r#"{"permissions":{"deny":["Bash(rm *)"],"allow":["Bash(*)"]}}"#;
    t.write("home/.claude/settings.json", claude);
    t.write("work/p/.claude/settings.json", claude);
    t.write(
        "home/.cursor/cli-config.json",
        r#"{"permissions":{"deny":["Shell(rm)"],"allow":["Shell"]}}"#,
    );
    t.write(
        "home/.gemini/settings.json",
        r#"{"tools":{"exclude":["run_shell_command(rm)"]}}"#,
    );
    t.write(
        "home/.factory/settings.json",
        r#"{"commandDenylist":["rm"]}"#,
    );
}

#[test]
fn vibe_rules_are_empty() {
    let t = Tree::new();
    every_hosts_settings(&t);
    let loaded = load_rules_for(Host::Vibe, &t.env("work/p", &[]));
    assert!(loaded.rules.is_empty());
    assert!(loaded.files.is_empty() && loaded.warnings.is_empty());
}

#[test]
fn openclaw_rules_are_empty_like_vibe() {
    let t = Tree::new();
    every_hosts_settings(&t);
    let env = t.env("work/p", &[]);
    let openclaw = load_rules_for(Host::OpenClaw, &env);
    let vibe = load_rules_for(Host::Vibe, &env);
    assert!(openclaw.rules.is_empty());
    assert_eq!(openclaw.rules, vibe.rules);
    assert!(openclaw.files.is_empty() && openclaw.warnings.is_empty());
    assert_eq!(judge(&openclaw, "rm -rf /"), PermissionVerdict::Default);
    // The same tree does give the rule-reading hosts their deny rules.
    for host in [Host::Claude, Host::Cursor, Host::Gemini, Host::Droid] {
        let loaded = load_rules_for(host, &env);
        assert_eq!(
            judge(&loaded, "rm -rf /"),
            PermissionVerdict::Deny,
            "{host:?}"
        );
    }
}
