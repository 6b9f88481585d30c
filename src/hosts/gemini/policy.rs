//! Gemini CLI's policy engine: `[[rule]]` tables in `*.toml` files from the user folder
//! (`~/.gemini/policies/`), the admin folder (`/etc/gemini-cli/policies/`, macOS
//! `/Library/Application Support/GeminiCli/policies/`; `RTK_GEMINI_SYSTEM_POLICIES` names
//! another — a test/override hook) and the workspace (`<project>/.gemini/policies/`, disabled
//! in Gemini CLI 0.61 but read anyway: reading more can only make rtk step aside more).
//!
//! Gemini re-checks its policy on the **rewritten** command, so what matters for parity is
//! whether any rule could judge the original or the rewritten form by its text:
//! - a rule for `run_shell_command` (or a wildcard tool name) with `commandPrefix` → one rule
//!   per prefix in rtk's deny (`deny`), ask (`ask_user`) or allow (`allow`) list, matched as a
//!   word-boundary prefix (Gemini: the prefix followed by whitespace, a quote or the end);
//! - `commandRegex` or `argsPattern` on such a rule → rtk does not evaluate Gemini's regexes:
//!   a catch-all ask rule, so no command is rewritten for Gemini;
//! - a rule with no command condition judges both forms alike and is not needed.
//!
//! Priorities, modes and `interactive` are not evaluated: any matching rule, whatever its
//! priority, makes the hook step aside, which never changes Gemini's verdict. A file that
//! cannot be read or parsed → one warning and the catch-all ask rule.

use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::{LoadedRules, Rule};
use crate::hooks::rule_files::{FileRules, Kind};

/// Names another admin policy folder (tests, unusual installs).
pub const SYSTEM_OVERRIDE: &str = "RTK_GEMINI_SYSTEM_POLICIES";

#[cfg(target_os = "macos")]
const SYSTEM_POLICIES: &str = "/Library/Application Support/GeminiCli/policies";
#[cfg(not(target_os = "macos"))]
const SYSTEM_POLICIES: &str = "/etc/gemini-cli/policies";

/// The policy folders, admin first.
pub fn policy_dirs(env: &Env, project: Option<&Path>) -> Vec<PathBuf> {
    let mut dirs = vec![env
        .path_var(SYSTEM_OVERRIDE)
        .unwrap_or_else(|| PathBuf::from(SYSTEM_POLICIES))];
    if let Some(home) = env.home() {
        dirs.push(home.join(".gemini").join("policies"));
    }
    if let Some(p) = project {
        let dir = p.join(".gemini").join("policies");
        if !dirs
            .iter()
            .any(|d| crate::hooks::rule_files::same_file(d, &dir))
        {
            dirs.push(dir);
        }
    }
    dirs
}

/// Adds the policy rules of every folder to `loaded`.
pub fn load(loaded: &mut LoadedRules, dirs: &[PathBuf]) {
    for dir in dirs {
        for path in crate::hooks::rule_files::files_with_extension(dir, "toml") {
            load_file(loaded, &path);
        }
    }
}

fn load_file(loaded: &mut LoadedRules, path: &Path) {
    loaded.files.push(path.to_path_buf());
    let table = crate::hooks::rule_files::read_text(path)
        .and_then(|t| toml::from_str::<toml::Table>(&t).map_err(|e| e.to_string()));
    let mut rules = FileRules::new(path);
    let result = table.and_then(|t| extract(&t, &mut rules));
    match result {
        Ok(()) => rules.finish(loaded),
        Err(why) => {
            loaded.warnings.push(format!(
                "cannot read Gemini policy {}: {why}; no command is rewritten for Gemini",
                path.display()
            ));
            loaded.rules.ask.push(catch_all(path));
        }
    }
}

/// A rule rtk cannot evaluate: no command is rewritten while it is there.
pub fn catch_all(source: &Path) -> Rule {
    Rule::new(
        "<a Gemini rule rtk cannot evaluate>",
        source,
        Pattern::unclear(),
    )
}

fn extract(table: &toml::Table, rules: &mut FileRules) -> Result<(), String> {
    let Some(list) = table.get("rule") else {
        return Ok(());
    };
    let list = list.as_array().ok_or("`rule` is not an array of tables")?;
    for (i, rule) in list.iter().enumerate() {
        let rule = rule
            .as_table()
            .ok_or_else(|| format!("rule {} is not a table", i + 1))?;
        if !applies_to_shell(rule.get("toolName")) {
            continue;
        }
        let kind = match rule.get("decision").and_then(|d| d.as_str()) {
            Some("deny") => Kind::Deny,
            Some("ask_user") => Kind::Ask,
            Some("allow") => Kind::Allow,
            _ => return Err(format!("rule {} has no known decision", i + 1)),
        };
        if rule.contains_key("commandRegex") || rule.contains_key("argsPattern") {
            rules.rules.ask.push(catch_all(&rules.path));
            continue;
        }
        let prefixes: Vec<&str> = match rule.get("commandPrefix") {
            None => continue,
            Some(toml::Value::String(s)) => vec![s.as_str()],
            Some(toml::Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().ok_or("a commandPrefix entry is not a string"))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(format!("rule {} has a bad commandPrefix", i + 1)),
        };
        for prefix in prefixes {
            let rule = Rule::new(
                format!("commandPrefix = {prefix:?}"),
                rules.path.clone(),
                Pattern::prefix(prefix),
            );
            match kind {
                Kind::Deny => rules.rules.deny.push(rule),
                Kind::Ask => rules.rules.ask.push(rule),
                Kind::Allow => rules.rules.allow.push(rule),
            }
        }
    }
    Ok(())
}

/// `toolName` (a string or an array) names the shell tool or a wildcard that may cover it.
fn applies_to_shell(tool: Option<&toml::Value>) -> bool {
    let names: Vec<&str> = match tool {
        Some(toml::Value::String(s)) => vec![s.as_str()],
        Some(toml::Value::Array(items)) => items.iter().filter_map(|v| v.as_str()).collect(),
        // No tool name: the rule may apply to every tool.
        _ => return true,
    };
    names.iter().any(|n| {
        matches!(*n, "run_shell_command" | "ShellTool")
            || (n.contains('*') && !n.starts_with("mcp_"))
    })
}

#[cfg(test)]
#[path = "policy_tests.rs"]
mod tests;
