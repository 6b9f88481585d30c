//! Everywhere but Linux (and on Linux under the `portable` feature): the Linux-only hints of
//! [`super::linux`] are skipped. Pipes keep the system's size, mappings fault in page by page,
//! and the recorder thread keeps its priority: elsewhere `setpriority` renices the whole
//! process, and the command rtk spawns next would inherit it. The command itself is not tied
//! to rtk's life by the kernel (no `PR_SET_PDEATHSIG` outside Linux); `exec`'s guard in its
//! process group ends it when rtk dies.

/// Nothing: the pipe keeps the system's size.
pub fn widen_pipe<T>(_pipe: T, _size: usize) {}

/// Nothing: the mapping's pages fault in one by one.
pub fn advise_huge_pages(_map: &memmap2::MmapMut) {}

/// Nothing: the pages fault in as they are written.
pub fn populate(_map: &memmap2::MmapMut, _offset: usize, _len: usize) {}

/// Nothing: no per-thread priority here.
pub fn lower_thread_priority(_nice: i32) {}

/// Nothing: the kernel does not tie the command to rtk here (`exec`'s guard does).
pub fn die_with_rtk(_c: &mut std::process::Command) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::disallowed_methods)] // a test of the spawn setup itself
    fn the_hints_are_harmless_no_ops() {
        let mut map = memmap2::MmapMut::map_anon(8192).unwrap();
        advise_huge_pages(&map);
        populate(&map, 0, 8192);
        map[8191] = 7;
        assert_eq!(map[8191], 7);
        let (reader, _writer) = std::io::pipe().unwrap();
        widen_pipe(&reader, 1 << 20);
        lower_thread_priority(10);
        let mut c = std::process::Command::new(std::env::current_exe().unwrap());
        die_with_rtk(&mut c);
        c.arg("--list");
        assert!(c.output().unwrap().status.success());
    }
}
