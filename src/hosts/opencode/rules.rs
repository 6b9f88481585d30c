//! OpenCode: `permission` rules for the `bash` tool, which OpenCode evaluates **after** plugins,
//! on the rewritten command (last matching pattern wins; `*` any characters, `?` one, a trailing
//! ` *` optional — [`Pattern::opencode`]).
//!
//! Sources (all read; OpenCode merges them): `$XDG_CONFIG_HOME/opencode/` (else
//! `~/.config/opencode/`) `opencode.json`, `opencode.jsonc`, `config.json`; the file named by
//! `OPENCODE_CONFIG`; `opencode.json[c]` and `.opencode/opencode.json[c]` in the working
//! directory and every folder above it; the JSON in `OPENCODE_CONFIG_CONTENT`. In each: the
//! top-level `permission` and every `agent.<name>.permission` (rtk cannot know the agent).
//!
//! Only parity matters here, not precedence: a key equal to `*` (or a plain string action)
//! judges every command alike, rewritten or not, and is skipped; every other pattern under a
//! permission name that covers `bash` becomes an **ask** rule, so that a line one of them could
//! match, in its original or rewritten form, is left to OpenCode unrewritten
//! (`Agent::rejudges_rewrite`). A file that cannot be read or parsed: one warning and a
//! catch-all ask rule (no rewrite).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::{LoadedRules, Rule};
use crate::hooks::rule_files::{read_settings, Dialect, FileRules};

const FILE_NAMES: &[&str] = &["opencode.json", "opencode.jsonc"];

/// The config files OpenCode may read, lowest precedence first (existing or not).
pub fn sources(env: &Env) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if let Some(dir) = env.config_home().map(|c| c.join("opencode")) {
        for f in ["config.json", "opencode.json", "opencode.jsonc"] {
            files.push(dir.join(f));
        }
    }
    if let Some(custom) = env.path_var("OPENCODE_CONFIG") {
        files.push(env.cwd().join(custom));
    }
    let mut project = Vec::new();
    for dir in env.cwd().ancestors() {
        for f in FILE_NAMES {
            project.push(dir.join(".opencode").join(f));
            project.push(dir.join(f));
        }
    }
    project.reverse();
    files.extend(project);
    files
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    for path in sources(env) {
        if !path.is_file()
            || loaded
                .files
                .iter()
                .any(|f| crate::hooks::rule_files::same_file(f, &path))
        {
            continue;
        }
        match read_settings(&path, Dialect::JsonWithComments) {
            Ok(Some(value)) => {
                loaded.files.push(path.clone());
                add_config(&mut loaded, &path, &value);
            }
            Ok(None) => {}
            Err(why) => unreadable(&mut loaded, &path, &why),
        }
    }
    if let Some(inline) = env.var("OPENCODE_CONFIG_CONTENT") {
        let source = Path::new("$OPENCODE_CONFIG_CONTENT");
        match serde_json::from_str::<Value>(inline) {
            Ok(value) => add_config(&mut loaded, source, &value),
            Err(e) => unreadable(&mut loaded, source, &e.to_string()),
        }
    }
    loaded
}

fn unreadable(loaded: &mut LoadedRules, path: &Path, why: &str) {
    loaded.warnings.push(format!(
        "cannot read OpenCode config {}: {why}; no command is rewritten for OpenCode",
        path.display()
    ));
    loaded.rules.ask.push(catch_all(path));
}

fn catch_all(source: &Path) -> Rule {
    Rule::new(
        "<an OpenCode permission rtk cannot read>",
        source,
        Pattern::unclear(),
    )
}

fn add_config(loaded: &mut LoadedRules, path: &Path, config: &Value) {
    let mut rules = FileRules::new(path);
    add_permission(&mut rules, config.get("permission"), "permission");
    if let Some(agents) = config.get("agent").and_then(Value::as_object) {
        for (name, agent) in agents {
            add_permission(
                &mut rules,
                agent.get("permission"),
                &format!("agent.{name}.permission"),
            );
        }
    }
    // Never loosening: these rules only ever make rtk step aside.
    loaded.rules.extend(rules.rules);
}

/// `permission`: a string (every tool alike) or an object of permission name → action or
/// object of pattern → action.
fn add_permission(rules: &mut FileRules, permission: Option<&Value>, key: &str) {
    let Some(map) = permission.and_then(Value::as_object) else {
        return;
    };
    for (name, value) in map {
        if !covers_bash(name) {
            continue;
        }
        let Some(patterns) = value.as_object() else {
            continue;
        };
        for pattern in patterns.keys().filter(|p| p.as_str() != "*") {
            let path = rules.path.clone();
            rules.rules.ask.push(Rule::new(
                format!("{key}.{name}[{pattern:?}]"),
                path,
                Pattern::opencode(pattern),
            ));
        }
    }
}

/// Whether a permission name (OpenCode matches it as a wildcard too) covers `bash`.
fn covers_bash(name: &str) -> bool {
    Pattern::opencode(name).matches("bash", crate::hooks::pattern::MatchUse::Restrict)
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
