//! Claude Code: `permissions.{deny,ask,allow}` `Bash(…)` entries, merged (never overridden)
//! from, in this order: the managed policy, the session's project
//! `<project>/.claude/settings.json` and `settings.local.json`, the settings files of every
//! project folder above it, then `$CLAUDE_CONFIG_DIR` (else `~/.claude`) `settings.json` and
//! `settings.local.json`. A file reached twice (project == config dir) is read once. `Bash`
//! alone matches every command; the deny and ask entries of file tools (`Read(…)`, `Edit(…)`,
//! `Write(…)`…) are file rules, applied to the files a command names (`hooks::paths`); other
//! tools' entries (`WebFetch`…) are ignored; an unterminated `Bash(` entry is a problem of its
//! file (see [`FileRules`]).
//!
//! `<project>` is the session's project as Claude loads it: `$CLAUDE_PROJECT_DIR` (Claude sets
//! it for hooks; never taken from the payload's `cwd`, which is only the shell's current
//! directory: issue 36), else the nearest ancestor of rtk's own working directory (where
//! Claude runs the hook) whose `.claude/` holds a settings file (a
//! `.claude/` with only `commands/` is not a project). Project folders above `<project>` add
//! their deny and ask rules, never their allow rules: a nested folder can add restrictions, not
//! remove them. (Claude itself reads only `<project>`; the extra restrictions make rtk step
//! aside or leave approval to Claude, which never changes Claude's verdict.)
//!
//! Workspace trust: Claude ignores a project's allow rules until the folder is trusted.
//! Trusted = `CLAUDE_CODE_SANDBOXED` is set, or `projects[<dir>].hasTrustDialogAccepted` is
//! `true` in `$CLAUDE_CONFIG_DIR/.claude.json` (else `~/.claude.json`) for `<project>` or one
//! of its ancestors up to the nearest git root (to `/` without one) — Claude Code 2.1.332's
//! lookup. Untrusted → the project files' allow rules are dropped; their deny and ask stay.
//! The trust file is read only when a project file holds allow rules.
//!
//! Command-line rules (`--allowedTools`/`--disallowedTools`/`--settings` of the Claude process
//! rtk runs under) are read by [`super::cli`].
//!
//! Managed policy: the administrator's `managed-settings.json` (Linux
//! `/etc/claude-code/`, macOS `/Library/Application Support/ClaudeCode/`, Windows
//! `C:\ProgramData\ClaudeCode\`; the variable
//! `RTK_CLAUDE_MANAGED_SETTINGS` names another path — a test/override hook, not a Claude
//! setting) is read first; its deny, ask and allow rules join the others. When it sets
//! `allowManagedPermissionRulesOnly: true`, allow rules of every other file are ignored.
//! (Claude then ignores their deny and ask rules too; rtk keeps those, which can only be
//! stricter.) A managed file that exists but cannot be read counts as setting it.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;
use crate::hooks::project;
use crate::hooks::rule_files::{
    load_file, read_settings, same_file, tool_entry, Dialect, FileRules, Kind,
};

/// The settings file names of one `.claude/` folder, in reading order.
pub const SETTINGS_FILES: &[&str] = &["settings.json", "settings.local.json"];

/// The variable Claude sets for hooks: the session's project directory.
pub const PROJECT_DIR_VAR: &str = "CLAUDE_PROJECT_DIR";

/// Claude's settings files, by the part they play.
#[derive(Debug, Default)]
pub struct Sources {
    /// The session's project directory, if any.
    pub root: Option<PathBuf>,
    /// `<project>/.claude/settings*.json` (allow rules only when trusted).
    pub project: Vec<PathBuf>,
    /// Settings files of project folders above `<project>`, nearest first (deny and ask only).
    pub ancestors: Vec<PathBuf>,
    /// The user's settings files.
    pub user: Vec<PathBuf>,
}

/// The session's project directory (see the module header). The user's own settings folder
/// (`~/.claude`, or `$CLAUDE_CONFIG_DIR`) marks no project: a command run under HOME is not
/// in a project called HOME.
pub fn project_root(env: &Env) -> Option<PathBuf> {
    if let Some(dir) = env.path_var(PROJECT_DIR_VAR) {
        return Some(env.cwd().join(dir));
    }
    let user = user_config_dir(env);
    project::settings_dirs(env.cwd(), ".claude", SETTINGS_FILES)
        .find(|d| !is_user_dir(user.as_deref(), &d.join(".claude")))
        .map(Path::to_path_buf)
}

/// Claude's user settings folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
fn user_config_dir(env: &Env) -> Option<PathBuf> {
    env.path_var("CLAUDE_CONFIG_DIR")
        .or_else(|| env.home().map(|h| h.join(".claude")))
}

/// Whether `dir` is the user settings folder `user`.
fn is_user_dir(user: Option<&Path>, dir: &Path) -> bool {
    user.is_some_and(|c| same_file(c, dir))
}

/// The settings files Claude's rules come from, duplicates removed.
pub fn sources(env: &Env) -> Sources {
    let config_dir = user_config_dir(env);
    let is_user_dir = |d: &Path| is_user_dir(config_dir.as_deref(), d);
    let files = |d: &Path| -> Vec<PathBuf> { SETTINGS_FILES.iter().map(|f| d.join(f)).collect() };
    let root = project_root(env);
    let mut src = Sources::default();
    if let Some(root) = &root {
        let dir = root.join(".claude");
        if !is_user_dir(&dir) {
            src.project = files(&dir);
        }
        if let Some(parent) = root.parent() {
            for above in project::settings_dirs(parent, ".claude", SETTINGS_FILES) {
                let dir = above.join(".claude");
                if !is_user_dir(&dir) {
                    src.ancestors.extend(files(&dir));
                }
            }
        }
    }
    if let Some(dir) = &config_dir {
        src.user = files(dir);
    }
    src.root = root;
    src
}

/// Names another managed settings file (tests, unusual installs).
pub const MANAGED_OVERRIDE: &str = "RTK_CLAUDE_MANAGED_SETTINGS";

#[cfg(target_os = "macos")]
const MANAGED_SETTINGS: &str = "/Library/Application Support/ClaudeCode/managed-settings.json";
#[cfg(windows)]
const MANAGED_SETTINGS: &str = r"C:\ProgramData\ClaudeCode\managed-settings.json";
#[cfg(not(any(target_os = "macos", windows)))]
const MANAGED_SETTINGS: &str = "/etc/claude-code/managed-settings.json";

/// The managed policy file Claude reads.
pub fn managed_path(env: &Env) -> PathBuf {
    env.path_var(MANAGED_OVERRIDE)
        .unwrap_or_else(|| PathBuf::from(MANAGED_SETTINGS))
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    let mut trust_warnings = Vec::new();
    let warned = loaded.warnings.len();
    let managed = load_file(&mut loaded, &managed_path(env), Dialect::Json, extract);
    let broken = managed.is_none() && loaded.warnings.len() > warned;
    let managed_only = broken
        || managed
            .as_ref()
            .and_then(|v| v.get("allowManagedPermissionRulesOnly"))
            .is_some_and(|v| v.as_bool() != Some(false));
    let src = sources(env);
    // Trust is looked up once, and only when a project file holds allow rules.
    let mut trust: Option<bool> = None;
    for path in &src.project {
        load_file(&mut loaded, path, Dialect::Json, |v, rules| {
            extract(v, rules);
            if rules.rules.allow.is_empty() || managed_only {
                rules.rules.allow.clear();
                return;
            }
            let root = src.root.as_deref().unwrap_or(Path::new("/"));
            if !*trust.get_or_insert_with(|| is_trusted(env, root, &mut trust_warnings)) {
                rules.rules.allow.clear();
            }
        });
    }
    for path in &src.ancestors {
        load_file(&mut loaded, path, Dialect::Json, |v, rules| {
            extract(v, rules);
            rules.rules.allow.clear();
        });
    }
    for path in &src.user {
        load_file(&mut loaded, path, Dialect::Json, |v, rules| {
            extract(v, rules);
            if managed_only {
                rules.rules.allow.clear();
            }
        });
    }
    loaded.warnings.append(&mut trust_warnings);
    super::cli::load(&mut loaded, env);
    loaded
}

/// Claude's global config file (`projects[…].hasTrustDialogAccepted` lives there).
pub fn global_config_path(env: &Env) -> Option<PathBuf> {
    env.path_var("CLAUDE_CONFIG_DIR")
        .or_else(|| env.home())
        .map(|d| d.join(".claude.json"))
}

/// Whether Claude treats `root` as a trusted workspace (see the module header). A global
/// config that cannot be read counts as "not trusted", with one warning.
pub fn is_trusted(env: &Env, root: &Path, warnings: &mut Vec<String>) -> bool {
    if env.var("CLAUDE_CODE_SANDBOXED").is_some() {
        return true;
    }
    let Some(path) = global_config_path(env) else {
        return false;
    };
    let config = match read_settings(&path, Dialect::Json) {
        Ok(Some(v)) => v,
        Ok(None) => return false,
        Err(problem) => {
            warnings.push(format!(
                "ignoring {}: {problem}; the project's allow rules are ignored as untrusted",
                path.display()
            ));
            return false;
        }
    };
    let Some(projects) = config.get("projects").and_then(Value::as_object) else {
        return false;
    };
    let accepted = |dir: &Path| {
        dir.to_str()
            .and_then(|key| projects.get(key))
            .and_then(|p| p.get("hasTrustDialogAccepted"))
            == Some(&Value::Bool(true))
    };
    let canonical = std::fs::canonicalize(root).ok();
    let roots = std::iter::once(root.to_path_buf()).chain(canonical.filter(|c| c != root));
    for start in roots {
        for dir in project::up_to_repo_root(&start) {
            if accepted(&dir) {
                return true;
            }
        }
    }
    false
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
    let source = rules.path.clone();
    crate::hooks::paths::read_file_rules(perms, &source, &mut rules.rules.files);
}

/// `Bash` → everything; `Bash(spec)` → [`Pattern::claude`]; other tools → not a shell rule.
pub fn parse_entry(text: &str) -> Result<Option<Pattern>, String> {
    tool_entry(text, "Bash", Pattern::claude)
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
