//! VS Code Copilot Chat (its Local agent harness): `PreToolUse` for the terminal tool
//! `run_in_terminal`, `tool_input.command`, answered with `hookSpecificOutput.updatedInput`
//! and never a decision (docs/guide/getting-started/supported-agents.md, "VS Code Copilot
//! Chat", names the VS Code sources read).
//!
//! VS Code applies `updatedInput` before its terminal tool judges the command, so its
//! auto-approval (`chat.tools.terminal.autoApprove`, default rules included) judges the `rtk`
//! form. rtk therefore rewrites only where VS Code's rules cannot tell the two forms apart
//! ([`vscode_rules::parity`]), reading every rule source it can find; where it cannot see them
//! all (no user settings folder, a remote or portable install, the workspace unknown, a file
//! it cannot parse) it steps aside and VS Code judges the original. The read-only table of
//! Copilot CLI is not involved: VS Code has its own rules.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::vscode_rules::{self, Forms, VsRule};
use super::vscode_workspace;
use crate::env::Env;
use crate::hooks::answer::{pre_tool_use, rewrite_of, with_command, Answer};
use crate::hooks::decision::{Decision, Outcome};
use crate::hooks::input::string;
use crate::hooks::permissions::PermissionVerdict;
use crate::hooks::rule_files::{read_settings, Dialect};

/// VS Code's terminal tool.
pub const TOOL: &str = "run_in_terminal";

/// Set by the hook for the decision when the payload is VS Code's (its value: the payload's
/// `cwd`, possibly empty).
pub const SURFACE_VAR: &str = "RTK_COPILOT_VSCODE_CWD";

/// The payload's `transcript_path`, when it has one ([`vscode_workspace`]).
pub const TRANSCRIPT_VAR: &str = "RTK_COPILOT_VSCODE_TRANSCRIPT";

/// The settings holding terminal auto-approve rules (the deprecated ones are still merged by
/// some releases).
const RULE_KEYS: &[&str] = &[
    "chat.tools.terminal.autoApprove",
    "chat.agent.terminal.autoApprove",
    "chat.agent.terminal.allowList",
    "chat.agent.terminal.denyList",
    "github.copilot.chat.agent.terminal.allowList",
    "github.copilot.chat.agent.terminal.denyList",
];

/// VS Code's product folders (stable, Insiders, and the open-source builds).
const PRODUCTS: &[&str] = &["Code", "Code - Insiders", "VSCodium", "Code - OSS"];

/// Programs whose scripts VS Code may auto-approve from `package.json` (`npmScriptAutoApprover.ts`:
/// `npm run|test|start…`, `yarn …`, `pnpm …`, any case; `bun` for safety): the `rtk` form
/// would not be.
const SCRIPT_RUNNERS: &[&str] = &["npm", "yarn", "pnpm", "bun"];

/// True for VS Code's terminal payload (the Claude-compatible shape with its tool name).
pub fn is_vscode(payload: &Value) -> bool {
    payload.get("toolName").is_none() && string(payload, "tool_name") == Some(TOOL)
}

/// `env` marked for a VS Code decision, with the payload's `cwd`.
pub fn session_env(payload: &Value, env: &Env) -> Env {
    let cwd = string(payload, "cwd").unwrap_or("");
    let env = env.clone().with_var(SURFACE_VAR, cwd);
    match string(payload, "transcript_path") {
        Some(t) if !t.is_empty() => env.with_var(TRANSCRIPT_VAR, t),
        _ => env,
    }
}

/// The decision VS Code's hook may act on: unchanged when VS Code's rules judge both forms
/// alike; otherwise Passthrough, naming why.
pub fn settle(mut d: Decision, cmd: &str, env: &Env) -> Decision {
    let Some(rewritten) = rewrite_of(&d, cmd).map(str::to_string) else {
        return d;
    };
    debug_assert!(env.var_os_set(SURFACE_VAR).is_some());
    if let Err(why) = check(cmd, &rewritten, &d, env) {
        d.outcome = Outcome::Passthrough;
        d.rewritten = None;
        d.reason = format!("VS Code may judge the rtk form differently: {why}");
    }
    d
}

/// The answer: the rewrite without a decision, or nothing (VS Code judges the original); a
/// deny rule on either form means nothing.
pub fn render(input: &Map<String, Value>, cmd: &str, d: &Decision) -> Answer {
    let denied = |v| v == PermissionVerdict::Deny;
    match rewrite_of(d, cmd) {
        Some(r) if !denied(d.verdict) && !denied(d.rewritten_verdict) => {
            pre_tool_use(with_command(input, r), false, "")
        }
        _ => Answer::Silent,
    }
}

fn check(cmd: &str, rewritten: &str, d: &Decision, env: &Env) -> Result<(), String> {
    // Claude's files count for deny only here (VS Code does not read their allow and ask).
    if d.verdict == PermissionVerdict::Deny || d.rewritten_verdict == PermissionVerdict::Deny {
        return Err("a Claude deny rule matches it".into());
    }
    let original = crate::shell::parse(cmd);
    let rtk_form = crate::shell::parse(rewritten);
    for c in &original.commands {
        let program = c.words.first().map(|w| crate::shell::basename(&w.value));
        if program.is_some_and(|p| SCRIPT_RUNNERS.iter().any(|r| r.eq_ignore_ascii_case(p))) {
            return Err("VS Code may auto-approve package.json scripts".into());
        }
    }
    let text = |c: &crate::shell::SimpleCommand| c.forms.exact.trim().to_string();
    let o: Vec<String> = original.commands.iter().map(text).collect();
    let r: Vec<String> = rtk_form.commands.iter().map(text).collect();
    if o.len() != r.len() {
        return Err("the rewrite changed the number of commands".into());
    }
    let forms = Forms {
        lines: [cmd.trim(), rewritten.trim()],
        commands: o
            .iter()
            .zip(&r)
            .map(|(a, b)| [a.as_str(), b.as_str()])
            .collect(),
    };
    let mut rules = vscode_rules::default_rules();
    rules.extend(settings_rules(env)?);
    vscode_rules::parity(&rules, &forms)
}

/// Every terminal auto-approve rule in the VS Code settings rtk can find; Err when it cannot
/// see them all.
pub fn settings_rules(env: &Env) -> Result<Vec<VsRule>, String> {
    if let Some(var) = [
        "VSCODE_PORTABLE",
        "VSCODE_AGENT_FOLDER",
        "REMOTE_CONTAINERS",
        "CODESPACES",
        "VSCODE_REMOTE_CONTAINERS_SESSION",
    ]
    .into_iter()
    .find(|v| env.var(v).is_some())
    {
        return Err(format!("{var} is set: VS Code's settings live elsewhere"));
    }
    let home = env.home().ok_or("no home folder")?;
    for server in [
        ".vscode-server",
        ".vscode-server-insiders",
        ".vscode-remote",
    ] {
        if home.join(server).exists() {
            return Err(format!(
                "~/{server} exists: the user's settings may be on another machine"
            ));
        }
    }
    let window = match env.path_var(TRANSCRIPT_VAR) {
        Some(t) => Some(vscode_workspace::from_transcript(&env.cwd().join(t))?),
        None => None,
    };
    let mut candidates = user_folders(env, &home);
    candidates.extend(window.as_ref().map(|w| w.user_dir.clone()));
    let user_dirs: Vec<PathBuf> = candidates.into_iter().filter(|d| d.is_dir()).collect();
    if user_dirs.is_empty() {
        return Err("no VS Code user settings folder found".into());
    }
    let mut files = Vec::new();
    for dir in &user_dirs {
        files.push(dir.join("settings.json"));
        if let Ok(entries) = std::fs::read_dir(dir.join("profiles")) {
            let mut profiles: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path().join("settings.json"))
                .collect();
            profiles.sort();
            files.extend(profiles);
        }
    }
    match &window {
        // The workspace is known: its files, and those above the hook's folder if it has one.
        Some(w) => {
            files.extend(w.settings_files.iter().cloned());
            files.extend(workspace_files(env, &home).unwrap_or_default());
        }
        None => files.extend(workspace_files(env, &home)?),
    }
    let mut rules = Vec::new();
    for file in files {
        match read_settings(&file, Dialect::JsonWithCommentsAndTrailingCommas) {
            Ok(Some(value)) => collect(&value, "", &file, &mut rules)?,
            Ok(None) => {}
            Err(why) => return Err(format!("{}: {why}", file.display())),
        }
    }
    Ok(rules)
}

/// `<config>/<product>/User` for every config folder and product: VS Code's `appData`
/// (`$VSCODE_APPDATA`; `$XDG_CONFIG_HOME` or `~/.config` on Linux, `~/Library/Application
/// Support` on macOS, `%APPDATA%` on Windows), every candidate read (a union only adds rules).
fn user_folders(env: &Env, home: &Path) -> Vec<PathBuf> {
    let mut bases = env.config_homes();
    bases.push(home.join(".config"));
    if let Some(custom) = env.path_var("VSCODE_APPDATA") {
        bases.insert(0, custom);
    }
    bases.dedup();
    let mut out = Vec::new();
    for base in bases {
        for product in PRODUCTS {
            out.push(base.join(product).join("User"));
        }
    }
    out
}

/// Settings files near the hook: `.vscode/settings.json` and `*.code-workspace` files in the
/// hook's folder and every folder above it. Err when that folder is unknown (VS Code runs a
/// hook without `cwd` in the home folder).
fn workspace_files(env: &Env, home: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = match env.var(SURFACE_VAR) {
        Some(cwd) => env.cwd().join(cwd),
        None => env.cwd().to_path_buf(),
    };
    if dir == home || !dir.is_absolute() {
        return Err("the workspace folder is unknown (the hook has no cwd)".into());
    }
    let mut files = Vec::new();
    for d in dir.ancestors() {
        files.push(d.join(".vscode").join("settings.json"));
        if let Ok(entries) = std::fs::read_dir(d) {
            let mut ws: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "code-workspace"))
                .collect();
            ws.sort();
            files.extend(ws);
        }
    }
    Ok(files)
}

/// Collects the rules under [`RULE_KEYS`], whether written flat (`"chat.tools.…": {…}`) or
/// nested (`"chat": {"tools": …}`), in language sections (`"[python]"`) and a workspace file's
/// `settings` alike (keys compared without case: reading more can only make rtk step aside).
fn collect(
    value: &Value,
    prefix: &str,
    file: &Path,
    rules: &mut Vec<VsRule>,
) -> Result<(), String> {
    let Value::Object(map) = value else {
        return Ok(());
    };
    for (key, v) in map {
        let path = if key.starts_with('[') || (prefix.is_empty() && key == "settings") {
            prefix.to_string()
        } else if prefix.is_empty() {
            key.to_ascii_lowercase()
        } else {
            format!("{prefix}.{}", key.to_ascii_lowercase())
        };
        let rule_key = |k: &&str| k.eq_ignore_ascii_case(&path);
        let under =
            |k: &&str| path.is_empty() || k.to_ascii_lowercase().starts_with(&format!("{path}."));
        if RULE_KEYS.iter().any(rule_key) {
            let source = format!("{} '{key}'", file.display());
            rules.extend(vscode_rules::rules_of(v, &source)?);
        } else if RULE_KEYS.iter().any(under) {
            collect(v, &path, file, rules)?;
        }
    }
    Ok(())
}
