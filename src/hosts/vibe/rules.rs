//! Mistral Vibe's `[tools.bash]` rules, read only to answer one question: would Vibe reach the
//! same verdict on the rewritten line (`rtk git show`) as on the original (`git show`)?
//!
//! Vibe (3.0.2, `vibe/core/tools/builtins/bash.py`) judges the line its pre_tool hook hands
//! back, not the one the model wrote: each simple command is checked against `denylist`
//! (prefix: `p` or `p …`), `denylist_standalone` (a one-word command), `sensitive_patterns`
//! (first word), its option guardrails (`git diff|log|status` and some options of `find`,
//! `sort`, `wc`, … ask), paths outside the workdir (ask), then `allowlist` (prefix) or
//! `permission = "always"`. `rtk` is on none of Vibe's tables, so a rewrite keeps the verdict
//! only where both lines are settled as "allow" by the rules alone (an "ask" would go to Vibe's
//! smart-approve classifier in that mode, which reads the text: rtk cannot tell what it says).
//!
//! Conservative by construction: anything this module does not model (a quoted or expanded
//! word, a redirect, a guardrailed command or option, a path that may lie outside the workdir,
//! a project `.vibe/config.toml` whose trust rtk cannot check, `VIBE_TOOLS*` variables, a
//! managed (admin) config) makes the answer "cannot tell", and the hook steps aside.

use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::shell::{self, CommandKind};

/// Vibe's defaults (`_get_default_allowlist` & co, POSIX shell).
const DEFAULT_ALLOW: &[&str] = &[
    "cd",
    "echo",
    "git diff",
    "git log",
    "git status",
    "tree",
    "whoami",
    "basename",
    "cat",
    "comm",
    "cut",
    "date",
    "diff",
    "dirname",
    "du",
    "file",
    "find",
    "fmt",
    "fold",
    "grep",
    "head",
    "join",
    "less",
    "ls",
    "md5sum",
    "more",
    "nl",
    "od",
    "paste",
    "pwd",
    "readlink",
    "sha1sum",
    "sha256sum",
    "shasum",
    "sort",
    "stat",
    "sum",
    "tac",
    "tail",
    "tr",
    "uname",
    "uniq",
    "wc",
    "which",
];
const DEFAULT_DENY: &[&str] = &[
    "gdb", "pdb", "passwd", "nano", "vim", "vi", "emacs", "bash -i", "sh -i", "zsh -i", "fish -i",
    "dash -i", "screen", "tmux",
];
const DEFAULT_STANDALONE: &[&str] = &[
    "python", "python3", "ipython", "bash", "sh", "nohup", "vi", "vim", "emacs", "nano", "su",
];
const DEFAULT_SENSITIVE: &[&str] = &["sudo"];

/// Commands whose options (or, for `git diff|log|status`, repository config) Vibe's guardrails
/// may turn into an ask (`_OPTION_GATED_COMMANDS`); the rtk form of them is never guardrailed.
const GATED: &[&str] = &[
    "date",
    "du",
    "file",
    "find",
    "git",
    "less",
    "md5sum",
    "more",
    "sha1sum",
    "sha256sum",
    "shasum",
    "sort",
    "tree",
    "uniq",
    "wc",
];
/// `git` subcommands whose run Vibe checks against the repository's config.
const GIT_INSPECTED: &[&str] = &["diff", "log", "status"];

/// Vibe's verdict on one line (or one of its commands), as its rules alone settle it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Allow,
    Ask,
    Deny,
}

/// The `[tools.bash]` settings that judge a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BashRules {
    pub allowlist: Vec<String>,
    pub denylist: Vec<String>,
    pub denylist_standalone: Vec<String>,
    pub sensitive: Vec<String>,
    /// `permission = "always"`.
    pub always: bool,
}

impl Default for BashRules {
    fn default() -> Self {
        let own = |l: &[&str]| l.iter().map(|s| s.to_string()).collect();
        BashRules {
            allowlist: own(DEFAULT_ALLOW),
            denylist: own(DEFAULT_DENY),
            denylist_standalone: own(DEFAULT_STANDALONE),
            sensitive: own(DEFAULT_SENSITIVE),
            always: false,
        }
    }
}

impl BashRules {
    /// These rules with the keys a config file's `[tools.bash]` sets (Vibe deep-merges its
    /// layers: a list set in a higher layer replaces the lower one).
    fn overlay(&self, table: &toml::Table) -> Result<BashRules, String> {
        let mut out = self.clone();
        let Some(bash) = table.get("tools").and_then(|t| t.get("bash")) else {
            return Ok(out);
        };
        let bash = bash.as_table().ok_or("`tools.bash` is not a table")?;
        for (key, slot) in [
            ("allowlist", &mut out.allowlist),
            ("denylist", &mut out.denylist),
            ("denylist_standalone", &mut out.denylist_standalone),
            ("sensitive_patterns", &mut out.sensitive),
        ] {
            if let Some(v) = bash.get(key) {
                *slot = v
                    .as_array()
                    .and_then(|a| a.iter().map(|s| s.as_str().map(String::from)).collect())
                    .ok_or(format!("`tools.bash.{key}` is not a list of strings"))?;
            }
        }
        if let Some(p) = bash.get("permission") {
            match p.as_str() {
                Some("always") => out.always = true,
                Some("ask") => out.always = false,
                _ => return Err("`tools.bash.permission` is neither \"ask\" nor \"always\"".into()),
            }
        }
        Ok(out)
    }
}

fn prefix_match(part: &str, pattern: &str) -> bool {
    part == pattern || part.starts_with(&format!("{pattern} "))
}

/// A word Vibe could read as a path outside the workdir: absolute, home-relative, or going up.
fn may_leave_workdir(word: &str) -> bool {
    let value = word.split_once('=').map_or(word, |(_, v)| v);
    value.starts_with('/')
        || value.starts_with('~')
        || value.contains('\\')
        || value.split('/').any(|c| c == "..")
}

/// Vibe's verdict on one simple command given as its words, or `None` when its guardrails or
/// path checks may decide in a way not modelled here.
fn judge_command(words: &[String], rules: &BashRules) -> Option<Verdict> {
    let part = words.join(" ");
    if rules.denylist.iter().any(|p| prefix_match(&part, p)) {
        return Some(Verdict::Deny);
    }
    if words.len() == 1 {
        let name = Path::new(&words[0])
            .file_name()
            .map_or(words[0].as_str(), |n| n.to_str().unwrap_or(""));
        if rules
            .denylist_standalone
            .iter()
            .any(|s| s == name || s == &words[0])
        {
            return Some(Verdict::Deny);
        }
    }
    let name = words[0].rsplit('/').next().unwrap_or("").to_lowercase();
    if GATED.contains(&name.as_str()) {
        let args = &words[1..];
        let git_inspected = name == "git"
            && args
                .first()
                .is_some_and(|s| GIT_INSPECTED.contains(&s.to_lowercase().as_str()));
        // `git`'s guardrails are only for the subcommands it inspects (`_git_policy`).
        let optioned = name != "git"
            && args
                .iter()
                .any(|a| a.starts_with('-') || a.starts_with('+'));
        if git_inspected || optioned || (name == "date" && !args.is_empty()) {
            return None;
        }
    }
    if words.iter().skip(1).any(|w| may_leave_workdir(w)) {
        return None;
    }
    if rules.sensitive.iter().any(|s| s == &words[0]) {
        return Some(Verdict::Ask);
    }
    if rules.always || rules.allowlist.iter().any(|p| prefix_match(&part, p)) {
        return Some(Verdict::Allow);
    }
    Some(Verdict::Ask)
}

/// Vibe's verdict on a whole line, or `None` when it is not a plain list of simple commands
/// of literal words (Vibe's own reading of anything else is not modelled).
pub fn judge_line(line: &str, rules: &BashRules) -> Option<Verdict> {
    let parsed = shell::parse(line);
    if !parsed.is_attestable()
        || parsed.has_shell_wrapper
        || parsed.not_plain.is_some()
        || parsed.commands.is_empty()
    {
        return None;
    }
    let mut verdict = Verdict::Allow;
    for c in &parsed.commands {
        let plain = c.kind == CommandKind::Simple
            && c.assignments.is_empty()
            && !c.has_redirect
            && !c.words.is_empty()
            && c.words.iter().all(|w| w.literal && w.text == w.value);
        if !plain {
            return None;
        }
        let words: Vec<String> = c.words.iter().map(|w| w.value.clone()).collect();
        verdict = verdict.max(judge_command(&words, rules)?);
    }
    Some(verdict)
}

/// The `rtk P` entries to add next to allowlist entries `P` so that Vibe allows the rtk form
/// exactly where it allows the original: only for a program rtk filters (`covered`), that no
/// Vibe guardrail inspects (its rtk form never is), and that no denylist, standalone or
/// sensitive entry names (the rtk form would slip past it). Empty under `permission =
/// "always"` (everything is allowed already).
pub fn rtk_forms_to_allow(rules: &BashRules, covered: &dyn Fn(&str) -> bool) -> Vec<String> {
    if rules.always {
        return Vec::new();
    }
    let first = |p: &str| p.split_whitespace().next().unwrap_or("").to_string();
    let guarded: Vec<String> = rules
        .denylist
        .iter()
        .chain(&rules.denylist_standalone)
        .chain(&rules.sensitive)
        .map(|d| first(d))
        .collect();
    rules
        .allowlist
        .iter()
        .filter(|p| {
            let w = first(p);
            !w.is_empty()
                && w != "rtk"
                && !GATED.contains(&w.as_str())
                && !guarded.contains(&w)
                && covered(&w)
                && !rules.allowlist.contains(&format!("rtk {p}"))
        })
        .map(|p| format!("rtk {p}"))
        .collect()
}

/// The user's Vibe config file (`$VIBE_HOME/config.toml`, else `~/.vibe/config.toml`).
pub fn user_config(env: &Env) -> Option<PathBuf> {
    vibe_home(env).map(|h| h.join("config.toml"))
}

/// `$VIBE_HOME`, else `~/.vibe`.
fn vibe_home(env: &Env) -> Option<PathBuf> {
    env.path_var("VIBE_HOME")
        .or_else(|| env.home().map(|h| h.join(".vibe")))
}

fn read_table(path: &Path) -> Result<Option<toml::Table>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .parse::<toml::Table>()
            .map(Some)
            .map_err(|e| format!("{} is not valid TOML ({e})", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The rule sets Vibe may apply in `env`: the user's config, and with the nearest project
/// `.vibe/config.toml` over it (Vibe applies that one only in a trusted folder, which rtk does
/// not check: both must agree). Err: something rtk cannot read or model.
pub fn load(env: &Env) -> Result<Vec<BashRules>, String> {
    if let Some(name) = env
        .var_names()
        .find(|n| n.to_ascii_uppercase().starts_with("VIBE_TOOLS"))
    {
        return Err(format!("${name} may set Vibe's tool rules"));
    }
    let home = vibe_home(env).ok_or("no home folder")?;
    let managed = home.join("managed_config_cache.json");
    if managed.exists() {
        return Err(format!(
            "{} (a managed config) is present",
            managed.display()
        ));
    }
    let mut user = BashRules::default();
    if let Some(t) = read_table(&home.join("config.toml"))? {
        user = user.overlay(&t)?;
    }
    let stop = home.parent().map(Path::to_path_buf);
    let project = env
        .cwd()
        .ancestors()
        .take_while(|d| Some(d.to_path_buf()) != stop)
        .map(|d| d.join(".vibe/config.toml"))
        .find(|p| p.is_file());
    let mut sets = vec![user.clone()];
    if let Some(p) = project {
        if let Some(t) = read_table(&p)? {
            sets.push(user.overlay(&t)?);
        }
    }
    Ok(sets)
}

/// Why the rewrite of `original` to `rewritten` might change Vibe's verdict (`None`: it
/// cannot — both lines are allowed by every rule set Vibe may apply).
pub fn verdict_changes(sets: &[BashRules], original: &str, rewritten: &str) -> Option<String> {
    for rules in sets {
        let before = judge_line(original, rules);
        let after = judge_line(rewritten, rules);
        match (before, after) {
            (Some(Verdict::Allow), Some(Verdict::Allow)) => {}
            (None, _) | (_, None) => {
                return Some("Vibe's guardrails or path checks may decide this line".into())
            }
            (Some(b), Some(a)) => {
                return Some(format!(
                "Vibe's [tools.bash] rules give {b:?} for the original and {a:?} for the rtk form"
            ))
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
