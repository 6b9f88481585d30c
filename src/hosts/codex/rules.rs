//! OpenAI Codex: execpolicy rules, `prefix_rule(pattern=[…], decision=…)` calls in Starlark
//! `*.rules` files, from `/etc/codex/rules/` (`RTK_CODEX_SYSTEM_RULES` names another folder —
//! a test/override hook, not a Codex setting), `$CODEX_HOME/rules/` (else `~/.codex/rules/`) and
//! every `.codex/rules/` from the working directory up to `/` (Codex reads the project layers
//! of trusted projects; reading every ancestor can only add matches, and a match only ever
//! makes rtk step aside).
//!
//! Semantics (codex-rs/execpolicy): a pattern is a list of argv tokens, each a string or a list
//! of alternatives; it matches a command whose argv starts with those tokens (the first token
//! may list alternatives too). `decision` is `allow` (the default), `prompt` or `forbidden` →
//! rtk's allow, ask and deny lists. Codex judges the command **after** the hook's rewrite, and
//! `rtk git push` matches no `git push` rule, so the codex hook rewrites only lines no rule
//! matches in either form (`Decision::rewritten_verdict`).
//!
//! Only the declarative subset is read: calls of `prefix_rule`, `network_rule` and
//! `host_executable` with string/list/bool/None arguments, and `#` comments. A file with
//! anything else (variables, loops, functions, string concatenation…) cannot be judged by rtk:
//! one warning, and a catch-all ask rule so that no command is rewritten for Codex.

use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::hooks::pattern::{normalize, Pattern};
use crate::hooks::permissions::{LoadedRules, Rule};
use crate::hooks::rule_files::{FileRules, Kind};

/// Programs Codex's unmatched-command heuristic may treat as known-safe
/// (`is_known_safe_command` in codex-rs/shell-command; some only without certain flags, which
/// rtk does not distinguish). Under approval policy `untrusted` — which reaches the hook as
/// `permission_mode: "default"`, like `on-request` — such a line runs without asking, while
/// its rewrite (`rtk …` is not known-safe) would ask.
pub const KNOWN_SAFE_PROGRAMS: &[&str] = &[
    "base64", "cat", "cd", "cut", "echo", "expr", "false", "find", "grep", "head", "id", "ls",
    "nl", "numfmt", "paste", "pwd", "rev", "rg", "sed", "seq", "stat", "tac", "tail", "tr", "true",
    "uname", "uniq", "wc", "which", "whoami",
];

/// Whether Codex might auto-approve `segment` (a command's text) as known-safe: its program,
/// after leading assignments and as a basename, is in [`KNOWN_SAFE_PROGRAMS`].
pub fn maybe_known_safe(segment: &str) -> bool {
    let program = segment
        .split_whitespace()
        .find(|w| !crate::shell::is_assignment_value(w));
    program.is_some_and(|p| KNOWN_SAFE_PROGRAMS.contains(&crate::shell::basename(p)))
}

/// Names another system rules folder (tests, unusual installs).
pub const SYSTEM_OVERRIDE: &str = "RTK_CODEX_SYSTEM_RULES";

/// The folders `*.rules` files are read from, lowest precedence first.
pub fn rule_dirs(env: &Env) -> Vec<PathBuf> {
    let mut dirs = vec![env
        .path_var(SYSTEM_OVERRIDE)
        .unwrap_or_else(|| PathBuf::from("/etc/codex/rules"))];
    if let Some(home) = env
        .path_var("CODEX_HOME")
        .or_else(|| env.home().map(|h| h.join(".codex")))
    {
        dirs.push(home.join("rules"));
    }
    let mut projects: Vec<PathBuf> = env
        .cwd()
        .ancestors()
        .map(|d| d.join(".codex").join("rules"))
        .filter(|d| d.is_dir())
        .collect();
    projects.reverse();
    for p in projects {
        if !dirs
            .iter()
            .any(|d| crate::hooks::rule_files::same_file(d, &p))
        {
            dirs.push(p);
        }
    }
    dirs
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    for dir in rule_dirs(env) {
        for path in crate::hooks::rule_files::files_with_extension(&dir, "rules") {
            load_rules_file(&mut loaded, &path);
        }
    }
    loaded
}

fn load_rules_file(loaded: &mut LoadedRules, path: &Path) {
    loaded.files.push(path.to_path_buf());
    let calls = crate::hooks::rule_files::read_text(path).and_then(|t| parse(&t));
    let mut rules = FileRules::new(path);
    match calls {
        Ok(calls) => {
            for call in calls {
                if let Err(why) = add_call(&call, &mut rules) {
                    return unreadable(loaded, path, &why);
                }
            }
            rules.finish(loaded);
        }
        Err(why) => unreadable(loaded, path, &why),
    }
}

/// A file rtk cannot judge: no command is rewritten for Codex while it is there.
fn unreadable(loaded: &mut LoadedRules, path: &Path, why: &str) {
    loaded.warnings.push(format!(
        "cannot read Codex rules in {}: {why}; no command is rewritten for Codex",
        path.display()
    ));
    loaded.rules.ask.push(Rule::new(
        "<a rules file rtk cannot read>",
        path,
        Pattern::unclear(),
    ));
}

/// One call in a rules file: its name, positional and keyword arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub args: Vec<Value>,
    pub kwargs: Vec<(String, Value)>,
}

/// An argument value of the declarative subset.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Str(String),
    List(Vec<Value>),
    Bool(bool),
    None,
}

impl Call {
    fn arg(&self, pos: usize, name: &str) -> Option<&Value> {
        self.kwargs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
            .or_else(|| self.args.get(pos))
    }
}

/// Most argv prefixes one pattern may expand to; larger ones are read as "could be anything".
const MAX_EXPANSIONS: usize = 256;

fn add_call(call: &Call, rules: &mut FileRules) -> Result<(), String> {
    if call.name != "prefix_rule" {
        return Ok(());
    }
    let kind = match call.arg(1, "decision") {
        None | Some(Value::None) => Kind::Allow,
        Some(Value::Str(d)) => match d.as_str() {
            "allow" => Kind::Allow,
            "prompt" => Kind::Ask,
            "forbidden" => Kind::Deny,
            other => return Err(format!("unknown decision {other:?}")),
        },
        Some(_) => return Err("decision is not a string".into()),
    };
    let Some(Value::List(tokens)) = call.arg(0, "pattern") else {
        return Err("prefix_rule without a pattern list".into());
    };
    let mut alternatives: Vec<Vec<&str>> = Vec::new();
    for token in tokens {
        alternatives.push(match token {
            Value::Str(s) => vec![s.as_str()],
            Value::List(alts) if !alts.is_empty() => alts
                .iter()
                .map(|a| match a {
                    Value::Str(s) => Ok(s.as_str()),
                    _ => Err("a pattern alternative is not a string".to_string()),
                })
                .collect::<Result<_, _>>()?,
            _ => return Err("a pattern element is not a string or a list of strings".into()),
        });
    }
    if alternatives.is_empty() {
        return Err("empty pattern".into());
    }
    let count = alternatives
        .iter()
        .try_fold(1usize, |n, a| n.checked_mul(a.len()));
    let pattern = match count {
        Some(n) if n <= MAX_EXPANSIONS => {
            let mut prefixes = vec![String::new()];
            for alts in &alternatives {
                prefixes = prefixes
                    .iter()
                    .flat_map(|p| alts.iter().map(move |a| format!("{p} {a}")))
                    .collect();
            }
            Pattern::AnyOf(
                prefixes
                    .iter()
                    .map(|p| Pattern::Prefix(normalize(p).into_owned()))
                    .collect(),
            )
        }
        _ => Pattern::unclear(),
    };
    let text = format!("prefix_rule({})", render(&Value::List(tokens.clone())));
    let rule = Rule::new(text, rules.path.clone(), pattern);
    match kind {
        Kind::Deny => rules.rules.deny.push(rule),
        Kind::Ask => rules.rules.ask.push(rule),
        Kind::Allow => rules.rules.allow.push(rule),
    }
    Ok(())
}

fn render(v: &Value) -> String {
    match v {
        Value::Str(s) => format!("{s:?}"),
        Value::List(items) => format!(
            "[{}]",
            items.iter().map(render).collect::<Vec<_>>().join(", ")
        ),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::None => "None".into(),
    }
}

/// Parses the declarative subset (see the module header) into its calls.
pub fn parse(text: &str) -> Result<Vec<Call>, String> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let mut calls = Vec::new();
    loop {
        p.skip_blank();
        if p.at >= p.chars.len() {
            return Ok(calls);
        }
        calls.push(p.call()?);
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn line(&self) -> usize {
        1 + self.chars[..self.at.min(self.chars.len())]
            .iter()
            .filter(|c| **c == '\n')
            .count()
    }

    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} on line {}", self.line()))
    }

    /// Whitespace, newlines and `#` comments.
    fn skip_blank(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.at += 1;
            } else if c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    fn expect(&mut self, want: char) -> Result<(), String> {
        self.skip_blank();
        if self.peek() == Some(want) {
            self.at += 1;
            Ok(())
        } else {
            self.fail(&format!("expected `{want}`"))
        }
    }

    fn ident(&mut self) -> Option<String> {
        self.skip_blank();
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let word: String = self.chars[start..self.at].iter().collect();
        if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) {
            self.at = start;
            return None;
        }
        Some(word)
    }

    fn call(&mut self) -> Result<Call, String> {
        let Some(name) = self.ident() else {
            return self.fail("not a function call");
        };
        if !matches!(
            name.as_str(),
            "prefix_rule" | "network_rule" | "host_executable"
        ) {
            return self.fail(&format!("`{name}` is not a rule call"));
        }
        self.expect('(')?;
        let mut call = Call {
            name,
            args: Vec::new(),
            kwargs: Vec::new(),
        };
        loop {
            self.skip_blank();
            if self.peek() == Some(')') {
                self.at += 1;
                return Ok(call);
            }
            let save = self.at;
            match self.ident() {
                Some(key) if !matches!(key.as_str(), "True" | "False" | "None") => {
                    self.expect('=')?;
                    let value = self.value()?;
                    call.kwargs.push((key, value));
                }
                _ => {
                    self.at = save;
                    if !call.kwargs.is_empty() {
                        return self.fail("positional argument after a keyword");
                    }
                    let value = self.value()?;
                    call.args.push(value);
                }
            }
            self.skip_blank();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {}
                _ => return self.fail("expected `,` or `)`"),
            }
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_blank();
        match self.peek() {
            Some('"') | Some('\'') => self.string().map(Value::Str),
            Some('[') => {
                self.at += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_blank();
                    if self.peek() == Some(']') {
                        self.at += 1;
                        return Ok(Value::List(items));
                    }
                    items.push(self.value()?);
                    self.skip_blank();
                    match self.peek() {
                        Some(',') => self.at += 1,
                        Some(']') => {}
                        _ => return self.fail("expected `,` or `]`"),
                    }
                }
            }
            _ => match self.ident().as_deref() {
                Some("True") => Ok(Value::Bool(true)),
                Some("False") => Ok(Value::Bool(false)),
                Some("None") => Ok(Value::None),
                _ => self.fail("unsupported value"),
            },
        }
    }

    /// A single- or double-quoted string with the common escapes; triple quotes, raw and
    /// f-strings are outside the subset.
    fn string(&mut self) -> Result<String, String> {
        let quote = self.chars[self.at];
        if self.chars.get(self.at + 1) == Some(&quote)
            && self.chars.get(self.at + 2) == Some(&quote)
        {
            return self.fail("triple-quoted strings are not supported");
        }
        self.at += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return self.fail("unterminated string");
            };
            self.at += 1;
            match c {
                '\n' => return self.fail("unterminated string"),
                c if c == quote => break,
                '\\' => {
                    let Some(e) = self.peek() else {
                        return self.fail("unterminated string");
                    };
                    self.at += 1;
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        '\\' | '"' | '\'' => e,
                        _ => return self.fail(&format!("unsupported escape `\\{e}`")),
                    });
                }
                c => out.push(c),
            }
        }
        // Adjacent literals or operators (`"a" "b"`, `"a" + x`) are outside the subset.
        self.skip_blank();
        if matches!(
            self.peek(),
            Some('"') | Some('\'') | Some('+') | Some('%') | Some('.')
        ) {
            return self.fail("string expressions are not supported");
        }
        Ok(out)
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
