//! Reading and writing the config files `rtk init` edits: a malformed file is refused (and left
//! untouched); an edited file is first copied to `<file>.rtk-bak` (or `.rtk-bak.N` when an older
//! backup exists — never overwritten); writes go through a temp file and a rename.

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
