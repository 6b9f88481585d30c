//! Finding the file a bare program name runs, before spawning: the child would otherwise try
//! `execve` in every `PATH` folder before the one that holds it (eight failed calls for `find`
//! on a typical developer `PATH`; its cost is in bench/README.md, "Measurements behind the
//! code"). Only a shortcut: when no folder holds an
//! executable file of that name the caller spawns the bare name, so errors are the system's.
//! On Windows a name without an extension is looked up with each `PATHEXT` extension, so
//! `npm` finds `npm.cmd` as a shell would.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::sys;

/// `PATH` when it is unset: glibc's `execvp` default on Unix; none on Windows.
const DEFAULT_PATH: Option<&str> = if cfg!(windows) {
    None
} else {
    Some("/bin:/usr/bin")
};

/// Windows's `PATHEXT` when it is unset.
const DEFAULT_PATHEXT: &str = ".COM;.EXE;.BAT;.CMD";

/// The first `dir/program` along `path` (the value of `PATH`) that is a regular file that may
/// be run, as `execvp` would find it; None for names with a folder (run as given) and when no
/// folder has one.
pub fn resolve(program: &OsStr, path: Option<&OsStr>) -> Option<PathBuf> {
    let path = path.or(DEFAULT_PATH.map(OsStr::new))?;
    resolve_in(program, path, &extensions_here())
}

/// [`resolve`] with this process's `PATH`.
pub fn resolve_here(program: &OsString) -> Option<PathBuf> {
    resolve(program, std::env::var_os("PATH").as_deref())
}

/// The extensions tried for a name without one: `PATHEXT` on Windows, none elsewhere.
fn extensions_here() -> Vec<OsString> {
    if !cfg!(windows) {
        return Vec::new();
    }
    let list = std::env::var_os("PATHEXT").unwrap_or_else(|| DEFAULT_PATHEXT.into());
    list.to_string_lossy()
        .split(';')
        .filter(|e| !e.is_empty())
        .map(OsString::from)
        .collect()
}

/// Whether a name byte separates folders: `/`, and on Windows `\` and a drive's `:`.
fn is_separator(b: u8) -> bool {
    b == b'/' || (cfg!(windows) && (b == b'\\' || b == b':'))
}

/// [`resolve`] over `path` split as the platform splits `PATH`; with `exts`, a name without an
/// extension is tried with each of them (and not bare), in order.
fn resolve_in(program: &OsStr, path: &OsStr, exts: &[OsString]) -> Option<PathBuf> {
    let name = program.as_encoded_bytes();
    if name.is_empty() || name.iter().any(|&b| is_separator(b)) {
        return None;
    }
    let with_ext = !exts.is_empty() && Path::new(program).extension().is_none();
    std::env::split_paths(path).find_map(|dir| {
        // An empty entry is the working directory.
        let dir = if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir
        };
        let bare = dir.join(program);
        if !with_ext {
            return runnable(&bare).then_some(bare);
        }
        exts.iter()
            .map(|ext| {
                let mut file = bare.clone().into_os_string();
                file.push(ext);
                PathBuf::from(file)
            })
            .find(|c| runnable(c))
    })
}

fn runnable(candidate: &Path) -> bool {
    std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && sys::is_executable(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exe(dir: &Path, name: &str, mode: u32) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        sys::set_mode(&p, mode).unwrap();
        p
    }

    fn dirs(t: &tempfile::TempDir, names: &[&str]) -> Vec<PathBuf> {
        names
            .iter()
            .map(|n| {
                let d = t.path().join(n);
                std::fs::create_dir(&d).unwrap();
                d
            })
            .collect()
    }

    #[test]
    fn first_executable_file_along_the_path_wins() {
        let t = tempfile::tempdir().unwrap();
        let [a, b, c] = &dirs(&t, &["a", "b", "c"])[..] else {
            unreachable!()
        };
        let not_exec = exe(a, "tool", 0o644); // not executable: skipped, as execvp skips it
        std::fs::create_dir(b.join("tool")).unwrap(); // a folder: skipped
        let want = exe(c, "tool", 0o755);
        let path = std::env::join_paths([a, b, c, &t.path().join("missing")]).unwrap();
        // Without execute bits (Windows) the first regular file is the one.
        let first = if cfg!(unix) { want } else { not_exec };
        assert_eq!(resolve(OsStr::new("tool"), Some(&path)), Some(first));
        assert_eq!(resolve(OsStr::new("absent"), Some(&path)), None);
        assert_eq!(resolve(OsStr::new("c/tool"), Some(&path)), None);
        assert_eq!(resolve(OsStr::new(""), Some(&path)), None);
    }

    #[test]
    fn a_name_without_extension_is_tried_with_each_pathext_extension() {
        let t = tempfile::tempdir().unwrap();
        let [a, b] = &dirs(&t, &["a", "b"])[..] else {
            unreachable!()
        };
        exe(a, "npm", 0o755); // no extension: not what Windows runs
        let cmd = exe(a, "npm.CMD", 0o755);
        let b_exe = exe(b, "npm.EXE", 0o755);
        exe(b, "node.EXE", 0o755);
        let path = std::env::join_paths([a, b]).unwrap();
        let exts: Vec<OsString> = [".COM", ".EXE", ".CMD"].map(OsString::from).to_vec();
        let found = |name: &str| resolve_in(OsStr::new(name), &path, &exts);
        // Folder order first, then PATHEXT order within a folder.
        assert_eq!(found("npm"), Some(cmd));
        assert_eq!(found("node"), Some(b.join("node.EXE")));
        // A name with an extension is looked for as given.
        assert_eq!(found("npm.EXE"), Some(b_exe));
        assert_eq!(found("npm.BAT"), None);
        // Without PATHEXT (Unix) the bare name is the file.
        assert_eq!(
            resolve_in(OsStr::new("npm"), &path, &[]),
            Some(a.join("npm"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn unset_path_is_the_default_one() {
        let sh = resolve(OsStr::new("sh"), None).expect("/bin/sh or /usr/bin/sh");
        assert!(
            sh.starts_with("/bin") || sh.starts_with("/usr/bin"),
            "{sh:?}"
        );
    }
}
