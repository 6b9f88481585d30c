//! Claude Code: `permissions.{deny,ask,allow}` `Bash(…)` entries, merged (never overridden)
//! from, in this order:
//! `<project>/.claude/settings.json`, `<project>/.claude/settings.local.json`,
//! `$CLAUDE_CONFIG_DIR` (else `~/.claude`) `settings.json` and `settings.local.json`.
//! `<project>` = nearest ancestor of the working directory holding `.claude/`, else `.git`.
//! A file reached twice (project == config dir) is read once. `Bash` alone matches every
//! command; other tools' entries (`Read(…)`, `WebFetch`…) are ignored; an unterminated
//! `Bash(` entry is a problem of its file (see [`super::FileRules`]).

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

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    for path in sources(env) {
        load_file(&mut loaded, &path, Dialect::Json, extract);
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
