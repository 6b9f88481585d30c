//! Gemini CLI: shell rules from `settings.json` (JSON with comments).
//!
//! Keys, as Gemini documents them: `tools.allowed` entries bypass confirmation → **allow**;
//! `tools.exclude` (v1: top-level `excludeTools`) blocks → **deny**. Entries are
//! `run_shell_command(<prefix>)` (legacy alias `ShellTool(…)`), a word-boundary prefix
//! (`run_shell_command(git)` covers `git status`, not `gitk`); the bare tool name covers every
//! command. Gemini documents no ask list: `tools.confirmationRequired` (named by SPEC, read by
//! upstream rtk) is not in Gemini's settings reference; rtk still reads it as **ask**, which can
//! only make rtk stricter. Gemini's TOML policy engine (`policies/*.toml`) is not read.
//!
//! Sources: `~/.gemini/settings.json`; the project's `<project>/.gemini/settings.json` only when
//! the folder is trusted. Trusted = folder trust disabled (`security.folderTrust.enabled: false`
//! in the user file; Gemini enables it by default), or `GEMINI_CLI_TRUST_WORKSPACE=true`, or the
//! longest path rule of `~/.gemini/trustedFolders.json` (`$GEMINI_CLI_TRUSTED_FOLDERS_PATH`)
//! covering the working directory is `TRUST_FOLDER` or `TRUST_PARENT` (which covers the rule
//! path's parent). No covering rule, `DO_NOT_TRUST`, or an unreadable trust file → untrusted,
//! and the project file is ignored. A trusted project file replaces the user file's
//! `tools.allowed` when it sets that key; deny and ask lists of both files are merged (a union
//! can only be stricter).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{load_file, project, read_settings, same_file, Dialect, FileRules, Kind};
use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;

/// The user settings file, the project settings file (if a project root holds `.gemini/` or
/// `.git` and it is not the user folder), and the trusted-folders file.
pub struct Sources {
    pub user: Option<PathBuf>,
    pub project: Option<PathBuf>,
    pub trusted_folders: Option<PathBuf>,
}

pub fn sources(env: &Env) -> Sources {
    let user_dir = env.home().map(|h| h.join(".gemini"));
    let user = user_dir.as_ref().map(|d| d.join("settings.json"));
    let project = project::find_root(env.cwd(), ".gemini")
        .map(|root| root.join(".gemini").join("settings.json"))
        .filter(|p| user.as_ref().is_none_or(|u| !same_file(u, p)));
    let trusted_folders = env
        .path_var("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
        .or_else(|| user_dir.map(|d| d.join("trustedFolders.json")));
    Sources {
        user,
        project,
        trusted_folders,
    }
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    let src = sources(env);
    let user_value = src
        .user
        .as_ref()
        .and_then(|p| load_file(&mut loaded, p, Dialect::JsonWithComments, extract));
    let Some(project_path) = src.project.filter(|p| p.is_file()) else {
        return loaded;
    };
    if !is_trusted(
        env,
        user_value.as_ref(),
        src.trusted_folders.as_deref(),
        &mut loaded,
    ) {
        return loaded;
    }
    let mut project = LoadedRules::default();
    let value = load_file(
        &mut project,
        &project_path,
        Dialect::JsonWithComments,
        extract,
    );
    let sets_allowed = value
        .as_ref()
        .and_then(|v| v.get("tools"))
        .and_then(|t| t.get("allowed"))
        .is_some();
    if sets_allowed {
        loaded.rules.allow.clear();
    }
    loaded.rules.extend(project.rules);
    loaded.warnings.extend(project.warnings);
    loaded.files.extend(project.files);
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
    match super::tool_entry(text, "run_shell_command", Pattern::prefix)? {
        Some(p) => Ok(Some(p)),
        None => super::tool_entry(text, "ShellTool", Pattern::prefix),
    }
}

/// Whether Gemini treats the working directory as a trusted folder (see the module header).
fn is_trusted(
    env: &Env,
    user_settings: Option<&Value>,
    trusted_folders: Option<&Path>,
    loaded: &mut LoadedRules,
) -> bool {
    let trust_feature_off = user_settings
        .and_then(|v| v.pointer("/security/folderTrust/enabled"))
        .and_then(Value::as_bool)
        == Some(false);
    if trust_feature_off || env.var("GEMINI_CLI_TRUST_WORKSPACE") == Some("true") {
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
