//! Factory Droid: `commandDenylist` (Droid asks) and `commandBlocklist` (Droid refuses) from
//! `settings.json` + `settings.local.json` in the user folder (`$FACTORY_HOME_OVERRIDE/.factory`,
//! else `~/.factory`) and in every `.factory/` from the working directory up to the repository
//! root (Droid accumulates these lists across levels). Both lists become rtk **deny** rules
//! ("step aside": no rewrite, so Droid's own confirm/block fires on the original command).
//! Droid never yields Allow or Ask: `commandAllowlist` is not read.
//!
//! Entries are trimmed command prefixes matched on a word boundary (`git push` matches
//! `git push origin main`, not `git pushy`); an entry with `*` also matches as a glob
//! ([`Pattern::droid`]). Files may carry comments (read leniently: deny-only, so reading more
//! can only make rtk stricter).

use std::path::PathBuf;

use serde_json::Value;

use crate::env::Env;
use crate::hooks::pattern::Pattern;
use crate::hooks::permissions::LoadedRules;
use crate::hooks::rule_files::{load_file, same_file, Dialect, FileRules, Kind};

/// The settings files Droid's deny lists come from: user level first, then project levels
/// nearest first; duplicates removed.
pub fn sources(env: &Env) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    let home = env.path_var("FACTORY_HOME_OVERRIDE").or_else(|| env.home());
    if let Some(home) = home {
        dirs.push(home.join(".factory"));
    }
    for dir in env.cwd().ancestors() {
        let factory = dir.join(".factory");
        if factory.is_dir() && !dirs.iter().any(|d| same_file(d, &factory)) {
            dirs.push(factory);
        }
    }
    dirs.iter()
        .flat_map(|d| [d.join("settings.json"), d.join("settings.local.json")])
        .collect()
}

pub fn load(env: &Env) -> LoadedRules {
    let mut loaded = LoadedRules::default();
    for path in sources(env) {
        load_file(&mut loaded, &path, Dialect::JsonWithComments, extract);
    }
    loaded
}

fn extract(root: &Value, rules: &mut FileRules) {
    for key in ["commandDenylist", "commandBlocklist"] {
        rules.read_list(root.get(key), key, Kind::Deny, |text| {
            let text = text.trim();
            Ok((!text.is_empty()).then(|| Pattern::droid(text)))
        });
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
