//! One file per host: where that host keeps its permission rules and how they are read.
//! Shared here: reading one settings file safely ([`read_settings`]) and collecting rules from
//! a JSON string array ([`RuleList`]). Project-root discovery lives in [`project`].
//!
//! Invariants: a file that cannot be read or parsed yields exactly one warning and contributes
//! nothing; a file whose rule lists are partly invalid keeps its deny and ask rules (dropping
//! them could only loosen) but loses all its allow rules (the host may reject the whole file),
//! again with exactly one warning. Nothing here spawns a process.

pub mod claude;
pub mod claude_cli;
pub mod claude_readonly;
pub mod codex;
pub mod copilot_readonly;
pub mod cursor;
pub mod droid;
pub mod gemini;
pub mod gemini_policy;
pub mod opencode;
pub mod project;
pub mod vibe;

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::agents::{Agent, Rules};
use crate::env::Env;
use crate::hooks::permissions::{LoadedRules, Rule, RuleSet};
use claude_readonly::ReadOnly;

/// Reads `host`'s rule sources in `env`: its own files (one module here per host), another
/// host's (`Rules::Of`), or none (the host applies its own policy: empty triple).
pub fn load_rules_for(host: Agent, env: &Env) -> LoadedRules {
    match host.descriptor().rules {
        Rules::None => LoadedRules::default(),
        Rules::Of(other) => load_rules_for(other, env),
        Rules::Own => match host {
            Agent::Claude => claude::load(env),
            Agent::Codex => codex::load(env),
            Agent::OpenCode => opencode::load(env),
            Agent::Cursor => cursor::load(env),
            Agent::Gemini => gemini::load(env),
            Agent::Droid => droid::load(env),
            // No reader of their own (their descriptor says so; exhaustive, so a new agent is
            // placed here or given a reader).
            Agent::Copilot
            | Agent::Vibe
            | Agent::OpenClaw
            | Agent::Pi
            | Agent::Hermes
            | Agent::Qwen
            | Agent::Cline
            | Agent::KiloCode
            | Agent::Windsurf
            | Agent::Trae
            | Agent::Antigravity
            | Agent::Kimi
            | Agent::Omp => LoadedRules::default(),
        },
    }
}

/// The host's built-in read-only auto-approval of one simple command, for the hosts rtk has
/// a measured table of (Claude Code, Copilot CLI); None for the others.
pub fn builtin_read_only(host: Agent, c: &crate::shell::SimpleCommand) -> Option<ReadOnly> {
    match host {
        Agent::Claude => Some(claude_readonly::classify_command(c)),
        Agent::Copilot => Some(copilot_readonly::classify_command(c)),
        _ => None,
    }
}

/// Why `host`'s read-only table does not apply in `env` (None: it does; hosts without one:
/// None, nothing to close). `loaded`: the rules read for this decision (Copilot's table needs
/// its command line to have been read).
pub fn read_only_gate(host: Agent, env: &Env, loaded: &LoadedRules) -> Option<String> {
    match host {
        Agent::Claude => claude_readonly::gate(env),
        Agent::Copilot => {
            let cmdline_read = loaded
                .files
                .iter()
                .any(|f| f.as_os_str() == claude_cli::COPILOT_SOURCE);
            copilot_readonly::gate(env, cmdline_read)
        }
        _ => None,
    }
}

/// For `rtk hook check`: which version of `host` rtk sees and whether its read-only table
/// applies (None: the host has no table).
pub fn read_only_status(host: Agent, env: &Env) -> Option<String> {
    match host {
        Agent::Claude => Some(claude_readonly::table_in_force(env)),
        Agent::Copilot => {
            let seen = copilot_readonly::version_status(env);
            let loaded = load_rules_for(host, env);
            Some(match read_only_gate(host, env, &loaded) {
                None => format!("{seen}: {} applies", copilot_readonly::source()),
                Some(why) => format!("{seen}: read-only table not applied ({why})"),
            })
        }
        _ => None,
    }
}

/// How `--explain` names `host`'s read-only table and who the hook leaves unknown forms to.
pub fn read_only_source(host: Agent) -> (String, &'static str) {
    match host {
        Agent::Copilot => (copilot_readonly::source(), "Copilot"),
        _ => (
            format!(
                "Claude Code {} read-only auto-approval",
                claude_readonly::CLAUDE_CODE_VERSION
            ),
            "Claude",
        ),
    }
}

/// Settings files larger than this are not read (a warning names the file).
pub const MAX_SETTINGS_BYTES: u64 = 4 * 1024 * 1024;

/// Whether a host's JSON files may contain `//` and `/* */` comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Plain JSON (Claude, Cursor).
    Json,
    /// JSON with comments (Gemini strips them; Droid is read leniently because it only
    /// contributes deny rules, so accepting more input can only make rtk stricter).
    JsonWithComments,
}

/// Reads and parses one settings file. `Ok(None)` when it does not exist.
/// Err is the problem, worded for a warning line (without the path).
pub fn read_settings(path: &Path, dialect: Dialect) -> Result<Option<Value>, String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot open: {e}")),
    };
    let mut bytes = Vec::new();
    file.take(MAX_SETTINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_SETTINGS_BYTES {
        return Err(format!(
            "larger than {} MiB, not read",
            MAX_SETTINGS_BYTES / (1024 * 1024)
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| "not valid UTF-8".to_string())?;
    let text = text.trim_start_matches('\u{feff}');
    let parsed = match dialect {
        Dialect::Json => serde_json::from_str(text),
        Dialect::JsonWithComments => serde_json::from_str(&strip_json_comments(text)),
    };
    parsed.map(Some).map_err(|e| e.to_string())
}

/// Replaces `//…` and `/*…*/` comments outside strings with spaces (keeping line numbers).
fn strip_json_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for n in chars.by_ref() {
                    if prev == '*' && n == '/' {
                        break;
                    }
                    out.push(if n == '\n' { '\n' } else { ' ' });
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Which list of the triple an entry goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Deny,
    Ask,
    Allow,
}

/// Rules read from one file, plus the first problem met in it.
pub struct FileRules {
    pub path: PathBuf,
    pub rules: RuleSet,
    problem: Option<String>,
}

impl FileRules {
    pub fn new(path: &Path) -> FileRules {
        FileRules {
            path: path.to_path_buf(),
            rules: RuleSet::default(),
            problem: None,
        }
    }

    /// Records a problem (the first one is reported); the file's allow rules will be dropped.
    pub fn problem(&mut self, what: impl Into<String>) {
        self.problem.get_or_insert_with(|| what.into());
    }

    /// Reads `value` (the JSON at `key_path`) as an array of strings; each string goes through
    /// `parse`, which returns the rule pattern, `Ok(None)` for entries of other tools, or an
    /// error for an entry it cannot read. A missing key (`None`) is fine.
    pub fn read_list(
        &mut self,
        value: Option<&Value>,
        key_path: &str,
        kind: Kind,
        parse: impl Fn(&str) -> Result<Option<crate::hooks::pattern::Pattern>, String>,
    ) {
        let Some(value) = value else { return };
        let Some(items) = value.as_array() else {
            self.problem(format!("{key_path} is not an array"));
            return;
        };
        for (i, item) in items.iter().enumerate() {
            let Some(text) = item.as_str() else {
                self.problem(format!("{key_path}[{i}] is not a string"));
                continue;
            };
            match parse(text) {
                Ok(Some(pattern)) => {
                    let rule = Rule::new(text, &self.path, pattern);
                    match kind {
                        Kind::Deny => self.rules.deny.push(rule),
                        Kind::Ask => self.rules.ask.push(rule),
                        Kind::Allow => self.rules.allow.push(rule),
                    }
                }
                Ok(None) => {}
                Err(why) => self.problem(format!("{key_path}[{i}] {why}")),
            }
        }
    }

    /// Adds this file's rules to `loaded`, applying the partial-file policy.
    pub fn finish(mut self, loaded: &mut LoadedRules) {
        if let Some(problem) = self.problem {
            let dropped = if self.rules.allow.is_empty() {
                String::new()
            } else {
                self.rules.allow.clear();
                "; its allow rules are ignored".to_string()
            };
            loaded
                .warnings
                .push(format!("in {}: {problem}{dropped}", self.path.display()));
        }
        loaded.rules.extend(self.rules);
    }
}

/// Reads `path` (if present) and hands its JSON to `extract`; warnings and the file list are
/// recorded in `loaded`. Returns the parsed JSON for callers that need other keys.
pub fn load_file(
    loaded: &mut LoadedRules,
    path: &Path,
    dialect: Dialect,
    extract: impl FnOnce(&Value, &mut FileRules),
) -> Option<Value> {
    match read_settings(path, dialect) {
        Ok(None) => None,
        Err(problem) => {
            loaded
                .warnings
                .push(format!("ignoring {}: {problem}", path.display()));
            None
        }
        Ok(Some(value)) => {
            loaded.files.push(path.to_path_buf());
            if !value.is_object() {
                loaded.warnings.push(format!(
                    "ignoring {}: the top level is not a JSON object",
                    path.display()
                ));
                return None;
            }
            let mut rules = FileRules::new(path);
            extract(&value, &mut rules);
            rules.finish(loaded);
            Some(value)
        }
    }
}

/// `Tool` → `Ok(Some(any))`, `Tool(inner)` → `compile(inner)`, an unterminated `Tool(` → Err,
/// anything else (another tool) → `Ok(None)`.
pub fn tool_entry(
    text: &str,
    tool: &str,
    compile: impl Fn(&str) -> crate::hooks::pattern::Pattern,
) -> Result<Option<crate::hooks::pattern::Pattern>, String> {
    if text == tool {
        return Ok(Some(crate::hooks::pattern::Pattern::Any));
    }
    let Some(rest) = text.strip_prefix(tool).and_then(|r| r.strip_prefix('(')) else {
        return Ok(None);
    };
    match rest.strip_suffix(')') {
        Some(inner) => Ok(Some(compile(inner))),
        None => Err(format!("{text:?} has no closing parenthesis")),
    }
}

/// The files of `dir` whose name ends in `.<ext>`, sorted (none when `dir` cannot be read).
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext) && p.is_file())
        .collect();
    files.sort();
    files
}

/// A rules file's text, at most [`MAX_SETTINGS_BYTES`]; Err is the problem for a warning.
pub fn read_text(path: &Path) -> Result<String, String> {
    match std::fs::metadata(path) {
        Ok(m) if m.len() > MAX_SETTINGS_BYTES => Err("too large to read".to_string()),
        _ => std::fs::read_to_string(path).map_err(|e| e.to_string()),
    }
}

/// Paths that name the same existing file or directory (hard links and symlinks included).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    crate::os::same_file(a, b)
}
