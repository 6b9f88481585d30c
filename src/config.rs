//! rtk's own config file (`$XDG_CONFIG_HOME/rtk/config.toml`, else `~/.config/rtk/config.toml`):
//! one [`Config`] loaded once; a missing file means defaults.
//!
//! Two entry points: [`Config::load`] (hook and run paths) never fails — a broken file is one
//! warning and defaults — and reads nothing but that one file, with no regex; [`Config::read`]
//! (`rtk config`) reports a broken file as an error naming the line. A value of the wrong type
//! (`enabled = "no"`) drops that key alone (its default stands). Unknown keys and such values
//! are reported only by `rtk config` (and `rtk config --check`), naming the key and the file:
//! never on the stderr of a filtered command or a hook. Upstream rtk 1.x's keys are mapped or accepted
//! ([`upstream`]).

mod shared;
pub mod upstream;

pub use shared::Shared;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::env::Env;

/// `[hooks]`: what the rewrite engine leaves alone or sees through.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default)]
pub struct HooksConfig {
    /// Prefix words (`git push`) or `^regex` patterns whose commands are never rewritten.
    pub exclude_commands: Vec<String>,
    /// Wrappers rtk goes inside of: `poetry run`, `bundle exec`, …
    pub transparent_prefixes: Vec<String>,
    /// Log every hook decision for `rtk hook-audit` (off: the hook path writes nothing).
    pub log: bool,
    /// The word inserted before rewritten commands (default `rtk`). Never read from the file:
    /// set for hosts whose login shell resets PATH (Codex, Hermes) to rtk's absolute path.
    #[serde(skip)]
    pub rtk_program: Option<String>,
}

/// `[tracking]`: the history database behind `rtk gain`.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default)]
pub struct TrackingConfig {
    /// Record one row per filtered run (`RTK_NO_TRACKING=1` also disables).
    pub enabled: bool,
    /// Rows older than this are deleted (checked at most once a day); 0 keeps everything.
    pub retention_days: u32,
    /// Database file; `RTK_DB_PATH` wins; default `$XDG_DATA_HOME/rtk/history.db`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub db_path: Option<PathBuf>,
}

impl Default for TrackingConfig {
    fn default() -> Self {
        TrackingConfig {
            enabled: true,
            retention_days: 90,
            db_path: None,
        }
    }
}

/// `[tee]`: where the full raw output of a filtered run is kept for the agent to read.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default)]
pub struct TeeConfig {
    /// Without tee files, output a filter would elide is printed raw.
    pub enabled: bool,
    /// Oldest tee files beyond this count are deleted.
    pub max_files: u32,
    /// A tee file stops growing at this size.
    pub max_bytes: u64,
    /// The tee folder's total size: the oldest files go first once it is passed.
    pub max_dir_bytes: u64,
}

impl Default for TeeConfig {
    fn default() -> Self {
        TeeConfig {
            enabled: true,
            max_files: 50,
            max_bytes: 10 * 1024 * 1024,
            max_dir_bytes: 200 * 1024 * 1024,
        }
    }
}

/// The whole config file.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(default)]
pub struct Config {
    pub hooks: HooksConfig,
    pub tracking: TrackingConfig,
    pub tee: TeeConfig,
}

/// Every section and key of rtk's own (others are upstream's, see [`upstream`], or unknown).
const KNOWN_KEYS: &[(&str, &[&str])] = &[
    (
        "hooks",
        &["exclude_commands", "transparent_prefixes", "log"],
    ),
    ("tracking", &["enabled", "retention_days", "db_path"]),
    (
        "tee",
        &["enabled", "max_files", "max_bytes", "max_dir_bytes"],
    ),
];

/// What `rtk config --create` writes: every section, defaults commented out.
pub const TEMPLATE: &str = r#"# rtk configuration. Every key is optional; the commented values are the defaults.

[hooks]
# Commands never rewritten: prefix words ("git push") or "^regex" patterns.
# exclude_commands = []
# Wrappers rtk goes inside of: "poetry run pytest" -> "poetry run rtk pytest".
# transparent_prefixes = ["poetry run", "bundle exec"]
# Log every hook decision (agent, outcome, command) for `rtk hook-audit`.
# log = false

[tracking]
# Record one row per filtered run for `rtk gain` (RTK_NO_TRACKING=1 also disables).
# enabled = true
# Delete rows older than this many days (checked at most once a day); 0 keeps everything.
# retention_days = 90
# History database file (RTK_DB_PATH wins). Default: $XDG_DATA_HOME/rtk/history.db
# db_path = "~/.local/share/rtk/history.db"

[tee]
# Keep the full raw output of filtered runs in a file the agent can read. When false, a filter
# that would leave something out prints the raw output instead (nothing is elided unsaved).
# enabled = true
# Most tee files kept (the oldest go first), and the size one file stops growing at.
# max_files = 50
# max_bytes = 10485760
# Total size of the tee folder; the oldest files are deleted past it.
# max_dir_bytes = 209715200
"#;

/// A config file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("invalid {}: line {line}, column {column}: {message}", path.display())]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

/// Where the config file lives for this environment: the first of [`Env::config_homes`] that
/// has one (on macOS upstream rtk's location is read too), else where one is created.
pub fn config_path(env: &Env) -> Option<PathBuf> {
    let paths: Vec<PathBuf> = env
        .config_homes()
        .into_iter()
        .map(|d| d.join("rtk").join("config.toml"))
        .collect();
    match paths.as_slice() {
        [] => None,
        // One place (Linux, Windows): no need to look.
        [only] => Some(only.clone()),
        [first, ..] => Some(paths.iter().find(|p| p.is_file()).unwrap_or(first).clone()),
    }
}

/// A parsed config file and what `rtk config` reports about it.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub config: Config,
    /// One line per unknown key, naming it and the file.
    pub unknown: Vec<String>,
    /// Upstream rtk keys found, and what each did.
    pub upstream: Vec<upstream::Note>,
}

impl Config {
    /// Loads the config for the hook and run paths: unknown keys are not reported here; a
    /// broken file becomes one warning and the defaults, never an error.
    pub fn load(env: &Env) -> (Config, Vec<String>) {
        match Config::inspect(env) {
            Ok(loaded) => (loaded.config, Vec::new()),
            Err(e) => (Config::default(), vec![format!("{e}; using defaults")]),
        }
    }

    /// Loads the config; a missing file is defaults, an unreadable or invalid one an error.
    /// The warnings name unknown keys and unusable upstream values.
    pub fn read(env: &Env) -> Result<(Config, Vec<String>), ConfigError> {
        Config::inspect(env).map(Loaded::into_warned)
    }

    /// Loads the config with everything `rtk config` reports.
    pub fn inspect(env: &Env) -> Result<Loaded, ConfigError> {
        let Some(path) = config_path(env) else {
            return Ok(Loaded::default());
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Config::parse_full(&text, &path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Loaded::default()),
            Err(source) => Err(ConfigError::Read { path, source }),
        }
    }

    /// Parses `text` (the contents of `path`); the warnings are those of [`Config::read`].
    pub fn parse(text: &str, path: &Path) -> Result<(Config, Vec<String>), ConfigError> {
        Config::parse_full(text, path).map(Loaded::into_warned)
    }

    fn parse_full(text: &str, path: &Path) -> Result<Loaded, ConfigError> {
        let table: toml::Table = toml::from_str(text).map_err(|e| parse_error(&e, text, path))?;
        let (mut config, mut unknown) = match toml::from_str::<Config>(text) {
            Ok(config) => (config, Vec::new()),
            // Some value has the wrong type: that key alone is dropped (and named).
            Err(_) => without_bad_values(&table, path),
        };
        let upstream = upstream::apply(&table, &mut config);
        unknown.extend(unknown_keys(&table, path));
        Ok(Loaded {
            config,
            unknown,
            upstream,
        })
    }
}

impl Loaded {
    /// The config and its warnings (unknown keys, upstream keys with a problem).
    pub fn into_warned(self) -> (Config, Vec<String>) {
        let mut warnings = self.unknown;
        for n in &self.upstream {
            if let Some(problem) = &n.problem {
                warnings.push(format!(
                    "`{}` (upstream rtk key): {problem}; ignored",
                    n.key
                ));
            }
        }
        (self.config, warnings)
    }
}

/// The config of `table` with every value rtk cannot read as its key's type left out (each
/// key tried alone, in its section), and one line per key left out.
fn without_bad_values(table: &toml::Table, path: &Path) -> (Config, Vec<String>) {
    let mut kept = toml::Table::new();
    let mut warnings = Vec::new();
    for (section, value) in table {
        let Some(inner) = value.as_table() else {
            let alone = toml::Table::from_iter([(section.clone(), value.clone())]);
            match toml::Value::Table(alone).try_into::<Config>() {
                Ok(_) => {
                    kept.insert(section.clone(), value.clone());
                }
                Err(e) => warnings.push(bad_value(section, &e, path)),
            }
            continue;
        };
        let mut good = toml::Table::new();
        for (key, v) in inner {
            let one = toml::Table::from_iter([(key.clone(), v.clone())]);
            let alone = toml::Table::from_iter([(section.clone(), toml::Value::Table(one))]);
            match toml::Value::Table(alone).try_into::<Config>() {
                Ok(_) => {
                    good.insert(key.clone(), v.clone());
                }
                Err(e) => warnings.push(bad_value(&format!("{section}.{key}"), &e, path)),
            }
        }
        kept.insert(section.clone(), toml::Value::Table(good));
    }
    // Every key was read alone; together they can still clash only in ways no field has.
    let config = toml::Value::Table(kept).try_into().unwrap_or_default();
    (config, warnings)
}

/// The line naming a key whose value rtk cannot read.
fn bad_value(key: &str, e: &toml::de::Error, path: &Path) -> String {
    let why = e.message().trim().to_string();
    format!(
        "`{key}` in {}: {why} (this key ignored, its default used)",
        path.display()
    )
}

fn parse_error(e: &toml::de::Error, text: &str, path: &Path) -> ConfigError {
    let (line, column) = match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            (line, column)
        }
        None => (1, 1),
    };
    ConfigError::Parse {
        path: path.to_path_buf(),
        line,
        column,
        message: e.message().trim().to_string(),
    }
}

fn unknown_keys(table: &toml::Table, path: &Path) -> Vec<String> {
    let mut warnings = Vec::new();
    for (section, value) in table {
        let Some((_, keys)) = KNOWN_KEYS.iter().find(|(s, _)| s == section) else {
            if upstream::is_upstream_section(section) {
                continue;
            }
            warnings.push(format!(
                "unknown key `{section}` in {} (ignored)",
                path.display()
            ));
            continue;
        };
        if let Some(inner) = value.as_table() {
            let unknown =
                |k: &&String| !keys.contains(&k.as_str()) && upstream::fate(section, k).is_none();
            for key in inner.keys().filter(unknown) {
                warnings.push(format!(
                    "unknown key `{section}.{key}` in {} (ignored)",
                    path.display()
                ));
            }
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_macos_upstream_rtks_config_is_read_when_rtks_own_is_absent() {
        let t = tempfile::tempdir().unwrap();
        let home = t.path();
        let env = Env::new([("HOME", home)], home).with_platform(crate::env::Platform::MacOs);
        let own = home.join(".config/rtk/config.toml");
        let upstream = home.join("Library/Application Support/rtk/config.toml");
        // Neither: the new one goes to rtk's own place.
        assert_eq!(config_path(&env), Some(own.clone()));
        std::fs::create_dir_all(upstream.parent().unwrap()).unwrap();
        std::fs::write(&upstream, "[tracking]\nenabled = false\n").unwrap();
        assert_eq!(config_path(&env), Some(upstream));
        assert!(!Config::load(&env).0.tracking.enabled);
        std::fs::create_dir_all(own.parent().unwrap()).unwrap();
        std::fs::write(&own, "").unwrap();
        assert_eq!(config_path(&env), Some(own));
        assert!(Config::load(&env).0.tracking.enabled);
    }

    fn parse(text: &str) -> Result<(Config, Vec<String>), ConfigError> {
        Config::parse(text, Path::new("/c/config.toml"))
    }

    #[test]
    fn template_is_the_defaults_without_warnings() {
        let (c, w) = parse(TEMPLATE).unwrap();
        assert_eq!(c, Config::default());
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn known_keys_cover_every_field() {
        let mut c = Config::default();
        c.tracking.db_path = Some("/x".into());
        let table: toml::Table = toml::from_str(&toml::to_string(&c).unwrap()).unwrap();
        for (section, value) in &table {
            let (_, keys) = KNOWN_KEYS.iter().find(|(s, _)| s == section).unwrap();
            let fields: Vec<&str> = value
                .as_table()
                .unwrap()
                .keys()
                .map(|k| k.as_str())
                .collect();
            assert_eq!(&fields.len(), &keys.len(), "{section}");
            assert!(fields.iter().all(|f| keys.contains(f)), "{section}");
        }
        assert_eq!(table.len(), KNOWN_KEYS.len());
    }

    #[test]
    fn values_are_read() {
        let (c, w) = parse(
            "[hooks]\nexclude_commands = [\"git push\"]\n[tracking]\nretention_days = 7\n\
             db_path = \"/tmp/h.db\"\n[tee]\nmax_files = 3\n",
        )
        .unwrap();
        assert!(w.is_empty());
        assert_eq!(c.hooks.exclude_commands, ["git push"]);
        assert_eq!(c.tracking.retention_days, 7);
        assert_eq!(c.tracking.db_path.as_deref(), Some(Path::new("/tmp/h.db")));
        assert!(c.tracking.enabled);
        assert_eq!(c.tee.max_files, 3);
    }

    #[test]
    fn unknown_keys_are_named_with_the_file() {
        let (_, w) = parse("colour = 1\n[hooks]\nexclude = []\n[displays]\nx = 1\n").unwrap();
        assert_eq!(w.len(), 3, "{w:?}");
        assert!(w.iter().any(|m| m.contains("`hooks.exclude`")));
        assert!(w.iter().any(|m| m.contains("`colour`")));
        assert!(w.iter().any(|m| m.contains("`displays`")));
        assert!(w.iter().all(|m| m.contains("/c/config.toml")));
    }

    /// The file upstream rtk 1.1.0's `rtk config --create` writes (captured from the real
    /// binary): every key is upstream's, none is unknown, the mapped ones take effect.
    const UPSTREAM_CREATED: &str = include_str!("../tests/fixtures/upstream/config.toml");

    #[test]
    fn upstreams_generated_config_has_no_unknown_keys() {
        let (c, w) = parse(UPSTREAM_CREATED).unwrap();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(c.tracking.retention_days, 90);
        let loaded = Config::parse_full(UPSTREAM_CREATED, Path::new("/c/config.toml")).unwrap();
        assert!(loaded.upstream.len() > 20, "{:?}", loaded.upstream);
        assert!(loaded.upstream.iter().all(|n| n.problem.is_none()));
    }

    #[test]
    fn load_never_reports_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rtk")).unwrap();
        std::fs::write(
            dir.path().join("rtk/config.toml"),
            "colour = 1\n[x]\ny = 2\n",
        )
        .unwrap();
        let env = Env::new([("XDG_CONFIG_HOME", dir.path())], "/");
        assert!(Config::load(&env).1.is_empty());
        assert_eq!(Config::read(&env).unwrap().1.len(), 2);
    }

    #[test]
    fn invalid_toml_names_the_line() {
        let cases = [
            ("[hooks]\nexclude_commands = [\"a\" \"b\"]\n[tee]\n", 2),
            ("[tee\n", 1),
        ];
        for (text, line) in cases {
            match parse(text) {
                Err(ConfigError::Parse { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_value_of_the_wrong_type_drops_that_key_alone() {
        let text = "[tracking]\nenabled = \"no\"\nretention_days = 7\n[tee]\nmax_files = 3\n";
        let (c, w) = parse(text).expect("the file is read");
        assert!(c.tracking.enabled, "the bad key's default stands");
        assert_eq!(c.tracking.retention_days, 7, "its neighbour is kept");
        assert_eq!(c.tee.max_files, 3);
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].starts_with("`tracking.enabled` in "), "{w:?}");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rtk")).unwrap();
        std::fs::write(dir.path().join("rtk/config.toml"), text).unwrap();
        let env = Env::new([("XDG_CONFIG_HOME", dir.path())], "/");
        let (c, w) = Config::load(&env);
        assert_eq!(c.tracking.retention_days, 7);
        assert!(w.is_empty(), "the hook and run paths say nothing: {w:?}");
    }

    #[test]
    fn load_falls_back_to_defaults_with_one_warning() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rtk")).unwrap();
        std::fs::write(dir.path().join("rtk/config.toml"), "[hooks\n").unwrap();
        let env = Env::new([("XDG_CONFIG_HOME", dir.path())], "/");
        let (c, w) = Config::load(&env);
        assert_eq!(c, Config::default());
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("line 1"), "{w:?}");
        assert!(Config::read(&env).is_err());
    }
}
