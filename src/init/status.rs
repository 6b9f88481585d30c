//! `rtk init --show` without `--agent`: what rtk has installed for every agent, in the project
//! and user-wide — each hook entry (whatever its event), Vibe's `hooks.toml` block, plugin
//! files, instruction blocks — read the same way `rtk init --agent <a> --show` reads them.
//! Writes nothing.

use std::path::PathBuf;

use super::{entries, files, instructions, target, vibe_toml, Kind};
use crate::agents::{Agent, HookSpec, Install};
use crate::env::Env;

/// One installed thing (or, for an agent with nothing installed, where it would go).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub agent: &'static str,
    /// `hook (PreToolUse)`, `plugin`, `instructions`, …
    pub what: String,
    /// `project` or `user`.
    pub scope: &'static str,
    pub path: PathBuf,
    pub state: State,
    /// The command the host runs, for a hook entry rtk wrote (`rtk hook claude`).
    pub hook_command: Option<&'static str>,
}

/// What is found at a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum State {
    Installed,
    /// Plugin files that differ from this rtk's (an older or newer rtk's, or edited).
    OtherVersion,
    NotInstalled,
    /// The file could not be read as the host's format (the reason).
    Unreadable(String),
}

impl State {
    pub fn label(&self) -> String {
        match self {
            State::Installed => "installed".into(),
            State::OtherVersion => "installed (files differ from this rtk's)".into(),
            State::NotInstalled => "not installed".into(),
            State::Unreadable(why) => format!("unreadable: {why}"),
        }
    }
}

/// The state of `kind` at `path`.
fn state_of(kind: &Kind, path: &std::path::Path) -> State {
    let text = || match std::fs::read_to_string(path) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
    };
    let yes = |b: bool| {
        if b {
            State::Installed
        } else {
            State::NotInstalled
        }
    };
    match kind {
        Kind::Json(spec) => match files::read_json(path) {
            Ok(None) => State::NotInstalled,
            Ok(Some(v)) => entries::is_installed(&v, spec)
                .map_or_else(|e| State::Unreadable(e.to_string()), yes),
            Err(e) => State::Unreadable(format!("{e:#}")),
        },
        Kind::VibeToml => match text() {
            Ok(t) => vibe_toml::is_installed(&t.unwrap_or_default())
                .map_or_else(|e| State::Unreadable(e.to_string()), yes),
            Err(e) => State::Unreadable(e),
        },
        Kind::Instructions => match text() {
            Ok(t) => instructions::is_installed(&t.unwrap_or_default())
                .map_or_else(State::Unreadable, yes),
            Err(e) => State::Unreadable(e),
        },
        Kind::Plugin(p, _) => {
            let found: Vec<bool> = p
                .files
                .iter()
                .filter_map(|(name, contents)| {
                    let current = std::fs::read(path.join(name)).ok()?;
                    Some(current == contents.as_bytes())
                })
                .collect();
            match (found.is_empty(), found.iter().all(|same| *same)) {
                (true, _) => State::NotInstalled,
                (false, true) if found.len() == p.files.len() => State::Installed,
                _ => State::OtherVersion,
            }
        }
    }
}

fn what(kind: &Kind) -> String {
    match kind {
        Kind::Json(spec) => format!("hook ({})", spec.event),
        Kind::VibeToml => "hook (hooks.toml)".into(),
        Kind::Plugin(..) => "plugin".into(),
        Kind::Instructions => "instructions".into(),
    }
}

/// Where `agent`'s hook entry `spec` (its own or one of [`Agent::more_hooks`]) is installed,
/// project and user-wide, read as `rtk init --agent <a> --show` and [`overview`] read them:
/// (scope, file).
pub fn hook_installed(
    agent: Agent,
    spec: &'static HookSpec,
    env: &Env,
) -> Vec<(&'static str, PathBuf)> {
    [(false, "project"), (true, "user")]
        .into_iter()
        .filter_map(|(global, scope)| {
            let (Kind::Json(_), path) = target(agent, env, global).ok()? else {
                return None;
            };
            (state_of(&Kind::Json(spec), &path) == State::Installed).then_some((scope, path))
        })
        .collect()
}

/// Every agent: a row per scope where something of rtk's is found; an agent with nothing
/// installed gets one row, where a user-wide install would go (else the project's).
pub fn overview(env: &Env) -> Vec<Row> {
    let mut rows = Vec::new();
    for agent in Agent::all() {
        let mut found = Vec::new();
        let mut fallback = None;
        for (global, scope) in [(false, "project"), (true, "user")] {
            let Ok((kind, path)) = target(agent, env, global) else {
                continue;
            };
            let hook_command = match (&kind, &agent.descriptor().install) {
                (Kind::Json(spec), Install::Json { .. }) => Some(spec.command),
                _ => None,
            };
            let row = Row {
                agent: agent.name(),
                what: what(&kind),
                scope,
                state: state_of(&kind, &path),
                path,
                hook_command,
            };
            if row.state == State::NotInstalled {
                fallback = Some(row);
            } else {
                found.push(row);
            }
        }
        if found.is_empty() {
            rows.extend(fallback);
        } else {
            rows.extend(found);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_has_a_row_and_an_install_shows_where() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().join("home");
        let work = tmp.path().join("work");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(&work).unwrap();
        let env = Env::new(
            [
                ("HOME", home.as_os_str()),
                ("XDG_CONFIG_HOME", tmp.path().join("xdg").as_os_str()),
            ],
            &work,
        );
        let before = overview(&env);
        for agent in Agent::all() {
            assert!(
                before.iter().any(|r| r.agent == agent.name()),
                "no row for {}",
                agent.name()
            );
        }
        assert!(before.iter().all(|r| r.state == State::NotInstalled));
        super::super::run("claude", false, super::super::Action::Install, &env).unwrap();
        let after = overview(&env);
        let claude: Vec<&Row> = after.iter().filter(|r| r.agent == "claude").collect();
        assert_eq!(claude.len(), 1, "{claude:?}");
        assert_eq!(claude[0].state, State::Installed);
        assert_eq!(claude[0].scope, "project");
        assert!(claude[0].path.starts_with(&work), "{:?}", claude[0].path);
        assert_eq!(claude[0].hook_command, Some("rtk hook claude"));
        let post_read = &Agent::Claude.more_hooks()[0];
        assert_eq!(
            hook_installed(Agent::Claude, post_read, &env),
            [("project", claude[0].path.clone())]
        );
        assert!(hook_installed(
            Agent::Claude,
            post_read,
            &Env::new([("HOME", home.as_os_str())], &home)
        )
        .is_empty());
    }
}
