//! Hosts, their rule sources and verdicts: `Host` → rule triple (deny/ask/allow, each rule with
//! the file it came from) → a verdict per simple command → a verdict for the whole line.
//!
//! Invariants: Deny > Ask > Allow > Default; Allow only when every segment is allowed by an
//! explicit rule; a malformed settings file is skipped with a warning, never loosening anything.

use std::path::PathBuf;

use crate::env::Env;
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

/// Who holds authority over whether a rewritten command runs without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authority {
    /// rtk asserts the verdict from the host's rules; Default never becomes allow (#1155).
    Rtk,
    /// The host applies its own policy to whatever runs; rtk asserts nothing but deny.
    Host,
}

/// The agent hosts whose rules rtk can read (or defer to).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Host {
    Claude,
    Cursor,
    Gemini,
    Droid,
    Vibe,
    OpenClaw,
}

impl Host {
    pub const ALL: [Host; 6] = [
        Host::Claude,
        Host::Cursor,
        Host::Gemini,
        Host::Droid,
        Host::Vibe,
        Host::OpenClaw,
    ];

    /// The name used by `--host` and `RTK_REWRITE_HOST`.
    pub fn name(self) -> &'static str {
        match self {
            Host::Claude => "claude",
            Host::Cursor => "cursor",
            Host::Gemini => "gemini",
            Host::Droid => "droid",
            Host::Vibe => "vibe",
            Host::OpenClaw => "openclaw",
        }
    }

    /// Exact, case-sensitive lookup.
    pub fn from_name(name: &str) -> Option<Host> {
        Host::ALL.into_iter().find(|h| h.name() == name)
    }

    pub fn authority(self) -> Authority {
        match self {
            Host::Vibe | Host::OpenClaw => Authority::Host,
            Host::Claude | Host::Cursor | Host::Gemini | Host::Droid => Authority::Rtk,
        }
    }
}

/// One rule as written, with the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The entry exactly as written in the file (e.g. `Bash(git push:*)`).
    pub text: String,
    pub source: PathBuf,
}

/// The rule triple of one host.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSet {
    pub deny: Vec<Rule>,
    pub ask: Vec<Rule>,
    pub allow: Vec<Rule>,
}

impl RuleSet {
    pub fn is_empty(&self) -> bool {
        self.deny.is_empty() && self.ask.is_empty() && self.allow.is_empty()
    }

    /// Judges one simple command: the strongest verdict any rule gives, and that rule.
    pub fn judge(&self, _forms: &PermissionForms) -> (PermissionVerdict, Option<&Rule>) {
        (PermissionVerdict::Default, None)
    }
}

/// A host's rules plus the warnings produced while reading them.
#[derive(Debug, Clone, Default)]
pub struct LoadedRules {
    pub rules: RuleSet,
    pub warnings: Vec<String>,
}

/// Reads `host`'s rule sources in `env`.
pub fn load_rules_for(_host: Host, _env: &Env) -> LoadedRules {
    LoadedRules::default()
}
