//! A snapshot of the process environment (variables, working directory, home) handed to every
//! component that reads settings files, so tests can inject a hermetic one.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What rtk knows about its surroundings. Never read `std::env` elsewhere on the hook path.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: HashMap<OsString, OsString>,
    cwd: PathBuf,
}

impl Env {
    /// Captures the real process environment.
    pub fn from_process() -> Self {
        Env {
            vars: std::env::vars_os().collect(),
            cwd: std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
        }
    }

    /// An environment built from explicit parts (tests).
    pub fn new<I, K, V>(vars: I, cwd: impl Into<PathBuf>) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<OsString>,
        V: Into<OsString>,
    {
        Env {
            vars: vars
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
            cwd: cwd.into(),
        }
    }

    /// This environment with `key` set to `value` (e.g. a hook filling in what its host
    /// passed in the payload rather than the environment).
    pub fn with_var(mut self, key: &str, value: impl Into<OsString>) -> Self {
        self.vars.insert(key.into(), value.into());
        self
    }

    /// A variable's value if set, non-empty and valid UTF-8.
    pub fn var(&self, key: &str) -> Option<&str> {
        self.vars
            .get(std::ffi::OsStr::new(key))
            .and_then(|v| v.to_str())
            .filter(|v| !v.is_empty())
    }

    /// A variable's value if it is set at all (empty included) and valid UTF-8.
    pub fn var_os_set(&self, key: &str) -> Option<&str> {
        self.vars
            .get(std::ffi::OsStr::new(key))
            .and_then(|v| v.to_str())
    }

    /// A variable as a path if set and non-empty.
    pub fn path_var(&self, key: &str) -> Option<PathBuf> {
        self.vars
            .get(std::ffi::OsStr::new(key))
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    }

    /// `$HOME`, if set.
    pub fn home(&self) -> Option<PathBuf> {
        self.path_var("HOME")
    }

    /// The working directory the command will run in.
    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    /// An XDG base directory variable; relative paths are invalid and ignored (XDG spec).
    fn xdg_var(&self, key: &str) -> Option<PathBuf> {
        self.path_var(key).filter(|p| p.is_absolute())
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    pub fn config_home(&self) -> Option<PathBuf> {
        self.xdg_var("XDG_CONFIG_HOME")
            .or_else(|| self.home().map(|h| h.join(".config")))
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    pub fn data_home(&self) -> Option<PathBuf> {
        self.xdg_var("XDG_DATA_HOME")
            .or_else(|| self.home().map(|h| h.join(".local/share")))
    }
}
