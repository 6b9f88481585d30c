//! Permission patterns: compiling a host's rule specifier once, then matching it against a
//! command's text on every hook call.
//!
//! Claude Code's documented semantics (docs/contract.md §3) are the reference:
//! - `Bash` / `Bash(*)` match everything;
//! - no unescaped `*` → **exact** match (`Bash(docker run)` does not match
//!   `docker run -v /:/host img`, unlike upstream rtk #3673);
//! - `x:*`, or a trailing ` *` that is the only wildcard → word-boundary prefix that also matches
//!   bare `x` (`git:*` matches `git` and `git status`, never `gitx`);
//! - any other `*` matches any run of characters, spaces included; `\*` is a literal star and
//!   `\\` a literal backslash (Claude's wildcard escapes);
//! - whitespace runs (space, tab, LF) compare as one space and both ends are trimmed, on the
//!   pattern and on the command; a lone CR is an ordinary character.
//!
//! Invariants: matching never backtracks exponentially (two-pointer glob, O(len·pattern) worst
//! case, no regex); when a specifier has two plausible readings the compiled pattern keeps both
//! ([`Pattern::Split`]) and deny/ask use the broader one, allow the narrower one — an unclear rule
//! never makes rtk more permissive than its host.

use std::borrow::Cow;

/// Whether a rule restricts (deny/ask: a match makes the answer stricter) or grants (allow).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchUse {
    Restrict,
    Grant,
}

/// One compiled pattern. Literal texts are stored normalized (see [`normalize`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// Matches every command.
    Any,
    /// Matches nothing.
    Never,
    /// The whole command equals this text.
    Exact(String),
    /// The command is this text, or this text followed by a space and anything.
    Prefix(String),
    /// The whole command matches this glob.
    Glob(Glob),
    /// The command matches `bare`, or `bare` followed by a space and anything (`with_args`).
    GlobPrefix { bare: Glob, with_args: Glob },
    /// The command's first word matches this glob (Cursor's `Shell(commandBase)`).
    FirstWord(Glob),
    /// Any of these matches.
    AnyOf(Vec<Pattern>),
    /// An ambiguous specifier: `restrict` is used by deny/ask rules, `grant` by allow rules.
    Split {
        restrict: Box<Pattern>,
        grant: Box<Pattern>,
    },
}

impl Pattern {
    /// An ambiguous specifier: everything for deny/ask, nothing for allow.
    pub fn unclear() -> Pattern {
        Pattern::Split {
            restrict: Box::new(Pattern::Any),
            grant: Box::new(Pattern::Never),
        }
    }

    /// Compiles the text inside Claude's `Bash(…)`.
    pub fn claude(specifier: &str) -> Pattern {
        let spec = normalize(specifier);
        let spec = spec.as_ref();
        if spec.is_empty() {
            // `Bash()`: Claude may read it as the bare tool; never let it grant anything.
            return Pattern::unclear();
        }
        if spec == "*" {
            return Pattern::Any;
        }
        if let Some(head) = spec.strip_suffix(":*") {
            let head = head.trim_end();
            if head.is_empty() {
                return Pattern::unclear();
            }
            if count_unescaped_stars(head) == 0 {
                return Pattern::Prefix(head.to_string());
            }
            // `git -C * diff:*`: Claude's legacy prefix form may take the inner `*` literally;
            // deny/ask read it as a glob, allow only literally.
            return Pattern::Split {
                restrict: Box::new(Pattern::glob_prefix(head, false)),
                grant: Box::new(Pattern::Prefix(head.to_string())),
            };
        }
        match count_unescaped_stars(spec) {
            0 => Pattern::Exact(spec.to_string()),
            // A space before the only star: `space *` can only be an unescaped star.
            1 if spec.ends_with(" *") => Pattern::Prefix(unescape(&spec[..spec.len() - 2])),
            _ => Pattern::Glob(Glob::compile(spec, GlobSyntax::Claude)),
        }
    }

    /// A word-boundary prefix (Gemini's `run_shell_command(x)`); empty → [`Pattern::unclear`].
    pub fn prefix(text: &str) -> Pattern {
        let text = normalize(text);
        if text.is_empty() {
            return Pattern::unclear();
        }
        Pattern::Prefix(text.into_owned())
    }

    /// `head` as a glob, optionally followed by a space and anything.
    fn glob_prefix(head: &str, question_mark: bool) -> Pattern {
        let syntax = if question_mark {
            GlobSyntax::StarAndQuestion
        } else {
            GlobSyntax::Claude
        };
        Pattern::GlobPrefix {
            bare: Glob::compile(head, syntax),
            with_args: Glob::compile(&format!("{head} *"), syntax),
        }
    }

    /// Cursor's `Shell(commandBase)`: the command's first token, `*`/`?` wildcards allowed.
    /// A base with spaces is not a single token: deny/ask read it as a prefix, allow never.
    pub fn cursor(command_base: &str) -> Pattern {
        let base = normalize(command_base);
        let base = base.as_ref();
        if base.is_empty() {
            return Pattern::unclear();
        }
        if base.contains(' ') {
            return Pattern::Split {
                restrict: Box::new(Pattern::glob_prefix(base, true)),
                grant: Box::new(Pattern::Never),
            };
        }
        Pattern::FirstWord(Glob::compile(base, GlobSyntax::StarAndQuestion))
    }

    /// A Droid `commandDenylist`/`commandBlocklist` entry: a word-boundary prefix; an entry
    /// with `*` also matches as a glob prefix (deny-only, so the broader reading is the safe one).
    pub fn droid(entry: &str) -> Pattern {
        let text = normalize(entry);
        let text = text.as_ref();
        if text.is_empty() {
            return Pattern::Never;
        }
        if text.contains('*') {
            return Pattern::AnyOf(vec![
                Pattern::Prefix(text.to_string()),
                Pattern::GlobPrefix {
                    bare: Glob::compile(text, GlobSyntax::Plain),
                    with_args: Glob::compile(&format!("{text} *"), GlobSyntax::Plain),
                },
            ]);
        }
        Pattern::Prefix(text.to_string())
    }

    /// An OpenCode `permission.bash` key (its `Wildcard.match`): `*` any characters, `?` one,
    /// anchored at both ends; a trailing ` *` also matches the bare head (`ls *` matches `ls`).
    pub fn opencode(key: &str) -> Pattern {
        let key = normalize(key);
        let key = key.as_ref();
        if key.is_empty() {
            return Pattern::unclear();
        }
        match key.strip_suffix(" *") {
            Some(head) => Pattern::glob_prefix(head, true),
            None => Pattern::Glob(Glob::compile(key, GlobSyntax::StarAndQuestion)),
        }
    }

    /// An omp `bash.patterns` entry's `match` (its glob: `*` any characters, nothing else
    /// special, anchored at both ends, whitespace runs as one space), read for restriction only:
    /// omp matches it against the whole line and against each segment of its own tokenizer,
    /// whose words lose their quotes. rtk judges per segment, so only a pattern whose matches
    /// always show in a segment is kept as a glob: no `*` but a trailing one, no shell control
    /// or quoting character, a first word that is not (the start of) a bash reserved word. It
    /// also matches any line holding a quote or backslash (omp's unquoted text could match where
    /// rtk's quoted text does not). Every other pattern is [`Pattern::unclear`]. `*` alone
    /// judges every line alike: None.
    pub fn omp(text: &str) -> Option<Pattern> {
        let text = normalize(text);
        let text = text.as_ref();
        if text == "*" {
            return None;
        }
        let head = text.strip_suffix('*').unwrap_or(text);
        let first = head.split(' ').next().unwrap_or("");
        let reserved = RESERVED_WORDS.iter().any(|w| w.starts_with(first));
        if head.is_empty()
            || head.contains('*')
            || head.contains([
                '\\', '\'', '"', '`', '$', ';', '&', '|', '(', ')', '<', '>', '{', '}', '[', ']',
                '!', '#', '\r',
            ])
            || reserved
        {
            return Some(Pattern::unclear());
        }
        let quoted =
            ["*\"*", "*'*", "*\\*"].map(|q| Pattern::Glob(Glob::compile(q, GlobSyntax::Plain)));
        let mut all = vec![Pattern::Glob(Glob::compile(text, GlobSyntax::Plain))];
        all.extend(quoted);
        Some(Pattern::AnyOf(all))
    }

    /// Does `command` match? `command` must already be [`normalize`]d.
    pub fn matches(&self, command: &str, usage: MatchUse) -> bool {
        match self {
            Pattern::Any => true,
            Pattern::Never => false,
            Pattern::Exact(text) => command == text,
            Pattern::Prefix(text) => is_word_prefix(command, text),
            Pattern::Glob(glob) => glob.matches(command),
            Pattern::GlobPrefix { bare, with_args } => {
                bare.matches(command) || with_args.matches(command)
            }
            Pattern::FirstWord(glob) => {
                let first = command.split(' ').next().unwrap_or("");
                !first.is_empty() && glob.matches(first)
            }
            Pattern::AnyOf(all) => all.iter().any(|p| p.matches(command, usage)),
            Pattern::Split { restrict, grant } => match usage {
                MatchUse::Restrict => restrict.matches(command, usage),
                MatchUse::Grant => grant.matches(command, usage),
            },
        }
    }
}

/// `command` is `prefix` or starts with `prefix` + space.
fn is_word_prefix(command: &str, prefix: &str) -> bool {
    match command.strip_prefix(prefix) {
        Some(rest) => rest.is_empty() || rest.starts_with(' '),
        None => false,
    }
}

/// Collapses runs of space, tab and LF to one space and trims; CR and everything else is kept.
/// Borrows when the text is already normalized (the common case on the hook path).
pub fn normalize(text: &str) -> Cow<'_, str> {
    let is_ws = |c: char| c == ' ' || c == '\t' || c == '\n';
    let already = !text.starts_with(is_ws)
        && !text.ends_with(is_ws)
        && !text.contains(['\t', '\n'])
        && !text.contains("  ");
    if already {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for word in text.split(is_ws).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    Cow::Owned(out)
}

/// Bash's reserved words (and `[[`): a line starting with one starts with no command.
const RESERVED_WORDS: [&str; 22] = [
    "!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for",
    "function", "if", "in", "select", "then", "time", "until", "while",
];

fn count_unescaped_stars(text: &str) -> usize {
    let mut count = 0;
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => {
                bytes.next();
            }
            b'*' => count += 1,
            _ => {}
        }
    }
    count
}

/// Resolves Claude's `\*` and `\\` escapes; any other backslash stays literal.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('*' | '\\')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// Which wildcard syntax a glob is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobSyntax {
    /// `*` only; `\*` and `\\` escapes (Claude).
    Claude,
    /// `*` and `?`, no escapes (Cursor).
    StarAndQuestion,
    /// `*` only, no escapes (Droid).
    Plain,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Byte(u8),
    Star,
    OneChar,
}

/// A compiled whole-string glob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob {
    toks: Vec<Tok>,
}

impl Glob {
    pub fn compile(text: &str, syntax: GlobSyntax) -> Glob {
        let bytes = text.as_bytes();
        let mut toks = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b'\\'
                    if syntax == GlobSyntax::Claude
                        && matches!(bytes.get(i + 1), Some(b'*' | b'\\')) =>
                {
                    toks.push(Tok::Byte(bytes[i + 1]));
                    i += 2;
                    continue;
                }
                b'*' => {
                    // Consecutive stars are one star.
                    if toks.last() != Some(&Tok::Star) {
                        toks.push(Tok::Star);
                    }
                }
                b'?' if syntax == GlobSyntax::StarAndQuestion => toks.push(Tok::OneChar),
                _ => toks.push(Tok::Byte(b)),
            }
            i += 1;
        }
        Glob { toks }
    }

    /// Two-pointer wildcard match with a single backtrack point: O(len·pattern) worst case.
    pub fn matches(&self, text: &str) -> bool {
        let t = text.as_bytes();
        let p = &self.toks;
        let (mut ti, mut pi) = (0usize, 0usize);
        let mut star: Option<(usize, usize)> = None;
        while ti < t.len() {
            match p.get(pi) {
                Some(Tok::Byte(b)) if *b == t[ti] => {
                    ti += 1;
                    pi += 1;
                }
                Some(Tok::OneChar) => {
                    ti += utf8_len(t[ti]);
                    pi += 1;
                }
                Some(Tok::Star) => {
                    star = Some((pi, ti));
                    pi += 1;
                }
                _ => match star {
                    Some((sp, st)) => {
                        let next = st + utf8_len(t[st]);
                        star = Some((sp, next));
                        pi = sp + 1;
                        ti = next;
                    }
                    None => return false,
                },
            }
        }
        p[pi.min(p.len())..].iter().all(|tok| *tok == Tok::Star)
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
#[path = "pattern_tests.rs"]
mod tests;
