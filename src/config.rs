//! rtk's own config file (`$XDG_CONFIG_HOME/rtk/config.toml`, else `~/.config/rtk/config.toml`):
//! loaded once; a missing file means defaults; a broken one warns and means defaults.

use std::io::Write;
use std::path::PathBuf;

use serde::Deserialize;

use crate::env::Env;

/// `[hooks]`: what the rewrite engine leaves alone or sees through.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct HooksConfig {
    /// Prefix words (`git push`) or `^regex` patterns whose commands are never rewritten.
    pub exclude_commands: Vec<String>,
    /// Wrappers rtk goes inside of: `poetry run`, `bundle exec`, …
    pub transparent_prefixes: Vec<String>,
}

/// The whole config file.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Config {
    pub hooks: HooksConfig,
}

/// Where the config file lives for this environment.
pub fn config_path(env: &Env) -> Option<PathBuf> {
    env.config_home().map(|d| d.join("rtk").join("config.toml"))
}

impl Config {
    /// Loads the config; problems become warnings and defaults, never errors.
    pub fn load(env: &Env) -> (Config, Vec<String>) {
        let Some(path) = config_path(env) else {
            return (Config::default(), Vec::new());
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Config::default(), Vec::new())
            }
            Err(e) => {
                return (
                    Config::default(),
                    vec![format!(
                        "cannot read {}: {e}; using defaults",
                        path.display()
                    )],
                )
            }
        };
        match toml::from_str(&text) {
            Ok(c) => (c, Vec::new()),
            Err(e) => (
                Config::default(),
                vec![format!("invalid {}: {e}; using defaults", path.display())],
            ),
        }
    }
}

/// `rtk config`.
pub fn run(args: &crate::cli::ConfigArgs, env: &Env) -> anyhow::Result<u8> {
    let path = config_path(env).ok_or_else(|| anyhow::anyhow!("no HOME or XDG_CONFIG_HOME"))?;
    let mut out = std::io::stdout().lock();
    if args.path {
        writeln!(out, "{}", path.display())?;
        return Ok(0);
    }
    let (config, warnings) = Config::load(env);
    for w in warnings {
        writeln!(std::io::stderr(), "rtk: warning: {w}")?;
    }
    writeln!(out, "{config:#?}")?;
    Ok(0)
}
