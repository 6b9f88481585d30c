//! Platform module: the CPU time this thread has used, the clock of the parse budget (a CPU
//! clock, so a loaded machine does not change which lines fit the budget). Fallback where no
//! thread CPU clock is known: wall time since the first call.

use std::time::Duration;

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "openbsd"
))]
pub fn thread_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios",
    target_os = "freebsd",
    target_os = "openbsd"
)))]
pub fn thread_time() -> Duration {
    fallback()
}

/// Wall time since the first call (compiled everywhere, so the fallback is tested on Linux).
#[allow(dead_code)]
pub fn fallback() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_advance_with_work() {
        for clock in [thread_time as fn() -> Duration, fallback] {
            let a = clock();
            let mut x = 0u64;
            let start = std::time::Instant::now();
            while start.elapsed() < Duration::from_millis(5) {
                x = x.wrapping_add(std::hint::black_box(1));
            }
            assert!(clock() > a, "{x}");
        }
    }
}
