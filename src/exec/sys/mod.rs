//! The platform parts of running a command: argv\[0\], process groups, forwarding the signals
//! rtk receives, waiting without reaping, exit statuses, pipe sizes and private file modes.
//! `unix.rs` is the real thing on Unix; `fallback.rs` is the portable version used elsewhere
//! (compiled and tested on every platform, so it never rots).
//!
//! Invariant: nothing outside this folder (and `exec/path.rs`) names `std::os::unix` or rustix.

pub mod fallback;
#[cfg(unix)]
mod unix;

#[cfg(not(unix))]
pub use fallback::*;
#[cfg(unix)]
pub use unix::*;
