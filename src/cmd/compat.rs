//! The commands upstream rtk 1.x's installed instruction files, plugins and hooks name, with
//! rtk's semantics: `bypass` (alias `proxy`), `run`, `read`, `err`, `test`, `json`, `recall`,
//! and `hook opencode` (the probe and call of upstream's OpenCode plugin).
//!
//! Invariants: every command runs exactly the argv given (nothing injected or dropped), keeps
//! its exit code, and goes through the same runner as `rtk <argv…>` unless it says it runs
//! unfiltered.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::session::Session;
use crate::env::Env;

/// Upstream rtk's command names (flattened into `rtk`'s own subcommands).
#[derive(Debug, Subcommand)]
pub enum Compat {
    /// Run a command unfiltered (stdio inherited, exit code kept). `proxy` is the same.
    #[command(visible_alias = "proxy")]
    Bypass(Argv),
    /// `rtk run <argv…>` = `rtk <argv…>`; `rtk run -c '<line>'` runs the line with `sh -c`
    /// (or --shell), unfiltered.
    Run(RunArgs),
    /// Print files through rtk's file reader (`rtk cat`; --head-lines/--max-lines N: `head -n N`,
    /// --tail-lines N: `tail -n N`).
    Read(ReadArgs),
    /// Same as `rtk <command>`: rtk's filters keep every error and warning.
    Err(Argv),
    /// Same as `rtk <command>`: test runners' filters keep every failure.
    Test(Argv),
    /// Print a JSON file compactly, every value kept (same as `rtk cat <file>`).
    Json(JsonArgs),
    /// Print a tee file (the full output of a run whose filter left something out): by its
    /// name or a unique part of it; --list lists them, newest first, with time and command.
    Recall(RecallArgs),
}

#[derive(Debug, Args)]
pub struct Argv {
    /// The command and its arguments, exactly as they will run.
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required = true
    )]
    pub argv: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// A command line for the shell (unfiltered).
    #[arg(
        short = 'c',
        long = "command",
        value_name = "LINE",
        conflicts_with = "argv"
    )]
    pub line: Option<OsString>,
    /// The shell for -c (default: `sh`; on Windows `cmd`).
    #[arg(long, value_name = "SHELL", requires = "line")]
    pub shell: Option<OsString>,
    /// Program and arguments, run through their filter.
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required_unless_present = "line"
    )]
    pub argv: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// Files to print.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<OsString>,
    /// Upstream's filter level: accepted; rtk's reader decides what to compact.
    #[arg(short = 'l', long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// The first N lines.
    #[arg(long, value_name = "N", visible_alias = "max-lines", short_alias = 'm')]
    pub head_lines: Option<u64>,
    /// The last N lines.
    #[arg(long, value_name = "N", conflicts_with = "head_lines")]
    pub tail_lines: Option<u64>,
    /// Number the lines (`cat -n`).
    #[arg(short = 'n', long)]
    pub line_numbers: bool,
}

#[derive(Debug, Args)]
pub struct JsonArgs {
    /// The JSON file.
    #[arg(value_name = "FILE")]
    pub file: OsString,
}

#[derive(Debug, Args)]
pub struct RecallArgs {
    /// A tee file's name, a unique part of it, or its path.
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
    /// List the tee files, newest first.
    #[arg(long)]
    pub list: bool,
    /// Upstream's "whole output": a tee file always is; accepted.
    #[arg(long)]
    pub full: bool,
    /// Start at this 1-based line.
    #[arg(long, value_name = "N")]
    pub from: Option<usize>,
    /// At most this many lines.
    #[arg(long, value_name = "N")]
    pub lines: Option<usize>,
}

/// The argv that runs `line` in `shell` (default `sh`, or `cmd` on Windows), with the flag
/// that shell takes for a command line: `/C` for cmd, `-Command` for PowerShell, else `-c`.
fn shell_argv(shell: Option<OsString>, line: OsString, windows: bool) -> Vec<OsString> {
    let shell = shell.unwrap_or_else(|| if windows { "cmd" } else { "sh" }.into());
    // The last path component (`\\` too: a Windows path read anywhere), without `.exe`.
    let text = shell.to_string_lossy().to_ascii_lowercase();
    let base = text.rsplit(['/', '\\']).next().unwrap_or_default();
    let name = base.strip_suffix(".exe").unwrap_or(base).to_string();
    let flag = match name.as_str() {
        "cmd" => "/C",
        "powershell" | "pwsh" => "-Command",
        _ => "-c",
    };
    vec![shell, flag.into(), line]
}

/// Runs one of upstream's commands.
pub fn run(cmd: Compat, s: &Session) -> anyhow::Result<u8> {
    let (env, config) = (&s.env, &s.shared);
    match cmd {
        Compat::Bypass(a) => crate::exec::run_inherited(&a.argv),
        Compat::Run(a) => match a.line {
            Some(line) => crate::exec::run_inherited(&shell_argv(a.shell, line, cfg!(windows))),
            None => crate::runner::run(a.argv, env, config),
        },
        Compat::Err(a) | Compat::Test(a) => crate::runner::run(a.argv, env, config),
        Compat::Read(a) => crate::runner::run(read_argv(&a), env, config),
        Compat::Json(a) => crate::runner::run(vec!["cat".into(), a.file], env, config),
        Compat::Recall(a) => recall(&a, env),
    }
}

/// The reader command `rtk read` stands for.
fn read_argv(a: &ReadArgs) -> Vec<OsString> {
    let mut argv: Vec<OsString> = match (a.head_lines, a.tail_lines) {
        (Some(n), _) => vec!["head".into(), "-n".into(), n.to_string().into()],
        (None, Some(n)) => vec!["tail".into(), "-n".into(), n.to_string().into()],
        (None, None) if a.line_numbers => vec!["cat".into(), "-n".into()],
        (None, None) => vec!["cat".into()],
    };
    if a.files.iter().any(|f| f.to_string_lossy().starts_with('-')) {
        argv.push("--".into());
    }
    argv.extend(a.files.iter().cloned());
    argv
}

/// The tee files' paths, newest first.
fn tee_files(dir: &Path) -> Vec<PathBuf> {
    crate::runner::tee::store::list(dir)
        .into_iter()
        .map(|f| dir.join(f.name))
        .collect()
}

/// One line of `rtk recall --list`: when the file was written (UTC), its path, its size and
/// the command whose output it holds (masked; `?` for a file an older rtk left unlabelled).
fn listed(f: &Path) -> String {
    let meta = std::fs::metadata(f).ok();
    let size = meta.as_ref().map_or(0, std::fs::Metadata::len);
    let when = meta
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or_else(
            || "?".to_string(),
            |d| crate::gain::report::iso(i64::try_from(d.as_secs()).unwrap_or(i64::MAX)),
        );
    let command = crate::runner::tee::store::label_of(f).unwrap_or_else(|| "?".to_string());
    format!("{when}  {}  {size} bytes  {command}", f.display())
}

/// The tee files `name` names: the one whose name or stem is `name` (`4890` → `4890.log`, not
/// `14890.log`), else every file whose name contains it.
fn named<'f>(files: &'f [PathBuf], name: &str) -> Vec<&'f PathBuf> {
    let exact: Vec<&PathBuf> = files
        .iter()
        .filter(|f| {
            Path::new(name) == f.as_path()
                || f.file_name().is_some_and(|n| n == name)
                || f.file_stem().is_some_and(|n| n == name)
        })
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    files
        .iter()
        .filter(|f| {
            f.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(name))
        })
        .collect()
}

fn recall(a: &RecallArgs, env: &Env) -> anyhow::Result<u8> {
    let dir = crate::runner::tee::dir(env)
        .ok_or_else(|| anyhow::anyhow!("no tee folder: set HOME or XDG_DATA_HOME"))?;
    let files = tee_files(&dir);
    let mut out = std::io::stdout().lock();
    let Some(name) = a.name.as_deref().filter(|_| !a.list) else {
        for f in &files {
            writeln!(out, "{}", listed(f))?;
        }
        return Ok(0);
    };
    let matches = named(&files, name);
    let mut err = std::io::stderr().lock();
    let file = match matches.as_slice() {
        [one] => *one,
        [] => {
            writeln!(
                err,
                "rtk recall: no tee file matches '{name}' in {} (this rtk keeps full output in \
                 tee files named in its notes; `rtk recall --list` lists them)",
                dir.display()
            )?;
            return Ok(1);
        }
        many => {
            writeln!(err, "rtk recall: '{name}' matches {} files:", many.len())?;
            for f in many {
                writeln!(err, "  {}", f.display())?;
            }
            return Ok(1);
        }
    };
    let text = std::fs::read(file)?;
    let from = a.from.unwrap_or(1).max(1) - 1;
    let take = a.lines.unwrap_or(usize::MAX);
    for line in text.split_inclusive(|b| *b == b'\n').skip(from).take(take) {
        out.write_all(line)?;
    }
    Ok(0)
}

/// `rtk hook opencode [--agent NAME] <command…>`: what upstream's OpenCode plugin calls (and
/// probes with `--help`). Answers `{"command": "<rewrite>"}` exactly when `rtk rewrite --host
/// opencode` (the call rtk's own OpenCode plugin makes) would print a change, else `{}`; always
/// exit 0. OpenCode judges the rewritten command with its own `permission.bash` rules, so a
/// line any of them could match is left unrewritten.
#[derive(Debug, Args)]
pub struct HookOpencodeArgs {
    /// OpenCode's agent name: accepted; rtk reads no per-agent OpenCode rules.
    #[arg(long, value_name = "NAME")]
    pub agent: Option<String>,
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        num_args = 0..
    )]
    pub command: Vec<OsString>,
}

pub fn hook_opencode(a: &HookOpencodeArgs, s: &Session) -> anyhow::Result<u8> {
    let cmd = super::join_words(&a.command);
    let hooks = &s.hook_config().hooks;
    let answer =
        crate::hosts::opencode::upstream_answer(cmd.as_deref(), &s.env, hooks, &s.warnings);
    let _ = writeln!(std::io::stdout().lock(), "{answer}");
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[OsString]) -> Vec<&str> {
        v.iter().map(|w| w.to_str().unwrap()).collect()
    }

    #[test]
    fn run_c_uses_the_platforms_shell_and_its_flag() {
        let argv = |shell: Option<&str>, windows| {
            shell_argv(shell.map(Into::into), "echo hi".into(), windows)
        };
        assert_eq!(words(&argv(None, false)), ["sh", "-c", "echo hi"]);
        assert_eq!(words(&argv(None, true)), ["cmd", "/C", "echo hi"]);
        assert_eq!(words(&argv(Some("bash"), true)), ["bash", "-c", "echo hi"]);
        assert_eq!(
            words(&argv(Some("C:\\Windows\\System32\\CMD.EXE"), true))[1],
            "/C"
        );
        assert_eq!(
            words(&argv(Some("pwsh"), false)),
            ["pwsh", "-Command", "echo hi"]
        );
    }

    fn base_clone(a: &ReadArgs) -> ReadArgs {
        ReadArgs {
            files: a.files.clone(),
            level: a.level.clone(),
            head_lines: a.head_lines,
            tail_lines: a.tail_lines,
            line_numbers: a.line_numbers,
        }
    }

    #[test]
    fn read_maps_to_the_reader_commands() {
        let base = ReadArgs {
            files: vec!["a.rs".into(), "-b".into()],
            level: Some("aggressive".into()),
            head_lines: None,
            tail_lines: None,
            line_numbers: false,
        };
        assert_eq!(words(&read_argv(&base)), ["cat", "--", "a.rs", "-b"]);
        let plain = ReadArgs {
            files: vec!["a.rs".into()],
            line_numbers: true,
            ..ReadArgs {
                ..base_clone(&base)
            }
        };
        assert_eq!(words(&read_argv(&plain)), ["cat", "-n", "a.rs"]);
        let head = ReadArgs {
            head_lines: Some(5),
            ..base
        };
        assert_eq!(
            words(&read_argv(&head)),
            ["head", "-n", "5", "--", "a.rs", "-b"]
        );
        let tail = ReadArgs {
            head_lines: None,
            tail_lines: Some(2),
            ..head
        };
        assert_eq!(
            words(&read_argv(&tail)),
            ["tail", "-n", "2", "--", "a.rs", "-b"]
        );
    }

    #[test]
    fn tee_files_are_newest_first_and_logs_only() {
        let dir = tempfile::tempdir().unwrap();
        for (n, minute) in [
            ("0000000001_1_a.log", 1),
            ("0000000003_1_c.log", 3),
            ("0000000002_1_b.log", 2),
            ("x.txt", 4),
        ] {
            let f = std::fs::File::create(dir.path().join(n)).unwrap();
            let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(60 * minute);
            f.set_modified(t).unwrap();
        }
        let names: Vec<String> = tee_files(dir.path())
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "0000000003_1_c.log",
                "0000000002_1_b.log",
                "0000000001_1_a.log"
            ]
        );
    }

    #[test]
    fn a_tee_file_is_named_by_its_stem_before_any_name_holding_it() {
        let files: Vec<PathBuf> = ["/t/14890.log", "/t/4890.log", "/t/4890_2.log"]
            .iter()
            .map(PathBuf::from)
            .collect();
        let got = |name| named(&files, name);
        assert_eq!(got("4890"), [&files[1]]);
        assert_eq!(got("4890.log"), [&files[1]]);
        assert_eq!(got("/t/14890.log"), [&files[0]]);
        assert_eq!(got("489").len(), 3);
        assert_eq!(got("_2"), [&files[2]]);
    }
}
