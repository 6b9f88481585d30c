//! Reading and writing the config files `rtk init` edits: a malformed file is refused (and left
//! untouched); an edited file is first copied to `<file>.rtk-bak` (or `.rtk-bak.N` when an older
//! backup exists — never overwritten); writes go through a temp file and a rename. Once an
//! uninstall has restored a file, the backups that hold nothing it lacks are removed.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde_json::Value;

/// The JSON in `path`, or `None` when the file does not exist. Key order is preserved.
pub fn read_json(path: &Path) -> anyhow::Result<Option<Value>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Ok(Some(Value::Object(Default::default())));
    }
    match serde_json::from_str(text) {
        Ok(v) => Ok(Some(v)),
        Err(e) => bail!(
            "{} is not valid JSON ({e}); fix or move it, then run rtk init again. Nothing was changed.",
            path.display()
        ),
    }
}

/// The first free backup name for `path`.
pub fn backup_path(path: &Path) -> PathBuf {
    let base = format!("{}.rtk-bak", path.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 1;
    while candidate.exists() {
        candidate = PathBuf::from(format!("{base}.{n}"));
        n += 1;
    }
    candidate
}

/// Copies an existing `path` to a fresh backup; returns the backup's path.
pub fn backup(path: &Path) -> anyhow::Result<Option<PathBuf>> {
    if !path.exists() {
        return Ok(None);
    }
    let to = backup_path(path);
    std::fs::copy(path, &to)
        .with_context(|| format!("cannot back up {} to {}", path.display(), to.display()))?;
    Ok(Some(to))
}

/// Whether rtk ever backed `path` up: it existed before an install edited it.
pub fn has_backups(path: &Path) -> bool {
    !backups_of(path).is_empty()
}

/// The backups of `path` rtk made (`<file>.rtk-bak`, `<file>.rtk-bak.N`).
fn backups_of(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let base = format!("{}.rtk-bak", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n == base
                    || n.strip_prefix(&format!("{base}."))
                        .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
            })
        })
        .collect();
    found.sort();
    found
}

/// Whether a backup holds nothing the restored file lacks: the same JSON value when both are
/// JSON (rtk rewrites JSON pretty-printed), else the same text; for a file the uninstall
/// removed (`None`), a backup with no content (blank, `{}` or only `version`).
fn holds_nothing_more(backup: &[u8], restored: Option<&[u8]>) -> bool {
    let json = |b: &[u8]| serde_json::from_slice::<Value>(b).ok();
    match restored {
        Some(r) => match (json(backup), json(r)) {
            (Some(a), Some(b)) => a == b,
            _ => backup == r,
        },
        None => {
            backup.iter().all(u8::is_ascii_whitespace)
                || json(backup).is_some_and(|v| {
                    v.as_object()
                        .is_some_and(|m| m.keys().all(|k| k == "version"))
                })
        }
    }
}

/// After an uninstall restored `path` (or removed it): removes the backups rtk made of it that
/// hold nothing the file now lacks, and says so in one line (None when none was removed).
/// Backups that differ (a state the user may want back) stay.
pub fn drop_restored_backups(path: &Path) -> Option<String> {
    let now = std::fs::read(path).ok();
    let removed: Vec<String> = backups_of(path)
        .into_iter()
        .filter(|b| {
            std::fs::read(b).is_ok_and(|old| holds_nothing_more(&old, now.as_deref()))
                && std::fs::remove_file(b).is_ok()
        })
        .map(|b| b.display().to_string())
        .collect();
    (!removed.is_empty()).then(|| {
        format!(
            "removed the backup{} rtk had made, which held nothing the restored file lacks: {}",
            if removed.len() == 1 { "" } else { "s" },
            removed.join(", ")
        )
    })
}

/// Writes `contents` to `path` atomically (temp file + rename), creating parent folders.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let tmp = PathBuf::from(format!("{}.rtk-tmp", path.display()));
    std::fs::write(&tmp, contents).with_context(|| format!("cannot write {}", tmp.display()))?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(&tmp, meta.permissions());
    }
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))
}

/// Pretty JSON with a trailing newline.
pub fn to_pretty(v: &Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).expect("a Value always serializes");
    s.push('\n');
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_never_overwrite() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("settings.json");
        std::fs::write(&f, "{}").unwrap();
        let b1 = backup(&f).unwrap().unwrap();
        std::fs::write(&f, "{\"a\":1}").unwrap();
        let b2 = backup(&f).unwrap().unwrap();
        assert_eq!(b1, d.path().join("settings.json.rtk-bak"));
        assert_eq!(b2, d.path().join("settings.json.rtk-bak.1"));
        assert_eq!(std::fs::read_to_string(b1).unwrap(), "{}");
        assert_eq!(std::fs::read_to_string(b2).unwrap(), "{\"a\":1}");
        assert_eq!(backup(&d.path().join("none.json")).unwrap(), None);
    }

    #[test]
    fn only_backups_holding_nothing_more_are_dropped() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("settings.json");
        std::fs::write(&f, "{\n  \"a\": 1\n}\n").unwrap();
        // Same value, other formatting: dropped. Another state: kept. Not a backup name: kept.
        std::fs::write(d.path().join("settings.json.rtk-bak"), "{\"a\":1}").unwrap();
        std::fs::write(d.path().join("settings.json.rtk-bak.1"), "{\"a\":2}").unwrap();
        std::fs::write(d.path().join("settings.json.rtk-bak.2"), "{\"a\": 1}").unwrap();
        std::fs::write(d.path().join("settings.json.rtk-bak.x"), "{\"a\":1}").unwrap();
        let note = drop_restored_backups(&f).unwrap();
        assert!(note.contains("settings.json.rtk-bak,"), "{note}");
        assert!(note.contains("settings.json.rtk-bak.2"), "{note}");
        assert!(!d.path().join("settings.json.rtk-bak").exists());
        assert!(!d.path().join("settings.json.rtk-bak.2").exists());
        assert!(d.path().join("settings.json.rtk-bak.1").exists());
        assert!(d.path().join("settings.json.rtk-bak.x").exists());
        assert_eq!(drop_restored_backups(&f), None, "nothing more to drop");
        // Text files compare as text.
        let y = d.path().join("config.yaml");
        std::fs::write(&y, "a: 1\n").unwrap();
        std::fs::write(d.path().join("config.yaml.rtk-bak"), "a: 1\n").unwrap();
        std::fs::write(d.path().join("config.yaml.rtk-bak.1"), "a:  1\n").unwrap();
        assert!(drop_restored_backups(&y).is_some());
        assert!(d.path().join("config.yaml.rtk-bak.1").exists());
        // A removed file: only empty backups go.
        let h = d.path().join("hooks.json");
        std::fs::write(d.path().join("hooks.json.rtk-bak"), "{\"version\": 1}").unwrap();
        std::fs::write(d.path().join("hooks.json.rtk-bak.1"), "{\"hooks\": {}}").unwrap();
        assert!(drop_restored_backups(&h).is_some());
        assert!(!d.path().join("hooks.json.rtk-bak").exists());
        assert!(d.path().join("hooks.json.rtk-bak.1").exists());
    }

    #[test]
    fn read_json_cases() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("s.json");
        assert_eq!(read_json(&f).unwrap(), None);
        std::fs::write(&f, "\u{feff}{\"b\":1,\"a\":2}").unwrap();
        assert_eq!(
            read_json(&f).unwrap().unwrap().to_string(),
            "{\"b\":1,\"a\":2}"
        );
        std::fs::write(&f, "{\"b\":").unwrap();
        let err = read_json(&f).unwrap_err().to_string();
        assert!(
            err.contains("not valid JSON") && err.contains("Nothing was changed"),
            "{err}"
        );
    }
}
