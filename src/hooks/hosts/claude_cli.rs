//! Claude Code rules given on its command line: `--allowedTools` / `--disallowedTools` (also
//! `--allowed-tools`, `--disallowed-tools`, `=` forms), each a comma- or space-separated list of
//! entries like `Bash(git *)`; and `--settings <file or JSON>`, which can add any rule. Read from
//! the command lines of rtk's ancestor processes (the hook runs under `/bin/sh -c` started by
//! Claude), up to and including the first `claude` process. A `--settings` rtk does not follow
//! becomes a catch-all ask rule: the hook leaves every command to Claude.

use std::path::Path;

use super::{claude::parse_entry, FileRules};
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::{LoadedRules, Rule};

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
        None => super::platform::ancestor_args(LEVELS),
    };
    for argv in lines {
        let is_claude = argv
            .first()
            .is_some_and(|a| crate::shell::basename(a) == "claude");
        if add_args(loaded, &argv) || is_claude {
            return;
        }
    }
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
