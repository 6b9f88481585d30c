//! rtk's own config file (`$XDG_CONFIG_HOME/rtk/config.toml`, else `~/.config/rtk/config.toml`):
//! one [`Config`] loaded once; a missing file means defaults.
//!
//! Two entry points: [`Config::load`] (hook and run paths) never fails — a broken file is one
//! warning and defaults — and reads nothing but that one file, with no regex; [`Config::read`]
//! (`rtk config`) reports a broken file as an error naming the line. Unknown keys are warnings
//! naming the key and the file.

use std::io::Write;
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
    pub enabled: bool,
    /// Oldest tee files beyond this count are deleted.
    pub max_files: u32,
    /// A tee file stops growing at this size.
    pub max_bytes: u64,
}

impl Default for TeeConfig {
    fn default() -> Self {
        TeeConfig {
            enabled: true,
            max_files: 20,
            max_bytes: 1024 * 1024,
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

/// Every section and key the file may contain (unknown ones are warned about).
const KNOWN_KEYS: &[(&str, &[&str])] = &[
    ("hooks", &["exclude_commands", "transparent_prefixes"]),
    ("tracking", &["enabled", "retention_days", "db_path"]),
    ("tee", &["enabled", "max_files", "max_bytes"]),
];

/// What `rtk config --create` writes: every section, defaults commented out.
pub const TEMPLATE: &str = r#"# rtk configuration. Every key is optional; the commented values are the defaults.

[hooks]
# Commands never rewritten: prefix words ("git push") or "^regex" patterns.
# exclude_commands = []
# Wrappers rtk goes inside of: "poetry run pytest" -> "poetry run rtk pytest".
# transparent_prefixes = ["poetry run", "bundle exec"]

[tracking]
# Record one row per filtered run for `rtk gain` (RTK_NO_TRACKING=1 also disables).
# enabled = true
# Delete rows older than this many days (checked at most once a day); 0 keeps everything.
# retention_days = 90
# History database file (RTK_DB_PATH wins). Default: $XDG_DATA_HOME/rtk/history.db
# db_path = "~/.local/share/rtk/history.db"

[tee]
# Keep the full raw output of filtered runs in a file the agent can read.
# enabled = true
# max_files = 20
# max_bytes = 1048576
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

/// Where the config file lives for this environment.
pub fn config_path(env: &Env) -> Option<PathBuf> {
    env.config_home().map(|d| d.join("rtk").join("config.toml"))
}

impl Config {
    /// Loads the config; problems become warnings and defaults, never errors.
    pub fn load(env: &Env) -> (Config, Vec<String>) {
        match Config::read(env) {
            Ok(loaded) => loaded,
            Err(e) => (Config::default(), vec![format!("{e}; using defaults")]),
        }
    }

    /// Loads the config; a missing file is defaults, an unreadable or invalid one an error.
    /// The warnings name unknown keys.
    pub fn read(env: &Env) -> Result<(Config, Vec<String>), ConfigError> {
        let Some(path) = config_path(env) else {
            return Ok((Config::default(), Vec::new()));
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Config::parse(&text, &path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Ok((Config::default(), Vec::new()))
            }
            Err(source) => Err(ConfigError::Read { path, source }),
        }
    }

    /// Parses `text` (the contents of `path`).
    pub fn parse(text: &str, path: &Path) -> Result<(Config, Vec<String>), ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| parse_error(&e, text, path))?;
        let table: toml::Table = toml::from_str(text).map_err(|e| parse_error(&e, text, path))?;
        Ok((config, unknown_keys(&table, path)))
    }
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
            warnings.push(format!(
                "unknown key `{section}` in {} (ignored)",
                path.display()
            ));
            continue;
        };
        if let Some(inner) = value.as_table() {
            for key in inner.keys().filter(|k| !keys.contains(&k.as_str())) {
                warnings.push(format!(
                    "unknown key `{section}.{key}` in {} (ignored)",
                    path.display()
                ));
            }
        }
    }
    warnings
}

/// `rtk config`: the effective config as TOML, `--path`, or `--create`.
pub fn run(args: &crate::cli::ConfigArgs, env: &Env) -> anyhow::Result<u8> {
    let path = config_path(env)
        .ok_or_else(|| anyhow::anyhow!("no config location: set HOME or XDG_CONFIG_HOME"))?;
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    if args.path {
        writeln!(out, "{}", path.display())?;
        return Ok(0);
    }
    if args.create {
        return create(&path, &mut out, &mut err);
    }
    let (config, warnings) = match Config::read(env) {
        Ok(loaded) => loaded,
        Err(e) => {
            writeln!(err, "rtk: {e}")?;
            writeln!(
                err,
                "hint: fix the file, or move it away to use the defaults"
            )?;
            return Ok(1);
        }
    };
    for w in warnings {
        writeln!(err, "rtk: warning: {w}")?;
    }
    let state = if path.exists() {
        ""
    } else {
        " (not found: defaults)"
    };
    writeln!(out, "# {}{state}", path.display())?;
    let tracking = crate::tracking::Settings::resolve(env, &config);
    match (&tracking.db_path, tracking.enabled) {
        (Some(db), true) => writeln!(out, "# history database: {}", db.display())?,
        (None, true) => writeln!(out, "# history database: none (no HOME or XDG_DATA_HOME)")?,
        (_, false) => writeln!(out, "# history recording: disabled")?,
    }
    write!(out, "{}", toml::to_string_pretty(&config)?)?;
    Ok(0)
}

fn create(path: &Path, out: &mut impl Write, err: &mut impl Write) -> anyhow::Result<u8> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut f) => {
            f.write_all(TEMPLATE.as_bytes())?;
            writeln!(out, "created {}", path.display())?;
            Ok(0)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            writeln!(
                err,
                "rtk: {} already exists; left unchanged (see it with `rtk config`)",
                path.display()
            )?;
            Ok(0)
        }
        Err(e) => Err(anyhow::Error::new(e).context(format!("cannot create {}", path.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let (_, w) = parse("colour = 1\n[hooks]\nexclude = []\n[display]\nx = 1\n").unwrap();
        assert_eq!(w.len(), 3, "{w:?}");
        assert!(w.iter().any(|m| m.contains("`hooks.exclude`")));
        assert!(w.iter().any(|m| m.contains("`colour`")));
        assert!(w.iter().any(|m| m.contains("`display`")));
        assert!(w.iter().all(|m| m.contains("/c/config.toml")));
    }

    #[test]
    fn invalid_toml_names_the_line() {
        let cases = [
            ("[hooks]\nexclude_commands = [\"a\" \"b\"]\n[tee]\n", 2),
            ("[tracking]\n\nretention_days = \"soon\"\n", 3),
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
