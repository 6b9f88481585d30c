//! Unix: argv\[0\], process groups, signal forwarding (signal-hook's self-pipe, read on a
//! thread), waiting for a child without reaping it, 128 + n statuses, execute bits, file
//! identity, and files created private (0700 folders, 0600 files) rather than narrowed
//! afterwards.
//!
//! Invariants: a signal is forwarded only to a child that has not been reaped (rtk waits with
//! `WNOWAIT`, stops forwarding, then reaps), so a reused pid never gets it; in rtk's own
//! process group a signal the kernel sent (the terminal's ^C, ^\, hang-up) already reached the
//! command and is not sent twice.

use std::ffi::OsStr;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use rustix::process::{Pid, Signal, WaitId, WaitIdOptions};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::exfiltrator::WithOrigin;
use signal_hook::iterator::{Handle, SignalsInfo};
use signal_hook::low_level::siginfo::Cause;

/// The signals rtk passes on to the command instead of dying of them.
pub const FORWARDED: [i32; 4] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT];

/// Runs the command with `arg0` as its argv\[0\].
pub fn set_arg0(c: &mut Command, arg0: &OsStr) {
    c.arg0(arg0);
}

/// Whether the command gets a process group of its own (so a signal reaches everything it
/// started, and nothing is left behind). Not when rtk is in the foreground of its terminal:
/// the command must keep reading the terminal, and ^C reaches it there anyway.
pub fn wants_own_group() -> bool {
    !in_terminal_foreground()
}

/// Puts the command in a new process group led by itself.
pub fn set_own_group(c: &mut Command) {
    c.process_group(0);
}

/// Puts the process `c` starts in the existing process group `group`.
pub fn join_group(c: &mut Command, group: u32) {
    if let Ok(g) = i32::try_from(group) {
        c.process_group(g);
    }
}

fn in_terminal_foreground() -> bool {
    // No controlling terminal: opening it fails (ENXIO).
    let Ok(tty) = File::open("/dev/tty") else {
        return false;
    };
    rustix::termios::tcgetpgrp(&tty).is_ok_and(|fg| fg == rustix::process::getpgrp())
}

/// Signal handlers installed before the command starts: what arrives meanwhile is queued and
/// forwarded once [`Signals::forward`] knows the child.
pub struct Signals(SignalsInfo<WithOrigin>);

impl Signals {
    /// Installs handlers for [`FORWARDED`]; None when the system refuses (rtk then dies of
    /// those signals as before).
    pub fn install() -> Option<Signals> {
        SignalsInfo::with_exfiltrator(FORWARDED, WithOrigin::default())
            .ok()
            .map(Signals)
    }

    /// Forwards every signal from now on to `child` (its process group when `own_group`), on
    /// a thread, until [`Forwarding::stop`].
    pub fn forward(self, child: &Child, own_group: bool) -> Forwarding {
        let pid = Pid::from_child(child);
        let handle = self.0.handle();
        let mut signals = self.0;
        let state = Arc::new(Mutex::new(Sent::default()));
        let shared = state.clone();
        thread::spawn(move || {
            for origin in signals.forever() {
                if !own_group && matches!(origin.cause, Cause::Kernel) {
                    continue;
                }
                let Some(sig) = Signal::from_named_raw(origin.signal) else {
                    continue;
                };
                // Held while signalling: once stop has marked it, nothing more is sent.
                let mut sent = shared.lock().unwrap_or_else(PoisonError::into_inner);
                if sent.stopped {
                    break;
                }
                let done = if own_group {
                    rustix::process::kill_process_group(pid, sig)
                } else {
                    rustix::process::kill_process(pid, sig)
                };
                if done.is_ok() {
                    sent.signals.push(origin.signal);
                }
            }
        });
        Forwarding { handle, state }
    }
}

/// What the forwarding thread has done, and whether it must stop.
#[derive(Default)]
struct Sent {
    stopped: bool,
    signals: Vec<i32>,
}

/// Signals being forwarded to a running child.
pub struct Forwarding {
    handle: Handle,
    state: Arc<Mutex<Sent>>,
}

impl Forwarding {
    /// Stops forwarding; the signals that were forwarded, in order. Never waits for the
    /// thread: it is marked stopped under the lock it signals with (so nothing is sent after
    /// this returns, and the child may be reaped), then woken through signal-hook's socket
    /// pair to end; where a sandbox refuses that write (Codex's seccomp policy refuses socket
    /// sends) it stays blocked, harmlessly, until the process exits.
    pub fn stop(self) -> Vec<i32> {
        let mut sent = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        sent.stopped = true;
        let signals = std::mem::take(&mut sent.signals);
        drop(sent);
        self.handle.close();
        signals
    }
}

/// Waits until `child` has ended, leaving it unreaped (its pid stays taken).
pub fn wait_exited(child: &Child) -> io::Result<()> {
    let id = WaitId::Pid(Pid::from_child(child));
    loop {
        match rustix::process::waitid(id.clone(), WaitIdOptions::EXITED | WaitIdOptions::NOWAIT) {
            Err(rustix::io::Errno::INTR) => continue,
            Ok(_) => return Ok(()),
            Err(e) => return Err(e.into()),
        }
    }
}

/// Exit status as a shell would report it: the code, or 128 + signal.
pub fn exit_code(status: ExitStatus) -> u8 {
    match (status.code(), status.signal()) {
        (Some(c), _) => (c & 0xff) as u8,
        (None, Some(sig)) => (128 + sig).min(255) as u8,
        (None, None) => 1,
    }
}

/// Creates `dir` and its missing parents, each created 0700.
pub fn create_private_dir_all(dir: &Path) -> io::Result<()> {
    DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

/// The name of this user's folder in a shared temp dir: `rtk-<uid>`.
pub fn user_dir_name() -> String {
    per_user_name("rtk")
}

/// `<prefix>-<uid>`: how rtk and hosts (Claude Code's `claude-<uid>`) name a user's folder in a
/// shared temp dir.
pub fn per_user_name(prefix: &str) -> String {
    format!("{prefix}-{}", rustix::process::getuid().as_raw())
}

/// This user's private folder `<base>/rtk-<uid>` (in a shared temp dir), made 0700 if missing;
/// None when it is not a real folder of this user's that only this user may enter (someone
/// else made it first, or it is a symlink).
pub fn user_dir_in(base: &Path) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let uid = rustix::process::getuid().as_raw();
    let dir = base.join(user_dir_name());
    let _ = DirBuilder::new().mode(0o700).create(&dir);
    let meta = fs::symlink_metadata(&dir).ok()?;
    (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(dir)
}

/// This user's private folder `<base>/rtk-<uid>` when it exists and is a real folder of this
/// user's that only this user may enter (nothing is made), in a `base` where no one else can
/// swap it for their own (sticky like `/tmp`, or this user's and writable by no one else: a
/// host's folder such as `/tmp/claude-<uid>` someone else made first is not): what a reader
/// may trust.
pub fn existing_user_dir_in(base: &Path) -> Option<std::path::PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let uid = rustix::process::getuid().as_raw();
    let parent = fs::metadata(base).ok()?;
    let sticky = parent.mode() & 0o1000 != 0;
    if !sticky && (parent.uid() != uid || parent.mode() & 0o022 != 0) {
        return None;
    }
    let dir = base.join(user_dir_name());
    let meta = fs::symlink_metadata(&dir).ok()?;
    (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(dir)
}

/// Narrows `dir` (a folder rtk owns, made by an older rtk) to 0700 if it is wider.
pub fn narrow_dir(dir: &Path) -> io::Result<()> {
    let mode = fs::metadata(dir)?.permissions().mode();
    if mode & 0o077 != 0 {
        fs::set_permissions(dir, fs::Permissions::from_mode(mode & 0o700))?;
    }
    Ok(())
}

/// Open options whose new files are created 0600.
pub fn private_file() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.mode(0o600);
    o
}

/// Whether a process with this pid exists (one that may not be signalled counts).
pub fn process_alive(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(Pid::from_raw) else {
        return false;
    };
    !matches!(
        rustix::process::test_kill_process(pid),
        Err(rustix::io::Errno::SRCH)
    )
}

/// The permission bits of `path` (for tests and reports).
pub fn mode_of(path: &Path) -> io::Result<u32> {
    Ok(fs::metadata(path)?.permissions().mode() & 0o7777)
}

/// Sets the permission bits of `path` (tests).
pub fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    fs::set_permissions(path, fs::Permissions::from_mode(mode))
}

/// Whether a file with this metadata may be run: any execute bit, as `execvp` decides.
pub fn is_executable(meta: &fs::Metadata) -> bool {
    meta.permissions().mode() & 0o111 != 0
}

/// Whether two existing paths are the same file (same device and inode: hard links and
/// symlinks included).
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// Makes `link` a symlink to `target` (tests).
pub fn symlink(target: &Path, link: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_trusts_the_folder_only_where_no_one_else_can_swap_it() {
        let t = tempfile::tempdir().unwrap();
        let base = t.path().join("base");
        fs::create_dir(&base).unwrap();
        let mine = user_dir_in(&base).unwrap();
        let set = |mode| fs::set_permissions(&base, fs::Permissions::from_mode(mode)).unwrap();
        set(0o755);
        assert_eq!(existing_user_dir_in(&base), Some(mine.clone()));
        // Writable by others and not sticky: someone could rename it and put theirs there.
        set(0o777);
        assert_eq!(existing_user_dir_in(&base), None);
        set(0o1777);
        assert_eq!(existing_user_dir_in(&base), Some(mine));
        set(0o755);
    }

    #[test]
    fn private_folders_and_files_are_created_private() {
        let t = tempfile::tempdir().unwrap();
        let deep = t.path().join("a/b");
        create_private_dir_all(&deep).unwrap();
        assert_eq!(mode_of(&t.path().join("a")).unwrap(), 0o700);
        assert_eq!(mode_of(&deep).unwrap(), 0o700);
        let f = deep.join("f");
        private_file()
            .write(true)
            .create_new(true)
            .open(&f)
            .unwrap();
        assert_eq!(mode_of(&f).unwrap(), 0o600);
        let wide = t.path().join("wide");
        fs::create_dir(&wide).unwrap();
        fs::set_permissions(&wide, fs::Permissions::from_mode(0o755)).unwrap();
        narrow_dir(&wide).unwrap();
        assert_eq!(mode_of(&wide).unwrap(), 0o700);
    }
}
