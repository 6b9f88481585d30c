//! Linux only: wider pipes, huge pages and fill-ahead for held output, a nice value for one
//! thread (on Linux `setpriority` on the calling thread's id affects that thread alone; on
//! other systems it renices the whole process, children included, so they do without), and a
//! command tied to rtk's life (`PR_SET_PDEATHSIG`: a SIGKILL of rtk kills the command too, as
//! killing the command itself would without rtk; elsewhere only `exec`'s guard ends it).
//!
//! Compiled on every Linux build, even when the `portable` feature selects [`super::other`] in
//! its place, so both stay built and tested here.

use std::io;
use std::os::fd::AsFd;
use std::os::unix::process::CommandExt;
use std::process::Command;

use memmap2::{Advice, MmapMut};

/// Asks for a pipe buffer of `size` bytes; only a hint (the system may cap it).
pub fn widen_pipe(pipe: impl AsFd, size: usize) {
    let _ = rustix::pipe::fcntl_setpipe_size(pipe, size);
}

/// Asks for huge pages behind `map`; only a hint.
pub fn advise_huge_pages(map: &MmapMut) {
    let _ = map.advise(Advice::HugePage);
}

/// Faults in `len` bytes of `map` from `offset` in one call, writable; only a hint.
pub fn populate(map: &MmapMut, offset: usize, len: usize) {
    let _ = map.advise_range(Advice::PopulateWrite, offset, len);
}

/// Has the kernel send SIGKILL to the command when rtk dies, however it dies.
///
/// Caveat: the signal follows the *thread* that spawned the command, not the process, so the
/// command must be spawned by a thread that outlives it; rtk's `exec::spawn` callers wait for
/// the command on the thread that spawned it. The race: rtk may die between the fork and the
/// `prctl`, leaving the child adopted before it asked; it then checks its parent is still rtk
/// and, if not, does not run the command. A set-uid or set-gid command clears the setting on
/// exec (the kernel's rule). The crate's only `unsafe` (scripts/platform-check.sh keeps it so).
#[allow(unsafe_code)]
pub fn die_with_rtk(c: &mut Command) {
    let rtk = rustix::process::getpid();
    // SAFETY: the closure runs in the forked child before exec and only makes two system
    // calls (prctl, getppid), which are async-signal-safe; it allocates nothing.
    unsafe {
        c.pre_exec(move || {
            rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL))?;
            if rustix::process::getppid() != Some(rtk) {
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            Ok(())
        });
    }
}

/// Lowers the calling thread's priority to `nice` (0 to 19), that thread only.
pub fn lower_thread_priority(nice: i32) {
    let _ = rustix::process::setpriority_process(None, nice);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calling thread's nice value (on Linux `getpriority` reads the calling thread's).
    fn thread_nice() -> i32 {
        rustix::process::getpriority_process(None).unwrap_or(0)
    }

    #[test]
    fn widen_pipe_enlarges_a_real_pipe() {
        const WANT: usize = 1024 * 1024;
        let (reader, _writer) = std::io::pipe().unwrap();
        let before = rustix::pipe::fcntl_getpipe_size(&reader).unwrap();
        widen_pipe(&reader, WANT);
        let after = rustix::pipe::fcntl_getpipe_size(&reader).unwrap();
        let max: usize = std::fs::read_to_string("/proc/sys/fs/pipe-max-size")
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        // Root may go past the system's maximum; others get at most that.
        assert!(after > before || max <= before, "{before} -> {after}");
        assert!(after <= WANT.max(max));
    }

    #[test]
    fn a_program_found_on_path_keeps_its_name_as_argv0() {
        let argv: Vec<std::ffi::OsString> = ["sh", "-c", "tr '\\0' ' ' < /proc/$$/cmdline"]
            .iter()
            .map(Into::into)
            .collect();
        let hold = crate::exec::StreamMode::Hold { cap: 1 << 20 };
        let c = crate::exec::run_captured(&argv, hold, crate::exec::StreamMode::Forward, None)
            .unwrap()
            .unwrap();
        let shown = String::from_utf8_lossy(&c.stdout.held);
        assert!(shown.starts_with("sh -c "), "{shown}");
        assert_eq!(c.code, 0);
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // a test of the spawn setup itself
    fn the_command_runs_asking_to_die_with_its_parent() {
        // PR_GET_PDEATHSIG (2) read back inside the command (python3: the test suite needs it).
        let mut p = Command::new("python3");
        p.args([
            "-c",
            "import ctypes;l=ctypes.CDLL(None);v=ctypes.c_int();\
             l.prctl(2,ctypes.byref(v),0,0,0);print(v.value)",
        ]);
        die_with_rtk(&mut p);
        let out = p.output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "9", "{out:?}");
    }

    #[test]
    fn a_thread_priority_stays_with_that_thread() {
        let before = thread_nice();
        let want = (before + 3).min(19);
        let seen = std::thread::spawn(move || {
            lower_thread_priority(want);
            thread_nice()
        })
        .join()
        .unwrap();
        assert_eq!(seen, want);
        // This thread, and a thread started after, keep theirs.
        assert_eq!(thread_nice(), before);
        assert_eq!(std::thread::spawn(thread_nice).join().unwrap(), before);
    }
}
