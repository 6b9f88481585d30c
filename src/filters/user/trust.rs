//! Trust for a project's `.rtk/filters.toml`: `rtk trust` pins the file's SHA-256 in rtk's
//! data folder (`<data>/rtk/trusted-filters`, one `sha256<TAB>path` line per file); the file
//! is read only while its content still has that hash; `rtk untrust` removes the pin.
//!
//! Invariant: a file is trusted only for exactly the bytes that were trusted; a missing or
//! unreadable store trusts nothing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::env::Env;
use crate::os;

/// The store's path.
pub fn store(env: &Env) -> Option<PathBuf> {
    env.data_home()
        .map(|d| d.join("rtk").join("trusted-filters"))
}

/// The SHA-256 of `bytes`, in hex.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn pins(env: &Env) -> Vec<(String, PathBuf)> {
    let Some(text) = store(env).and_then(|p| fs::read_to_string(p).ok()) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(|l| {
            let (hash, path) = l.split_once('\t')?;
            Some((hash.to_string(), PathBuf::from(path)))
        })
        .collect()
}

/// Whether `path` (as found, made absolute) is pinned with the hash of `bytes`.
pub fn is_trusted(env: &Env, path: &Path, bytes: &[u8]) -> bool {
    let hash = digest(bytes);
    pins(env).iter().any(|(h, p)| p == path && *h == hash)
}

/// Pins `path` at the hash of its current content (replacing an older pin); returns the hash.
pub fn trust(env: &Env, path: &Path) -> anyhow::Result<String> {
    // One line per pin: a path with a line break or a tab could forge another path's pin.
    let shown = path.to_str().unwrap_or("\n");
    if shown.contains(['\n', '\r', '\t']) {
        anyhow::bail!(
            "{}: rtk trusts only paths that are UTF-8 without tabs or line breaks",
            path.display()
        );
    }
    let bytes = fs::read(path)?;
    let hash = digest(&bytes);
    let mut all: Vec<(String, PathBuf)> =
        pins(env).into_iter().filter(|(_, p)| p != path).collect();
    all.push((hash.clone(), path.to_path_buf()));
    save(env, &all)?;
    Ok(hash)
}

/// Removes the pin of `path`; whether there was one.
pub fn untrust(env: &Env, path: &Path) -> anyhow::Result<bool> {
    let before = pins(env);
    let after: Vec<_> = before.iter().filter(|(_, p)| p != path).cloned().collect();
    if after.len() == before.len() {
        return Ok(false);
    }
    save(env, &after)?;
    Ok(true)
}

fn save(env: &Env, all: &[(String, PathBuf)]) -> anyhow::Result<()> {
    let path = store(env).ok_or_else(|| anyhow::anyhow!("no HOME or XDG_DATA_HOME"))?;
    if let Some(dir) = path.parent() {
        os::create_private_dir_all(dir)?;
    }
    let mut text = String::new();
    for (h, p) in all {
        text.push_str(&format!("{h}\t{}\n", p.display()));
    }
    let tmp = path.with_extension("tmp");
    let mut f = os::private_file()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    fs::rename(&tmp, &path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_is_untrusted_again_and_untrust_removes_the_pin() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().join("data"))], tmp.path());
        let file = tmp.path().join("filters.toml");
        fs::write(&file, "a").unwrap();
        assert!(!is_trusted(&env, &file, b"a"));
        trust(&env, &file).unwrap();
        assert!(is_trusted(&env, &file, b"a"));
        assert!(!is_trusted(&env, &file, b"a changed"));
        assert!(!is_trusted(&env, &tmp.path().join("other.toml"), b"a"));
        assert!(untrust(&env, &file).unwrap());
        assert!(!is_trusted(&env, &file, b"a"));
        assert!(!untrust(&env, &file).unwrap());
    }

    #[test]
    fn a_path_that_could_forge_another_pin_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let env = Env::new([("XDG_DATA_HOME", tmp.path().join("data"))], tmp.path());
        let victim_dir = tmp.path().join("victim");
        fs::create_dir_all(&victim_dir).unwrap();
        let victim = victim_dir.join("filters.toml");
        fs::write(&victim, "v").unwrap();
        // `<tmp>/x⏎<hash of v>⇥<tmp>/victim/filters.toml`: its pin's second line would pin
        // the victim.
        let forged = format!("x\n{}\t{}", digest(b"v"), victim_dir.display());
        let dir = tmp.path().join(forged);
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("filters.toml");
        fs::write(&file, "a").unwrap();
        assert!(trust(&env, &file).is_err());
        assert!(!is_trusted(&env, &victim, b"v"));
    }
}
