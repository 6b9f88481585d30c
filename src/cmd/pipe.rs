//! `rtk pipe <program> [args…]` (and upstream's `rtk pipe -f <filter>`): the filter of
//! `rtk <program> [args…]` over output that already exists, read from stdin
//! (`cargo test 2>&1 | rtk pipe cargo test`).
//!
//! Invariants, as for a run: what is printed is the filter's compact form only when that is
//! shorter and everything it leaves out is kept in a tee file named in its note (else stdin
//! goes out unchanged); a form the filter would not capture, a program without a filter,
//! input that is not UTF-8 or larger than a run's cap go out byte for byte. The exit code is
//! 0 unless reading or writing failed: the producer's status is the shell's (`--code` tells
//! the filter what it was, as a run's filter would know).

use std::ffi::OsString;
use std::io::{self, Read, Write};

use clap::Args;

use super::session::Session;
use crate::filters::{Output, Plan};
use crate::runner::emit::{self, Emission};
use crate::runner::tee::TeeSink;
use crate::runner::STDOUT_CAP;
use crate::tracking::{Recorder, RunRecord};

#[derive(Debug, Args)]
pub struct PipeArgs {
    /// Upstream's form: a filter by name (`cargo-test`, `git-log`, `pytest`, …), read as the
    /// command `cargo test`, `git log`, `pytest`.
    #[arg(
        short = 'f',
        long = "filter",
        value_name = "NAME",
        conflicts_with = "argv"
    )]
    pub filter: Option<String>,
    /// Copy stdin through unchanged.
    #[arg(long)]
    pub passthrough: bool,
    /// The exit code the producer had (the filters keep failures either way).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub code: u8,
    /// The command whose output stdin is, as you would run it under rtk.
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required_unless_present_any = ["filter", "passthrough"]
    )]
    pub argv: Vec<OsString>,
}

/// The command line `-f NAME` stands for: the name itself when it is a program rtk filters
/// (`pytest`, `golangci-lint`), else its first `-` splitting program and subcommand
/// (`cargo-test` → `cargo test`).
fn filter_words(name: &str) -> Vec<String> {
    if crate::programs::program_for_word(name).is_some() {
        return vec![name.to_string()];
    }
    match name.split_once('-') {
        Some((program, sub)) if !program.is_empty() && !sub.is_empty() => {
            vec![program.to_string(), sub.to_string()]
        }
        _ => vec![name.to_string()],
    }
}

/// `rtk pipe`.
pub fn run(a: &PipeArgs, s: &Session) -> anyhow::Result<u8> {
    let words: Vec<String> = match &a.filter {
        Some(name) => filter_words(name),
        None => a
            .argv
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect(),
    };
    let mut input = Vec::new();
    let mut stdin = io::stdin().lock();
    // One byte past the cap tells an oversized input apart.
    let cap = (STDOUT_CAP + 1) as u64;
    stdin.by_ref().take(cap).read_to_end(&mut input)?;
    let mut out = io::stdout().lock();
    if a.passthrough || input.len() > STDOUT_CAP {
        out.write_all(&input)?;
        io::copy(&mut stdin, &mut out)?;
        out.flush()?;
        return Ok(0);
    }
    let recorder = Recorder::start(&s.env, &s.shared);
    let mut rec = RunRecord {
        command: words.join(" "),
        project: crate::tracking::project_root(s.env.cwd()),
        raw_bytes: input.len() as u64,
        ..RunRecord::default()
    };
    let printed = filtered(&words, &input, a.code, s, &mut out, &mut rec)?;
    if !printed {
        out.write_all(&input)?;
        rec.emitted_bytes = rec.raw_bytes;
    }
    out.flush()?;
    recorder.finish(&rec);
    Ok(0)
}

/// Prints the filter's compact form of `input` when a filter takes it and the policy picks
/// it; false when nothing was printed (the caller prints `input` unchanged).
fn filtered(
    words: &[String],
    input: &[u8],
    code: u8,
    s: &Session,
    out: &mut impl Write,
    rec: &mut RunRecord,
) -> anyhow::Result<bool> {
    let Some((program, rest)) = words.split_first() else {
        return Ok(false);
    };
    let found = crate::filters::user::lookup(&s.env, program, rest)
        .or_else(|| crate::filters::lookup(program, rest));
    let Some((filter, inv)) = found else {
        return Ok(false);
    };
    if !matches!(filter.plan(&inv), Plan::Capture { .. }) {
        return Ok(false);
    }
    let Ok(text) = std::str::from_utf8(input) else {
        return Ok(false);
    };
    let output = Output {
        stdout: text,
        stderr: "",
        code,
    };
    let Ok(compacted) = filter.compact(&inv, &output) else {
        rec.fell_back = true;
        return Ok(false);
    };
    let command = words.join(" ");
    let mut sink = TeeSink::new(&s.env, &s.shared).labelled(&command);
    let note = match compacted.elided.as_deref() {
        Some(what) => {
            sink.elided(input, b"");
            sink.note(what, filter.repeatable(&inv))
        }
        None => None,
    };
    let raw_tokens = crate::tokens::estimate_tokens(text);
    rec.raw_tokens = raw_tokens;
    let emission = emit::choose(
        Some((text, "")),
        Some(&compacted),
        note.as_deref(),
        Some(raw_tokens),
    );
    let Emission::Compact { stdout, note, .. } = emission else {
        sink.discard();
        return Ok(false);
    };
    match note {
        // Nothing is left out unless it is kept.
        Some(_) => {
            if sink.finish(&[input, b""]).is_err() {
                return Ok(false);
            }
        }
        None => sink.discard(),
    }
    out.write_all(stdout.as_bytes())?;
    let note = note.unwrap_or("");
    out.write_all(note.as_bytes())?;
    rec.emitted_bytes = (stdout.len() + note.len()) as u64;
    rec.emitted_tokens =
        crate::tokens::estimate_tokens(stdout) + crate::tokens::estimate_tokens(note);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstream_filter_names_read_as_commands() {
        assert_eq!(filter_words("cargo-test"), ["cargo", "test"]);
        assert_eq!(filter_words("git-log"), ["git", "log"]);
        assert_eq!(filter_words("pytest"), ["pytest"]);
        assert_eq!(filter_words("golangci-lint"), ["golangci-lint"]);
    }
}
