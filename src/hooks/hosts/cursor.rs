//! Cursor (CLI / agent): `permissions.{deny,allow}` `Shell(…)` entries.
//!
//! Sources: `~/.cursor/cli-config.json` (deny and allow), then each `.cursor/cli.json` from the
//! working directory up to the repository root (Cursor merges these project overrides; rtk
//! takes only their **deny** rules, so its allow set stays a subset of the host's — a project
//! file can never widen what rtk allows). Cursor has no ask list.
//!
//! Matching, per Cursor's reference: `Shell(commandBase)` where commandBase is the first token of
//! the command line (`Shell(git)` = any git subcommand), with `*`/`?` wildcards; `Shell` alone
//! matches every command. A base containing spaces is not a single token: deny reads it as a
//! word-boundary prefix, allow never matches it ([`Pattern::cursor`]).

use std::path::PathBuf;

use serde_json::Value;

use super::{load_file, project, same_file, tool_entry, Dialect, FileRules, Kind};
use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;

/// The global config (deny + allow) and the project files (deny only), in reading order.
pub fn sources(env: &Env) -> (Option<PathBuf>, Vec<PathBuf>) {
    let global = env
        .home()
        .map(|h| h.join(".cursor").join("cli-config.json"));
    let project_files = project::up_to_repo_root(env.cwd())
        .into_iter()
        .map(|d| d.join(".cursor").join("cli.json"))
        .filter(|p| p.is_file())
        .filter(|p| global.as_ref().is_none_or(|g| !same_file(g, p)))
        .collect();
    (global, project_files)
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    let (global, project_files) = sources(env);
    if let Some(path) = global {
        load_file(&mut loaded, &path, Dialect::Json, |v, r| {
            extract(v, r, true)
        });
    }
    for path in project_files {
        load_file(&mut loaded, &path, Dialect::Json, |v, r| {
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
