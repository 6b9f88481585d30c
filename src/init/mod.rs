//! `rtk init --agent <host> [--global] [--show] [--uninstall]`: install, show or remove rtk's
//! hook (or plugin) in that host's own config location.
//!
//! Invariants: idempotent (a second install changes nothing); only rtk's own entry is added or
//! removed, every other key keeps its value and order; an install backs an edited file up first
//! (`<file>.rtk-bak`, never overwriting an older backup), and an uninstall that restores the file
//! removes the backups that hold nothing it lacks; a malformed file is refused and left
//! untouched; `--show` writes nothing. Project scope is the current directory. What upstream
//! rtk 1.x installed for the agent is replaced on install and removed on uninstall
//! ([`upstream`]).

mod entries;
mod files;
mod hermes_yaml;
pub mod instructions;
mod openclaw_json;
mod plugins;
mod upstream;
mod vibe_toml;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde_json::Value;

use crate::agents::{Agent, HookSpec, Install, Place, PluginSpec, AGENTS};
use crate::env::Env;
use plugins::Switch;
pub use upstream::UPSTREAM_ONLY;

/// What `rtk init` manages for one agent.
enum Kind {
    /// A hook entry in a JSON config file.
    Json(&'static HookSpec),
    /// A `[[hooks]]` block in Vibe's `hooks.toml`.
    VibeToml,
    /// Plugin files copied into the host's plugin folder (and switched on in its config).
    Plugin(&'static PluginSpec, Switch),
    /// rtk's marked block in a rules or context file.
    Instructions,
}

fn home(env: &Env) -> anyhow::Result<PathBuf> {
    env.home()
        .context("HOME is not set; cannot find the user-wide config (use a project install)")
}

/// A user-wide [`Place`] in `env` (not `Place::Special`: see [`special`]).
fn resolve(place: Place, env: &Env) -> anyhow::Result<PathBuf> {
    match place {
        Place::Dir {
            var,
            home: dir,
            file,
        } => var
            .and_then(|v| env.path_var(v))
            .map(Ok)
            .unwrap_or_else(|| home(env).map(|h| h.join(dir)))
            .map(|d| d.join(file)),
        Place::XdgConfig(file) => env
            .xdg_config_home()
            .context("neither XDG_CONFIG_HOME nor HOME is set")
            .map(|c| c.join(file)),
        Place::Special => unreachable!("special places are resolved by `special`"),
    }
}

/// The agents whose place is `Place::Special`: found by their own rules, in both scopes.
fn special(agent: Agent, env: &Env, global: bool) -> anyhow::Result<(PathBuf, Switch)> {
    Ok(match agent {
        Agent::Droid => {
            let dir = if global {
                env.path_var("FACTORY_HOME_OVERRIDE")
                    .map(Ok)
                    .unwrap_or_else(|| home(env))?
                    .join(".factory")
            } else {
                env.cwd().join(".factory")
            };
            // Droid reads hooks from hooks.json when it exists, else from settings.json.
            let hooks_json = dir.join("hooks.json");
            let file = if hooks_json.exists() {
                hooks_json
            } else {
                dir.join("settings.json")
            };
            (file, Switch::None)
        }
        Agent::OpenClaw => {
            let config = env.path_var("OPENCLAW_CONFIG_PATH");
            let state = match (env.path_var("OPENCLAW_STATE_DIR"), &config) {
                (Some(s), _) => s,
                (None, Some(c)) => c.parent().map(Path::to_path_buf).unwrap_or_default(),
                (None, None) => home(env)?.join(".openclaw"),
            };
            let config = config.unwrap_or_else(|| state.join("openclaw.json"));
            (state.join("extensions/rtk"), Switch::OpenClaw(config))
        }
        Agent::Hermes => {
            let hermes_home = env
                .path_var("HERMES_HOME")
                .map(Ok)
                .unwrap_or_else(|| home(env).map(|h| h.join(".hermes")))?;
            (
                hermes_home.join("plugins/rtk-rewrite"),
                Switch::Hermes(hermes_home.join("config.yaml")),
            )
        }
        other => bail!("{} has no special install place", other.name()),
    })
}

/// The agent's kind and the file or folder it lives in.
fn target(agent: Agent, env: &Env, global: bool) -> anyhow::Result<(Kind, PathBuf)> {
    let (place, project) = match &agent.descriptor().install {
        Install::Json {
            global, project, ..
        }
        | Install::VibeToml { global, project }
        | Install::Plugin {
            global, project, ..
        } => (*global, *project),
        Install::Instructions { global: g, project } => {
            let path = match (global, g) {
                (false, _) => env.cwd().join(project),
                (true, Some(place)) => resolve(*place, env)?,
                (true, None) => bail!(
                    "{} has no user-wide rules file rtk writes to; run `rtk init --agent {}` \
                     in the project instead",
                    agent.name(),
                    agent.name()
                ),
            };
            // A rules folder where the host also reads a file of that name (`.clinerules/`).
            let path = if path.is_dir() {
                path.join("rtk.md")
            } else {
                path
            };
            return Ok((Kind::Instructions, path));
        }
    };
    let (path, switch) = match (place, project) {
        (Place::Special, _) => special(agent, env, global)?,
        (_, Some(p)) if !global => (env.cwd().join(p), Switch::None),
        (place, _) => (resolve(place, env)?, Switch::None),
    };
    let kind = match &agent.descriptor().install {
        Install::Json { hook, .. } => Kind::Json(hook),
        Install::VibeToml { .. } => Kind::VibeToml,
        Install::Plugin { plugin, .. } => Kind::Plugin(plugin, switch),
        Install::Instructions { .. } => unreachable!("returned above"),
    };
    Ok((kind, path))
}

/// What `rtk init` does for the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Install,
    Show,
    Uninstall,
}

/// `rtk init`: `action` for `agent`, user-wide when `global`, else in the current project.
pub fn run(agent: &str, global: bool, action: Action, env: &Env) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    if upstream::UPSTREAM_ONLY.contains(&agent) {
        if action != Action::Uninstall {
            bail!(
                "rtk does not install for {}; `rtk init --agent {} --uninstall` removes what \
                 upstream rtk installed there",
                agent,
                agent
            );
        }
        let base = if global {
            home(env)?
        } else {
            env.cwd().to_path_buf()
        };
        for line in upstream::uninstall_only(agent, &base)? {
            writeln!(out, "rtk init {}: {line}", agent)?;
        }
        return Ok(0);
    }
    let Some(known) = Agent::from_name(agent) else {
        let names: Vec<&str> = AGENTS.iter().map(|d| d.name).collect();
        bail!(
            "unknown agent '{agent}' (expected one of: {})",
            names.join(", ")
        );
    };
    if let Install::Instructions { global: None, .. } = known.descriptor().install {
        if global && action == Action::Uninstall {
            // No user-wide file of rtk's; upstream rtk may still have installed there.
            for line in upstream::uninstall_only(agent, &home(env)?)? {
                writeln!(out, "rtk init {}: {line}", agent)?;
            }
            return Ok(0);
        }
    }
    let (kind, path) = target(known, env, global)?;
    let mut report = match &kind {
        Kind::Json(spec) => {
            let specs: Vec<&HookSpec> = std::iter::once(*spec).chain(known.more_hooks()).collect();
            json_hook(&specs, &path, action)?
        }
        Kind::VibeToml => vibe(&path, action)?,
        Kind::Instructions => {
            let mut lines = Vec::new();
            if action != Action::Show {
                let base = if global {
                    home(env)?
                } else {
                    env.cwd().to_path_buf()
                };
                lines.extend(upstream::instruction_host(known.name(), &base, &path)?);
            }
            let written = instructions_file(&path, action)?;
            let changed = written.iter().any(|l| l.starts_with("installed "));
            lines.extend(written);
            if action == Action::Install && changed {
                lines.push(format!("note: {}", instructions::RULES_NOTE));
            }
            lines
        }
        Kind::Plugin(p, switch) => {
            let mut lines = Vec::new();
            let user_wide_only = matches!(
                known.descriptor().install,
                Install::Plugin { project: None, .. }
            );
            if !global && user_wide_only {
                lines.push(format!(
                    "{} loads plugins user-wide only; using {}",
                    agent,
                    path.display()
                ));
            }
            lines.extend(plugins::run(p, &path, switch, action)?);
            lines
        }
    };
    let spec = match &kind {
        Kind::Json(spec) => Some(*spec),
        _ => None,
    };
    report.extend(upstream::clean(known, &path, spec, action)?);
    if action == Action::Install {
        report.extend(known.descriptor().after_install.map(str::to_string));
    }
    for line in report {
        writeln!(out, "rtk init {}: {line}", agent)?;
    }
    Ok(0)
}

fn backup_note(b: Option<PathBuf>) -> String {
    b.map(|b| format!(" (backup: {})", b.display()))
        .unwrap_or_default()
}

/// `action` for every entry of `specs` in the one JSON file at `path` (read once, written at
/// most once).
fn json_hook(specs: &[&HookSpec], path: &Path, action: Action) -> anyhow::Result<Vec<String>> {
    let existing = files::read_json(path)?;
    let shape = |e: entries::ShapeError| {
        anyhow::anyhow!(
            "{}: {e}; fix it, then run rtk init again. Nothing was changed.",
            path.display()
        )
    };
    let place = path.display();
    let what = |spec: &HookSpec| format!("`{}` ({} hook)", spec.command, spec.event);
    match action {
        Action::Show => {
            let mut lines = Vec::new();
            for spec in specs {
                let installed = match &existing {
                    Some(v) => entries::is_installed(v, spec).map_err(shape)?,
                    None => false,
                };
                lines.push(if installed {
                    format!("{} is installed in {place}", what(spec))
                } else {
                    format!("{} is not installed in {place}", what(spec))
                });
            }
            Ok(lines)
        }
        Action::Install => {
            let mut v = existing
                .clone()
                .unwrap_or_else(|| Value::Object((specs[0].new_file_keys)()));
            let mut lines = Vec::new();
            let mut changed = Vec::new();
            for spec in specs {
                if entries::install(&mut v, spec).map_err(shape)? {
                    changed.push(what(spec));
                } else {
                    lines.push(format!(
                        "{} is already installed in {place}; nothing changed",
                        what(spec)
                    ));
                }
            }
            if changed.is_empty() {
                return Ok(lines);
            }
            let b = files::backup(path)?;
            files::write_atomic(path, &files::to_pretty(&v))?;
            for w in changed {
                lines.push(format!(
                    "installed {w} in {place}{}",
                    backup_note(b.clone())
                ));
            }
            Ok(lines)
        }
        Action::Uninstall => {
            let Some(mut v) = existing else {
                return Ok(vec![format!("{place} does not exist; nothing to remove")]);
            };
            let mut lines = Vec::new();
            let mut removed = Vec::new();
            for spec in specs {
                if entries::uninstall(&mut v, spec).map_err(shape)? {
                    removed.push(what(spec));
                } else {
                    lines.push(format!("{} is not in {place}; nothing changed", what(spec)));
                }
            }
            if removed.is_empty() {
                return Ok(lines);
            }
            let removed = removed.join(" and ");
            // No backup: only rtk's own entries go, and the backups rtk made at install time
            // that the restored file makes redundant go with them.
            let line =
                if holds_nothing(&v) && path.file_name().is_some_and(|n| n != "settings.json") {
                    std::fs::remove_file(path).with_context(|| format!("cannot remove {place}"))?;
                    format!("removed {removed} and {place}, which held nothing else")
                } else {
                    files::write_atomic(path, &files::to_pretty(&v))?;
                    format!("removed {removed} from {place}")
                };
            lines.push(line);
            lines.extend(files::drop_restored_backups(path));
            Ok(lines)
        }
    }
}

/// A hook file with no hooks left (`{}` or `{"version": 1}`): one rtk created.
fn holds_nothing(v: &Value) -> bool {
    v.as_object()
        .is_some_and(|m| m.keys().all(|k| k == "version"))
}

fn instructions_file(path: &Path, action: Action) -> anyhow::Result<Vec<String>> {
    let place = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e).with_context(|| format!("cannot read {place}")),
    };
    let refuse = |e: String| {
        anyhow::anyhow!("{place} {e}; fix it, then run rtk init again. Nothing was changed.")
    };
    let what = "rtk's instructions";
    let current = text.clone().unwrap_or_default();
    match action {
        Action::Show => Ok(vec![
            if instructions::is_installed(&current).map_err(refuse)? {
                format!("{what} are installed in {place}")
            } else {
                format!("{what} are not installed in {place}")
            },
        ]),
        Action::Install => match instructions::install(&current).map_err(refuse)? {
            None => Ok(vec![format!(
                "{what} are already installed in {place}; nothing changed"
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
        Action::Uninstall => match instructions::uninstall(&current).map_err(refuse)? {
            None => Ok(vec![format!("{what} are not in {place}; nothing changed")]),
            Some(new) if new.trim().is_empty() => {
                std::fs::remove_file(path).with_context(|| format!("cannot remove {place}"))?;
                Ok(vec![format!(
                    "removed {what} and {place}, which held nothing else"
                )])
            }
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
                let line = if new.trim().is_empty() {
                    std::fs::remove_file(path).with_context(|| format!("cannot remove {place}"))?;
                    format!("removed {what} and {place}, which held nothing else")
                } else {
                    files::write_atomic(path, new.as_bytes())?;
                    format!("removed {what} from {place}")
                };
                Ok(std::iter::once(line)
                    .chain(files::drop_restored_backups(path))
                    .collect())
            }
        },
    }
}
