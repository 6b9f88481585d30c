//! A snapshot of the process environment (variables, working directory, home) handed to every
//! component that reads settings files, so tests can inject a hermetic one; and where rtk's
//! config and data live on each platform (XDG when set, else the platform's own folders).

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What rtk knows about its surroundings. Never read `std::env` elsewhere on the hook path.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: HashMap<OsString, OsString>,
    cwd: PathBuf,
    /// The agent's shell's current directory, when its host said (see [`Env::session_cwd`]).
    session_cwd: Option<PathBuf>,
    platform: Platform,
}

/// Which platform's conventions decide the home, config and data folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    /// Linux and the other Unix systems: XDG base directories.
    Xdg,
    /// macOS: XDG-style folders first, then `~/Library/Application Support` (upstream rtk's).
    MacOs,
    /// Windows: `%APPDATA%` for config, `%LOCALAPPDATA%` for data, `%USERPROFILE%` as home.
    Windows,
}

impl Platform {
    /// The platform rtk was built for.
    pub const HOST: Platform = if cfg!(target_os = "macos") {
        Platform::MacOs
    } else if cfg!(windows) {
        Platform::Windows
    } else {
        Platform::Xdg
    };
}

impl Default for Platform {
    fn default() -> Self {
        Platform::HOST
    }
}

impl Env {
    /// Captures the real process environment.
    pub fn from_process() -> Self {
        Env {
            vars: std::env::vars_os().collect(),
            cwd: std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")),
            session_cwd: None,
            platform: Platform::HOST,
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
            session_cwd: None,
            platform: Platform::HOST,
        }
    }

    /// This environment with `key` set to `value` (e.g. a hook filling in what its host
    /// passed in the payload rather than the environment).
    pub fn with_var(mut self, key: &str, value: impl Into<OsString>) -> Self {
        self.vars.insert(key.into(), value.into());
        self
    }

    /// This environment with the shell's current directory set to `dir` (a hook taking it
    /// from its payload; the process's own directory, [`Env::cwd`], is unchanged).
    pub fn with_session_cwd(mut self, dir: impl Into<PathBuf>) -> Self {
        self.session_cwd = Some(dir.into());
        self
    }

    /// The directory the agent's shell runs the command in: what the host's payload said,
    /// else [`Env::cwd`].
    pub fn session_cwd(&self) -> &Path {
        self.session_cwd.as_deref().unwrap_or(&self.cwd)
    }

    /// The same environment read with another platform's conventions (tests).
    pub fn with_platform(mut self, platform: Platform) -> Self {
        self.platform = platform;
        self
    }

    /// A variable's value if set, non-empty and valid UTF-8.
    pub fn var(&self, key: &str) -> Option<&str> {
        self.vars
            .get(std::ffi::OsStr::new(key))
            .and_then(|v| v.to_str())
            .filter(|v| !v.is_empty())
    }

    /// The names of the variables set (valid UTF-8 ones).
    pub fn var_names(&self) -> impl Iterator<Item = &str> {
        self.vars.keys().filter_map(|k| k.to_str())
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

    /// `$HOME`, else on Windows `%USERPROFILE%`.
    pub fn home(&self) -> Option<PathBuf> {
        self.path_var("HOME").or_else(|| match self.platform {
            Platform::Windows => self.path_var("USERPROFILE"),
            Platform::Xdg | Platform::MacOs => None,
        })
    }

    /// The working directory the command will run in.
    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    /// An XDG base directory variable; relative paths are invalid and ignored (XDG spec).
    fn xdg_var(&self, key: &str) -> Option<PathBuf> {
        self.path_var(key).filter(|p| p.is_absolute())
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`, on every platform: for tools that use these
    /// folders everywhere (opencode).
    pub fn xdg_config_home(&self) -> Option<PathBuf> {
        self.xdg_var("XDG_CONFIG_HOME")
            .or_else(|| self.home().map(|h| h.join(".config")))
    }

    /// The folder holding rtk's config folder (`<it>/rtk/config.toml`) and the one new config
    /// is written to: `$XDG_CONFIG_HOME`, else `~/.config`; on Windows `%APPDATA%`.
    pub fn config_home(&self) -> Option<PathBuf> {
        self.config_homes().into_iter().next()
    }

    /// Every folder rtk's config is read from, first found wins: [`Env::config_home`], then on
    /// macOS upstream rtk's `~/Library/Application Support` (so an upstream user's config is
    /// kept).
    pub fn config_homes(&self) -> Vec<PathBuf> {
        let first = self
            .xdg_var("XDG_CONFIG_HOME")
            .or_else(|| match self.platform {
                Platform::Xdg | Platform::MacOs => self.home().map(|h| h.join(".config")),
                Platform::Windows => self.windows_dir("APPDATA", "Roaming"),
            });
        // Upstream rtk's folder there ignores XDG_CONFIG_HOME.
        let upstream = match self.platform {
            Platform::MacOs => self
                .home()
                .map(|h| h.join("Library").join("Application Support")),
            Platform::Xdg | Platform::Windows => None,
        };
        first.into_iter().chain(upstream).collect()
    }

    /// The folder holding rtk's data folder (`<it>/rtk/`: history, tee files):
    /// `$XDG_DATA_HOME`, else `~/.local/share`; on Windows `%LOCALAPPDATA%`.
    pub fn data_home(&self) -> Option<PathBuf> {
        self.xdg_var("XDG_DATA_HOME")
            .or_else(|| match self.platform {
                Platform::Xdg | Platform::MacOs => {
                    self.home().map(|h| h.join(".local").join("share"))
                }
                Platform::Windows => self.windows_dir("LOCALAPPDATA", "Local"),
            })
    }

    /// A Windows known folder: its variable when absolute, else `<home>\AppData\<sub>`.
    fn windows_dir(&self, var: &str, sub: &str) -> Option<PathBuf> {
        self.path_var(var)
            .filter(|p| p.is_absolute())
            .or_else(|| self.home().map(|h| h.join("AppData").join(sub)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(platform: Platform, vars: &[(&str, &str)]) -> Env {
        Env::new(vars.iter().copied(), "/w").with_platform(platform)
    }

    fn paths(ps: &[&str]) -> Vec<PathBuf> {
        ps.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn home_config_and_data_folders_per_platform() {
        use Platform::{MacOs, Windows, Xdg};
        type Row<'a> = (
            Platform,
            &'a [(&'a str, &'a str)],
            Option<&'a str>,
            &'a [&'a str],
            Option<&'a str>,
        );
        // (platform, variables, home, config folders read in order, data folder)
        let rows: &[Row] = &[
            (
                Xdg,
                &[("HOME", "/h")],
                Some("/h"),
                &["/h/.config"],
                Some("/h/.local/share"),
            ),
            (
                Xdg,
                &[
                    ("HOME", "/h"),
                    ("XDG_CONFIG_HOME", "/c"),
                    ("XDG_DATA_HOME", "/d"),
                ],
                Some("/h"),
                &["/c"],
                Some("/d"),
            ),
            // Relative XDG values are invalid (XDG spec): ignored.
            (
                Xdg,
                &[
                    ("HOME", "/h"),
                    ("XDG_CONFIG_HOME", "c"),
                    ("XDG_DATA_HOME", "d"),
                ],
                Some("/h"),
                &["/h/.config"],
                Some("/h/.local/share"),
            ),
            // USERPROFILE is Windows's; elsewhere no HOME is no home.
            (Xdg, &[("USERPROFILE", "/u")], None, &[], None),
            (
                MacOs,
                &[("HOME", "/h")],
                Some("/h"),
                &["/h/.config", "/h/Library/Application Support"],
                Some("/h/.local/share"),
            ),
            (
                MacOs,
                &[
                    ("HOME", "/h"),
                    ("XDG_CONFIG_HOME", "/c"),
                    ("XDG_DATA_HOME", "/d"),
                ],
                Some("/h"),
                &["/c", "/h/Library/Application Support"],
                Some("/d"),
            ),
            (
                Windows,
                &[
                    ("USERPROFILE", "/u"),
                    ("APPDATA", "/r"),
                    ("LOCALAPPDATA", "/l"),
                ],
                Some("/u"),
                &["/r"],
                Some("/l"),
            ),
            // Git Bash and MSYS set HOME: it wins over USERPROFILE.
            (
                Windows,
                &[("HOME", "/h"), ("USERPROFILE", "/u")],
                Some("/h"),
                &["/h/AppData/Roaming"],
                Some("/h/AppData/Local"),
            ),
            (
                Windows,
                &[
                    ("USERPROFILE", "/u"),
                    ("APPDATA", "r"),
                    ("XDG_DATA_HOME", "/d"),
                ],
                Some("/u"),
                &["/u/AppData/Roaming"],
                Some("/d"),
            ),
            (Windows, &[], None, &[], None),
        ];
        for (i, (platform, vars, home, configs, data)) in rows.iter().enumerate() {
            let e = env(*platform, vars);
            assert_eq!(e.home(), home.map(PathBuf::from), "row {i}: home");
            assert_eq!(e.config_homes(), paths(configs), "row {i}: config");
            assert_eq!(e.config_home(), paths(configs).first().cloned(), "row {i}");
            assert_eq!(e.data_home(), data.map(PathBuf::from), "row {i}: data");
        }
    }

    #[test]
    fn opencode_folders_are_xdg_style_on_every_platform() {
        for p in [Platform::Xdg, Platform::MacOs, Platform::Windows] {
            let e = env(p, &[("HOME", "/h"), ("APPDATA", "/r")]);
            assert_eq!(e.xdg_config_home(), Some(PathBuf::from("/h/.config")));
        }
    }

    #[test]
    fn the_host_platform_is_the_build_target() {
        assert_eq!(Env::default().platform, Platform::HOST);
        #[cfg(target_os = "linux")]
        assert_eq!(Platform::HOST, Platform::Xdg);
    }
}
