//! Upstream rtk 1.x's `config.toml` keys: the one table of what each means here.
//!
//! A user who ran upstream rtk has its config file at the same path. Every upstream key is
//! either mapped onto rtk's own key (when that key is not also set: rtk's own name wins) or
//! accepted as upstream-only with the reason it does nothing here. None of them is "unknown",
//! so none is ever reported; `rtk config` lists what happened to each.

use super::Config;

/// What an upstream key does in rtk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Read as rtk's own key of this name.
    Mapped(&'static str),
    /// Accepted and ignored, for this reason.
    UpstreamOnly(&'static str),
}

use Fate::{Mapped, UpstreamOnly};

/// `(section, key, fate)`; key `*` covers every key of the section.
pub const KEYS: &[(&str, &str, Fate)] = &[
    (
        "tracking",
        "history_days",
        Mapped("tracking.retention_days"),
    ),
    ("tracking", "database_path", Mapped("tracking.db_path")),
    (
        "tracking",
        "estimate_cap_chars",
        UpstreamOnly("rtk estimates tokens its own way"),
    ),
    (
        "retriever",
        "mode",
        Mapped("tee.enabled (\"disabled\" turns tee files off)"),
    ),
    ("retriever", "tee_max_files", Mapped("tee.max_files")),
    ("retriever", "tee_max_file_size", Mapped("tee.max_bytes")),
    (
        "retriever",
        "*",
        UpstreamOnly("rtk keeps full output in tee files, not a SQLite store"),
    ),
    (
        "tee",
        "mode",
        Mapped("tee.enabled (\"never\" turns tee files off)"),
    ),
    (
        "tee",
        "directory",
        UpstreamOnly("tee files live under $XDG_DATA_HOME/rtk/tee"),
    ),
    (
        "hooks",
        "suppress_hook_warning",
        UpstreamOnly("rtk's hooks print no warning to suppress"),
    ),
    (
        "hooks",
        "wrap_fish_scripts",
        UpstreamOnly("rtk installs no shell scripts to wrap"),
    ),
    ("display", "*", UpstreamOnly("rtk prints plain text")),
    (
        "filters",
        "*",
        UpstreamOnly("rtk's filters choose what to keep themselves"),
    ),
    (
        "limits",
        "*",
        UpstreamOnly("rtk's filters keep every failure and changed path"),
    ),
    ("telemetry", "*", UpstreamOnly("rtk sends no telemetry")),
    (
        "awareness",
        "*",
        UpstreamOnly("rtk init writes its own instructions"),
    ),
];

/// The fate of `section.key` when it is an upstream key.
pub fn fate(section: &str, key: &str) -> Option<Fate> {
    KEYS.iter()
        .find(|(s, k, _)| *s == section && (*k == key || *k == "*"))
        .map(|(_, _, f)| *f)
}

/// Whether a whole top-level section belongs to upstream only.
pub fn is_upstream_section(section: &str) -> bool {
    KEYS.iter().any(|(s, k, _)| *s == section && *k == "*")
}

/// What happened to one upstream key found in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// `section.key`.
    pub key: String,
    pub fate: Fate,
    /// The value could not be used (wrong type or unknown word): why.
    pub problem: Option<String>,
}

/// Applies the mapped upstream keys of `table` to `config` (rtk's own key wins when both are
/// set) and returns a note for every upstream key present.
pub fn apply(table: &toml::Table, config: &mut Config) -> Vec<Note> {
    let mut notes = Vec::new();
    for (section, value) in table {
        let Some(inner) = value.as_table() else {
            continue;
        };
        for (key, v) in inner {
            let Some(fate) = fate(section, key) else {
                continue;
            };
            let own = |k: &str| inner.contains_key(k);
            let problem = match (section.as_str(), key.as_str()) {
                ("tracking", "history_days") if !own("retention_days") => {
                    set_u32(v, &mut config.tracking.retention_days)
                }
                ("tracking", "database_path") if !own("db_path") => match v.as_str() {
                    Some(p) => {
                        config.tracking.db_path = Some(p.into());
                        None
                    }
                    None => Some("expected a path string".into()),
                },
                ("retriever", "mode") if !table_has(table, "tee", "enabled") => {
                    switch(v, &mut config.tee.enabled, &["sqlite", "tee"], "disabled")
                }
                ("tee", "mode") if !own("enabled") => {
                    switch(v, &mut config.tee.enabled, &["failures", "always"], "never")
                }
                ("retriever", "tee_max_files") if !table_has(table, "tee", "max_files") => {
                    set_u32(v, &mut config.tee.max_files)
                }
                ("retriever", "tee_max_file_size") if !table_has(table, "tee", "max_bytes") => {
                    match v.as_integer().and_then(|n| u64::try_from(n).ok()) {
                        Some(n) => {
                            config.tee.max_bytes = n;
                            None
                        }
                        None => Some("expected a non-negative integer".into()),
                    }
                }
                _ => None,
            };
            notes.push(Note {
                key: format!("{section}.{key}"),
                fate,
                problem,
            });
        }
    }
    notes
}

fn table_has(table: &toml::Table, section: &str, key: &str) -> bool {
    table
        .get(section)
        .and_then(toml::Value::as_table)
        .is_some_and(|t| t.contains_key(key))
}

fn set_u32(v: &toml::Value, into: &mut u32) -> Option<String> {
    match v.as_integer().and_then(|n| u32::try_from(n).ok()) {
        Some(n) => {
            *into = n;
            None
        }
        None => Some("expected a non-negative integer".into()),
    }
}

fn switch(v: &toml::Value, into: &mut bool, on: &[&str], off: &str) -> Option<String> {
    match v.as_str() {
        Some(s) if s == off => {
            *into = false;
            None
        }
        Some(s) if on.contains(&s) => None,
        _ => Some(format!("expected one of: {}, {off}", on.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(text: &str) -> (Config, Vec<Note>) {
        let table: toml::Table = toml::from_str(text).unwrap();
        let mut c: Config = toml::from_str(text).unwrap();
        let notes = apply(&table, &mut c);
        (c, notes)
    }

    #[test]
    fn mapped_keys_set_rtks_own() {
        let (c, notes) = applied(
            "[tracking]\nhistory_days = 7\ndatabase_path = \"/tmp/u.db\"\n\
             [retriever]\nmode = \"disabled\"\ntee_max_files = 3\ntee_max_file_size = 4096\n",
        );
        assert_eq!(c.tracking.retention_days, 7);
        assert_eq!(c.tracking.db_path.as_deref(), Some("/tmp/u.db".as_ref()));
        assert!(!c.tee.enabled);
        assert_eq!((c.tee.max_files, c.tee.max_bytes), (3, 4096));
        assert_eq!(notes.len(), 5);
        assert!(notes.iter().all(|n| n.problem.is_none()), "{notes:?}");
    }

    #[test]
    fn rtks_own_key_wins() {
        let (c, _) = applied(
            "[tracking]\nretention_days = 30\nhistory_days = 7\n\
             [tee]\nenabled = true\nmode = \"never\"\n",
        );
        assert_eq!(c.tracking.retention_days, 30);
        assert!(c.tee.enabled);
    }

    #[test]
    fn bad_values_are_noted_and_change_nothing() {
        let (c, notes) = applied("[tracking]\nhistory_days = \"soon\"\n[tee]\nmode = \"maybe\"\n");
        assert_eq!(c, Config::default());
        assert_eq!(notes.iter().filter(|n| n.problem.is_some()).count(), 2);
    }

    #[test]
    fn upstream_only_keys_are_known() {
        assert_eq!(
            fate("display", "emoji"),
            Some(UpstreamOnly("rtk prints plain text"))
        );
        assert!(fate("hooks", "exclude_commands").is_none());
        assert!(fate("tracking", "nonsense").is_none());
        assert!(is_upstream_section("telemetry"));
        assert!(!is_upstream_section("tracking"));
    }
}
