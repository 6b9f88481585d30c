//! Linux only: wider pipes, huge pages and fill-ahead for held output, and a nice value for one
//! thread (on Linux `setpriority` on the calling thread's id affects that thread alone; on
//! other systems it renices the whole process, children included, so they do without).
//!
//! Compiled on every Linux build, even when the `portable` feature selects [`super::other`] in
//! its place, so both stay built and tested here.

use std::os::fd::AsFd;

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
