//! Claude Code: `permissions.{deny,ask,allow}` `Bash(…)` entries, merged (never overridden)
//! from, in this order:
//! `<project>/.claude/settings.json`, `<project>/.claude/settings.local.json`,
//! `$CLAUDE_CONFIG_DIR` (else `~/.claude`) `settings.json` and `settings.local.json`.
//! `<project>` = nearest ancestor of the working directory holding `.claude/`, else `.git`.
//! A file reached twice (project == config dir) is read once. `Bash` alone matches every
//! command; other tools' entries (`Read(…)`, `WebFetch`…) are ignored; an unterminated
//! `Bash(` entry is a problem of its file (see [`super::FileRules`]).
//!
//! Managed policy: the administrator's `managed-settings.json` (Linux
//! `/etc/claude-code/`, macOS `/Library/Application Support/ClaudeCode/`; the variable
//! `RTK_CLAUDE_MANAGED_SETTINGS` names another path — a test/override hook, not a Claude
//! setting) is read first; its deny, ask and allow rules join the others. When it sets
//! `allowManagedPermissionRulesOnly: true`, allow rules of every other file are ignored.
//! (Claude then ignores their deny and ask rules too; rtk keeps those, which can only be
//! stricter.) A managed file that exists but cannot be read counts as setting it.

use std::path::PathBuf;

use serde_json::Value;

use super::{load_file, project, same_file, tool_entry, Dialect, FileRules, Kind};
use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;

/// The settings files Claude's rules come from, in reading order, duplicates removed.
pub fn sources(env: &Env) -> Vec<PathBuf> {
    let project_dir = project::find_root(env.cwd(), ".claude").map(|root| root.join(".claude"));
    let config_dir = env
        .path_var("CLAUDE_CONFIG_DIR")
        .or_else(|| env.home().map(|h| h.join(".claude")));
    let mut dirs: Vec<PathBuf> = project_dir.into_iter().collect();
    if let Some(dir) = config_dir {
        if !dirs.iter().any(|d| same_file(d, &dir)) {
            dirs.push(dir);
        }
    }
    dirs.iter()
        .flat_map(|d| [d.join("settings.json"), d.join("settings.local.json")])
        .collect()
}

/// Names another managed settings file (tests, unusual installs).
pub const MANAGED_OVERRIDE: &str = "RTK_CLAUDE_MANAGED_SETTINGS";

#[cfg(target_os = "macos")]
const MANAGED_SETTINGS: &str = "/Library/Application Support/ClaudeCode/managed-settings.json";
#[cfg(not(target_os = "macos"))]
const MANAGED_SETTINGS: &str = "/etc/claude-code/managed-settings.json";

/// The managed policy file Claude reads.
pub fn managed_path(env: &Env) -> PathBuf {
    env.path_var(MANAGED_OVERRIDE)
        .unwrap_or_else(|| PathBuf::from(MANAGED_SETTINGS))
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    let warned = loaded.warnings.len();
    let managed = load_file(&mut loaded, &managed_path(env), Dialect::Json, extract);
    let broken = managed.is_none() && loaded.warnings.len() > warned;
    let managed_only = broken
        || managed
            .as_ref()
            .and_then(|v| v.get("allowManagedPermissionRulesOnly"))
            .is_some_and(|v| v.as_bool() != Some(false));
    for path in sources(env) {
        load_file(&mut loaded, &path, Dialect::Json, |v, rules| {
            extract(v, rules);
            if managed_only {
                rules.rules.allow.clear();
            }
        });
    }
    loaded
}

fn extract(root: &Value, rules: &mut FileRules) {
    let Some(perms) = root.get("permissions") else {
        return;
    };
    if !perms.is_object() {
        rules.problem("permissions is not an object");
        return;
    }
    for (key, kind) in [
        ("deny", Kind::Deny),
        ("ask", Kind::Ask),
        ("allow", Kind::Allow),
    ] {
        rules.read_list(
            perms.get(key),
            &format!("permissions.{key}"),
            kind,
            parse_entry,
        );
    }
}

/// `Bash` → everything; `Bash(spec)` → [`Pattern::claude`]; other tools → not a shell rule.
pub fn parse_entry(text: &str) -> Result<Option<Pattern>, String> {
    tool_entry(text, "Bash", Pattern::claude)
}
