//! Command-line surface: clap derive structs only, plus `dispatch`, which validates them into
//! plain settings and hands off to the module that owns each subcommand.
//!
//! `rtk <anything else>` (e.g. `rtk git status`) is an external subcommand: it runs that exact
//! argv through its filter.

use std::ffi::OsString;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "rtk",
    version,
    about = "Command proxy for AI coding agents: compact output, host-scoped permission answers",
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
    /// Scan Claude Code transcripts for commands rtk would have compacted.
    Discover(DiscoverArgs),
    /// Your own declarative filters: list them, check a file, run its inline tests.
    Filters(FiltersArgs),
    /// Trust this project's .rtk/filters.toml (pinned to its current content).
    Trust,
    /// Stop trusting this project's .rtk/filters.toml.
    Untrust,
    /// Upstream rtk 1.x's command names (`bypass`, `run`, `read`, `err`, `test`, `json`, `recall`).
    #[command(flatten)]
    Compat(crate::compat::Compat),
    /// Any other command runs through its filter: `rtk git status`, `rtk cargo test`, …
    #[command(external_subcommand)]
    Run(Vec<OsString>),
}

#[derive(Debug, Args)]
pub struct RewriteArgs {
    /// Whose permission rules and authority apply (default: $RTK_REWRITE_HOST, else claude).
    #[arg(long, value_name = "HOST")]
    pub host: Option<String>,
    /// Explain the decision on stderr: each segment, the rule that decided it, its file.
    #[arg(long)]
    pub explain: bool,
    /// Insert rtk's absolute path instead of `rtk`, for hosts whose login shell resets PATH.
    #[arg(long)]
    pub absolute: bool,
    /// The command; words are joined with single spaces.
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        num_args = 0..
    )]
    pub command: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct HookArgs {
    #[command(subcommand)]
    pub agent: HookAgent,
}

#[derive(Debug, Subcommand)]
pub enum HookAgent {
    /// Claude Code PreToolUse (Bash).
    Claude,
    /// Cursor preToolUse / beforeShellExecution.
    Cursor,
    /// Gemini CLI BeforeTool (run_shell_command).
    Gemini,
    /// GitHub Copilot: VS Code (PascalCase) and Copilot CLI (camelCase) shapes.
    Copilot,
    /// OpenAI Codex CLI PreToolUse.
    Codex,
    /// Factory Droid PreToolUse (Execute).
    Droid,
    /// Mistral Vibe before-tool hook (bash).
    Vibe,
    /// OpenCode, as upstream rtk's plugin calls it: command as arguments, `{"command": …}` out.
    Opencode(crate::compat::HookOpencodeArgs),
    /// Dry run: print what each agent's hook would answer for a command.
    Check(HookCheckArgs),
}

#[derive(Debug, Args)]
pub struct HookCheckArgs {
    /// Only this agent (default: every agent).
    #[arg(long)]
    pub agent: Option<String>,
    #[arg(
        value_name = "COMMAND",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        num_args = 0..
    )]
    pub command: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// claude, cursor, gemini, copilot, codex, droid, vibe, openclaw, pi, hermes, opencode;
    /// with --uninstall also trae, omp, antigravity, windsurf, cline (upstream rtk's installs).
    #[arg(long)]
    pub agent: String,
    /// Install into the user-wide location instead of the current project.
    #[arg(long)]
    pub global: bool,
    /// Show what is installed; change nothing.
    #[arg(long, conflicts_with = "uninstall")]
    pub show: bool,
    /// Remove what `rtk init` installed.
    #[arg(long)]
    pub uninstall: bool,
}

#[derive(Debug, Args)]
#[command(after_help = crate::tracking::tokens::GAIN_HELP)]
pub struct GainArgs {
    /// Recent runs, newest first (see --limit).
    #[arg(short = 'H', long)]
    pub history: bool,
    /// Recent runs whose filter could not parse the output and printed it raw.
    #[arg(short = 'F', long)]
    pub failures: bool,
    /// Totals per UTC day.
    #[arg(short, long, group = "period")]
    pub daily: bool,
    /// Totals per week (UTC, Monday first; labelled by the Monday).
    #[arg(short, long, group = "period")]
    pub weekly: bool,
    /// Totals per UTC month.
    #[arg(short, long, group = "period")]
    pub monthly: bool,
    /// Totals per day, per week and per month.
    #[arg(short, long, group = "period")]
    pub all: bool,
    /// Only runs in this project and its subfolders (default: the current directory's).
    #[arg(short, long, value_name = "PATH", num_args = 0..=1, default_missing_value = ".")]
    pub project: Option<String>,
    /// A terminal bar chart of tokens saved per day over the last 30 days (text only).
    #[arg(short, long)]
    pub graph: bool,
    /// Output format; csv prints one table: --history rows, else period rows, else commands.
    #[arg(short, long, value_enum, default_value_t = GainFormat::Text)]
    pub format: GainFormat,
    /// How many commands (and --history rows) to show.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub limit: usize,
    /// Delete the history (of --project only, when given); asks first unless --yes.
    #[arg(long)]
    pub reset: bool,
    /// Do not ask before --reset.
    #[arg(long, requires = "reset")]
    pub yes: bool,
}

/// `rtk gain --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GainFormat {
    Text,
    Json,
    Csv,
}

#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Write a config file with commented defaults if none exists.
    #[arg(long)]
    pub create: bool,
    /// Print the config file's path.
    #[arg(long)]
    pub path: bool,
    /// Check the file: exit 1 if it is invalid or holds unknown keys (named on stderr).
    #[arg(long, conflicts_with_all = ["create", "path"])]
    pub check: bool,
}

#[derive(Debug, Args)]
pub struct FiltersArgs {
    #[command(subcommand)]
    pub action: FiltersAction,
}

#[derive(Debug, Subcommand)]
pub enum FiltersAction {
    /// Every filter (project, user, built-in) and where it comes from.
    List,
    /// Load a filters file (default: the project's, else yours) and say what it refuses.
    Check(FiltersFile),
    /// Run a filters file's inline [[test]]s.
    Test(FiltersFile),
}

#[derive(Debug, Args)]
pub struct FiltersFile {
    pub file: Option<std::path::PathBuf>,
    /// Read it as one of rtk's built-in files (src/filters/decl/builtin/).
    #[arg(long)]
    pub builtin: bool,
}

#[derive(Debug, Args)]
pub struct DiscoverArgs {
    /// Transcript folder (default: $CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<std::path::PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiscoverFormat::Text)]
    pub format: DiscoverFormat,
    /// How many command families to list.
    #[arg(long, default_value_t = 15, value_name = "N")]
    pub limit: usize,
}

/// `rtk discover --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DiscoverFormat {
    Text,
    Json,
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
    let env = crate::env::Env::from_process();
    match cli.command {
        Command::Rewrite(a) => crate::hooks::rewrite_cmd::run(&a, &env),
        Command::Hook(a) => crate::hooks::hook_cmd::run(&a, &env),
        Command::Init(a) => crate::init::run(&a, &env),
        Command::Gain(a) => crate::gain::run(&a, &env),
        Command::Config(a) => crate::config::run(&a, &env),
        Command::Discover(a) => crate::discover::run(&a, &env),
        Command::Compat(c) => crate::compat::run(c, &env),
        Command::Filters(a) => filters_cmd(&a.action, &env),
        Command::Trust => crate::filters::decl::report::trust(&env, &mut stdout(), &mut stderr()),
        Command::Untrust => crate::filters::decl::report::untrust(&env, &mut stdout()),
        Command::Run(argv) => crate::filters::run(argv, &env),
    }
}

fn stdout() -> std::io::StdoutLock<'static> {
    std::io::stdout().lock()
}
fn stderr() -> std::io::StderrLock<'static> {
    std::io::stderr().lock()
}

fn filters_cmd(action: &FiltersAction, env: &crate::env::Env) -> anyhow::Result<u8> {
    use crate::filters::decl::{format::Origin, report};
    let origin = |f: &FiltersFile| {
        if f.builtin {
            Origin::Builtin
        } else {
            Origin::User
        }
    };
    match action {
        FiltersAction::List => report::list(env, &mut stdout()),
        FiltersAction::Check(f) => report::check(
            env,
            f.file.as_deref(),
            origin(f),
            &mut stdout(),
            &mut stderr(),
        ),
        FiltersAction::Test(f) => report::test(
            env,
            f.file.as_deref(),
            origin(f),
            &mut stdout(),
            &mut stderr(),
        ),
    }
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
