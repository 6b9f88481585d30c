//! Cursor (CLI / agent): `permissions.{deny,allow}` `Shell(…)` entries, and its `Read(…)` /
//! `Write(…)` deny entries as file rules (`hooks::paths`: a line naming a file one may cover
//! is left to Cursor).
//!
//! Sources: the global config `~/.cursor/cli-config.json` (deny and allow), then each
//! `.cursor/cli.json` from the working directory up to the repository root (Cursor merges these
//! project overrides; rtk takes only their **deny** rules, so its allow set stays a subset of
//! the host's — a project file can never widen what rtk allows). Cursor has no ask list.
//! Cursor's CLI reference also names `$XDG_CONFIG_HOME/cursor/cli-config.json` on Linux when
//! `XDG_CONFIG_HOME` is set: both global candidates give deny rules; allow rules come from the
//! global file only when exactly one candidate exists (with both present, which one Cursor
//! uses is unclear, so neither grants anything and a warning says so).
//!
//! Matching, per Cursor's reference: `Shell(commandBase)` where commandBase is the first token of
//! the command line (`Shell(git)` = any git subcommand), with `*`/`?` wildcards; `Shell` alone
//! matches every command. A base containing spaces is not a single token: deny reads it as a
//! word-boundary prefix, allow never matches it ([`Pattern::cursor`]).

use std::path::PathBuf;

use serde_json::Value;

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;
use crate::hooks::rule_files::{load_file, same_file, tool_entry, Dialect, FileRules, Kind};

/// Where Cursor's rules come from.
pub struct Sources {
    /// Global config candidates, in reading order.
    pub globals: Vec<PathBuf>,
    /// Project `.cursor/cli.json` files that exist, nearest first (deny only).
    pub projects: Vec<PathBuf>,
}

pub fn sources(env: &Env) -> Sources {
    let mut globals: Vec<PathBuf> = env
        .home()
        .map(|h| h.join(".cursor").join("cli-config.json"))
        .into_iter()
        .collect();
    if let Some(xdg) = env.path_var("XDG_CONFIG_HOME") {
        let path = xdg.join("cursor").join("cli-config.json");
        if !globals.iter().any(|g| same_file(g, &path)) {
            globals.push(path);
        }
    }
    let projects = env
        .cwd()
        .ancestors()
        .map(|d| d.join(".cursor").join("cli.json"))
        .filter(|p| p.is_file())
        .filter(|p| !globals.iter().any(|g| same_file(g, p)))
        .collect();
    Sources { globals, projects }
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    let src = sources(env);
    let existing: Vec<&PathBuf> = src.globals.iter().filter(|g| g.is_file()).collect();
    let allow_from_global = existing.len() == 1;
    if existing.len() > 1 {
        loaded.warnings.push(format!(
            "both {} and {} exist; which one Cursor uses is unclear, so only their deny rules apply",
            existing[0].display(),
            existing[1].display()
        ));
    }
    for path in existing {
        load_file(&mut loaded, path, Dialect::Json, |v, r| {
            extract(v, r, allow_from_global)
        });
    }
    for path in &src.projects {
        load_file(&mut loaded, path, Dialect::Json, |v, r| {
            extract(v, r, false)
        });
    }
    loaded
}

fn extract(root: &Value, rules: &mut FileRules, with_allow: bool) {
    let Some(perms) = root.get("permissions") else {
        return;
    };
    if !perms.is_object() {
        rules.problem("permissions is not an object");
        return;
    }
    rules.read_list(
        perms.get("deny"),
        "permissions.deny",
        Kind::Deny,
        parse_entry,
    );
    // Its `Read(…)`/`Write(…)` deny entries, on the files a command names (`hooks::paths`).
    let source = rules.path.clone();
    crate::hooks::paths::read_file_rules(perms, &source, &mut rules.rules.files);
    if with_allow {
        rules.read_list(
            perms.get("allow"),
            "permissions.allow",
            Kind::Allow,
            parse_entry,
        );
    }
}

/// `Shell` → everything; `Shell(base)` → [`Pattern::cursor`]; other tools → not a shell rule.
pub fn parse_entry(text: &str) -> Result<Option<Pattern>, String> {
    tool_entry(text, "Shell", Pattern::cursor)
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
