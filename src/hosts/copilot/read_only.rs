//! GitHub Copilot CLI's built-in read-only auto-approval, as a versioned table: commands Copilot
//! runs without asking in its default ("manual") permission mode when no rule matches them
//! (`git status`, `rg hello`… run silently without rtk and were denied in `copilot -p` once
//! rewritten, because `rtk …` is not read-only to Copilot).
//!
//! Copilot CLI decides this in its native runtime (`copilot-permission-policy`, tier
//! `shell_read_only`), not in readable JavaScript, so the table holds only forms measured with
//! the real CLI (`parity/probe.py --host copilot`, no rules, `-p`: "ran" = auto-approved, "ask"
//! = denied for want of a user), on every release in [`MEASURED`] (measurements in
//! `parity/copilot-readonly-<version>.txt`). A form measured as running is [`ReadOnly::Yes`]; a
//! program or subcommand measured as asking is [`ReadOnly::No`]; everything else, including
//! any form with a redirect, substitution, assignment, quoting or glob, and any flag of a
//! covered program not listed here, is [`ReadOnly::Unknown`] and the hook steps aside.
//!
//! A hook's `permissionDecision: "allow"` overrides even Copilot's `--deny-tool` rules
//! (measured), so the table is used only where rtk can see every rule source Copilot has:
//! [`gate`] closes it (every `Yes` becomes `Unknown`) unless the hook runs under a Copilot CLI
//! version no older than the oldest measured one (`COPILOT_CLI_BINARY_VERSION`, which the CLI
//! sets for its hooks), rtk read the `copilot` process's command line (its
//! `--deny-tool`/`--allow-tool` become step-aside rules in `hosts::claude::cli`), and no Copilot
//! settings file holds `permissions`. Every row held on every measured release, so on an
//! unmeasured newer one the table applies as it stands (what held on all of them, never more).

use std::path::{Path, PathBuf};

use crate::env::Env;
pub use crate::hooks::host::ReadOnly;

/// The pinned Copilot CLI version (parity/install.sh), the first the table was measured on.
pub const COPILOT_CLI_VERSION: &str = "1.0.102";

/// Copilot CLI versions on which every row of the table was measured (`parity/probe.py`,
/// `parity/copilot-readonly-<version>.txt`), oldest first.
pub const MEASURED: &[&str] = &["1.0.82", "1.0.102"];

/// Set by Copilot CLI for the processes it starts, hooks included, to its own version.
pub const VERSION_VAR: &str = "COPILOT_CLI_BINARY_VERSION";

/// How `--explain` and the hook's reason name this table.
pub fn source() -> String {
    format!(
        "copilot read-only table v{COPILOT_CLI_VERSION}, held on {}",
        MEASURED.join(", ")
    )
}

/// The running Copilot CLI's version, from [`VERSION_VAR`] (`1.0.102`); None when unset or
/// not a dotted number.
pub fn running_version(env: &Env) -> Option<String> {
    let v = env.var(VERSION_VAR)?.trim();
    let numeric = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    (v.split('.').count() == 3 && v.split('.').all(numeric)).then(|| v.to_string())
}

/// `a` before `b`, comparing dotted numbers (`1.0.99` < `1.0.102`).
fn older(a: &str, b: &str) -> bool {
    let nums = |v: &str| -> Vec<u64> { v.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    nums(a) < nums(b)
}

/// Which table applies, in words (`rtk hook check`): the version seen and whether it was
/// measured.
pub fn version_status(env: &Env) -> String {
    match running_version(env) {
        None => match env.var(VERSION_VAR) {
            Some(raw) => format!("Copilot CLI version '{raw}' (not readable)"),
            None => "Copilot CLI version not seen".into(),
        },
        Some(v) if MEASURED.contains(&v.as_str()) => {
            format!("Copilot CLI version {v} (measured)")
        }
        Some(v) if older(&v, MEASURED[0]) => format!(
            "Copilot CLI version {v} (older than every measured version: {})",
            MEASURED.join(", ")
        ),
        Some(v) => format!(
            "Copilot CLI version {v} (not measured: the rows that held on {} apply)",
            MEASURED.join(", ")
        ),
    }
}

/// How one measured program or git subcommand is treated.
#[derive(Clone, Copy)]
enum Args {
    /// Runs with any plain arguments (measured with flags that write, so Copilot does not look).
    Any,
    /// Runs with words that are not flags, and these flags (each measured, none takes a value),
    /// plus `-<digits>` counts.
    Flags(&'static [&'static str]),
    /// Runs with exactly these argument lists (each measured), nothing else.
    Exact(&'static [&'static [&'static str]]),
    /// Copilot asks, whatever the arguments.
    Asks,
}

/// Programs (git: `git <subcommand>`) measured on every Copilot CLI release in [`MEASURED`].
/// Flags not listed make the form unknown, never `Yes`.
const TABLE: &[(&str, Args)] = &[
    ("cat", Args::Flags(&["-n", "-A"])),
    ("head", Args::Flags(&["-n"])),
    ("tail", Args::Flags(&["-n"])),
    ("wc", Args::Flags(&["-l", "-c", "-w"])),
    (
        "ls",
        Args::Flags(&["-l", "-a", "-la", "-al", "-R", "-1", "-h", "-lh"]),
    ),
    ("grep", Args::Flags(&["-n", "-r", "-rn", "-i", "-l", "-c"])),
    ("rg", Args::Flags(&["-n", "-l", "-i", "-c", "--files"])),
    ("find", Args::Flags(&["-name", "-type", "-maxdepth"])),
    ("sort", Args::Flags(&[])),
    ("diff", Args::Flags(&["-u"])),
    // `cd` is not in the table: `cd sub && ls` ran, but after a `cd` the later commands' paths
    // are judged from another folder (a bare `cd` goes to $HOME): every line with one is unknown.
    ("pwd", Args::Flags(&[])),
    ("echo", Args::Flags(&[])),
    (
        "git status",
        Args::Flags(&["-s", "--short", "--porcelain", "-b"]),
    ),
    (
        "git log",
        Args::Flags(&["--oneline", "-n", "--stat", "--graph", "--all"]),
    ),
    ("git diff", Args::Flags(&["--cached", "--staged", "--stat"])),
    ("git show", Args::Flags(&["--stat"])),
    // `git branch -D x` and `git branch <new>` ran too: Copilot judges the subcommand.
    ("git branch", Args::Any),
    // Only the measured form: `git remote set-url …` rewrites .git/config.
    ("git remote", Args::Exact(&[&["-v"]])),
    ("git rev-parse", Args::Flags(&[])),
    ("git blame", Args::Flags(&[])),
    ("gh pr list", Args::Flags(&[])),
    ("gh pr view", Args::Flags(&[])),
    ("gh issue view", Args::Flags(&[])),
    ("gh issue list", Args::Flags(&[])),
    ("gh run list", Args::Flags(&[])),
    ("gh pr create", Args::Asks),
    ("git push", Args::Asks),
    ("git add", Args::Asks),
    ("git commit", Args::Asks),
    ("git checkout", Args::Asks),
    ("git switch", Args::Asks),
    ("git fetch", Args::Asks),
    ("git pull", Args::Asks),
    ("git stash", Args::Asks),
    ("touch", Args::Asks),
    ("mkdir", Args::Asks),
    ("rm", Args::Asks),
    ("cp", Args::Asks),
    ("git worktree", Args::Asks),
    ("tree", Args::Asks),
    ("env", Args::Asks),
    // Build, test and lint tools and interpreters: each measured asking in its common forms
    // (`cargo test`, `cargo nextest run`, `npm run build`, `docker ps -a`, `docker container
    // ls`, `kubectl get pods`, `python3 --version`, `pnpm test`…).
    ("cargo", Args::Asks),
    ("npm", Args::Asks),
    ("pytest", Args::Asks),
    ("make", Args::Asks),
    ("go", Args::Asks),
    ("tsc", Args::Asks),
    ("eslint", Args::Asks),
    ("ruff", Args::Asks),
    ("mypy", Args::Asks),
    ("jest", Args::Asks),
    ("vitest", Args::Asks),
    ("docker", Args::Asks),
    ("kubectl", Args::Asks),
    ("jq", Args::Asks),
    ("python", Args::Asks),
    ("python3", Args::Asks),
    ("bash", Args::Asks),
    ("bun", Args::Asks),
    ("bundle", Args::Asks),
    ("docker-compose", Args::Asks),
    ("mvn", Args::Asks),
    ("phpcs", Args::Asks),
    ("phpunit", Args::Asks),
    ("pip", Args::Asks),
    ("pnpm", Args::Asks),
    ("rake", Args::Asks),
    ("rspec", Args::Asks),
    ("rubocop", Args::Asks),
    ("yarn", Args::Asks),
];

/// Characters that make a word something other than plain text to Copilot's parser (or that
/// rtk cannot judge): such a form is never `Yes`.
const SPECIAL: &[char] = &[
    '<', '>', '(', ')', '$', '`', '|', '{', '}', '&', ';', '\n', '\r', '*', '?', '[', ']', '\\',
    '!', '#', '\'', '"', '=',
];

/// Classifies one parsed simple command (see [`classify`]).
pub fn classify_command(c: &crate::shell::SimpleCommand) -> ReadOnly {
    match crate::hooks::host::table_input(c) {
        Some((words, plain)) => classify(&words, plain),
        None => ReadOnly::Unknown,
    }
}

/// Classifies one simple command from its words (`words[0]` the program). `plain` is false
/// when the command has assignments or redirects or a word that is not literal.
pub fn classify(words: &[&str], plain: bool) -> ReadOnly {
    let Some(program) = words.first() else {
        return ReadOnly::Unknown;
    };
    let (key, args) = match (*program, words.get(1), words.get(2)) {
        ("git", Some(sub), _) => (format!("git {sub}"), &words[2..]),
        ("gh", Some(group), Some(sub)) => (format!("gh {group} {sub}"), &words[3..]),
        _ => (program.to_string(), &words[1..]),
    };
    let Some((_, rule)) = TABLE.iter().find(|(name, _)| *name == key) else {
        return ReadOnly::Unknown;
    };
    // `~` expands only at a word's start (`HEAD~1` is plain text). Copilot also asks before a
    // command reaches a path outside the folders it was given (its path permissions), so an
    // absolute path or a `..` step is never plain here.
    let clean = plain
        && args.iter().all(|a| {
            !a.contains(SPECIAL)
                && !a.starts_with('~')
                && !a.starts_with('/')
                && !a.split('/').any(|step| step == "..")
        });
    let ok = match rule {
        Args::Asks => return ReadOnly::No,
        Args::Any => true,
        Args::Exact(forms) => forms.iter().any(|f| f == &args),
        Args::Flags(flags) => args.iter().all(|a| {
            !a.starts_with('-')
                || flags.contains(a)
                || a[1..].bytes().all(|b| b.is_ascii_digit()) && a.len() > 1
        }),
    };
    if ok && clean {
        ReadOnly::Yes
    } else {
        ReadOnly::Unknown
    }
}

/// Why the table does not apply in `env` (None: it does). `copilot_cmdline_read`: rtk found
/// and read the `copilot` process's command line among its ancestors. A measured version, or
/// an unmeasured one newer than the oldest measured, opens it (the table holds only rows that
/// held on every measured version); an older or unreadable version, or none, closes it.
pub fn gate(env: &Env, copilot_cmdline_read: bool) -> Option<String> {
    match (env.var(VERSION_VAR), running_version(env)) {
        (None, _) => return Some("not running under Copilot CLI".into()),
        (Some(v), None) => return Some(format!("Copilot CLI version '{v}' is not readable")),
        (_, Some(v)) if older(&v, MEASURED[0]) => {
            return Some(format!(
                "Copilot CLI {v} is older than every measured version ({})",
                MEASURED.join(", ")
            ))
        }
        _ => {}
    }
    if !copilot_cmdline_read {
        return Some("the copilot command line could not be read".into());
    }
    settings_files(env)
        .into_iter()
        .find(|f| holds_permissions(f))
        .map(|f| {
            format!(
                "{} may hold permission rules rtk does not read",
                f.display()
            )
        })
}

/// Copilot's settings files for the session: the user's (`$COPILOT_HOME/settings.json`, else
/// `~/.copilot/settings.json`) and each project folder's `.github/copilot/settings.json` and
/// `settings.local.json` up to the repository root.
fn settings_files(env: &Env) -> Vec<PathBuf> {
    let mut files = Vec::new();
    match (env.path_var("COPILOT_HOME"), env.home()) {
        (Some(dir), _) => files.push(dir.join("settings.json")),
        (None, Some(home)) => files.push(home.join(".copilot/settings.json")),
        (None, None) => {}
    }
    for dir in crate::hooks::project::up_to_repo_root(env.cwd()) {
        for name in ["settings.json", "settings.local.json"] {
            files.push(dir.join(".github/copilot").join(name));
        }
    }
    files
}

/// A settings file that exists and mentions `permissions` (or cannot be read): rtk does not
/// know what its rules say.
fn holds_permissions(path: &Path) -> bool {
    match std::fs::read(path) {
        Ok(bytes) => {
            bytes.len() as u64 > crate::hooks::rule_files::MAX_SETTINGS_BYTES
                || bytes.windows(11).any(|w| w == b"permissions")
        }
        Err(e) => e.kind() != std::io::ErrorKind::NotFound,
    }
}

#[cfg(test)]
#[path = "read_only_tests.rs"]
mod tests;
