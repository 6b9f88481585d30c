//! Gemini CLI: shell rules from `settings.json` (JSON with comments).
//!
//! Keys, as Gemini documents them: `tools.allowed` entries bypass confirmation → **allow**;
//! `tools.exclude` (v1: top-level `excludeTools`) blocks → **deny**. Entries are
//! `run_shell_command(<prefix>)` (legacy alias `ShellTool(…)`), a word-boundary prefix
//! (`run_shell_command(git)` covers `git status`, not `gitk`); the bare tool name covers every
//! command. Gemini documents no ask list: `tools.confirmationRequired` (named by docs/contract.md §3, read by
//! upstream rtk) is not in Gemini's settings reference; rtk still reads it as **ask**, which can
//! only make rtk stricter. `tools.core` with `run_shell_command(…)` entries restricts the shell
//! to those commands; `rtk …` is never one of them, so it adds a catch-all ask rule (no
//! rewrite). The TOML policy engine is read by [`super::policy`].
//!
//! Sources, lowest precedence first: `~/.gemini/settings.json`; the project's
//! `<project>/.gemini/settings.json`, only when the folder is trusted; the system file
//! (`$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else `/etc/gemini-cli/settings.json`). Deny and ask
//! lists of all read files are merged (a union can only be stricter); `tools.allowed` comes
//! from the highest-precedence file that sets it (a file that exists but cannot be read counts
//! as setting it, so its lower scopes grant nothing).
//!
//! Trust: `GEMINI_RESTRICTED_MODE=true` or `GEMINI_CLI_TRUST_WORKSPACE=false` → untrusted;
//! `GEMINI_CLI_TRUST_WORKSPACE=true` → trusted; folder trust disabled
//! (`security.folderTrust.enabled: false`, system file first, then user; on by default) →
//! trusted; else the longest path rule of `~/.gemini/trustedFolders.json`
//! (`$GEMINI_CLI_TRUSTED_FOLDERS_PATH`) covering the working directory decides: `TRUST_FOLDER`,
//! or `TRUST_PARENT` (which covers the rule path's parent) → trusted; `DO_NOT_TRUST`, no
//! covering rule, or an unreadable trust file → untrusted, and the project file is ignored.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::policy as gemini_policy;
use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;
use crate::hooks::project;
use crate::hooks::rule_files::{load_file, read_settings, same_file, Dialect, FileRules, Kind};

/// Gemini's settings files, in precedence order (later scopes override earlier ones).
pub struct Sources {
    pub user: Option<PathBuf>,
    /// `<project>/.gemini/settings.json` of the nearest folder holding one (a `.gemini/` without
    /// it is not a project), unless it is the user file; its allow rules count only when the
    /// folder is trusted, its deny and ask rules always (they only make rtk step aside).
    pub project: Option<PathBuf>,
    /// `$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, else the platform's system settings file.
    pub system: PathBuf,
    pub trusted_folders: Option<PathBuf>,
}

pub fn sources(env: &Env) -> Sources {
    let user_dir = env.home().map(|h| h.join(".gemini"));
    let user = user_dir.as_ref().map(|d| d.join("settings.json"));
    let project = project::settings_dirs(env.cwd(), ".gemini", &["settings.json"])
        .next()
        .map(|root| root.join(".gemini").join("settings.json"))
        .filter(|p| user.as_ref().is_none_or(|u| !same_file(u, p)));
    let system = env
        .path_var("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
        .unwrap_or_else(|| PathBuf::from(SYSTEM_SETTINGS));
    let trusted_folders = env
        .path_var("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
        .or_else(|| user_dir.map(|d| d.join("trustedFolders.json")));
    Sources {
        user,
        project,
        system,
        trusted_folders,
    }
}

#[cfg(target_os = "macos")]
const SYSTEM_SETTINGS: &str = "/Library/Application Support/GeminiCli/settings.json";
#[cfg(windows)]
const SYSTEM_SETTINGS: &str = r"C:\ProgramData\gemini-cli\settings.json";
#[cfg(not(any(target_os = "macos", windows)))]
const SYSTEM_SETTINGS: &str = "/etc/gemini-cli/settings.json";

/// One settings scope as read: its rules, its JSON (if parsed) and whether it sets
/// `tools.allowed` (an existing file rtk cannot read counts as setting it).
struct Scope {
    loaded: LoadedRules,
    value: Option<Value>,
    sets_allowed: bool,
}

fn read_scope(path: Option<&Path>) -> Scope {
    let mut loaded = LoadedRules::default();
    let Some(path) = path.filter(|p| p.is_file()) else {
        return Scope {
            loaded,
            value: None,
            sets_allowed: false,
        };
    };
    let value = load_file(&mut loaded, path, Dialect::JsonWithComments, extract);
    let sets_allowed = value
        .as_ref()
        .is_none_or(|v| v.pointer("/tools/allowed").is_some());
    Scope {
        loaded,
        value,
        sets_allowed,
    }
}

pub fn load(env: &Env) -> LoadedRules {
    let src = sources(env);
    let user = read_scope(src.user.as_deref());
    let system = read_scope(Some(&src.system));
    let mut trust_notes = LoadedRules::default();
    let trusted = src.project.as_ref().is_some_and(|p| p.is_file())
        && is_trusted(
            env,
            [&system.value, &user.value],
            src.trusted_folders.as_deref(),
            &mut trust_notes,
        );
    let mut project = read_scope(src.project.as_deref());
    if !trusted {
        // Gemini ignores an untrusted workspace's settings; its restrictions stay in rtk (a
        // match only makes the hook step aside), its allow rules never count.
        project.loaded.rules.allow.clear();
        project.sets_allowed = false;
    }

    // Deny and ask lists of every scope are merged; allow comes from the highest-precedence
    // scope that sets tools.allowed (Gemini merges settings key by key).
    let allow_scope = [&system, &project, &user]
        .into_iter()
        .position(|s| s.sets_allowed);
    let mut loaded = LoadedRules::default();
    let scopes = [user, project, system];
    for (i, scope) in scopes.into_iter().enumerate() {
        let mut rules = scope.loaded.rules;
        if allow_scope != Some(2 - i) {
            rules.allow.clear();
        }
        loaded.rules.extend(rules);
        loaded.warnings.extend(scope.loaded.warnings);
        loaded.files.extend(scope.loaded.files);
        if i == 0 {
            loaded.warnings.append(&mut trust_notes.warnings);
            loaded.files.append(&mut trust_notes.files);
        }
    }
    // Project folders above the project keep their restrictions (never their allow rules).
    let above = src
        .project
        .as_deref()
        .and_then(|p| p.parent()?.parent()?.parent().map(Path::to_path_buf));
    if let Some(above) = above {
        for dir in project::settings_dirs(&above, ".gemini", &["settings.json"]) {
            let path = dir.join(".gemini").join("settings.json");
            if src.user.as_ref().is_some_and(|u| same_file(u, &path)) {
                continue;
            }
            let mut scope = read_scope(Some(&path));
            scope.loaded.rules.allow.clear();
            loaded.rules.extend(scope.loaded.rules);
            loaded.warnings.extend(scope.loaded.warnings);
            loaded.files.extend(scope.loaded.files);
        }
    }
    let project_root = project::find_root(env.cwd(), ".gemini");
    gemini_policy::load(
        &mut loaded,
        &gemini_policy::policy_dirs(env, project_root.as_deref()),
    );
    loaded
}

fn extract(root: &Value, rules: &mut FileRules) {
    if let Some(tools) = root.get("tools") {
        if !tools.is_object() {
            rules.problem("tools is not an object");
        } else {
            rules.read_list(
                tools.get("exclude"),
                "tools.exclude",
                Kind::Deny,
                parse_entry,
            );
            rules.read_list(
                tools.get("confirmationRequired"),
                "tools.confirmationRequired",
                Kind::Ask,
                parse_entry,
            );
            rules.read_list(
                tools.get("allowed"),
                "tools.allowed",
                Kind::Allow,
                parse_entry,
            );
            // `tools.core` with shell entries lets only those commands run: `rtk …` is never
            // among them, so nothing can be rewritten for Gemini.
            let restricted = tools
                .get("core")
                .and_then(Value::as_array)
                .is_some_and(|core| {
                    core.iter()
                        .filter_map(Value::as_str)
                        .any(|e| e.starts_with("run_shell_command(") || e.starts_with("ShellTool("))
                });
            if restricted {
                let path = rules.path.clone();
                rules.rules.ask.push(gemini_policy::catch_all(&path));
            }
        }
    }
    rules.read_list(
        root.get("excludeTools"),
        "excludeTools",
        Kind::Deny,
        parse_entry,
    );
}

/// `run_shell_command` / `ShellTool` → everything; `run_shell_command(prefix)` →
/// [`Pattern::prefix`]; other tools → not a shell rule.
pub fn parse_entry(text: &str) -> Result<Option<Pattern>, String> {
    match crate::hooks::rule_files::tool_entry(text, "run_shell_command", Pattern::prefix)? {
        Some(p) => Ok(Some(p)),
        None => crate::hooks::rule_files::tool_entry(text, "ShellTool", Pattern::prefix),
    }
}

/// Whether Gemini treats the working directory as a trusted folder (see the module header).
/// `settings` are the system then user settings: the first that sets
/// `security.folderTrust.enabled` decides whether the feature is on.
fn is_trusted(
    env: &Env,
    settings: [&Option<Value>; 2],
    trusted_folders: Option<&Path>,
    loaded: &mut LoadedRules,
) -> bool {
    if env.var("GEMINI_RESTRICTED_MODE") == Some("true") {
        return false;
    }
    match env.var("GEMINI_CLI_TRUST_WORKSPACE") {
        Some("true") => return true,
        Some("false") => return false,
        _ => {}
    }
    let feature_on = settings
        .iter()
        .find_map(|v| {
            v.as_ref()
                .and_then(|v| v.pointer("/security/folderTrust/enabled"))
                .and_then(Value::as_bool)
        })
        .unwrap_or(true);
    if !feature_on {
        return true;
    }
    let Some(path) = trusted_folders else {
        return false;
    };
    let rules = match read_settings(path, Dialect::JsonWithComments) {
        Ok(Some(Value::Object(map))) => {
            loaded.files.push(path.to_path_buf());
            map
        }
        Ok(None) => return false,
        Ok(Some(_)) => {
            loaded.warnings.push(format!(
                "ignoring {}: the top level is not a JSON object; the folder is treated as untrusted",
                path.display()
            ));
            return false;
        }
        Err(problem) => {
            loaded.warnings.push(format!(
                "ignoring {}: {problem}; the folder is treated as untrusted",
                path.display()
            ));
            return false;
        }
    };
    let cwd = canonical(env.cwd());
    let mut best: Option<(usize, bool)> = None;
    for (rule_path, level) in &rules {
        let trusted = match level.as_str() {
            Some("TRUST_FOLDER") | Some("TRUST_PARENT") => true,
            Some("DO_NOT_TRUST") => false,
            _ => continue,
        };
        let rule = Path::new(rule_path);
        let covered = if level.as_str() == Some("TRUST_PARENT") {
            rule.parent().unwrap_or(rule)
        } else {
            rule
        };
        if cwd.starts_with(canonical(covered)) && best.is_none_or(|(len, _)| rule_path.len() > len)
        {
            best = Some((rule_path.len(), trusted));
        }
    }
    best.is_some_and(|(_, trusted)| trusted)
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
