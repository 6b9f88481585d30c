//! The runner behind `rtk <program> <args…>`: picks the filter, runs the exact argv through
//! [`crate::exec`] (feeding the filter's [`Incremental`](super::Incremental) as stdout arrives,
//! when it has one), prints the compacted (or raw) output, adds the one-line elision note with
//! its tee file (or, when that file cannot be written, the raw output and one line saying
//! why: nothing is elided without a saved copy), and records the run for `rtk gain`.
//!
//! Invariants: the returned code is the child's (also when rtk's stdout broke); without a filter the command runs with
//! inherited stdio; unparseable or oversized output is printed raw; rtk prints nothing of its
//! own unless something was elided; the compact form is never longer than the raw one.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use super::note::{self, EarlyTee, Tee};
use super::{lookup, Filter, Invocation, Output, Plan};
use crate::env::Env;
use crate::exec::{self, Captured, StreamMode};
use crate::tracking::{self, RunRecord};

/// Most stdout a filter holds; past it the output streams through raw.
pub const STDOUT_CAP: usize = 16 * 1024 * 1024;
/// Most stderr a filter holds.
pub const STDERR_CAP: usize = 4 * 1024 * 1024;

/// `rtk <program> <args…>`. (Takes the Vec because `cli::dispatch` hands it over.)
#[allow(clippy::needless_pass_by_value)]
pub fn run(argv: Vec<OsString>, env: &Env) -> anyhow::Result<u8> {
    let started = Instant::now();
    // Opens the history database while the command runs.
    let recorder = tracking::Recorder::start(env);
    let words: Option<Vec<String>> = argv.iter().map(|a| a.to_str().map(String::from)).collect();
    let found = words.as_deref().and_then(|w| {
        let (program, rest) = w.split_first()?;
        lookup(program, rest)
    });
    let mut rec = RunRecord {
        command: argv
            .iter()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" "),
        project: project_root(env),
        ..RunRecord::default()
    };
    let plan = found.map_or(Plan::Passthrough, |(f, inv)| f.plan(&inv));
    let code = match (plan, found) {
        (Plan::Capture { stderr }, Some((f, inv))) => {
            captured(&argv, f, &inv, stderr, env, &mut rec)?
        }
        (Plan::Stream, _) => streamed(&argv, &mut rec)?,
        _ => exec::run_inherited(&argv)?,
    };
    rec.exit_code = i32::from(code);
    rec.duration_ms = started.elapsed().as_millis() as u64;
    recorder.finish(&rec);
    Ok(code)
}

/// Stdout and stderr copied through unchanged; only counted.
fn streamed(argv: &[OsString], rec: &mut RunRecord) -> anyhow::Result<u8> {
    let Some(c) = exec::run_captured(argv, StreamMode::Forward, StreamMode::Forward, None)? else {
        return Ok(exec::NOT_FOUND);
    };
    let bytes = c.stdout.total + c.stderr.total;
    rec.raw_bytes = bytes;
    rec.emitted_bytes = bytes;
    rec.raw_tokens = c.stdout.tokens() + c.stderr.tokens();
    rec.emitted_tokens = rec.raw_tokens;
    Ok(c.code)
}

/// What a captured run needs besides its output.
struct Job<'a> {
    filter: &'a dyn Filter,
    inv: &'a Invocation<'a>,
    capture_stderr: bool,
    env: &'a Env,
}

/// How the output went out.
#[derive(PartialEq, Eq)]
enum Printed {
    /// As the command wrote it: rtk's tokens are the raw ones.
    Raw,
    /// Compacted; `RunRecord::emitted_tokens` is set.
    Compacted,
}

fn captured(
    argv: &[OsString],
    filter: &dyn Filter,
    inv: &Invocation<'_>,
    capture_stderr: bool,
    env: &Env,
    rec: &mut RunRecord,
) -> anyhow::Result<u8> {
    let err_mode = if capture_stderr {
        StreamMode::Hold { cap: STDERR_CAP }
    } else {
        StreamMode::Forward
    };
    // Fed while the command runs; dropped (whole-output compaction instead) at the first
    // piece it cannot take.
    let mut inc = filter.incremental(inv);
    let mut early = EarlyTee::default();
    let command = &rec.command;
    let mut feed = |held: &[u8], from: usize| {
        if let Some(i) = inc.as_mut() {
            let new = &held[from..];
            let took = std::str::from_utf8(new).is_ok_and(|t| i.feed(t, from).is_ok());
            if !took {
                inc = None;
            }
        }
        let eliding = inc.as_ref().is_some_and(|i| i.eliding());
        early.feed(held, eliding, env, command);
    };
    let hold = StreamMode::Hold { cap: STDOUT_CAP };
    let Some(c) = exec::run_captured(argv, hold, err_mode, Some(&mut feed))? else {
        early.discard();
        return Ok(exec::NOT_FOUND);
    };
    rec.raw_bytes = c.stdout.total + c.stderr.total;
    let job = Job {
        filter,
        inv,
        capture_stderr,
        env,
    };
    // The raw output's tokens were not counted while it arrived (that was the reading thread's
    // busiest time): a large one is counted now on another core while rtk compacts and prints.
    let count_raw = || c.stdout.tokens() + c.stderr.tokens();
    let large = c.stdout.held.len() + c.stderr.held.len() > tracking::SAMPLE_ABOVE;
    let (printed, raw_tokens) = std::thread::scope(|scope| {
        let counting = large.then(|| scope.spawn(count_raw));
        let printed = print(&c, &job, inc, early, rec);
        let raw = counting.and_then(|h| h.join().ok());
        (printed, raw.unwrap_or_else(count_raw))
    });
    rec.raw_tokens = raw_tokens;
    let printed = match printed {
        // Whoever read rtk's output went away: the command still ran, and its status stands.
        Err(e) if crate::error::is_broken_pipe(&e) => Printed::Raw,
        other => other?,
    };
    if printed == Printed::Raw {
        rec.emitted_tokens = raw_tokens;
    }
    Ok(c.code)
}

/// Prints a finished run's output, compacted by `inc` (or the filter's whole-output
/// compaction) when that works and is shorter, else raw.
fn print(
    c: &Captured,
    job: &Job<'_>,
    inc: Option<Box<dyn super::Incremental>>,
    early: EarlyTee,
    rec: &mut RunRecord,
) -> anyhow::Result<Printed> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();

    if c.stdout.spilled || c.stderr.spilled {
        early.discard();
        // Too big to hold: whatever spilled is already printed raw; print the rest raw.
        out.write_all(&c.stdout.held)?;
        err.write_all(&c.stderr.held)?;
        out.flush()?;
        rec.fell_back = true;
        rec.emitted_bytes = rec.raw_bytes;
        return Ok(Printed::Raw);
    }
    let forwarded_err = if job.capture_stderr {
        0
    } else {
        c.stderr.total
    };
    let (raw_out, raw_err) = match (
        std::str::from_utf8(&c.stdout.held),
        std::str::from_utf8(&c.stderr.held),
    ) {
        (Ok(o), Ok(e)) => (o, e),
        _ => {
            early.discard();
            return print_raw(c, &mut out, &mut err, rec, true);
        }
    };
    let output = Output {
        stdout: raw_out,
        stderr: raw_err,
        code: c.code,
    };
    let result = match inc {
        Some(i) => i.finish(&output),
        None => job.filter.compact(job.inv, &output),
    };
    let compacted = match result {
        Ok(x) => x,
        Err(_) => {
            early.discard();
            return print_raw(c, &mut out, &mut err, rec, true);
        }
    };
    let emitted_err = compacted.stderr.as_deref().unwrap_or(raw_err);
    let tee = match &compacted.elided {
        Some(what) => Some((
            what.as_str(),
            Tee::for_elided(early, &c.stdout.held, &c.stderr.held, job.env, &rec.command),
        )),
        None => {
            early.discard();
            None
        }
    };
    let note = tee.as_ref().map(|(what, t)| t.note(what));
    let note_len = note.as_ref().map_or(0, String::len);
    if compacted.stdout.len() + emitted_err.len() + note_len > raw_out.len() + raw_err.len() {
        // Never worse than raw.
        if let Some((_, t)) = tee {
            t.discard();
        }
        return print_raw(c, &mut out, &mut err, rec, false);
    }
    // rtk's own output is counted on another thread when it is large enough for that to
    // matter, while the tee file is finished: nothing is left out unless it is saved.
    let count = || {
        tracking::estimate_tokens_sampled(&compacted.stdout)
            + tracking::estimate_tokens_sampled(emitted_err)
    };
    let large = compacted.stdout.len() + emitted_err.len() > tracking::SAMPLE_ABOVE;
    let parts: [&[u8]; 2] = [&c.stdout.held, &c.stderr.held];
    let (saved, counted) = std::thread::scope(|scope| {
        let counter = large.then(|| scope.spawn(count));
        let saved = tee.map_or(Ok(()), |(_, t)| t.write(&parts));
        (saved, counter.map(|h| h.join().unwrap_or(0)))
    });
    if let Err(e) = saved {
        return print_unsaved(c, &mut out, &mut err, rec, &e);
    }
    let written: io::Result<Option<String>> =
        out.write_all(compacted.stdout.as_bytes()).and_then(|()| {
            if let Some(n) = &note {
                out.write_all(n.as_bytes())?;
            }
            out.flush()?;
            err.write_all(emitted_err.as_bytes())?;
            err.flush()?;
            Ok(note)
        });
    let note = written?;
    let note_len = note.as_ref().map_or(0, String::len);
    let emitted_len = compacted.stdout.len() + emitted_err.len() + note_len;
    rec.emitted_bytes = emitted_len as u64 + forwarded_err;
    // A forwarded stderr (counted as it went through) counts on both sides.
    let forwarded_tokens = if job.capture_stderr {
        0
    } else {
        c.stderr.tokens()
    };
    let note_tokens = tracking::estimate_tokens(note.as_deref().unwrap_or(""));
    rec.emitted_tokens = counted.unwrap_or_else(count) + note_tokens + forwarded_tokens;
    Ok(Printed::Compacted)
}

/// The tee file could not be written: nothing may be left out, so the output goes raw, and
/// one line on stderr says why.
fn print_unsaved(
    c: &Captured,
    out: &mut impl Write,
    err: &mut impl Write,
    rec: &mut RunRecord,
    why: &io::Error,
) -> anyhow::Result<Printed> {
    let printed = print_raw(c, out, err, rec, false)?;
    let line = note::unsaved_line(why);
    err.write_all(line.as_bytes())?;
    err.flush()?;
    rec.emitted_bytes += line.len() as u64;
    Ok(printed)
}

fn print_raw(
    c: &Captured,
    out: &mut impl Write,
    err: &mut impl Write,
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

/// Nearest ancestor of the working directory holding `.git`, else the working directory.
fn project_root(env: &Env) -> PathBuf {
    let cwd = env.cwd();
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(cwd)
        .to_path_buf()
}
