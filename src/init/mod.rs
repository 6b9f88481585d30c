//! `rtk init --agent <host> [--global] [--show] [--uninstall]`: install, show or remove rtk's
//! hook (or plugin) in that host's own config location.
//!
//! Invariants: idempotent (a second install changes nothing); only rtk's own entry is added or
//! removed, every other key keeps its value and order; an edited file is backed up first
//! (`<file>.rtk-bak`, never overwriting an older backup); a malformed file is refused and left
//! untouched; `--show` writes nothing. Project scope is the current directory.

mod entries;
mod files;
mod vibe_toml;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde_json::{json, Map, Value};

use crate::cli::InitArgs;
use crate::env::Env;
use entries::HookSpec;

/// What `rtk init` manages for one agent.
enum Kind {
    /// A hook entry in a JSON config file.
    Json(HookSpec),
    /// A `[[hooks]]` block in Vibe's `hooks.toml`.
    VibeToml,
    /// Plugin files copied into the host's plugin folder.
    Plugin(&'static PluginSpec),
}

/// A plugin shipped in this repository (openclaw/, hooks/pi, hooks/hermes, hooks/opencode).
pub struct PluginSpec {
    /// Where the plugin lives in the rtk repository.
    pub source: &'static str,
    /// Files to install, relative to the destination folder, with their embedded contents
    /// (empty while the plugin is not bundled into this build).
    pub files: &'static [(&'static str, &'static str)],
}

const OPENCLAW: PluginSpec = PluginSpec {
    source: "openclaw/",
    files: &[],
};
const PI: PluginSpec = PluginSpec {
    source: "hooks/pi/",
    files: &[],
};
const HERMES: PluginSpec = PluginSpec {
    source: "hooks/hermes/",
    files: &[],
};
const OPENCODE: PluginSpec = PluginSpec {
    source: "hooks/opencode/",
    files: &[],
};

pub const AGENTS: [&str; 11] = [
    "claude", "cursor", "gemini", "copilot", "codex", "droid", "vibe", "openclaw", "pi", "hermes",
    "opencode",
];

fn no_keys() -> Map<String, Value> {
    Map::new()
}

fn version_1() -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("version".into(), json!(1));
    m
}

fn home(env: &Env) -> anyhow::Result<PathBuf> {
    env.home()
        .context("HOME is not set; cannot find the user-wide config (use a project install)")
}

/// The agent's kind and the file or folder it lives in.
fn target(agent: &str, env: &Env, global: bool) -> anyhow::Result<(Kind, PathBuf)> {
    let cwd = env.cwd().to_path_buf();
    let pick = |g: anyhow::Result<PathBuf>, project: &str| -> anyhow::Result<PathBuf> {
        if global {
            g
        } else {
            Ok(cwd.join(project))
        }
    };
    let nested = |event, matcher, command, entry: fn() -> Value| HookSpec {
        event,
        legacy_events: &[],
        matcher: Some(matcher),
        command,
        entry,
        new_file_keys: no_keys,
    };
    Ok(match agent {
        "claude" => (
            Kind::Json(nested(
                "PreToolUse",
                "Bash",
                "rtk hook claude",
                || json!({"type": "command", "command": "rtk hook claude"}),
            )),
            pick(
                env.path_var("CLAUDE_CONFIG_DIR")
                    .map(Ok)
                    .unwrap_or_else(|| home(env).map(|h| h.join(".claude")))
                    .map(|d| d.join("settings.json")),
                ".claude/settings.json",
            )?,
        ),
        "cursor" => (
            Kind::Json(HookSpec {
                event: "preToolUse",
                legacy_events: &[],
                matcher: None,
                command: "rtk hook cursor",
                entry: || json!({"command": "rtk hook cursor", "matcher": "Shell"}),
                new_file_keys: version_1,
            }),
            pick(
                home(env).map(|h| h.join(".cursor/hooks.json")),
                ".cursor/hooks.json",
            )?,
        ),
        "gemini" => (
            Kind::Json(nested(
                "BeforeTool",
                "run_shell_command",
                "rtk hook gemini",
                || json!({"type": "command", "command": "rtk hook gemini", "name": "rtk"}),
            )),
            pick(
                home(env).map(|h| h.join(".gemini/settings.json")),
                ".gemini/settings.json",
            )?,
        ),
        "copilot" => (
            // PascalCase only: registering both casings runs the hook twice per call; an old
            // camelCase rtk entry is removed on install.
            Kind::Json(HookSpec {
                event: "PreToolUse",
                legacy_events: &["preToolUse"],
                matcher: None,
                command: "rtk hook copilot",
                entry: || {
                    json!({"type": "command", "bash": "rtk hook copilot",
                           "powershell": "rtk hook copilot", "timeoutSec": 10})
                },
                new_file_keys: version_1,
            }),
            pick(
                home(env).map(|h| h.join(".copilot/hooks/rtk.json")),
                ".github/hooks/rtk.json",
            )?,
        ),
        "codex" => (
            Kind::Json(nested(
                "PreToolUse",
                "Bash",
                "rtk hook codex",
                || json!({"type": "command", "command": "rtk hook codex"}),
            )),
            pick(
                env.path_var("CODEX_HOME")
                    .map(Ok)
                    .unwrap_or_else(|| home(env).map(|h| h.join(".codex")))
                    .map(|d| d.join("hooks.json")),
                ".codex/hooks.json",
            )?,
        ),
        "droid" => {
            let dir = if global {
                env.path_var("FACTORY_HOME_OVERRIDE")
                    .map(Ok)
                    .unwrap_or_else(|| home(env))?
                    .join(".factory")
            } else {
                cwd.join(".factory")
            };
            // Droid reads hooks from hooks.json when it exists, else from settings.json.
            let hooks_json = dir.join("hooks.json");
            let file = if hooks_json.exists() {
                hooks_json
            } else {
                dir.join("settings.json")
            };
            (
                Kind::Json(nested(
                    "PreToolUse",
                    "Execute",
                    "rtk hook droid",
                    || json!({"type": "command", "command": "rtk hook droid"}),
                )),
                file,
            )
        }
        "vibe" => (
            Kind::VibeToml,
            pick(
                home(env).map(|h| h.join(".vibe/hooks.toml")),
                ".vibe/hooks.toml",
            )?,
        ),
        "openclaw" => (
            Kind::Plugin(&OPENCLAW),
            pick(
                home(env).map(|h| h.join(".openclaw/extensions/rtk")),
                ".openclaw/extensions/rtk",
            )?,
        ),
        "pi" => (
            Kind::Plugin(&PI),
            pick(
                home(env).map(|h| h.join(".pi/agent/extensions")),
                ".pi/extensions",
            )?,
        ),
        "hermes" => (
            Kind::Plugin(&HERMES),
            // Hermes loads plugins from the user folder only.
            home(env)?.join(".hermes/plugins/rtk-rewrite"),
        ),
        "opencode" => (
            Kind::Plugin(&OPENCODE),
            pick(
                env.config_home()
                    .context("neither XDG_CONFIG_HOME nor HOME is set")
                    .map(|c| c.join("opencode/plugins")),
                ".opencode/plugins",
            )?,
        ),
        other => bail!(
            "unknown agent '{other}' (expected one of: {})",
            AGENTS.join(", ")
        ),
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Install,
    Show,
    Uninstall,
}

/// `rtk init`.
pub fn run(args: &InitArgs, env: &Env) -> anyhow::Result<u8> {
    let action = match (args.show, args.uninstall) {
        (true, _) => Action::Show,
        (false, true) => Action::Uninstall,
        (false, false) => Action::Install,
    };
    let (kind, path) = target(&args.agent, env, args.global)?;
    let mut out = std::io::stdout().lock();
    let report = match kind {
        Kind::Json(spec) => json_hook(&spec, &path, action)?,
        Kind::VibeToml => vibe(&path, action)?,
        Kind::Plugin(p) => plugin(&args.agent, p, &path, action)?,
    };
    for line in report {
        writeln!(out, "rtk init {}: {line}", args.agent)?;
    }
    Ok(0)
}

fn backup_note(b: Option<PathBuf>) -> String {
    b.map(|b| format!(" (backup: {})", b.display()))
        .unwrap_or_default()
}

fn json_hook(spec: &HookSpec, path: &Path, action: Action) -> anyhow::Result<Vec<String>> {
    let existing = files::read_json(path)?;
    let shape = |e: entries::ShapeError| {
        anyhow::anyhow!(
            "{}: {e}; fix it, then run rtk init again. Nothing was changed.",
            path.display()
        )
    };
    let place = path.display();
    let what = format!("`{}` ({} hook)", spec.command, spec.event);
    match action {
        Action::Show => {
            let installed = match &existing {
                Some(v) => entries::is_installed(v, spec).map_err(shape)?,
                None => false,
            };
            Ok(vec![if installed {
                format!("{what} is installed in {place}")
            } else {
                format!("{what} is not installed in {place}")
            }])
        }
        Action::Install => {
            let mut v = existing
                .clone()
                .unwrap_or_else(|| Value::Object((spec.new_file_keys)()));
            if !entries::install(&mut v, spec).map_err(shape)? {
                return Ok(vec![format!(
                    "{what} is already installed in {place}; nothing changed"
                )]);
            }
            let b = files::backup(path)?;
            files::write_atomic(path, &files::to_pretty(&v))?;
            Ok(vec![format!(
                "installed {what} in {place}{}",
                backup_note(b)
            )])
        }
        Action::Uninstall => {
            let Some(mut v) = existing else {
                return Ok(vec![format!("{place} does not exist; nothing to remove")]);
            };
            if !entries::uninstall(&mut v, spec).map_err(shape)? {
                return Ok(vec![format!("{what} is not in {place}; nothing changed")]);
            }
            let b = files::backup(path)?;
            files::write_atomic(path, &files::to_pretty(&v))?;
            Ok(vec![format!(
                "removed {what} from {place}{}",
                backup_note(b)
            )])
        }
    }
}

fn vibe(path: &Path, action: Action) -> anyhow::Result<Vec<String>> {
    let place = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {place}")),
    };
    let refuse = |e: anyhow::Error| {
        anyhow::anyhow!("{place} {e}; fix it, then run rtk init again. Nothing was changed.")
    };
    let what = format!("`{}` (pre_tool hook)", vibe_toml::COMMAND);
    let current = text.clone().unwrap_or_default();
    match action {
        Action::Show => Ok(vec![
            if vibe_toml::is_installed(&current).map_err(refuse)? {
                format!("{what} is installed in {place}")
            } else {
                format!("{what} is not installed in {place}")
            },
        ]),
        Action::Install => match vibe_toml::install(&current).map_err(refuse)? {
            None => Ok(vec![format!(
                "{what} is already installed in {place}; nothing changed"
            )]),
            Some(new) => {
                let b = files::backup(path)?;
                files::write_atomic(path, new.as_bytes())?;
                Ok(vec![format!(
                    "installed {what} in {place}{}",
                    backup_note(b)
                )])
            }
        },
        Action::Uninstall => match vibe_toml::uninstall(&current).map_err(refuse)? {
            None => Ok(vec![format!("{what} is not in {place}; nothing changed")]),
            Some(new) => {
                let b = files::backup(path)?;
                files::write_atomic(path, new.as_bytes())?;
                Ok(vec![format!(
                    "removed {what} from {place}{}",
                    backup_note(b)
                )])
            }
        },
    }
}

fn plugin(agent: &str, p: &PluginSpec, dir: &Path, action: Action) -> anyhow::Result<Vec<String>> {
    let place = dir.display();
    if p.files.is_empty() {
        return match action {
            Action::Show => Ok(vec![format!(
                "the {agent} plugin is not bundled in this build of rtk; {place} {}",
                if dir.exists() {
                    "exists"
                } else {
                    "does not exist"
                }
            )]),
            _ => bail!(
                "the {agent} plugin is not bundled in this build of rtk; copy it from the rtk \
                 repository's {} folder into {place}. Nothing was changed.",
                p.source
            ),
        };
    }
    let mut lines = Vec::new();
    for (name, contents) in p.files {
        let file = dir.join(name);
        let current = std::fs::read(&file).ok();
        match action {
            Action::Show => lines.push(format!(
                "{}: {}",
                file.display(),
                match &current {
                    Some(c) if c == contents.as_bytes() => "installed (current)",
                    Some(_) => "present, differs from this rtk's version",
                    None => "not installed",
                }
            )),
            Action::Install => {
                if current.as_deref() == Some(contents.as_bytes()) {
                    lines.push(format!("{} is already current", file.display()));
                    continue;
                }
                let b = files::backup(&file)?;
                files::write_atomic(&file, contents.as_bytes())?;
                lines.push(format!("installed {}{}", file.display(), backup_note(b)));
            }
            Action::Uninstall => match current {
                Some(c) if c == contents.as_bytes() => {
                    std::fs::remove_file(&file)
                        .with_context(|| format!("cannot remove {}", file.display()))?;
                    lines.push(format!("removed {}", file.display()));
                }
                Some(_) => lines.push(format!(
                    "{} differs from this rtk's version; left in place",
                    file.display()
                )),
                None => lines.push(format!("{} is not installed", file.display())),
            },
        }
    }
    Ok(lines)
}
