//! omp (`@oh-my-pi/pi-coding-agent` 18.2.3): the `bash.patterns` setting, an ordered list of
//! `{match, approval}` (`allow` / `prompt` / `deny`) that omp's bash tool reads on every call
//! (`src/tools/bash.ts`, `BashTool.approval`). omp resolves approval again on the input an
//! extension's `tool_call` handler returns (`src/extensibility/extensions/wrapper.ts`), so a
//! rewrite could move a line from one pattern to none: every pattern becomes an **ask** rule
//! here, and a line any of them could match, original or rewritten, is left to omp
//! unrewritten (`Agent::rejudges_rewrite`). How a `match` is read: [`Pattern::omp`]. Nothing
//! else omp judges depends on the command text in a way `rtk ` in front changes: its approval
//! mode and `tools.approval.bash` judge the tool alike for every line, and its critical-command
//! regexes still match once `rtk ` is inserted before a command word.
//!
//! Sources (every one read; reading more can only make rtk step aside more): omp's agent
//! folder — `$PI_CODING_AGENT_DIR`, `~/.omp/agent` (`$PI_CONFIG_DIR` for `.omp`) and, with
//! `$OMP_PROFILE` / `$PI_PROFILE`, `~/.omp/profiles/<name>/agent` — each `config.yml`,
//! `config.yaml` and the legacy `settings.json`; the overlays in `$PI_CONFIG_FILES`; and in the
//! working directory and every folder above it `.omp/config.yml`, `.omp/config.yaml`,
//! `.omp/settings.json` and `.claude/settings.json` (omp merges other tools' project settings
//! into its own). A file that cannot be read or parsed: one warning and a catch-all ask rule.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::{LoadedRules, Rule};
use crate::hooks::rule_files::{read_settings, read_text, same_file, Dialect};

const AGENT_FILES: [&str; 3] = ["config.yml", "config.yaml", "settings.json"];

/// omp's user-wide agent folders for `env` (existing or not).
fn agent_dirs(env: &Env) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = env.path_var("PI_CODING_AGENT_DIR") {
        dirs.push(env.cwd().join(dir));
    }
    if let Some(home) = env.home() {
        let root = home.join(env.var("PI_CONFIG_DIR").unwrap_or(".omp"));
        dirs.push(root.join("agent"));
        for var in ["OMP_PROFILE", "PI_PROFILE"] {
            if let Some(p) = env.var(var).filter(|p| !p.contains(['/', '\\'])) {
                dirs.push(root.join("profiles").join(p).join("agent"));
            }
        }
    }
    dirs
}

/// The files omp may read settings from (existing or not).
pub fn sources(env: &Env) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in agent_dirs(env) {
        files.extend(AGENT_FILES.iter().map(|f| dir.join(f)));
    }
    if let Some(list) = env.var("PI_CONFIG_FILES") {
        let sep = if cfg!(windows) { ';' } else { ':' };
        files.extend(
            list.split(sep)
                .filter(|p| !p.is_empty())
                .map(|p| env.cwd().join(p)),
        );
    }
    for dir in env.cwd().ancestors() {
        files.extend(AGENT_FILES.iter().map(|f| dir.join(".omp").join(f)));
        files.push(dir.join(".claude").join("settings.json"));
    }
    files
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    for path in sources(env) {
        if !path.is_file() || loaded.files.iter().any(|f| same_file(f, &path)) {
            continue;
        }
        match read(&path) {
            Ok(Some(value)) => {
                loaded.files.push(path.clone());
                add_patterns(&mut loaded, &path, &value);
            }
            Ok(None) => {}
            Err(why) => {
                loaded.warnings.push(format!(
                    "cannot read omp settings {}: {why}; no command is rewritten for omp",
                    path.display()
                ));
                loaded.rules.ask.push(Rule::new(
                    "<an omp setting rtk cannot read>",
                    &path,
                    Pattern::unclear(),
                ));
            }
        }
    }
    loaded
}

/// One settings file as JSON (`.json`) or YAML (everything else). `Ok(None)`: not there.
fn read(path: &Path) -> Result<Option<Value>, String> {
    if path.extension().is_some_and(|e| e == "json") {
        return read_settings(path, Dialect::Json);
    }
    let text = read_text(path)?;
    if text.trim().is_empty() {
        return Ok(Some(Value::Null));
    }
    serde_yaml_bw::from_str::<Value>(&text)
        .map(Some)
        .map_err(|e| format!("not valid YAML ({e})"))
}

/// `bash.patterns` (nested, or as one dotted key): each entry with a string `match` and an
/// `approval` omp knows becomes an ask rule.
fn add_patterns(loaded: &mut LoadedRules, path: &Path, config: &Value) {
    let lists = [
        config.get("bash").and_then(|b| b.get("patterns")),
        config.get("bash.patterns"),
    ];
    for (key, list) in ["bash.patterns", "\"bash.patterns\""].iter().zip(lists) {
        let Some(list) = list else { continue };
        let Some(items) = list.as_array() else {
            // omp ignores a value that is not a list; rtk cannot tell what was meant.
            loaded.rules.ask.push(Rule::new(
                format!("{key} (not a list)"),
                path,
                Pattern::unclear(),
            ));
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            let Some(text) = item.get("match").and_then(Value::as_str) else {
                continue;
            };
            let approval = item.get("approval").and_then(Value::as_str);
            let known = approval.is_some_and(|a| {
                ["allow", "prompt", "deny"].contains(&a.trim().to_ascii_lowercase().as_str())
            });
            if !known {
                continue;
            }
            if let Some(pattern) = Pattern::omp(text) {
                loaded
                    .rules
                    .ask
                    .push(Rule::new(format!("{key}[{i}] {text:?}"), path, pattern));
            }
        }
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
