//! The one place for platform differences (below `exec`, imported by whatever needs the
//! operating system): the parts of running a command — argv\[0\], process groups, forwarding
//! the signals rtk receives, waiting without reaping, exit statuses, pipe sizes, memory hints,
//! thread priority, tying the command to rtk's life — and executable bits, file identity, private file modes, the command lines
//! of rtk's ancestors (`ancestors.rs`) and the thread's CPU clock (`clock.rs`).
//! `unix.rs` is the real thing on Unix; `fallback.rs` is the portable version used elsewhere.
//! `windows.rs` keeps rtk alive through console ^C (the command gets it from the console).
//! `linux.rs` adds the Linux-only hints; `other.rs` is their absence everywhere else.
//! `fallback.rs` and `other.rs` are compiled and tested on every platform, so they never rot;
//! the `portable` feature selects `other.rs` on Linux too, so the suite runs the macOS choices.
//!
//! Invariant: nothing outside `src/os/` names `std::os::unix`, `std::os::fd`, rustix, libc,
//! madvise or `/proc` (scripts/platform-check.sh).

pub mod ancestors;
pub mod clock;
pub mod fallback;
#[cfg(target_os = "linux")]
pub mod linux;
pub mod other;
#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

#[cfg(not(unix))]
pub use fallback::*;
// Explicit names shadow the fallback's glob: Windows has its own console-event handling.
#[cfg(all(target_os = "linux", not(feature = "portable")))]
pub use linux::{advise_huge_pages, die_with_rtk, lower_thread_priority, populate, widen_pipe};
#[cfg(not(all(target_os = "linux", not(feature = "portable"))))]
pub use other::{advise_huge_pages, die_with_rtk, lower_thread_priority, populate, widen_pipe};
#[cfg(unix)]
pub use unix::*;
#[cfg(windows)]
pub use windows::{Forwarding, Signals, FORWARDED};
