//! The plugins rtk ships for hosts that load code rather than hook commands (OpenClaw, Pi, Hermes,
//! OpenCode): their runtime files are embedded in the binary and copied into the host's plugin
//! folder; a host that also needs the plugin switched on in its config gets that entry too.
//!
//! Invariants: a file already equal to the embedded copy is not rewritten; a differing file is
//! backed up before it is replaced or removed; the config is checked before any file is written, so
//! a config rtk cannot edit safely leaves everything untouched; uninstall removes only rtk's files
//! (and folders they alone filled) and rtk's config entry.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::{backup_note, files, hermes_yaml, openclaw_json, Action};
use crate::agents::PluginSpec;

/// The config entry that switches a plugin on, where the host needs one.
pub enum Switch {
    /// The host loads every plugin in its folder.
    None,
    /// `plugins.entries.rtk.enabled` in OpenClaw's `openclaw.json`.
    OpenClaw(PathBuf),
    /// `plugins.enabled` in Hermes' `config.yaml`.
    Hermes(PathBuf),
}

/// What a config edit would produce: the new text, or `None` when nothing changes.
struct ConfigEdit {
    path: PathBuf,
    new: Option<Vec<u8>>,
    what: String,
}

fn read_text(path: &Path) -> anyhow::Result<Option<String>> {
    match std::fs::read(path) {
        Ok(b) => match String::from_utf8(b) {
            Ok(s) => Ok(Some(s)),
            Err(_) => anyhow::bail!(
                "{} is not UTF-8 text; fix it, then run rtk init again. Nothing was changed.",
                path.display()
            ),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Plans the config edit for `action` without writing anything (errors refuse the whole run).
fn plan_switch(switch: &Switch, action: Action) -> anyhow::Result<Option<ConfigEdit>> {
    match switch {
        Switch::None => Ok(None),
        Switch::OpenClaw(path) => {
            let place = path.display();
            let existing = files::read_json(path).map_err(|e| {
                anyhow::anyhow!(
                    "{e}\nOpenClaw's config is JSON5; rtk edits only plain JSON. Enable the plugin \
                     yourself with `openclaw plugins enable rtk` (or set plugins.entries.rtk.enabled \
                     = true)."
                )
            })?;
            let refuse = |e: openclaw_json::ShapeError| {
                anyhow::anyhow!("{place}: {e}; nothing was changed.")
            };
            let mut v = existing
                .clone()
                .unwrap_or_else(|| serde_json::Value::Object(Default::default()));
            let what = "plugins.entries.rtk".to_string();
            let changed = match action {
                Action::Show => {
                    let on = openclaw_json::is_enabled(&v).map_err(refuse)?;
                    return Ok(Some(ConfigEdit {
                        path: path.clone(),
                        new: None,
                        what: format!("{what} is {}", if on { "enabled" } else { "not enabled" }),
                    }));
                }
                Action::Install => openclaw_json::enable(&mut v).map_err(refuse)?,
                Action::Uninstall => {
                    existing.is_some() && openclaw_json::disable(&mut v).map_err(refuse)?
                }
            };
            Ok(Some(ConfigEdit {
                path: path.clone(),
                new: changed.then(|| files::to_pretty(&v)),
                what,
            }))
        }
        Switch::Hermes(path) => {
            let text = read_text(path)?;
            let current = text.clone().unwrap_or_default();
            let refuse = |e: hermes_yaml::EditError| {
                anyhow::anyhow!(
                    "{}: {e}. rtk edits this YAML as text and will not guess; add `{}` to \
                     plugins.enabled yourself (or run `hermes plugins enable {}`). Nothing was \
                     changed.",
                    path.display(),
                    hermes_yaml::NAME,
                    hermes_yaml::NAME
                )
            };
            let what = format!("`{}` in plugins.enabled", hermes_yaml::NAME);
            let new = match action {
                Action::Show => {
                    let on = hermes_yaml::is_enabled(&current).map_err(refuse)?;
                    return Ok(Some(ConfigEdit {
                        path: path.clone(),
                        new: None,
                        what: format!("{what}: {}", if on { "yes" } else { "no" }),
                    }));
                }
                Action::Install => hermes_yaml::enable(&current).map_err(refuse)?,
                Action::Uninstall if text.is_none() => None,
                Action::Uninstall => hermes_yaml::disable(&current).map_err(refuse)?,
            };
            Ok(Some(ConfigEdit {
                path: path.clone(),
                new: new.map(String::into_bytes),
                what,
            }))
        }
    }
}

/// Installs, shows or removes `p` in `dir` (and its config switch).
pub fn run(
    p: &PluginSpec,
    dir: &Path,
    switch: &Switch,
    action: Action,
) -> anyhow::Result<Vec<String>> {
    let edit = plan_switch(switch, action)?;
    let mut lines = Vec::new();
    for (name, contents) in p.files {
        let file = dir.join(name);
        let current = std::fs::read(&file).ok();
        let same = current.as_deref() == Some(contents.as_bytes());
        let shown = file.display();
        match action {
            Action::Show => lines.push(format!(
                "{shown}: {}",
                match (&current, same) {
                    (_, true) => "installed (current)",
                    (Some(_), false) => "present, differs from this rtk's version",
                    (None, _) => "not installed",
                }
            )),
            Action::Install if same => lines.push(format!("{shown} is already current")),
            Action::Install => {
                let b = files::backup(&file)?;
                files::write_atomic(&file, contents.as_bytes())?;
                lines.push(format!("installed {shown}{}", backup_note(b)));
            }
            Action::Uninstall => {
                let Some(_) = current else {
                    lines.push(format!("{shown} is not installed"));
                    continue;
                };
                // A differing file is an older rtk's or a hand-edited copy: keep a backup.
                let b = if same { None } else { files::backup(&file)? };
                std::fs::remove_file(&file).with_context(|| format!("cannot remove {shown}"))?;
                lines.push(format!("removed {shown}{}", backup_note(b)));
            }
        }
    }
    if action == Action::Uninstall {
        remove_emptied_dirs(p, dir);
    }
    if let Some(edit) = edit {
        let place = edit.path.display();
        match (action, edit.new) {
            (Action::Show, _) => lines.push(format!("{place}: {}", edit.what)),
            (_, None) => lines.push(format!("{place}: {} unchanged", edit.what)),
            (Action::Install, Some(new)) => {
                let b = files::backup(&edit.path)?;
                files::write_atomic(&edit.path, &new)?;
                lines.push(format!(
                    "enabled {} in {place}{}",
                    edit.what,
                    backup_note(b)
                ));
            }
            (Action::Uninstall, Some(new)) => {
                files::write_atomic(&edit.path, &new)?;
                lines.push(format!("removed {} from {place}", edit.what));
                lines.extend(files::drop_restored_backups(&edit.path));
            }
        }
    }
    Ok(lines)
}

/// Removes the folders under `dir` (and `dir` itself when it is the plugin's own folder) that
/// uninstalling left empty; Python's byte-code cache of the plugin goes with it.
fn remove_emptied_dirs(p: &PluginSpec, dir: &Path) {
    let own_folder = p.files.len() > 1;
    if !own_folder {
        return;
    }
    let cache = dir.join("__pycache__");
    if let Ok(entries) = std::fs::read_dir(&cache) {
        let only_pyc = entries
            .flatten()
            .all(|e| e.path().extension().is_some_and(|x| x == "pyc"));
        if only_pyc {
            let _ = std::fs::remove_dir_all(&cache);
        }
    }
    let mut subdirs: Vec<PathBuf> = p
        .files
        .iter()
        .filter_map(|(name, _)| Path::new(name).parent().map(|d| dir.join(d)))
        .filter(|d| d != dir)
        .collect();
    subdirs.sort();
    subdirs.dedup();
    for d in subdirs.iter().rev() {
        let _ = std::fs::remove_dir(d);
    }
    let _ = std::fs::remove_dir(dir);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::plugins::{HERMES, OPENCLAW, OPENCODE, PI};

    /// Every file of a plugin folder in the repository is either embedded or deliberately left
    /// out, so a new runtime file cannot be forgotten.
    #[test]
    fn every_runtime_file_of_each_plugin_folder_is_embedded() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for p in [&OPENCLAW, &PI, &HERMES, &OPENCODE] {
            let base = root.join(p.source);
            let mut found = Vec::new();
            let mut stack = vec![base.clone()];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(&d).unwrap() {
                    let path = e.unwrap().path();
                    let rel = path
                        .strip_prefix(&base)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/");
                    let skipped = p.not_installed.iter().any(|s| {
                        if let Some(dir) = s.strip_suffix('/') {
                            rel == dir || rel.starts_with(s)
                        } else {
                            rel == *s
                        }
                    });
                    if skipped {
                        continue;
                    }
                    if path.is_dir() {
                        stack.push(path);
                    } else {
                        found.push(rel);
                    }
                }
            }
            found.sort();
            let mut embedded: Vec<String> = p.files.iter().map(|(n, _)| n.to_string()).collect();
            embedded.sort();
            assert_eq!(found, embedded, "{}", p.source);
            for (name, contents) in p.files {
                assert_eq!(
                    std::fs::read_to_string(base.join(name)).unwrap(),
                    *contents,
                    "{}/{name}",
                    p.source
                );
            }
        }
    }
}
