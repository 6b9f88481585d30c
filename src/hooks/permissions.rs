//! Rules and verdicts: a host's rule triple (deny/ask/allow, each rule with
//! the file it came from and its compiled [`Pattern`]) → a verdict per simple command
//! ([`RuleSet::judge`]). The line verdict (every segment allowed, #1213) is rewrite_cmd's.
//!
//! Invariants: Deny > Ask > Allow > Default; deny/ask rules match the exact form and every
//! variant, allow rules only the exact form (optionally without a leading `rtk `); a malformed
//! settings file is skipped with one warning, never loosening anything. Each host's sources are
//! read by its own module under `crate::hosts` (`hosts::load_rules_for`); Vibe and
//! OpenClaw have none (empty triple). Which host is which: [`crate::agents`].

use std::borrow::Cow;
use std::path::PathBuf;

use crate::hooks::paths::FileRule;
use crate::hooks::pattern::{normalize, MatchUse, Pattern};
use crate::shell::PermissionForms;

/// A permission verdict, ordered by precedence (Deny wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PermissionVerdict {
    /// No rule matched.
    Default,
    Allow,
    Ask,
    Deny,
}

/// One rule as written, with the file it came from and its compiled pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The entry exactly as written in the file (e.g. `Bash(git push:*)`).
    pub text: String,
    pub source: PathBuf,
    /// How the entry matches commands (compiled once, when the file is read).
    pub pattern: Pattern,
}

impl Rule {
    pub fn new(text: impl Into<String>, source: impl Into<PathBuf>, pattern: Pattern) -> Rule {
        Rule {
            text: text.into(),
            source: source.into(),
            pattern,
        }
    }

    /// A Claude `Bash(…)` rule from its specifier (tests and callers that inject rules).
    pub fn bash(specifier: &str, source: impl Into<PathBuf>) -> Rule {
        Rule::new(
            format!("Bash({specifier})"),
            source,
            Pattern::claude(specifier),
        )
    }
}

/// The rule triple of one host.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSet {
    pub deny: Vec<Rule>,
    pub ask: Vec<Rule>,
    pub allow: Vec<Rule>,
    /// Deny and ask rules of the host's file tools (Claude's `Read(…)`, `Edit(…)`…), applied
    /// to the files a command names (`hooks::paths`).
    pub files: Vec<FileRule>,
}

impl RuleSet {
    pub fn is_empty(&self) -> bool {
        self.deny.is_empty() && self.ask.is_empty() && self.allow.is_empty()
    }

    /// Claude `Bash(…)` rules from their specifiers, sourced from `<injected>` (for tests).
    pub fn from_bash(deny: &[&str], ask: &[&str], allow: &[&str]) -> RuleSet {
        let make = |specs: &[&str]| specs.iter().map(|s| Rule::bash(s, "<injected>")).collect();
        RuleSet {
            deny: make(deny),
            ask: make(ask),
            allow: make(allow),
            files: Vec::new(),
        }
    }

    /// Appends `other`'s rules after this set's (sources are merged, never overridden).
    pub fn extend(&mut self, other: RuleSet) {
        self.deny.extend(other.deny);
        self.ask.extend(other.ask);
        self.allow.extend(other.allow);
        self.files.extend(other.files);
    }

    /// Judges one simple command: the strongest verdict any rule gives, and that rule.
    ///
    /// Deny and ask rules match `exact` and every variant (and each with a leading `rtk `
    /// removed); allow rules match only `exact` or `exact` without a leading `rtk `, so a
    /// variant (wrapper peeled, path reduced to its basename…) can never widen an allow.
    pub fn judge(&self, forms: &PermissionForms) -> (PermissionVerdict, Option<&Rule>) {
        if self.is_empty() {
            return (PermissionVerdict::Default, None);
        }
        let exact = normalize(&forms.exact);
        if !self.deny.is_empty() || !self.ask.is_empty() {
            let mut restrict_forms: Vec<Cow<'_, str>> =
                Vec::with_capacity(2 + 2 * forms.variants.len());
            push_with_unprefixed(&mut restrict_forms, exact.clone());
            for v in &forms.variants {
                push_with_unprefixed(&mut restrict_forms, normalize(v));
            }
            let restricted = |rules: &'_ [Rule]| -> Option<usize> {
                rules.iter().position(|r| {
                    restrict_forms
                        .iter()
                        .any(|f| r.pattern.matches(f, MatchUse::Restrict))
                })
            };
            if let Some(i) = restricted(&self.deny) {
                return (PermissionVerdict::Deny, Some(&self.deny[i]));
            }
            if let Some(i) = restricted(&self.ask) {
                return (PermissionVerdict::Ask, Some(&self.ask[i]));
            }
        }
        if exact.is_empty() {
            return (PermissionVerdict::Default, None);
        }
        let unprefixed = strip_rtk(&exact);
        let allowed = self.allow.iter().find(|r| {
            r.pattern.matches(&exact, MatchUse::Grant)
                || unprefixed.is_some_and(|u| r.pattern.matches(u, MatchUse::Grant))
        });
        match allowed {
            Some(rule) => (PermissionVerdict::Allow, Some(rule)),
            None => (PermissionVerdict::Default, None),
        }
    }
}

impl RuleSet {
    /// How the host itself judges a command **as written** — the rewritten form, `rtk`
    /// included, which the host matches literally: the strongest list holding a rule that could
    /// match `exact` or a variant that still names `rtk` (variants with `rtk` removed are rtk's
    /// own view, not the host's). Every list matches broadly ([`MatchUse::Restrict`]): the
    /// answer is used to step aside, so a rule that might match counts.
    pub fn judge_as_written(&self, forms: &PermissionForms) -> PermissionVerdict {
        let exact = normalize(&forms.exact);
        let mut written: Vec<Cow<'_, str>> = vec![exact];
        written.extend(
            forms
                .variants
                .iter()
                .filter(|v| v.split_whitespace().any(|w| w == "rtk"))
                .map(|v| normalize(v)),
        );
        let hit = |rules: &[Rule]| {
            rules.iter().any(|r| {
                written
                    .iter()
                    .any(|f| r.pattern.matches(f, MatchUse::Restrict))
            })
        };
        if hit(&self.deny) {
            PermissionVerdict::Deny
        } else if hit(&self.ask) {
            PermissionVerdict::Ask
        } else if hit(&self.allow) {
            PermissionVerdict::Allow
        } else {
            PermissionVerdict::Default
        }
    }
}

/// `rtk git status` → `git status`; None when there is no leading `rtk ` (or nothing after it).
fn strip_rtk(command: &str) -> Option<&str> {
    command.strip_prefix("rtk ").filter(|rest| !rest.is_empty())
}

fn push_with_unprefixed<'a>(out: &mut Vec<Cow<'a, str>>, form: Cow<'a, str>) {
    let unprefixed = strip_rtk(&form).map(str::to_owned);
    out.push(form);
    if let Some(u) = unprefixed {
        out.push(Cow::Owned(u));
    }
}

/// A host's rules plus the warnings produced while reading them.
#[derive(Debug, Clone, Default)]
pub struct LoadedRules {
    pub rules: RuleSet,
    /// One line per problem file, naming the file and the problem.
    pub warnings: Vec<String>,
    /// The settings files that were found and read, in reading order.
    pub files: Vec<PathBuf>,
}

#[cfg(test)]
#[path = "permissions_tests.rs"]
mod tests;
