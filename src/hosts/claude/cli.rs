//! Claude Code rules given on its command line: `--allowedTools` / `--disallowedTools` (also
//! `--allowed-tools`, `--disallowed-tools`, `=` forms), each a comma- or space-separated list of
//! entries like `Bash(git *)`; and `--settings <file or JSON>`, which can add any rule. Read from
//! the command lines of rtk's ancestor processes (the hook runs under `/bin/sh -c` started by
//! Claude), up to and including the first `claude` process. A `--settings` rtk does not follow
//! becomes a catch-all ask rule: the hook leaves every command to Claude.
//!
//! GitHub Copilot CLI (whose hook reads Claude-format rules) is read the same way, up to the
//! first `copilot` process: each `--deny-tool` and `--allow-tool` for the shell (`shell` alone:
//! every command; `shell(git push)`: that command prefix, on a word boundary) becomes a deny
//! rule, which makes the hook step aside: Copilot then judges the original command with its own
//! rule (a rewritten `rtk git push` would match neither: the deny would not fire, and the allow
//! would turn into a prompt).

use std::path::Path;

use super::rules::parse_entry;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::{LoadedRules, Rule};
use crate::hooks::rule_files::FileRules;

/// How many ancestors are looked at (sh, claude, and a wrapper or two).
const LEVELS: usize = 6;

/// Where these rules say they came from.
pub const SOURCE: &str = "<claude command line>";

/// Replaces the ancestors' command lines (tests, hermetic runs): one argv, words separated by
/// newlines; empty → no command line at all.
pub const OVERRIDE: &str = "RTK_CLAUDE_CMDLINE";

/// Adds the rules of the nearest Claude command line among the ancestors to `loaded`.
pub fn load(loaded: &mut LoadedRules, env: &crate::env::Env) {
    let lines = match env.var_os_set(OVERRIDE) {
        Some(text) => vec![text.lines().map(str::to_string).collect()],
        None => crate::os::ancestors::ancestor_args(LEVELS),
    };
    for argv in lines {
        let program = argv.first().map(|a| crate::shell::basename(a));
        if program == Some("copilot") {
            add_copilot_args(loaded, &argv);
            return;
        }
        if add_args(loaded, &argv) || program == Some("claude") {
            return;
        }
    }
}

/// Where Copilot's command-line rules say they came from.
pub const COPILOT_SOURCE: &str = "<copilot command line>";

/// Reads a Copilot CLI command line's `--deny-tool` / `--allow-tool` options (`--deny-tool X`,
/// `--deny-tool=X`) as step-aside rules, and records in `loaded.files` that it was read.
pub fn add_copilot_args(loaded: &mut LoadedRules, argv: &[String]) {
    // Recorded even without rules: Copilot's read-only table applies only once rtk has seen
    // that command line (`hosts::copilot::read_only::gate`).
    loaded.files.push(COPILOT_SOURCE.into());
    let mut rules = FileRules::new(Path::new(COPILOT_SOURCE));
    let mut words = argv.iter().skip(1);
    while let Some(arg) = words.next() {
        let Some((flag, rest)) = ["--deny-tool", "--allow-tool"]
            .into_iter()
            .find_map(|f| arg.strip_prefix(f).map(|rest| (f, rest)))
        else {
            continue;
        };
        let value = match rest {
            "" => words.next().map(String::as_str),
            inline => inline.strip_prefix('='),
        };
        let Some(value) = value else { continue };
        for spec in value.split(',').map(str::trim) {
            if let Some(pattern) = copilot_shell_pattern(spec) {
                let text = format!("{flag} {spec}");
                rules
                    .rules
                    .deny
                    .push(Rule::new(text, COPILOT_SOURCE, pattern));
            }
        }
    }
    rules.finish(loaded);
}

/// The commands a Copilot tool spec names: `shell` → all, `shell(<prefix>)` (a trailing `:*`
/// allowed) → that prefix; other tools (`write`, MCP servers) → None.
fn copilot_shell_pattern(spec: &str) -> Option<Pattern> {
    if spec == "shell" {
        return Some(Pattern::Any);
    }
    let inner = spec.strip_prefix("shell(")?.strip_suffix(')')?;
    let inner = inner.strip_suffix(":*").unwrap_or(inner).trim();
    Some(if inner.is_empty() {
        Pattern::Any
    } else {
        Pattern::droid(inner)
    })
}

/// Reads one command line; true when it held Claude permission flags.
pub fn add_args(loaded: &mut LoadedRules, argv: &[String]) -> bool {
    let mut rules = FileRules::new(Path::new(SOURCE));
    let mut found = false;
    let mut i = 0;
    while i < argv.len() {
        let arg = argv[i].as_str();
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        let deny = match flag {
            "--disallowedTools" | "--disallowed-tools" => true,
            "--allowedTools" | "--allowed-tools" => false,
            "--settings" => {
                found = true;
                rules.rules.ask.push(Rule::new(
                    "--settings (not read by rtk)",
                    SOURCE,
                    Pattern::unclear(),
                ));
                i += 1;
                continue;
            }
            _ => {
                i += 1;
                continue;
            }
        };
        found = true;
        let mut values: Vec<&str> = inline.into_iter().collect();
        i += 1;
        if inline.is_none() {
            while i < argv.len() && !argv[i].starts_with('-') {
                values.push(&argv[i]);
                i += 1;
            }
        }
        for value in values {
            for entry in split_entries(value) {
                match parse_entry(entry) {
                    Ok(Some(p)) => {
                        let rule = Rule::new(entry, SOURCE, p);
                        if deny {
                            rules.rules.deny.push(rule);
                        } else {
                            rules.rules.allow.push(rule);
                        }
                    }
                    Ok(None) if deny => rules
                        .rules
                        .files
                        .extend(crate::hooks::paths::file_rule(entry, Path::new(SOURCE))),
                    Ok(None) => {}
                    Err(why) => rules.problem(why),
                }
            }
        }
    }
    if found {
        rules.finish(loaded);
    }
    found
}

/// Splits on commas and whitespace outside parentheses (`Bash(git *), Edit` → two entries).
fn split_entries(value: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in value.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' | ' ' | '\t' | '\n' if depth == 0 => {
                if start < i {
                    out.push(&value[start..i]);
                }
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    if start < value.len() {
        out.push(&value[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::permissions::PermissionVerdict;
    use crate::shell::PermissionForms;

    fn judge(loaded: &LoadedRules, cmd: &str) -> PermissionVerdict {
        let forms = PermissionForms {
            exact: cmd.into(),
            variants: vec![],
        };
        loaded.rules.judge(&forms).0
    }

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn allowed_and_disallowed_tools_become_rules() {
        let mut loaded = LoadedRules::default();
        assert!(add_args(
            &mut loaded,
            &argv(&[
                "claude",
                "-p",
                "hi",
                "--allowedTools",
                "Bash(git status), Edit",
                "Bash(ls:*)",
                "--disallowed-tools=Bash(git push:*),Read",
                "--output-format",
                "json",
            ])
        ));
        assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Allow);
        assert_eq!(judge(&loaded, "ls -la"), PermissionVerdict::Allow);
        assert_eq!(judge(&loaded, "git push origin"), PermissionVerdict::Deny);
        assert_eq!(judge(&loaded, "json"), PermissionVerdict::Default);
        // A disallowed file tool is a file rule (issue 36); an allowed one is nothing.
        let files: Vec<(&str, &str)> = loaded
            .rules
            .files
            .iter()
            .map(|r| (r.text.as_str(), r.spec.as_str()))
            .collect();
        assert_eq!(files, [("Read", "**")]);
        assert_eq!(
            split_entries("Bash(git *) Edit,Read"),
            ["Bash(git *)", "Edit", "Read"]
        );
    }

    #[test]
    fn settings_flag_leaves_everything_to_claude_and_plain_args_add_nothing() {
        let mut loaded = LoadedRules::default();
        assert!(add_args(
            &mut loaded,
            &argv(&["claude", "--settings", "{\"permissions\":{}}"])
        ));
        assert_eq!(judge(&loaded, "git status"), PermissionVerdict::Ask);
        let mut loaded = LoadedRules::default();
        assert!(!add_args(&mut loaded, &argv(&["claude", "-p", "hello"])));
        assert!(loaded.rules.is_empty());
    }
}
