//! Per-host source tests: each host reads exactly its own files in a temp HOME, malformed
//! files are skipped with one warning, and project roots are found by walking directories.
//! Shared helpers here (for the tests of each host, `hosts/<host>/rules_tests.rs`). And each
//! host's implementation checked against its descriptor.

pub(super) use std::path::{Path, PathBuf};

pub(super) use tempfile::TempDir;

pub(super) use crate::agents::Agent;
pub(super) use crate::env::Env;
pub(super) use crate::hooks::permissions::{LoadedRules, PermissionVerdict, Rule};
pub(super) use crate::hosts::load_rules_for;
pub(super) use crate::shell::PermissionForms;

/// A temp directory tree with `home/` and `work/`.
pub(super) struct Tree {
    root: TempDir,
}

impl Tree {
    pub(super) fn new() -> Tree {
        let root = tempfile::tempdir().expect("tempdir");
        // The markers at the root stop every upward walk inside the tree, so a `.claude/` or
        // `.git` above the temp dir (on a shared machine) can never leak into a test.
        for d in ["home", "work", ".git", ".claude", ".gemini"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
        Tree { root }
    }

    pub(super) fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    pub(super) fn write(&self, rel: &str, contents: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        p
    }

    pub(super) fn mkdir(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    /// Marks `rel` as a trusted Claude workspace in `home/.claude.json` (other entries kept).
    pub(super) fn trust_claude(&self, rel: &str) {
        let file = self.path("home/.claude.json");
        let mut json: serde_json::Value = std::fs::read_to_string(&file)
            .ok()
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_else(|| serde_json::json!({}));
        let key = self.path(rel).to_str().unwrap().to_string();
        json["projects"][key] = serde_json::json!({"hasTrustDialogAccepted": true});
        self.write("home/.claude.json", &json.to_string());
    }

    /// An Env with HOME = `home/`, the given extra variables, and cwd = `cwd` (created).
    pub(super) fn env(&self, cwd: &str, extra: &[(&str, PathBuf)]) -> Env {
        let mut vars: Vec<(String, PathBuf)> = vec![
            ("HOME".into(), self.path("home")),
            // Never the machine's /etc/gemini-cli/settings.json.
            (
                "GEMINI_CLI_SYSTEM_SETTINGS_PATH".into(),
                self.path("etc/gemini-cli/settings.json"),
            ),
            // Never the machine's Gemini admin policies or Codex system rules.
            (
                "RTK_GEMINI_SYSTEM_POLICIES".into(),
                self.path("etc/gemini-cli/policies"),
            ),
            (
                "RTK_CODEX_SYSTEM_RULES".into(),
                self.path("etc/codex/rules"),
            ),
            // Never the command line of a Claude this test happens to run under.
            ("RTK_CLAUDE_CMDLINE".into(), PathBuf::new()),
            // Never the machine's Claude managed policy.
            (
                "RTK_CLAUDE_MANAGED_SETTINGS".into(),
                self.path("etc/claude-code/managed-settings.json"),
            ),
        ];
        vars.extend(extra.iter().map(|(k, v)| (k.to_string(), v.clone())));
        Env::new(vars, self.mkdir(cwd))
    }
}

pub(super) fn claude_deny(tag: &str) -> String {
    format!(r#"{{"permissions":{{"deny":["Bash({tag})"]}}}}"#)
}

pub(super) fn texts(rules: &[Rule]) -> Vec<&str> {
    rules.iter().map(|r| r.text.as_str()).collect()
}

pub(super) fn judge(loaded: &LoadedRules, exact: &str) -> PermissionVerdict {
    let forms = PermissionForms {
        exact: exact.into(),
        variants: vec![],
    };
    loaded.rules.judge(&forms).0
}

// ---------------------------------------------------------------- project roots

#[test]
fn project_root_is_the_nearest_marker_else_the_nearest_git() {
    use crate::hooks::project::find_root;
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
        find_root(&t.path("work/repo/sub/wt/x"), ".hostdir"),
        Some(t.path("work/repo/sub/wt"))
    );
    t.mkdir("work/repo/lib");
    assert_eq!(
        find_root(&t.path("work/repo/lib"), ".hostdir"),
        Some(t.path("work/repo"))
    );
    // A marker farther up beats a nearer .git.
    t.mkdir("work/mono/.hostdir");
    t.mkdir("work/mono/pkg/.git");
    assert_eq!(
        find_root(&t.path("work/mono/pkg"), ".hostdir"),
        Some(t.path("work/mono"))
    );
    // A file named like the marker is not the marker directory.
    t.write("work/plain/.hostdir", "not a dir");
    assert_eq!(
        find_root(&t.path("work/plain"), ".hostdir"),
        Some(t.path(""))
    );
    // Nothing found inside the tree: the tree root's own .git is the fallback.
    assert_eq!(find_root(&t.path("work"), ".hostdir"), Some(t.path("")));
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
    let loaded = load_rules_for(Agent::Vibe, &t.env("work/p", &[]));
    assert!(loaded.rules.is_empty());
    assert!(loaded.files.is_empty() && loaded.warnings.is_empty());
}

#[test]
fn openclaw_rules_are_empty_like_vibe() {
    let t = Tree::new();
    every_hosts_settings(&t);
    let env = t.env("work/p", &[]);
    let openclaw = load_rules_for(Agent::OpenClaw, &env);
    let vibe = load_rules_for(Agent::Vibe, &env);
    assert!(openclaw.rules.is_empty());
    assert_eq!(openclaw.rules, vibe.rules);
    assert!(openclaw.files.is_empty() && openclaw.warnings.is_empty());
    assert_eq!(judge(&openclaw, "rm -rf /"), PermissionVerdict::Default);
    // The same tree does give the rule-reading hosts their deny rules.
    for host in [Agent::Claude, Agent::Cursor, Agent::Gemini, Agent::Droid] {
        let loaded = load_rules_for(host, &env);
        assert_eq!(
            judge(&loaded, "rm -rf /"),
            PermissionVerdict::Deny,
            "{host:?}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_symlinked_config_dir_is_read_once() {
    let t = Tree::new();
    t.write("home/.claude/settings.json", &claude_deny("user"));
    let link = t.path("work/p/.claude");
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    crate::os::symlink(&t.path("home/.claude"), &link).unwrap();
    let loaded = load_rules_for(Agent::Claude, &t.env("work/p", &[]));
    assert_eq!(texts(&loaded.rules.deny), ["Bash(user)"]);
    assert_eq!(loaded.files.len(), 1);
}

// ---------------------------------------------------------------- implementations

/// Each `Host` has what its descriptor says it has, and nothing else: its own rule files
/// exactly when `rules: Rules::Own`, an answer and a sample payload exactly when it asks with
/// `rtk hook`, and it is keyed by the agent that maps to it.
#[test]
fn each_host_implementation_matches_its_descriptor() {
    use crate::agents::{Asks, Rules};
    let t = Tree::new();
    let env = t.env("work", &[]);
    let rewrite = crate::hooks::answer::test_support::all("rtk git status")
        .remove(3)
        .1;
    for agent in Agent::all() {
        let host = super::of(agent);
        let d = agent.descriptor();
        assert_eq!(host.agent(), agent);
        assert_eq!(
            host.own_rules(&env).is_some(),
            d.rules == Rules::Own,
            "{agent:?}: own rules"
        );
        let hooked = matches!(d.asks, Asks::Hook { .. });
        let samples = host.sample_payloads("git status");
        assert_eq!(!samples.is_empty(), hooked, "{agent:?}: sample payloads");
        for (label, payload) in &samples {
            assert!(
                host.answer(payload, &|_| rewrite.clone()).is_some(),
                "{label}: no answer"
            );
        }
        let any = serde_json::json!({"tool_name": "Bash", "tool_input": {"command": "ls"}});
        assert_eq!(
            host.answer(&any, &|_| rewrite.clone()).is_some(),
            hooked,
            "{agent:?}: answer"
        );
    }
}

/// Only the hosts rtk has a measured read-only table of carry one (their tables are tested
/// in their folders).
#[test]
fn read_only_tables_are_claude_s_and_copilot_s() {
    let with_table: Vec<Agent> = Agent::all()
        .filter(|a| super::of(*a).read_only().is_some())
        .collect();
    assert_eq!(with_table, [Agent::Claude, Agent::Copilot]);
}

#[test]
fn host_resolution_flag_wins_then_env_then_claude() {
    let env = Env::new([("RTK_REWRITE_HOST", "openclaw")], "/");
    assert_eq!(super::resolve_host(Some("claude"), &env), Ok(Agent::Claude));
    assert_eq!(super::resolve_host(None, &env), Ok(Agent::OpenClaw));
    let empty = Env::new(Vec::<(String, String)>::new(), "/");
    assert_eq!(super::resolve_host(None, &empty), Ok(Agent::Claude));
    let err = super::resolve_host(Some("OpenClaw"), &empty).unwrap_err();
    assert!(err.contains("unknown host 'OpenClaw'"), "{err}");
    let bad_env = Env::new([("RTK_REWRITE_HOST", "nope")], "/");
    assert!(super::resolve_host(None, &bad_env).is_err());
}
