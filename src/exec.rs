//! The one place that spawns processes. Runs exactly the argv given (never through a shell),
//! either with inherited stdio or with stdout/stderr piped for a filter.
//!
//! Invariants: the child's exit code is returned unchanged (128 + signal when killed), also
//! when rtk's own stdout breaks (rtk then stops writing and closes the child's pipe, so the
//! child meets the broken pipe as it would without rtk); TERM, INT, HUP and QUIT sent to rtk
//! are forwarded to the child (its process group when it has its own) and rtk waits for it;
//! a child in a group of its own has a guard there that kills the group if rtk dies first, so
//! a kill of the caller's group (which no longer reaches it) leaves nothing running;
//! a missing program prints `rtk: <prog>: command not found` and yields 127; stderr is drained
//! on its own thread so a chatty child never deadlocks; what is held in memory per stream is
//! capped, and past the cap the stream is written through raw as it arrives.

pub mod held;
pub mod path;

use crate::os as sys;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;

pub use held::Held;

use crate::tokens::{SampledCounter, TokenCounter, COUNT_WHOLE_UP_TO};

/// Exit code a shell reports for a command it cannot find.
pub const NOT_FOUND: u8 = 127;

/// Runs `argv` with inherited stdio; returns its exit code (127 when not found).
pub fn run_inherited(argv: &[OsString]) -> anyhow::Result<u8> {
    let Some((program, args)) = argv.split_first() else {
        anyhow::bail!("nothing to run");
    };
    match spawn(program, |c| {
        c.args(args);
    })
    .and_then(Running::wait)
    {
        Ok(status) => Ok(exit_code(status)),
        Err(e) => not_found_or(program, e),
    }
}

/// What [`run_with_input`] got back: exit code, stdout, stderr.
pub type Answered = (u8, Vec<u8>, Vec<u8>);

/// A short run whose stdin is `input` and whose output is all kept (for checks such as
/// `rtk init --check`, never for a user's command): [`Answered`], or why the program could
/// not start (not found, not executable).
pub fn run_with_input(argv: &[OsString], input: &[u8]) -> anyhow::Result<Result<Answered, String>> {
    let Some((program, args)) = argv.split_first() else {
        anyhow::bail!("nothing to run");
    };
    let spawned = spawn_child(program, |c| {
        c.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
    });
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => return Ok(Err(e.to_string())),
    };
    let mut stdin = child.stdin.take().expect("stdin piped");
    let input = input.to_vec();
    // Written on its own thread: a child that answers before reading all of it never blocks us.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output()?;
    let _ = writer.join();
    Ok(Ok((exit_code(out.status), out.stdout, out.stderr)))
}

/// What to do with one output stream of the child.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamMode {
    /// Copy to ours as it arrives (exact bytes), only counting them.
    Forward,
    /// Hold up to `cap` bytes for the filter; past the cap, write what is held and the rest raw.
    Hold { cap: usize },
}

/// One stream after the child exited.
#[derive(Debug, Default)]
pub struct Stream {
    /// Held bytes (empty for `Forward` and once spilled).
    pub held: Held,
    /// Bytes the child wrote on this stream.
    pub total: u64,
    /// The cap was passed: everything was already written through raw.
    pub spilled: bool,
    /// rtk's own output broke while writing this stream through: rtk stopped writing and
    /// closed the child's pipe.
    pub broken: bool,
    /// Estimated tokens of a stream written through, counted as its bytes arrived; `None`
    /// while everything is held (see [`Stream::tokens`]).
    counted: Option<u64>,
    /// [`crate::tokens::estimate_tokens`] of `held`, every byte, counted as it arrived (see
    /// [`Stream::held_tokens`]).
    held_counted: Option<u64>,
}

impl Stream {
    /// Estimated tokens of every byte the child wrote on this stream, for `rtk gain`. A stream
    /// held whole is counted from `held` now: the caller can do it on another core while it
    /// compacts and prints, rather than on the reading thread while the child writes.
    pub fn tokens(&self) -> u64 {
        self.counted.unwrap_or_else(|| {
            let mut c = SampledCounter::default();
            c.feed(&self.held);
            c.finish()
        })
    }

    /// [`crate::tokens::estimate_tokens`] of `held` (0 for a stream written through, which
    /// holds nothing), counted on the reading thread while the command ran; `None` when more
    /// than [`COUNT_WHOLE_UP_TO`] bytes were held, or the stream spilled.
    pub fn held_tokens(&self) -> Option<u64> {
        self.held_counted
    }
}

/// A finished captured run.
#[derive(Debug)]
pub struct Captured {
    pub code: u8,
    pub stdout: Stream,
    pub stderr: Stream,
}

/// Called each time a held stdout has more complete lines, with everything held up to the
/// last of them (the last call, at the end, may end without a newline) and the offset where
/// the new lines start: a filter's compaction can then go on while the child still runs.
/// Not called once the stream spilled past its cap.
pub type LineSink<'a> = &'a mut dyn FnMut(&[u8], usize);

/// Runs `argv` with stdin inherited and stdout/stderr piped and handled per mode.
/// Returns `Ok(None)` when the program was not found (message already printed, exit 127).
/// A broken pipe on rtk's stdout or stderr stops writing and closes the child's end (the
/// child sees the broken pipe at its next write); the run still returns the child's status.
pub fn run_captured(
    argv: &[OsString],
    out_mode: StreamMode,
    err_mode: StreamMode,
    on_stdout_lines: Option<LineSink<'_>>,
) -> anyhow::Result<Option<Captured>> {
    let Some((program, args)) = argv.split_first() else {
        anyhow::bail!("nothing to run");
    };
    let spawned = spawn(program, |c| {
        c.args(args)
            .stdin(Stdio::inherit())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
    });
    let mut running = match spawned {
        Ok(c) => c,
        Err(e) => return not_found_or(program, e).map(|_| None),
    };
    let child_err = running.child.stderr.take().expect("stderr piped");
    let err_thread = thread::spawn(move || pump(child_err, err_mode, &mut io::stderr(), None));
    let child_out = running.child.stdout.take().expect("stdout piped");
    let out_result = pump(child_out, out_mode, &mut io::stdout(), on_stdout_lines);
    let status = running.wait()?;
    let stderr = err_thread
        .join()
        .map_err(|_| anyhow::anyhow!("stderr reader panicked"))??;
    let stdout = out_result?;
    Ok(Some(Captured {
        code: exit_code(status),
        stdout,
        stderr,
    }))
}

/// Bytes of a held stream after which its pipe is widened.
const WIDEN_FROM: usize = 16 * 1024;

/// The pipe a held stream is widened to once [`WIDEN_FROM`] bytes arrived. A command that writes
/// megabytes in a burst (`diff` after it has computed, `git diff`) then runs on, rather than
/// stopping at every 64 KiB until rtk has handled them: the system otherwise tends to run the
/// two in turns on one core. Small outputs never pay for the call.
const HELD_PIPE_SIZE: usize = 1024 * 1024;

/// What [`pump`] reads from: a child's pipe, which can be widened, or (in tests) bytes.
trait Source: Read {
    /// Asks for a [`HELD_PIPE_SIZE`] pipe buffer; only a hint (the system may cap it).
    fn widen(&self) {}
}

impl Source for std::process::ChildStdout {
    fn widen(&self) {
        sys::widen_pipe(self, HELD_PIPE_SIZE);
    }
}

impl Source for std::process::ChildStderr {
    fn widen(&self) {
        sys::widen_pipe(self, HELD_PIPE_SIZE);
    }
}

impl Source for &[u8] {}

/// Read buffer sizes: the first reads, and once a read filled the buffer.
const FIRST_READ: usize = 8 * 1024;
const FULL_READ: usize = 64 * 1024;
/// Held reads smaller than this count as "the pipe had little in it".
const SMALL_READ: usize = 16 * 1024;
/// After this many small reads of a held stream, each further small read is followed by a
/// [`BATCH_PAUSE`].
const SMALL_READS_BEFORE_PAUSING: u32 = 8;
/// How long a held stream lets the pipe fill before reading again. A child that writes one
/// line at a time would otherwise wake rtk once per write (`git log` over 2,000 commits: 2,000
/// reads, costing more system time than git's own run). The child never waits on it: at the
/// pipe rates measured (bench/README.md, "Measurements behind the code") the 64 KiB pipe holds
/// more than a pause's worth, and the pause adds at most this much after the child's last
/// write.
const BATCH_PAUSE: std::time::Duration = std::time::Duration::from_micros(200);

/// Reads `src` to the end, handling bytes per `mode`, writing to `sink` when forwarding. When
/// `sink` breaks, stops there (dropping `src`, which closes the child's end) and returns what
/// it had, marked [`Stream::broken`].
fn pump(
    src: impl Source,
    mode: StreamMode,
    sink: &mut impl Write,
    on_lines: Option<LineSink<'_>>,
) -> io::Result<Stream> {
    let mut s = Stream::default();
    match pump_into(&mut s, src, mode, sink, on_lines) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            s.broken = true;
            s.counted.get_or_insert(0);
            Ok(s)
        }
        other => other.map(|()| s),
    }
}

fn pump_into(
    s: &mut Stream,
    mut src: impl Source,
    mode: StreamMode,
    sink: &mut impl Write,
    mut on_lines: Option<LineSink<'_>>,
) -> io::Result<()> {
    // Bytes of `held` already handed to `on_lines`.
    let mut handed = 0;
    let mut tokens = SampledCounter::default();
    // Every held byte while at most COUNT_WHOLE_UP_TO are held: the runner's token check then
    // finds the raw side counted when the command ends.
    let mut whole = TokenCounter::default();
    // Most streams are short (and stderr often empty): the buffer starts small and grows to
    // its full size at the first read that fills it.
    let mut buf = vec![0u8; FIRST_READ];
    let mut small_reads = 0u32;
    loop {
        let n = match src.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == buf.len() && buf.len() < FULL_READ {
            buf.resize(FULL_READ, 0);
        }
        let crossed = (s.total..s.total + n as u64).contains(&(WIDEN_FROM as u64 - 1));
        if crossed && matches!(mode, StreamMode::Hold { .. }) {
            src.widen();
        }
        if matches!(mode, StreamMode::Hold { .. }) && n < SMALL_READ {
            small_reads += 1;
            if small_reads > SMALL_READS_BEFORE_PAUSING {
                thread::sleep(BATCH_PAUSE);
            }
        }
        s.total += n as u64;
        let chunk = &buf[..n];
        match mode {
            StreamMode::Forward => {
                tokens.feed(chunk);
                sink.write_all(chunk)?;
                sink.flush()?;
            }
            StreamMode::Hold { cap } if !s.spilled && s.held.len() + n <= cap => {
                s.held.extend(chunk, cap);
                if s.held.len() <= COUNT_WHOLE_UP_TO {
                    whole.feed(chunk);
                }
                if let (Some(f), Some(nl)) = (on_lines.as_mut(), memchr_last_newline(chunk)) {
                    let end = s.held.len() - n + nl + 1;
                    f(&s.held[..end], handed);
                    handed = end;
                }
            }
            StreamMode::Hold { .. } => {
                if !s.spilled {
                    s.spilled = true;
                    tokens.feed(&s.held);
                    sink.write_all(&std::mem::take(&mut s.held))?;
                }
                tokens.feed(chunk);
                sink.write_all(chunk)?;
            }
        }
    }
    sink.flush()?;
    if let Some(f) = on_lines
        .as_mut()
        .filter(|_| !s.spilled && handed < s.held.len())
    {
        f(&s.held, handed);
    }
    let written_through = mode == StreamMode::Forward || s.spilled;
    s.counted = written_through.then(|| tokens.finish());
    s.held_counted = match mode {
        StreamMode::Forward => Some(0),
        StreamMode::Hold { .. } => {
            (!s.spilled && s.held.len() <= COUNT_WHOLE_UP_TO).then(|| whole.finish())
        }
    };
    Ok(())
}

/// Index of the last `\n` in `chunk`.
fn memchr_last_newline(chunk: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', chunk)
}

/// A spawned child, the forwarding of rtk's signals to it, and its group's guard.
struct Running {
    child: Child,
    forwarding: Option<sys::Forwarding>,
    guard: Option<Guard>,
}

impl Running {
    /// Waits for the child to end, stops forwarding signals (before the pid is freed), releases
    /// the guard, reaps the child.
    fn wait(mut self) -> io::Result<ExitStatus> {
        let ended = sys::wait_exited(&self.child);
        if let Some(f) = self.forwarding.take() {
            f.stop();
        }
        if let Some(g) = self.guard.take() {
            g.release();
        }
        ended?;
        self.child.wait()
    }
}

/// The guard's shell text: ignore the signals rtk forwards to the group, wait for a line on
/// stdin (rtk's "done"), and on end of file without one (rtk died: its end of the pipe closed)
/// kill the whole group, itself included.
const GUARD_SCRIPT: &str = "trap '' INT TERM HUP QUIT; read -r done || kill -s KILL 0";

/// A `/bin/sh` in the command's own process group that ends the group when rtk dies, however it
/// dies. A command in a group of its own is out of reach of a kill of the caller's group (an
/// agent's hard timeout: `timeout -s KILL`, a host's process-tree kill), and the kernel's
/// parent-death signal reaches only the command itself, not what it started; the guard reads a
/// pipe only rtk holds, so rtk's death is its end of file.
struct Guard {
    child: Child,
    done: Option<std::process::ChildStdin>,
}

impl Guard {
    /// Starts the guard in `group`; None when it cannot start (the command then runs unguarded,
    /// as before).
    #[allow(clippy::disallowed_methods)]
    fn spawn(group: u32) -> Option<Guard> {
        let mut c = Command::new("/bin/sh");
        c.args(["-c", GUARD_SCRIPT, "rtk-guard"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        sys::join_group(&mut c, group);
        let mut child = c.spawn().ok()?;
        let done = child.stdin.take();
        Some(Guard { child, done })
    }

    /// Tells the guard rtk is done (the command ended; what it left running is its own, as
    /// without rtk). Not waited for: the line is in the pipe whenever the guard reads it, even
    /// after rtk has exited, and the guard then ends on its own.
    fn release(mut self) {
        if let Some(mut w) = self.done.take() {
            let _ = w.write_all(b"\n");
        }
        let _ = self.child.try_wait();
    }
}

/// Spawns `program` set up by `setup`: by the file [`path::resolve`] finds (with `program` as
/// its argv\[0\]), else, or when that file cannot be run, by the bare name as the system finds it.
/// rtk's signal handlers are installed first (a signal that arrives while the child starts
/// is forwarded once it runs); the child gets its own process group when [`sys`] says so, with
/// a [`Guard`] in it that ends the group if rtk dies, and the child itself dies with rtk where
/// the system can tie it ([`sys::die_with_rtk`]: callers wait for the child on the thread that
/// spawned it, which that needs).
#[allow(clippy::disallowed_methods)]
fn spawn(program: &OsString, setup: impl Fn(&mut Command)) -> io::Result<Running> {
    let signals = sys::Signals::install();
    let own_group = signals.is_some() && sys::wants_own_group();
    let prepare = |c: &mut Command| {
        setup(c);
        sys::die_with_rtk(c);
        if own_group {
            sys::set_own_group(c);
        }
    };
    let child = spawn_child(program, prepare)?;
    let guard = if own_group {
        Guard::spawn(child.id())
    } else {
        None
    };
    let forwarding = signals.map(|s| s.forward(&child, own_group));
    Ok(Running {
        child,
        forwarding,
        guard,
    })
}

#[allow(clippy::disallowed_methods)]
fn spawn_child(program: &OsString, setup: impl Fn(&mut Command)) -> io::Result<Child> {
    if let Some(file) = path::resolve_here(program) {
        let mut c = Command::new(file);
        sys::set_arg0(&mut c, program);
        setup(&mut c);
        match c.spawn() {
            // A `noexec` mount, a script whose interpreter is missing: execvp would go on
            // along PATH, so the system's own search decides.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::PermissionDenied | io::ErrorKind::NotFound
                ) => {}
            other => return other,
        }
    }
    let mut c = Command::new(program);
    setup(&mut c);
    c.spawn()
}

fn not_found_or(program: &OsString, e: io::Error) -> anyhow::Result<u8> {
    if e.kind() == io::ErrorKind::NotFound {
        let _ = writeln!(
            io::stderr(),
            "rtk: {}: command not found",
            crate::mask::word(&program.to_string_lossy())
        );
        Ok(NOT_FOUND)
    } else if e.kind() == io::ErrorKind::PermissionDenied {
        let _ = writeln!(
            io::stderr(),
            "rtk: {}: permission denied",
            crate::mask::word(&program.to_string_lossy())
        );
        Ok(126)
    } else {
        Err(anyhow::Error::new(e).context(format!(
            "cannot run {}",
            crate::mask::word(&program.to_string_lossy())
        )))
    }
}

pub use sys::exit_code;

#[cfg(test)]
mod tests {
    use super::*;

    fn pumped(input: &[u8], mode: StreamMode) -> (Stream, Vec<u8>) {
        let mut sink = Vec::new();
        let s = pump(input, mode, &mut sink, None).unwrap();
        (s, sink)
    }

    #[test]
    fn forward_copies_exact_bytes() {
        let (s, sink) = pumped(b"a\0b\xff\n", StreamMode::Forward);
        assert_eq!(sink, b"a\0b\xff\n");
        assert_eq!(s.total, 5);
        assert!(s.held.is_empty());
        assert_eq!(s.tokens(), crate::tokens::estimate_tokens("a\0b\u{fffd}\n"));
    }

    #[test]
    fn hold_under_cap_keeps_everything_and_writes_nothing() {
        let (s, sink) = pumped(b"hello", StreamMode::Hold { cap: 5 });
        assert_eq!(&s.held[..], b"hello");
        assert!(!s.spilled);
        assert!(sink.is_empty());
    }

    #[test]
    fn hold_past_cap_spills_raw_in_order() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let (s, sink) = pumped(&data, StreamMode::Hold { cap: 1000 });
        assert!(s.spilled);
        assert!(s.held.is_empty());
        assert_eq!(sink, data);
        assert_eq!(s.total, data.len() as u64);
        let mut whole = SampledCounter::default();
        whole.feed(&data);
        assert_eq!(s.tokens(), whole.finish());
    }

    #[test]
    fn a_held_stream_is_counted_from_what_it_holds() {
        let text = "fn main() { println!(\"{}\", 42); }\n".repeat(5000);
        let (s, _) = pumped(text.as_bytes(), StreamMode::Hold { cap: 1 << 20 });
        assert!(s.counted.is_none());
        assert_eq!(s.tokens(), crate::tokens::estimate_tokens_sampled(&text));
        assert!(s.tokens() > 0);
    }

    #[test]
    fn a_held_stream_up_to_the_limit_is_counted_whole_as_it_arrives() {
        let text = "fn main() { println!(\"{}\", 42); } // ünïcode\n".repeat(30_000);
        let end = (0..=COUNT_WHOLE_UP_TO)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap();
        let at_limit = &text.as_bytes()[..end];
        for step in [1000, 4096, 65_536] {
            let src = Trickle(at_limit, step);
            let s = pump(
                src,
                StreamMode::Hold { cap: 1 << 24 },
                &mut Vec::new(),
                None,
            )
            .unwrap();
            // However the reads cut it (inside a character too), the count is the whole text's.
            let want = crate::tokens::estimate_tokens(&text[..end]);
            assert!(want > 0);
            assert_eq!(s.held_tokens(), Some(want), "step {step}");
        }
        let over = &text.as_bytes()[..=COUNT_WHOLE_UP_TO];
        let (s, _) = pumped(over, StreamMode::Hold { cap: 1 << 24 });
        assert_eq!(s.held_tokens(), None);
        let (s, _) = pumped(b"spilled past its cap\n", StreamMode::Hold { cap: 4 });
        assert_eq!(s.held_tokens(), None);
        let (s, _) = pumped(b"written through\n", StreamMode::Forward);
        assert_eq!(s.held_tokens(), Some(0));
    }

    /// A reader that hands out at most `n` bytes per read, as a pipe might.
    struct Trickle<'a>(&'a [u8], usize);

    impl Source for Trickle<'_> {}

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// A [`Trickle`] that counts the calls to `widen`.
    struct Widened<'a>(Trickle<'a>, std::rc::Rc<std::cell::Cell<u32>>);

    impl Source for Widened<'_> {
        fn widen(&self) {
            self.1.set(self.1.get() + 1);
        }
    }

    impl Read for Widened<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }

    #[test]
    fn a_held_stream_asks_once_for_a_wider_pipe_past_16_kib() {
        let data = vec![b'x'; 100 * 1024];
        for (len, mode, want) in [
            (WIDEN_FROM - 1, StreamMode::Hold { cap: 1 << 20 }, 0),
            (WIDEN_FROM, StreamMode::Hold { cap: 1 << 20 }, 1),
            (data.len(), StreamMode::Hold { cap: 1 << 20 }, 1),
            (data.len(), StreamMode::Forward, 0),
        ] {
            let calls = std::rc::Rc::new(std::cell::Cell::new(0));
            let src = Widened(Trickle(&data[..len], 4096), calls.clone());
            pump(src, mode, &mut Vec::new(), None).unwrap();
            assert_eq!(calls.get(), want, "{len} bytes, {mode:?}");
        }
    }

    #[test]
    fn line_sink_gets_whole_lines_in_order_with_their_offsets() {
        let text = b"one\ntwo two\n\nthree\nfour without newline";
        for step in [1, 3, 5, 64] {
            let mut got: Vec<(Vec<u8>, usize)> = Vec::new();
            let mut on = |b: &[u8], at: usize| got.push((b[at..].to_vec(), at));
            let mut sink = Vec::new();
            let s = pump(
                Trickle(text, step),
                StreamMode::Hold { cap: 1 << 20 },
                &mut sink,
                Some(&mut on),
            )
            .unwrap();
            assert_eq!(&s.held[..], text);
            let joined: Vec<u8> = got.iter().flat_map(|(b, _)| b.clone()).collect();
            assert_eq!(joined, text, "step {step}");
            let mut at = 0;
            for (i, (b, off)) in got.iter().enumerate() {
                assert_eq!(*off, at, "step {step}");
                assert!(i + 1 == got.len() || b.ends_with(b"\n"), "step {step}");
                at += b.len();
            }
        }
    }
}
