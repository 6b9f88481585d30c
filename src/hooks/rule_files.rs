//! Reading a host's rule files, shared by every host's reader (`crate::hosts::<host>::rules`):
//! one settings file read safely ([`read_settings`]), rules collected from a JSON string array
//! ([`FileRules::read_list`]), and the partial-file policy. Project-root discovery lives in
//! `hooks::project`.
//!
//! Invariants: a file that cannot be read or parsed yields exactly one warning and contributes
//! nothing; a file whose rule lists are partly invalid keeps its deny and ask rules (dropping
//! them could only loosen) but loses all its allow rules (the host may reject the whole file),
//! again with exactly one warning. Nothing here spawns a process.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::hooks::permissions::{LoadedRules, Rule, RuleSet};

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
    /// JSON with comments and trailing commas before `}` or `]` (VS Code's settings files).
    JsonWithCommentsAndTrailingCommas,
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
        Dialect::JsonWithCommentsAndTrailingCommas => {
            serde_json::from_str(&strip_trailing_commas(&strip_json_comments(text)))
        }
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

/// Replaces each comma followed (past whitespace) by `}` or `]`, outside strings, with a space.
fn strip_trailing_commas(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(&n) = chars.get(i + 1) {
                    out.push(n);
                    i += 1;
                }
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if c == ',' {
            let next = chars[i + 1..].iter().find(|n| !n.is_whitespace());
            out.push(if matches!(next, Some('}' | ']')) {
                ' '
            } else {
                c
            });
        } else {
            out.push(c);
        }
        i += 1;
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
