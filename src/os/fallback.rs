//! The portable version of [`super`]: no argv\[0\], no process groups, no signal forwarding
//! (the system's own default applies), plain statuses and the platform's default file modes.
//! Compiled and tested everywhere so it keeps building.

use std::ffi::OsStr;
use std::fs::OpenOptions;
use std::io;
use std::path::Path;
use std::process::{Child, Command, ExitStatus};

/// No signals are forwarded here.
pub const FORWARDED: [i32; 0] = [];

pub fn set_arg0(_c: &mut Command, _arg0: &OsStr) {}

pub fn wants_own_group() -> bool {
    false
}

pub fn set_own_group(_c: &mut Command) {}

pub fn join_group(_c: &mut Command, _group: u32) {}

/// Never installed: see [`Signals::install`].
pub struct Signals(());

impl Signals {
    pub fn install() -> Option<Signals> {
        None
    }

    pub fn forward(self, _child: &Child, _own_group: bool) -> Forwarding {
        Forwarding(())
    }
}

pub struct Forwarding(());

impl Forwarding {
    pub fn stop(self) -> Vec<i32> {
        Vec::new()
    }
}

/// Nothing to do: `Child::wait` waits.
pub fn wait_exited(_child: &Child) -> io::Result<()> {
    Ok(())
}

/// The command's code when it fits a byte; any other code (Windows has 32-bit ones, such as
/// `0xC000013A` for ^C) is 1, so a failure never reads as success (256 would as `& 0xff`).
pub fn exit_code(status: ExitStatus) -> u8 {
    status.code().map_or(1, code_byte)
}

fn code_byte(c: i32) -> u8 {
    u8::try_from(c).unwrap_or(1)
}

pub fn create_private_dir_all(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)
}

/// The name of rtk's folder in the (per-user, here) temp dir.
pub fn user_dir_name() -> String {
    "rtk".to_string()
}

/// `<prefix>-0`: where there are no uids, hosts that name a folder by uid use 0 (Claude Code's
/// `claude-0`: Node's `process.getuid` is absent).
pub fn per_user_name(prefix: &str) -> String {
    format!("{prefix}-0")
}

/// `<base>/rtk` (a per-user temp dir here), made if missing.
pub fn user_dir_in(base: &Path) -> Option<std::path::PathBuf> {
    let dir = base.join(user_dir_name());
    std::fs::create_dir_all(&dir).ok().map(|()| dir)
}

/// `<base>/rtk` when it exists (nothing is made).
pub fn existing_user_dir_in(base: &Path) -> Option<std::path::PathBuf> {
    let dir = base.join(user_dir_name());
    dir.is_dir().then_some(dir)
}

pub fn narrow_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

pub fn private_file() -> OpenOptions {
    OpenOptions::new()
}

/// Unknown here: taken as alive (claims then expire by age).
pub fn process_alive(_pid: u32) -> bool {
    true
}

pub fn mode_of(_path: &Path) -> io::Result<u32> {
    Ok(0)
}

pub fn set_mode(_path: &Path, _mode: u32) -> io::Result<()> {
    Ok(())
}

/// No execute bits: a regular file may be run (its extension decides, see `exec/path.rs`).
pub fn is_executable(_meta: &std::fs::Metadata) -> bool {
    true
}

/// The same file when both resolve to the same canonical path.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_runs_a_command_and_makes_folders() {
        let t = tempfile::tempdir().unwrap();
        let deep = t.path().join("a/b");
        create_private_dir_all(&deep).unwrap();
        assert!(deep.is_dir());
        narrow_dir(&deep).unwrap();
        private_file()
            .write(true)
            .create_new(true)
            .open(deep.join("f"))
            .unwrap();
        assert!(Signals::install().is_none());
        assert!(same_file(&deep, &t.path().join("a/../a/b")));
        assert!(!same_file(&deep, &t.path().join("a")));
        assert!(is_executable(&std::fs::metadata(deep.join("f")).unwrap()));
        #[allow(clippy::disallowed_methods)]
        let mut c = Command::new("sh");
        c.args(["-c", "exit 3"]);
        set_arg0(&mut c, OsStr::new("x"));
        set_own_group(&mut c);
        join_group(&mut c, 1);
        assert!(!wants_own_group());
        let mut child = c.spawn().unwrap();
        wait_exited(&child).unwrap();
        assert_eq!(exit_code(child.wait().unwrap()), 3);
    }

    #[test]
    fn codes_past_a_byte_never_read_as_success() {
        for (code, byte) in [(0, 0), (3, 3), (255, 255), (256, 1), (-1, 1)] {
            assert_eq!(code_byte(code), byte, "{code}");
        }
        assert_eq!(code_byte(0xC000_013Au32 as i32), 1);
    }
}
