//! What a finished captured run prints, and the printing.
//!
//! [`choose`] is the policy and does no I/O: the compacted output when the filter took the
//! output and the result, its note included, is not longer than the raw output; else the raw
//! output. [`counting_raw`] and [`write`] own the threads around the printing: the raw
//! output's tokens are counted on another core while rtk compacts and prints, and rtk's own
//! output's while the tee file is finished.
//!
//! Invariants: nothing is left out unless its tee file was written, or, where no file can be
//! made anywhere, the note names the command that prints it all (a tee file made but not
//! written: the raw output and the one [`Unsaved`] line); the compact form is never longer than the raw one; what
//! [`write`] records in the [`RunRecord`] is what it printed (the compacted form also when
//! the reader closed the pipe part way: that is what it was given).

use std::io::Write;

use super::tee::{TeeSink, Unsaved};
use crate::exec::Captured;
use crate::filters::Compacted;
use crate::tokens::{self, SAMPLE_ABOVE};
use crate::tracking::RunRecord;

/// What to print for a finished run.
#[derive(Debug, PartialEq, Eq)]
pub enum Emission<'a> {
    /// The output as the command wrote it. `fell_back`: the filter could not take it (too
    /// large to hold, not UTF-8, or not in a form it parses).
    Raw { fell_back: bool },
    /// The compacted output; `note` (after stdout) says what was elided and where it is kept.
    Compact {
        stdout: &'a str,
        stderr: &'a str,
        note: Option<&'a str>,
    },
}

/// Outputs up to this size are also compared in tokens, not only bytes.
const TOKEN_CHECK_UP_TO: usize = tokens::COUNT_WHOLE_UP_TO;

/// The policy. `raw`: the held stdout and stderr as text (`None` when they spilled past the
/// caps or are not UTF-8); `compacted`: the filter's result over them (`None` when it failed);
/// `note`: the note the tee offers for the result's elision (`None` when it keeps no files);
/// `raw_tokens`: [`tokens::estimate_tokens`] of `raw` when it was already counted (as it
/// arrived: [`crate::exec::Stream::held_tokens`]), else it is counted here when needed.
pub fn choose<'a>(
    raw: Option<(&'a str, &'a str)>,
    compacted: Option<&'a Compacted>,
    note: Option<&'a str>,
    raw_tokens: Option<u64>,
) -> Emission<'a> {
    let (Some((raw_out, raw_err)), Some(c)) = (raw, compacted) else {
        return Emission::Raw { fell_back: true };
    };
    let note = match (&c.elided, note) {
        (None, _) => None,
        (Some(_), Some(n)) => Some(n),
        // Nothing is elided without a saved copy.
        (Some(_), None) => return Emission::Raw { fell_back: false },
    };
    let stderr = c.stderr.as_deref().unwrap_or(raw_err);
    let len = c.stdout.len() + stderr.len() + note.map_or(0, str::len);
    let raw_len = raw_out.len() + raw_err.len();
    if len > raw_len {
        // Never worse than raw.
        return Emission::Raw { fell_back: false };
    }
    // Nor in tokens, which is what the agent pays: a note's tee path costs more tokens per byte
    // than the lines it replaces. Counted where that is cheap (the output is printed anyway);
    // above the limit the note's few hundred bytes cannot tip the balance.
    if raw_len <= TOKEN_CHECK_UP_TO {
        let t = crate::tokens::estimate_tokens;
        let raw_tokens = raw_tokens.unwrap_or_else(|| t(raw_out) + t(raw_err));
        if t(&c.stdout) + t(stderr) + note.map_or(0, t) > raw_tokens {
            return Emission::Raw { fell_back: false };
        }
    }
    Emission::Compact {
        stdout: &c.stdout,
        stderr,
        note,
    }
}

/// How the output went out.
#[derive(Debug, PartialEq, Eq)]
pub enum Printed {
    /// As the command wrote it: rtk's tokens are the raw ones.
    Raw,
    /// Compacted; `RunRecord::emitted_tokens` is set.
    Compacted,
}

/// Runs `print` while the raw output's tokens are counted (on another thread when the output
/// is large: it was not counted while it arrived, the reading thread's busiest time).
pub fn counting_raw<R>(c: &Captured, print: impl FnOnce() -> R) -> (R, u64) {
    let count_raw = || c.stdout.tokens() + c.stderr.tokens();
    let large = c.stdout.held.len() + c.stderr.held.len() > SAMPLE_ABOVE;
    std::thread::scope(|scope| {
        let counting = large.then(|| scope.spawn(count_raw));
        let printed = print();
        let raw = counting.and_then(|h| h.join().ok());
        (printed, raw.unwrap_or_else(count_raw))
    })
}

/// Prints `emission` of the run `c` to `out` and `err` and records it in `rec` (bytes, and
/// tokens when compacted; `forwarded_err`: the run's stderr went straight through and counts
/// on both sides). A compacted output's tee file is finished first: when it cannot be, the
/// raw output goes out with the [`Unsaved`] line.
pub fn write(
    out: &mut impl Write,
    err: &mut impl Write,
    c: &Captured,
    emission: Emission<'_>,
    sink: TeeSink<'_>,
    forwarded_err: bool,
    rec: &mut RunRecord,
) -> anyhow::Result<Printed> {
    let (stdout, stderr, note) = match emission {
        Emission::Raw { fell_back } => {
            sink.discard();
            let printed = write_raw(out, err, c, rec, fell_back)?;
            if let Some(line) = spilled_line(c) {
                err.write_all(line.as_bytes())?;
                err.flush()?;
                rec.emitted_bytes += line.len() as u64;
            }
            return Ok(printed);
        }
        Emission::Compact {
            stdout,
            stderr,
            note,
        } => (stdout, stderr, note),
    };
    // rtk's own output is counted on another thread when it is large enough for that to
    // matter, while the tee file is finished and the output is written: the count is only
    // recorded, so nothing printed waits for it. Nothing is left out unless it is saved.
    let count =
        || tokens::estimate_tokens_sampled(stdout) + tokens::estimate_tokens_sampled(stderr);
    let large = stdout.len() + stderr.len() > SAMPLE_ABOVE;
    let parts: [&[u8]; 2] = [&c.stdout.held, &c.stderr.held];
    std::thread::scope(|scope| {
        let counter = large.then(|| scope.spawn(count));
        let saved = match note {
            Some(_) => sink.finish(&parts),
            None => {
                sink.discard();
                Ok(())
            }
        };
        if let Err(unsaved) = saved {
            return write_unsaved(out, err, c, rec, &unsaved);
        }
        let wrote = (|| -> std::io::Result<()> {
            out.write_all(stdout.as_bytes())?;
            if let Some(n) = note {
                out.write_all(n.as_bytes())?;
            }
            out.flush()?;
            err.write_all(stderr.as_bytes())?;
            err.flush()
        })();
        // A reader that went away (`rtk git log | head -3`) still got the compacted form, and
        // the run is recorded as such; any other write error stands.
        match wrote {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e.into()),
            _ => {}
        }
        let counted = counter.map(|h| h.join().unwrap_or(0));
        let note = note.unwrap_or("");
        let (forwarded_bytes, forwarded_tokens) = if forwarded_err {
            (c.stderr.total, c.stderr.tokens())
        } else {
            (0, 0)
        };
        rec.emitted_bytes = (stdout.len() + stderr.len() + note.len()) as u64 + forwarded_bytes;
        let note_tokens = tokens::estimate_tokens(note);
        rec.emitted_tokens = counted.unwrap_or_else(count) + note_tokens + forwarded_tokens;
        Ok(Printed::Compacted)
    })
}

/// The tee file could not be written: nothing may be left out, so the output goes raw, and
/// one line on stderr says why.
fn write_unsaved(
    out: &mut impl Write,
    err: &mut impl Write,
    c: &Captured,
    rec: &mut RunRecord,
    why: &Unsaved,
) -> anyhow::Result<Printed> {
    let printed = write_raw(out, err, c, rec, false)?;
    let line = why.line();
    err.write_all(line.as_bytes())?;
    err.flush()?;
    rec.emitted_bytes += line.len() as u64;
    Ok(printed)
}

/// The line on stderr saying the output was not compacted because a stream outgrew what rtk
/// holds (it went through as it came, from that point on), or None when none did or a reader
/// went away.
pub fn spilled_line(c: &Captured) -> Option<String> {
    if c.stdout.broken || c.stderr.broken {
        // Whoever read the output went away: nothing more is said.
        return None;
    }
    let mib = |b: usize| b / (1024 * 1024);
    let which = match (c.stdout.spilled, c.stderr.spilled) {
        (true, true) => format!(
            "stdout passed {} MiB and stderr {} MiB",
            mib(super::STDOUT_CAP),
            mib(super::STDERR_CAP)
        ),
        (true, false) => format!("stdout passed {} MiB", mib(super::STDOUT_CAP)),
        (false, true) => format!("stderr passed {} MiB", mib(super::STDERR_CAP)),
        (false, false) => return None,
    };
    Some(format!(
        "[rtk: not compacted: {which}, more than rtk holds to compact; printed whole, as the command wrote it]\n"
    ))
}

fn write_raw(
    out: &mut impl Write,
    err: &mut impl Write,
    c: &Captured,
    rec: &mut RunRecord,
    fell_back: bool,
) -> anyhow::Result<Printed> {
    out.write_all(&c.stdout.held)?;
    out.flush()?;
    err.write_all(&c.stderr.held)?;
    err.flush()?;
    rec.fell_back = fell_back;
    rec.emitted_bytes = rec.raw_bytes;
    Ok(Printed::Raw)
}

#[cfg(test)]
#[path = "emit_tests.rs"]
mod tests;
