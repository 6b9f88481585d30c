//! Command-line surface: assembles the subcommands of [`crate::cmd`] into `rtk`'s parser, and
//! `dispatch`, which hands each to its `run`. Nothing imports this module but `lib.rs`.
//!
//! `rtk <anything else>` (e.g. `rtk git status`) is an external subcommand: it runs that exact
//! argv through its filter.

use std::ffi::OsString;

use clap::{Parser, Subcommand};

use crate::cmd;
use crate::cmd::adoption::SessionArgs;
use crate::cmd::compat::Compat;
use crate::cmd::config::ConfigArgs;
use crate::cmd::discover::DiscoverArgs;
use crate::cmd::filters::FiltersArgs;
use crate::cmd::gain::GainArgs;
use crate::cmd::hook::HookArgs;
use crate::cmd::init::InitArgs;
use crate::cmd::pipe::PipeArgs;
use crate::cmd::rewrite::RewriteArgs;
use crate::cmd::session::Session;

/// `rtk --version`: the version, then the commit and build target (build.rs) in parentheses,
/// like rustc's; upstream's hooks and plugins read the first `X.Y.Z` and still accept it.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("RTK_GIT_COMMIT"),
    " ",
    env!("RTK_BUILD_TARGET"),
    ")"
);

/// Above the list of commands in `rtk --help`: the main job first.
const BEFORE_HELP: &str = "\
rtk runs a program and prints only what an AI coding agent needs from its output; the exit code,
argv, stdin and signals stay the program's own. Your agent's hook rewrites its commands for you
(`rtk init --agent <agent>` installs it); by hand:

  rtk git status            rtk cargo test            rtk pytest -x
  rtk git log -n 5          rtk npm test              cmd | rtk pipe <program> [args]

Which programs and forms are compacted: docs/coverage.md (anything else runs unchanged;
`rtk bypass <program>` runs even a covered one unfiltered).";

/// Below the list of commands in `rtk --help`.
const AFTER_HELP: &str = "\
First steps: rtk init --agent claude; restart the agent; rtk init --show; rtk gain.
Upstream rtk 1.x's commands and rtk's answer for each: docs/upstream-commands.md.";

#[derive(Debug, Parser)]
#[command(
    name = "rtk",
    version = VERSION,
    about = "Command proxy for AI coding agents: compact output, host-scoped permission answers",
    override_usage = "rtk <PROGRAM> [ARGS]...   (the main job: run a program, print it compacted)\n       rtk <COMMAND>",
    before_help = BEFORE_HELP,
    after_help = AFTER_HELP,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the rtk form of a command and whether the host may run it without asking
    /// (exit 0 allow, 1 no rewrite, 2 denied, 3 approval stays with the host).
    Rewrite(RewriteArgs),
    /// Answer an agent's pre-tool hook: JSON payload on stdin, JSON answer on stdout.
    Hook(HookArgs),
    /// Install (or remove, or show) rtk's hook or plugin for an agent host.
    Init(InitArgs),
    /// Report the tokens rtk saved, from the local history database.
    Gain(GainArgs),
    /// Show or create rtk's config file.
    Config(ConfigArgs),
    /// Scan Claude Code transcripts for commands rtk would have compacted and re-reads its Read
    /// hook would have shortened.
    Discover(DiscoverArgs),
    /// rtk's adoption per Claude Code session: Bash calls through rtk, and calls it would have
    /// rewritten that ran raw.
    Session(SessionArgs),
    /// Your own declarative filters: list them, check a file, run its inline tests.
    Filters(FiltersArgs),
    /// What the hooks decided, from the opt-in hook log (`[hooks] log = true`).
    HookAudit(crate::cmd::hook_audit::HookAuditArgs),
    /// Filter output that already exists: `cargo test 2>&1 | rtk pipe cargo test` (or upstream's
    /// `rtk pipe -f cargo-test`); the same filter and tee file as `rtk cargo test`.
    Pipe(PipeArgs),
    /// Trust this project's .rtk/filters.toml (pinned to its current content).
    Trust,
    /// Stop trusting this project's .rtk/filters.toml.
    Untrust,
    /// Upstream rtk 1.x's command names (`bypass`, `run`, `read`, `err`, `test`, `json`, `recall`).
    #[command(flatten)]
    Compat(Compat),
    /// Any other command runs through its filter: `rtk git status`, `rtk cargo test`, …
    #[command(external_subcommand)]
    Run(Vec<OsString>),
}

/// Parses argv and runs the chosen subcommand; returns the process exit code.
pub fn dispatch(args: Vec<OsString>) -> anyhow::Result<u8> {
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help/version on stdout and usage errors on stderr.
            err.print()?;
            return Ok(if err.use_stderr() { 2 } else { 0 });
        }
    };
    let session = Session::new(crate::env::Env::from_process());
    let (env, s) = (&session.env, &session);
    let code = match cli.command {
        Command::Rewrite(a) => cmd::rewrite::run(&a, s),
        Command::Hook(a) => cmd::hook::run(&a, s),
        Command::Init(a) => cmd::init::run(&a, env),
        Command::Gain(a) => cmd::gain::run(&a, s),
        Command::Config(a) => cmd::config::run(&a, s),
        Command::Discover(a) => cmd::discover::run(&a, s),
        Command::Session(a) => cmd::adoption::run(&a, s),
        Command::Compat(c) => cmd::compat::run(c, s),
        Command::Filters(a) => cmd::filters::run(&a, env),
        Command::Pipe(a) => cmd::pipe::run(&a, s),
        Command::HookAudit(a) => cmd::hook_audit::run(&a, s),
        Command::Trust => cmd::filters::trust(env),
        Command::Untrust => cmd::filters::untrust(env),
        // The run path says nothing of its own: its trouble goes to the history's trouble file.
        Command::Run(argv) => cmd::upstream::run_program(argv, s),
    };
    // Each distinct warning once, after the command (also when it failed).
    let _ = session.warnings.print_to(&mut std::io::stderr().lock());
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(args: &[&str]) -> RewriteArgs {
        let mut argv = vec!["rtk", "rewrite"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv).expect("parses").command {
            Command::Rewrite(a) => a,
            other => panic!("not rewrite: {other:?}"),
        }
    }

    fn words(a: &RewriteArgs) -> Vec<&str> {
        a.command.iter().map(|w| w.to_str().unwrap()).collect()
    }

    #[test]
    fn rewrite_hyphen_words_are_command_text() {
        assert_eq!(words(&rewrite(&["ls", "-al"])), ["ls", "-al"]);
        assert_eq!(
            words(&rewrite(&["head", "-50", "file.txt"])),
            ["head", "-50", "file.txt"]
        );
        assert_eq!(
            words(&rewrite(&["git", "status", "--short"])),
            ["git", "status", "--short"]
        );
    }

    #[test]
    fn rewrite_host_flag_before_command() {
        let a = rewrite(&["--host", "openclaw", "git", "status"]);
        assert_eq!(a.host.as_deref(), Some("openclaw"));
        assert_eq!(words(&a), ["git", "status"]);
        let a = rewrite(&["--host=openclaw", "git", "status"]);
        assert_eq!(a.host.as_deref(), Some("openclaw"));
        assert_eq!(words(&a), ["git", "status"]);
    }

    #[test]
    fn rewrite_host_after_command_word_is_text() {
        let a = rewrite(&["grep", "--host", "x"]);
        assert_eq!(a.host, None);
        assert_eq!(words(&a), ["grep", "--host", "x"]);
        let a = rewrite(&["--", "--host"]);
        assert_eq!(a.host, None);
        assert_eq!(words(&a), ["--host"]);
        let a = rewrite(&["git", "status", "--explain"]);
        assert!(!a.explain);
        assert_eq!(words(&a), ["git", "status", "--explain"]);
    }

    #[test]
    fn external_subcommand_keeps_argv() {
        let cli = Cli::try_parse_from(["rtk", "git", "log", "-n", "5", "--oneline"]).unwrap();
        match cli.command {
            Command::Run(argv) => assert_eq!(argv, ["git", "log", "-n", "5", "--oneline"]),
            other => panic!("{other:?}"),
        }
    }
}
