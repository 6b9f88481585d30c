//! The TOML form of declarative filters (docs/filters.md): reading a file into [`Rules`],
//! with upstream rtk 1.x's `filters.toml` keys either read as ours or refused with the reason.
//!
//! Invariants: an unknown key is an error for its filter (never silently ignored; the file's
//! other filters still load); a key that would cut lines by position or rewrite their text is
//! refused; a rule set that would drop or fold one of the error lines of
//! [`super::guard::SAMPLES`] is rejected ([`Rules::check_guard`]).

use std::collections::BTreeMap;

use regex::Regex;
use serde::Deserialize;

use super::guard;

/// Upstream keys refused here, with the reason (`rtk filters check` prints it).
pub const REFUSED: &[(&str, &str)] = &[
    (
        "head_lines",
        "keeps lines by position: whatever falls past it (an error, a count) is lost",
    ),
    (
        "tail_lines",
        "keeps lines by position: whatever falls before it (an error, a count) is lost",
    ),
    (
        "max_lines",
        "cuts the output by position: whatever falls past it is lost",
    ),
    (
        "truncate_lines_at",
        "cuts each line: file paths and messages at the end of long lines are lost",
    ),
    (
        "replace",
        "rewrites line text: a path, a count or a message could change meaning",
    ),
    (
        "match_output",
        "replaces the whole output by a fixed message: a failure would read as that message",
    ),
];

/// Where a file comes from: built-in files may mark lines as noise (dropped without a
/// note); a user's drops are always reported and kept in the tee file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Builtin,
    User,
}

/// One filter of a file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    description: Option<String>,
    // Matching.
    program: Option<String>,
    #[serde(default)]
    programs: Vec<String>,
    #[serde(default)]
    subcommands: Vec<String>,
    /// Upstream: a regex over the whole command line.
    match_command: Option<String>,
    #[serde(default)]
    passthrough_flags: Vec<String>,
    #[serde(default)]
    value_flags: Vec<String>,
    // What is captured.
    #[serde(default, alias = "filter_stderr")]
    stderr: bool,
    #[serde(default)]
    raw_on_failure: bool,
    // Line rules.
    #[serde(default)]
    strip_ansi: bool,
    #[serde(default)]
    strip_progress: bool,
    #[serde(default, alias = "strip_lines_matching")]
    drop: Vec<String>,
    #[serde(default)]
    noise: Vec<String>,
    #[serde(default)]
    keep: Vec<String>,
    /// Upstream: keep only the lines matching one of these.
    #[serde(default)]
    keep_lines_matching: Vec<String>,
    #[serde(default)]
    fold: Vec<RawFold>,
    #[serde(default)]
    squeeze_blank: bool,
    #[serde(default)]
    squeeze_spaces: bool,
    #[serde(default)]
    fold_repeats: bool,
    on_empty: Option<String>,
    /// What the dropped lines are, for the note (`"3 lines: progress"`).
    elided: Option<String>,
    #[serde(default)]
    test: Vec<TestCase>,
    // Refused upstream keys: read so the message can say why.
    head_lines: Option<toml::Value>,
    tail_lines: Option<toml::Value>,
    max_lines: Option<toml::Value>,
    truncate_lines_at: Option<toml::Value>,
    replace: Option<toml::Value>,
    match_output: Option<toml::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFold {
    pattern: String,
    /// The line standing for the folded lines; `{n}` is their count.
    label: String,
}

/// One inline example: the output of a run and what the filter must print for it.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TestCase {
    #[serde(default)]
    pub name: String,
    /// The command's arguments (after the program), for the plan; default none.
    #[serde(default)]
    pub args: Vec<String>,
    pub input: String,
    #[serde(default)]
    pub stderr: String,
    #[serde(default)]
    pub code: u8,
    pub expected: String,
    /// What stderr must become (only for filters that capture it).
    pub expected_stderr: Option<String>,
}

/// A whole file: ours (`[filters.NAME]` with `[[filters.NAME.test]]`) or upstream's (also
/// `[[tests.NAME]]` and `schema_version`). Each filter is read on its own, so one refused
/// filter leaves the others of the file working.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    schema_version: Option<u32>,
    #[serde(default)]
    filters: BTreeMap<String, toml::Value>,
    #[serde(default)]
    tests: BTreeMap<String, toml::Value>,
}

/// A line rule's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Keep,
    Drop,
    Noise,
    Fold(usize),
}

/// A fold rule.
#[derive(Debug)]
pub struct Fold {
    pub pattern: Regex,
    pub label: String,
}

/// One filter, ready to run.
#[derive(Debug)]
pub struct Rules {
    pub name: String,
    pub description: String,
    pub programs: Vec<String>,
    pub subcommands: Vec<String>,
    pub match_command: Option<Regex>,
    pub passthrough_short: String,
    pub passthrough_long: Vec<String>,
    pub value_short: String,
    pub value_long: Vec<String>,
    pub stderr: bool,
    pub raw_on_failure: bool,
    pub strip_ansi: bool,
    pub strip_progress: bool,
    pub drop: Vec<Regex>,
    pub noise: Vec<Regex>,
    pub keep: Vec<Regex>,
    pub only: Vec<Regex>,
    pub folds: Vec<Fold>,
    pub squeeze_blank: bool,
    pub squeeze_spaces: bool,
    pub fold_repeats: bool,
    pub on_empty: Option<String>,
    pub elided: String,
    pub tests: Vec<TestCase>,
}

/// Why a file or one of its filters was not loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("not valid TOML for a filters file: {0}")]
    Toml(String),
    #[error("filter `{filter}`: key `{key}` is refused: {why}")]
    Refused {
        filter: String,
        key: &'static str,
        why: &'static str,
    },
    #[error("filter `{filter}`: {what}")]
    Invalid { filter: String, what: String },
    #[error("filter `{filter}` would drop the error line {line:?} (rule `{rule}`); error lines always stay: narrow the rule")]
    DropsErrors {
        filter: String,
        line: &'static str,
        rule: String,
    },
    #[error("unsupported schema_version {0} (this rtk reads 1)")]
    Schema(u32),
}

/// A file's filters: those that loaded, and why each of the others did not.
#[derive(Debug, Default)]
pub struct Loaded {
    pub rules: Vec<Rules>,
    pub errors: Vec<LoadError>,
}

/// Reads every filter of a file; `Err` only when the file itself is not a filters file.
pub fn load(text: &str, origin: Origin) -> Result<Loaded, LoadError> {
    let file: RawFile = toml::from_str(text).map_err(|e| LoadError::Toml(e.message().into()))?;
    if let Some(v) = file.schema_version.filter(|v| *v != 1) {
        return Err(LoadError::Schema(v));
    }
    let mut tests = file.tests;
    let mut out = Loaded::default();
    for (name, value) in file.filters {
        let invalid = |e: toml::de::Error| LoadError::Invalid {
            filter: name.clone(),
            what: e.message().to_string(),
        };
        let extra = tests
            .remove(&name)
            .map(|t| Vec::<TestCase>::deserialize(t).map_err(invalid))
            .transpose();
        let built = Raw::deserialize(value)
            .map_err(invalid)
            .and_then(|raw| build(name.clone(), raw, extra?.unwrap_or_default(), origin));
        match built {
            Ok(r) => out.rules.push(r),
            Err(e) => out.errors.push(e),
        }
    }
    for name in tests.into_keys() {
        out.errors.push(LoadError::Invalid {
            filter: name,
            what: "tests for a filter the file does not define".into(),
        });
    }
    Ok(out)
}

/// Every filter of a file, or the first reason one did not load (built-in files, tests).
pub fn parse(text: &str, origin: Origin) -> Result<Vec<Rules>, LoadError> {
    let loaded = load(text, origin)?;
    match loaded.errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(loaded.rules),
    }
}

fn build(name: String, raw: Raw, extra: Vec<TestCase>, origin: Origin) -> Result<Rules, LoadError> {
    let refused = [
        ("head_lines", raw.head_lines.is_some()),
        ("tail_lines", raw.tail_lines.is_some()),
        ("max_lines", raw.max_lines.is_some()),
        ("truncate_lines_at", raw.truncate_lines_at.is_some()),
        ("replace", raw.replace.is_some()),
        ("match_output", raw.match_output.is_some()),
    ];
    if let Some((key, _)) = refused.iter().find(|(_, set)| *set) {
        let why = REFUSED
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, w)| w);
        return Err(LoadError::Refused {
            filter: name,
            key,
            why,
        });
    }
    if origin == Origin::User && !raw.noise.is_empty() {
        return Err(LoadError::Refused {
            filter: name,
            key: "noise",
            why: "a user filter's dropped lines are always reported and kept in the tee file (use `drop`)",
        });
    }
    let invalid = |what: String| LoadError::Invalid {
        filter: name.clone(),
        what,
    };
    let regexes = |list: &[String]| -> Result<Vec<Regex>, LoadError> {
        list.iter()
            .map(|p| Regex::new(p).map_err(|e| invalid(format!("bad regex {p:?}: {e}"))))
            .collect()
    };
    let mut programs = raw.programs.clone();
    programs.extend(raw.program.clone());
    let match_command = raw
        .match_command
        .as_deref()
        .map(|p| Regex::new(p).map_err(|e| invalid(format!("bad match_command {p:?}: {e}"))))
        .transpose()?;
    if programs.is_empty() && match_command.is_none() {
        return Err(invalid(
            "names no `program` (or upstream `match_command`)".into(),
        ));
    }
    if programs
        .iter()
        .any(|p| p.contains('/') || p.contains(' ') || p.is_empty())
    {
        return Err(invalid(
            "`program` is a command word, without a path".into(),
        ));
    }
    let (passthrough_short, passthrough_long) = flags(&raw.passthrough_flags).map_err(&invalid)?;
    let (value_short, value_long) = flags(&raw.value_flags).map_err(&invalid)?;
    let mut folds = Vec::new();
    for f in &raw.fold {
        let pattern = Regex::new(&f.pattern)
            .map_err(|e| invalid(format!("bad fold regex {:?}: {e}", f.pattern)))?;
        folds.push(Fold {
            pattern,
            label: f.label.clone(),
        });
    }
    let mut tests = raw.test;
    tests.extend(extra);
    let rules = Rules {
        description: raw.description.unwrap_or_default(),
        programs,
        subcommands: raw.subcommands,
        match_command,
        passthrough_short,
        passthrough_long,
        value_short,
        value_long,
        stderr: raw.stderr,
        raw_on_failure: raw.raw_on_failure,
        strip_ansi: raw.strip_ansi,
        strip_progress: raw.strip_progress,
        drop: regexes(&raw.drop)?,
        noise: regexes(&raw.noise)?,
        keep: regexes(&raw.keep)?,
        only: regexes(&raw.keep_lines_matching)?,
        folds,
        squeeze_blank: raw.squeeze_blank,
        squeeze_spaces: raw.squeeze_spaces,
        fold_repeats: raw.fold_repeats,
        on_empty: raw.on_empty,
        elided: raw
            .elided
            .unwrap_or_else(|| format!("dropped by filter {name}")),
        tests,
        name,
    };
    rules.check_guard()?;
    Ok(rules)
}

/// `["-p", "--patch"]` → (`"p"`, `["patch"]`).
fn flags(list: &[String]) -> Result<(String, Vec<String>), String> {
    let mut short = String::new();
    let mut long = Vec::new();
    for f in list {
        if let Some(l) = f.strip_prefix("--").filter(|l| !l.is_empty()) {
            long.push(l.to_string());
        } else if let Some(s) = f.strip_prefix('-').filter(|s| s.chars().count() == 1) {
            short.push_str(s);
        } else {
            return Err(format!("flag {f:?} is neither `-x` nor `--name`"));
        }
    }
    Ok((short, long))
}

impl Rules {
    /// What the rules say of one line (already cleaned of ANSI and progress), before the
    /// runtime guard: keep wins over everything.
    pub fn verdict(&self, line: &str) -> Verdict {
        let v = self.explicit(line);
        if v == Verdict::Keep
            && !self.keep.iter().any(|r| r.is_match(line))
            && !self.only.is_empty()
            && !self.only.iter().any(|r| r.is_match(line))
        {
            return Verdict::Drop;
        }
        v
    }

    /// The verdict of the `keep`, `noise`, `drop` and `fold` rules alone (the lines
    /// `keep_lines_matching` leaves out are decided by the guard at run time).
    fn explicit(&self, line: &str) -> Verdict {
        if self.keep.iter().any(|r| r.is_match(line)) {
            return Verdict::Keep;
        }
        if self.noise.iter().any(|r| r.is_match(line)) {
            return Verdict::Noise;
        }
        if self.drop.iter().any(|r| r.is_match(line)) {
            return Verdict::Drop;
        }
        if let Some(i) = self.folds.iter().position(|f| f.pattern.is_match(line)) {
            return Verdict::Fold(i);
        }
        Verdict::Keep
    }

    /// Rejects a rule set whose `drop`, `noise` or `fold` rules name any sample error line.
    pub fn check_guard(&self) -> Result<(), LoadError> {
        for line in guard::SAMPLES {
            let rule = match self.explicit(line) {
                Verdict::Keep => continue,
                Verdict::Fold(i) => format!("fold {:?}", self.folds[i].pattern.as_str()),
                Verdict::Drop | Verdict::Noise => self.rule_dropping(line),
            };
            return Err(LoadError::DropsErrors {
                filter: self.name.clone(),
                line,
                rule,
            });
        }
        Ok(())
    }

    fn rule_dropping(&self, line: &str) -> String {
        let named = |kind: &str, list: &[Regex]| {
            list.iter()
                .find(|r| r.is_match(line))
                .map(|r| format!("{kind} {:?}", r.as_str()))
        };
        named("noise", &self.noise)
            .or_else(|| named("drop", &self.drop))
            .unwrap_or_default()
    }
}
