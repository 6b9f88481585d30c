//! The runner behind `rtk <program> <args…>`: picks the filter, runs the exact argv through
//! [`crate::exec`] (feeding the filter's [`Incremental`](crate::filters::Incremental) and the run's
//! [`TeeSink`] as stdout arrives), compacts the finished output, and hands it to
//! [`emit`] (which picks compacted or raw, adds the elision note with its tee file, and
//! prints), then records the run for `rtk gain`.
//!
//! Invariants: the returned code is the child's (also when rtk's stdout broke); without a filter the command runs with
//! inherited stdio; unparseable or oversized output is printed raw; rtk prints nothing of its
//! own unless something was elided; the compact form is never longer than the raw one.
//!
//! Its own module, above `filters` (which only maps a program to its filter): [`emit`] chooses
//! and prints, [`tee`] keeps the raw output of what a filter elided.

pub mod emit;
pub mod tee;

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::time::Instant;

use crate::config::Shared;
use crate::env::Env;
use crate::exec::{self, Captured, StreamMode};
use crate::filters::{lookup, Filter, Invocation, Output, Plan};
use crate::tracking::{self, RunRecord};
use emit::Printed;
use tee::TeeSink;

/// Most stdout a filter holds; past it the output streams through raw.
pub const STDOUT_CAP: usize = 16 * 1024 * 1024;
/// Most stderr a filter holds.
pub const STDERR_CAP: usize = 4 * 1024 * 1024;

/// `rtk <program> <args…>`. (Takes the Vec because `cli::dispatch` hands it over.)
#[allow(clippy::needless_pass_by_value)]
pub fn run(argv: Vec<OsString>, env: &Env, config: &Shared) -> anyhow::Result<u8> {
    let started = Instant::now();
    // Opens the history database while the command runs.
    let recorder = tracking::Recorder::start(env, config);
    let words: Option<Vec<String>> = argv.iter().map(|a| a.to_str().map(String::from)).collect();
    let found = words.as_deref().and_then(|w| {
        let (program, rest) = w.split_first()?;
        // The user's own filters first (docs/filters.md), then rtk's.
        crate::filters::user::lookup(env, program, rest).or_else(|| lookup(program, rest))
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
            captured(&argv, f, &inv, stderr, (env, config), &mut rec)?
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
}

fn captured(
    argv: &[OsString],
    filter: &dyn Filter,
    inv: &Invocation<'_>,
    capture_stderr: bool,
    (env, config): (&Env, &Shared),
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
    let command = rec.command.clone();
    let mut sink = TeeSink::new(env, config).labelled(&command);
    let mut feed = |held: &[u8], from: usize| {
        if let Some(i) = inc.as_mut() {
            let new = &held[from..];
            let took = std::str::from_utf8(new).is_ok_and(|t| i.feed(t, from).is_ok());
            if !took {
                inc = None;
            }
        }
        let eliding = inc.as_ref().is_some_and(|i| i.eliding());
        sink.feed(held, eliding);
    };
    let hold = StreamMode::Hold { cap: STDOUT_CAP };
    let Some(c) = exec::run_captured(argv, hold, err_mode, Some(&mut feed))? else {
        sink.discard();
        return Ok(exec::NOT_FOUND);
    };
    rec.raw_bytes = c.stdout.total + c.stderr.total;
    let job = Job {
        filter,
        inv,
        capture_stderr,
    };
    let (printed, raw_tokens) = emit::counting_raw(&c, || print(&c, &job, inc, sink, rec));
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

/// Compacts a finished run's output (by `inc`, or the filter's whole-output compaction),
/// lets [`emit::choose`] pick what to print, and prints it.
fn print(
    c: &Captured,
    job: &Job<'_>,
    inc: Option<Box<dyn crate::filters::Incremental>>,
    mut sink: TeeSink<'_>,
    rec: &mut RunRecord,
) -> anyhow::Result<Printed> {
    let held = !(c.stdout.spilled || c.stderr.spilled);
    let raw = held
        .then(|| {
            let stdout = std::str::from_utf8(&c.stdout.held).ok()?;
            Some((stdout, std::str::from_utf8(&c.stderr.held).ok()?))
        })
        .flatten();
    let compacted = raw.and_then(|(stdout, stderr)| {
        let output = Output {
            stdout,
            stderr,
            code: c.code,
        };
        match inc {
            Some(i) => i.finish(&output),
            None => job.filter.compact(job.inv, &output),
        }
        .ok()
    });
    let note = match compacted.as_ref().and_then(|x| x.elided.as_deref()) {
        Some(what) => {
            sink.elided(&c.stdout.held, &c.stderr.held);
            sink.note(what, job.filter.repeatable(job.inv))
        }
        None => None,
    };
    let raw_tokens = c.stdout.held_tokens().zip(c.stderr.held_tokens());
    let raw_tokens = raw_tokens.map(|(out, err)| out + err);
    let emission = emit::choose(raw, compacted.as_ref(), note.as_deref(), raw_tokens);
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    let forwarded_err = !job.capture_stderr;
    emit::write(&mut out, &mut err, c, emission, sink, forwarded_err, rec)
}

/// Nearest ancestor of the working directory holding `.git`, else the working directory.
fn project_root(env: &Env) -> PathBuf {
    let cwd = env.cwd();
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(cwd)
        .to_path_buf()
}
