//! VS Code's terminal auto-approve rules (`chat.tools.terminal.autoApprove`), as VS Code reads
//! them (`commandLineAutoApprover.ts`, docs/guide/getting-started/supported-agents.md, section
//! "VS Code Copilot Chat"), reduced to the one question rtk asks: could a rule tell the
//! original line and its `rtk` form apart?
//!
//! VS Code judges the line the hook hands back (`updatedInput` replaces the tool input before
//! the terminal tool prepares it), so a rewrite keeps VS Code's verdict only where no rule
//! treats the two forms differently. A key is a plain command prefix (`"git status"` →
//! `^git status\b`, a path-like key matching either separator and an optional leading `./`) or
//! a JavaScript regular expression (`"/^cargo\b/i"`); each is tried on every simple command
//! ("sub-command") and, with `matchCommandLine`, on the whole line.
//!
//! [`parity`] tries every rule on the commands the rewrite changed (both forms), or with
//! `matchCommandLine` on both whole lines: a rule that matches none of them is neutral; a deny
//! rule (`false`) that matches all of them denies both alike; anything else — any allow rule
//! that matches (it could release the `rtk` form from a deny rule rtk does not know), any
//! partial match, a regex the `regex` crate reads differently or not at all, a line that is not
//! ASCII — is a difference rtk cannot rule out. A command the rewrite left unchanged gets the
//! same answer from every rule and is not tried.

use regex::bytes::{Regex, RegexBuilder};
use serde_json::Value;

/// VS Code's default rules, the union of every release read (the keys only: a default rule
/// that matches either form means the verdicts may differ, whatever its value). Sources and
/// commits: docs/guide/getting-started/supported-agents.md, "VS Code Copilot Chat".
pub const DEFAULT_KEYS: &[&str] = &[
    "cd",
    "echo",
    "ls",
    "pwd",
    "cat",
    "head",
    "tail",
    "grep",
    "findstr",
    "wc",
    "sort",
    "uniq",
    "tr",
    "cut",
    "cmp",
    "tree",
    "column",
    "which",
    "date",
    "time",
    "env",
    "printenv",
    "uname",
    "hostname",
    "ps",
    "whoami",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "stat",
    "file",
    "du",
    "df",
    "jq",
    "sleep",
    "nl",
    "git status",
    "git log",
    "git show",
    "git diff",
    "git grep",
    "git branch",
    "find",
    "top",
    "rg",
    "sed",
    "rm",
    "rmdir",
    "del",
    "dd",
    "rd",
    "ri",
    "erase",
    "kill",
    "taskkill",
    "taskkill.exe",
    "spps",
    "curl",
    "wget",
    "irm",
    "iwr",
    "chmod",
    "chown",
    "sp",
    "xargs",
    "eval",
    "iex",
    "Start-Sleep",
    "Get-ChildItem",
    "Get-Content",
    "Get-Date",
    "Get-Random",
    "Get-Location",
    "Write-Host",
    "Write-Output",
    "Split-Path",
    "Join-Path",
    "Where-Object",
    "Remove-Item",
    "Stop-Process",
    "Invoke-RestMethod",
    "Invoke-WebRequest",
    "Set-ItemProperty",
    "Set-Acl",
    "Invoke-Expression",
    "/Get-[a-z0-9]/i",
    "/Select-[a-z0-9]/i",
    "/Measure-[a-z0-9]/i",
    "/Compare-[a-z0-9]/i",
    "/Format-[a-z0-9]/i",
    "/Sort-[a-z0-9]/i",
];

/// One rule as VS Code keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VsRule {
    /// The key as written (a prefix or `/regex/flags`).
    pub key: String,
    /// `true` approve, `false` require approval (a deny rule).
    pub approve: bool,
    /// `matchCommandLine`: tried on the whole line instead of each simple command.
    pub line: bool,
    /// Where it came from (a settings file, or "VS Code default").
    pub source: String,
}

/// The rules of one `autoApprove` object: `key: bool` or `key: {approve, matchCommandLine}`;
/// `null` unsets and is skipped. Err for any other value (rtk cannot tell what VS Code does).
pub fn rules_of(value: &Value, source: &str) -> Result<Vec<VsRule>, String> {
    let Value::Object(map) = value else {
        return Err(format!(
            "{source}: an auto-approve setting that is not an object"
        ));
    };
    let mut rules = Vec::new();
    for (key, v) in map {
        let (approve, line) = match v {
            Value::Null => continue,
            Value::Bool(b) => (*b, false),
            Value::Object(o) => match (o.get("approve"), o.get("matchCommandLine")) {
                (Some(Value::Null) | None, _) => continue,
                (Some(Value::Bool(b)), Some(Value::Bool(l))) => (*b, *l),
                (Some(Value::Bool(b)), Some(Value::Null) | None) => (*b, false),
                _ => return Err(format!("{source}: rule '{key}' has an unreadable value")),
            },
            _ => return Err(format!("{source}: rule '{key}' has an unreadable value")),
        };
        rules.push(VsRule {
            key: key.clone(),
            approve,
            line,
            source: source.to_string(),
        });
    }
    Ok(rules)
}

/// The default rules as [`VsRule`]s (their value does not matter: see [`DEFAULT_KEYS`]).
pub fn default_rules() -> Vec<VsRule> {
    DEFAULT_KEYS
        .iter()
        .map(|k| VsRule {
            key: (*k).to_string(),
            approve: true,
            line: false,
            source: "VS Code default".into(),
        })
        .collect()
}

/// The key as the regexes VS Code tests: as written and case-insensitive (PowerShell uses the
/// latter); `Ok(None)` for a key VS Code never matches (empty); Err when rtk cannot read it the
/// way JavaScript does.
fn regexes(key: &str) -> Result<Option<[Regex; 2]>, String> {
    let build = |pattern: &str, flags: &str| -> Result<[Regex; 2], String> {
        let mut out = Vec::new();
        for insensitive in [false, true] {
            let mut b = RegexBuilder::new(pattern);
            b.unicode(false)
                .case_insensitive(insensitive || flags.contains('i'))
                .multi_line(flags.contains('m'))
                .dot_matches_new_line(flags.contains('s'));
            out.push(b.build().map_err(|e| format!("regex '{key}': {e}"))?);
        }
        let [a, b]: [Regex; 2] = out.try_into().expect("two regexes");
        Ok([a, b])
    };
    if let Some(rest) = key.strip_prefix('/') {
        if let Some(end) = rest.rfind('/') {
            let (pattern, flags) = (&rest[..end], &rest[end + 1..]);
            if !pattern.is_empty() && flags.chars().all(|c| "dgimsuvy".contains(c)) {
                // `y` (sticky) and `v` change matching in ways rtk does not imitate.
                if flags.contains('y') || flags.contains('v') {
                    return Err(format!("regex '{key}': flag not imitated"));
                }
                return build(pattern, flags).map(Some);
            }
        }
    }
    if key.is_empty() {
        return Ok(None);
    }
    let pattern = if key.contains('/') || key.contains('\\') {
        let parts: Vec<String> = key.split(['/', '\\']).map(regex::escape).collect();
        format!("^(?:\\.[/\\\\])?{}", parts.join("[/\\\\]"))
    } else {
        regex::escape(key)
    };
    build(&format!("^{pattern}\\b"), "").map(Some)
}

/// How one rule treats the pieces of both forms.
#[derive(Debug, PartialEq, Eq)]
enum Reach {
    None,
    All,
    Some,
}

fn reach(key: &str, pieces: &[&str]) -> Result<Reach, String> {
    let Some(res) = regexes(key)? else {
        return Ok(Reach::None);
    };
    let hits: Vec<bool> = pieces
        .iter()
        .flat_map(|p| res.iter().map(move |r| r.is_match(p.as_bytes())))
        .collect();
    Ok(if hits.iter().all(|h| !h) {
        Reach::None
    } else if hits.iter().all(|h| *h) {
        Reach::All
    } else {
        Reach::Some
    })
}

/// The two forms of one line: the whole lines and their simple commands, paired in order
/// (the rewrite prefixes commands, it does not add or remove any).
pub struct Forms<'a> {
    pub lines: [&'a str; 2],
    pub commands: Vec<[&'a str; 2]>,
}

/// Ok when no rule can tell the two forms apart. A rule is tried where VS Code tries it: on
/// each simple command (a command the rewrite left as it was gets the same answer from every
/// rule, known or not, and is skipped), or with `matchCommandLine` on the whole lines. Err
/// names the first rule that could tell them apart (or why rtk cannot tell).
pub fn parity(rules: &[VsRule], forms: &Forms) -> Result<(), String> {
    let mut changed: Vec<&str> = Vec::new();
    for [o, r] in &forms.commands {
        if o != r {
            changed.extend([*o, *r]);
        }
    }
    if forms.lines.iter().chain(&changed).any(|p| !p.is_ascii()) {
        return Err(
            "a command that is not ASCII (rtk imitates VS Code's regexes on ASCII only)".into(),
        );
    }
    for rule in rules {
        let targets: &[&str] = if rule.line { &forms.lines } else { &changed };
        if targets.is_empty() {
            continue;
        }
        match reach(&rule.key, targets)? {
            Reach::None => {}
            Reach::All if !rule.approve => {}
            _ => {
                return Err(format!(
                    "VS Code rule '{}' ({}) matches this command",
                    rule.key, rule.source
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn matches(key: &str, s: &str) -> bool {
        regexes(key)
            .unwrap()
            .is_some_and(|[a, _]| a.is_match(s.as_bytes()))
    }

    #[test]
    fn keys_convert_as_vs_code_converts_them() {
        // Plain prefixes end at a word boundary.
        assert!(matches("git status", "git status --short"));
        assert!(!matches("git status", "git statusx"));
        assert!(!matches("git", "rtk git status"));
        assert!(matches("rtk", "rtk git status"));
        assert!(!matches("cargo", "rtk cargo test"));
        // Path-like keys: either separator, an optional leading `./`.
        assert!(matches("bin/test.sh", "./bin/test.sh -v"));
        assert!(matches("bin/test.sh", "bin\\test.sh"));
        // Regexes with flags; `/.*/` matches everything, unanchored ones anywhere.
        assert!(matches("/^CARGO/i", "cargo test"));
        assert!(matches("/.*/", "rtk cargo test"));
        assert!(matches("/test/", "rtk cargo test"));
        assert!(matches("/^git (status|show\\b.*)$/", "git show HEAD"));
        // Empty keys never match; lookarounds are not imitated.
        assert!(regexes("").unwrap().is_none());
        assert!(regexes("/(?!rtk)cargo/").is_err());
        assert!(regexes("/x/y").is_err());
    }

    fn forms<'a>(lines: [&'a str; 2], commands: &[[&'a str; 2]]) -> Forms<'a> {
        Forms {
            lines,
            commands: commands.to_vec(),
        }
    }

    #[test]
    fn parity_steps_aside_whenever_a_rule_could_differ() {
        let cargo = forms(
            ["cargo test", "rtk cargo test"],
            &[["cargo test", "rtk cargo test"]],
        );
        let rule = |key: &str, approve: bool, line: bool| VsRule {
            key: key.into(),
            approve,
            line,
            source: "test".into(),
        };
        assert_eq!(parity(&default_rules(), &cargo), Ok(()));
        // A default rule on either form: `git status` is auto-approved, `rtk git status` not.
        let status = forms(
            ["git status", "rtk git status"],
            &[["git status", "rtk git status"]],
        );
        assert!(parity(&default_rules(), &status).is_err());
        // A command the rewrite left alone answers the same to every rule: `cd` and `tail`
        // are default rules, yet both lines get VS Code's same verdict.
        let cd = forms(
            [
                "cd app && cargo test 2>&1 | tail -5",
                "cd app && rtk cargo test 2>&1 | tail -5",
            ],
            &[
                ["cd app", "cd app"],
                ["cargo test", "rtk cargo test"],
                ["tail -5", "tail -5"],
            ],
        );
        assert_eq!(parity(&default_rules(), &cd), Ok(()));
        for (key, approve, line) in [
            ("cargo", true, false),
            ("cargo test", false, false),
            ("rtk", true, false),
            ("/.*/", true, false),
            ("/test/", true, false),
            ("/^cargo/", false, false),
            ("/^cd app && cargo/", true, true),
            ("/tail/", true, true),
            ("cd", true, true),
        ] {
            assert!(parity(&[rule(key, approve, line)], &cd).is_err(), "{key}");
        }
        // A deny rule on every piece of both forms denies both alike; unrelated rules are neutral.
        for (key, approve, line) in [
            ("/.*/", false, false),
            ("/.*/", false, true),
            ("npm test", true, false),
            ("/^docker/", false, false),
            ("/^make/", true, true),
        ] {
            assert_eq!(parity(&[rule(key, approve, line)], &cd), Ok(()), "{key}");
        }
        let accented = forms(
            ["cargo test é", "rtk cargo test é"],
            &[["cargo test é", "rtk cargo test é"]],
        );
        assert!(parity(&[], &accented).is_err());
    }

    #[test]
    fn rule_objects_read_as_vs_code_reads_them() {
        let v = json!({"a": true, "b": false, "c": null, "d": {"approve": true, "matchCommandLine": true}, "e": {"approve": null}});
        let keys: Vec<(String, bool, bool)> = rules_of(&v, "s")
            .unwrap()
            .into_iter()
            .map(|r| (r.key, r.approve, r.line))
            .collect();
        assert_eq!(
            keys,
            [
                ("a".into(), true, false),
                ("b".into(), false, false),
                ("d".into(), true, true)
            ]
        );
        assert!(rules_of(&json!({"a": {"approve": true, "matchCommandLine": 1}}), "s").is_err());
        assert!(rules_of(&json!({"a": "yes"}), "s").is_err());
        assert!(rules_of(&json!(["a"]), "s").is_err());
    }
}
