//! Claude Code's built-in read-only auto-approval, as a versioned table: commands Claude runs
//! without asking when no rule matches them (issue 22 measured `git status`, `ls`, `cat`… run
//! silently without rtk and ask once rewritten, because `rtk …` is not read-only to Claude).
//!
//! Facts from the Claude Code **2.1.332** bundle (`@anthropic-ai/claude-code-linux-x64`): a list
//! of programs read-only with any arguments free of `<>()$`|{}&;` (cat, head, tail, wc, diff,
//! stat…, plus `docker ps`/`docker images`), `ls` and `find` (without `-exec`/`-delete`/
//! `-fprint`…), and per-command tables of safe flags for git, gh, grep, rg, tree, sort, sed,
//! file-system commands and more, each with extra "dangerous" checks. rtk does not reproduce
//! those tables: a command they cover is **read-only** here only in forms checked against the
//! bundle (below); every other form of a covered program is **unknown**, and the hook steps
//! aside (no rewrite, Claude judges the original) — never asserting more than Claude would, never
//! turning a silent command into a prompt. Programs in none of Claude's tables are **not
//! read-only**: Claude asks for them, with rtk or without.

pub use crate::hooks::host::{table_input, ReadOnly};

/// The Claude Code version the table was read from.
pub const CLAUDE_CODE_VERSION: &str = "2.1.332";

/// Claude Code versions on which every `Yes` form of the table was measured running without
/// asking (`parity/probe.py`, measurements in `parity/claude-readonly-<version>.txt`), oldest
/// first.
pub const MEASURED: &[&str] = &["2.1.260", "2.1.331", "2.1.332"];

/// Set by Claude Code for its hooks: `claude-code_<major>-<minor>-<patch>_<mode>` (seen on
/// 2.1.332: `claude-code_2-1-332_harness`).
pub const VERSION_VAR: &str = "AI_AGENT";

/// The running Claude Code's version (`2.1.332`), from [`VERSION_VAR`].
pub fn running_version(env: &crate::env::Env) -> Option<String> {
    let value = env.var(VERSION_VAR)?;
    let rest = value.strip_prefix("claude-code_")?;
    let dashed = rest.split('_').next()?;
    let parts: Vec<&str> = dashed.split('-').collect();
    let numeric = |p: &&str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    (parts.len() == 3 && parts.iter().all(numeric)).then(|| parts.join("."))
}

/// `a` before `b`, comparing dotted numbers (`2.1.99` < `2.1.332`); None if either is not one.
fn older(a: &str, b: &str) -> Option<bool> {
    let nums = |v: &str| -> Option<Vec<u64>> { v.split('.').map(|p| p.parse().ok()).collect() };
    Some(nums(a)? < nums(b)?)
}

/// Why the table does not apply in `env` (None: it does). On a measured version it applies as
/// measured; on an unmeasured version no older than the oldest measured one, the forms that
/// ran on every measured version apply (the table holds only those); on an older version, or
/// when the version cannot be seen, rtk steps aside.
pub fn gate(env: &crate::env::Env) -> Option<String> {
    let Some(version) = running_version(env) else {
        return Some(format!(
            "Claude Code's version was not seen ({VERSION_VAR} unset or unreadable)"
        ));
    };
    if MEASURED.contains(&version.as_str()) {
        return None;
    }
    match older(&version, MEASURED[0]) {
        Some(false) => None,
        _ => Some(format!(
            "Claude Code {version} is older than every measured version ({})",
            MEASURED.join(", ")
        )),
    }
}

/// Which table applies for `env`'s Claude Code, in words (`rtk hook check`).
pub fn table_in_force(env: &crate::env::Env) -> String {
    let seen = running_version(env);
    let seen_text = seen.clone().unwrap_or_default();
    match (gate(env), seen) {
        (Some(_), None) => format!(
            "Claude Code version not seen ({VERSION_VAR} unset or unreadable): read-only table not applied"
        ),
        (Some(why), _) => {
            format!("Claude Code version {seen_text}: read-only table not applied ({why})")
        }
        (None, Some(v)) if MEASURED.contains(&v.as_str()) => {
            format!("Claude Code version {v}: read-only table measured on it")
        }
        (None, _) => format!(
            "Claude Code version {seen_text}: not measured; the read-only forms that ran on every measured version ({}) apply",
            MEASURED.join(", ")
        ),
    }
}

/// Programs read-only with any arguments free of special characters (Claude's simple list).
const ANY_ARGS: &[&str] = &[
    "cal", "uptime", "cat", "head", "tail", "wc", "stat", "strings", "hexdump", "od", "nl", "id",
    "uname", "free", "df", "du", "locale", "groups", "nproc", "basename", "dirname", "realpath",
    "cut", "paste", "tr", "column", "tac", "rev", "fold", "expand", "unexpand", "fmt", "comm",
    "cmp", "numfmt", "readlink", "diff", "true", "false", "sleep", "type", "expr", "seq", "tsort",
    "pr", "ls",
];

/// Programs some table or special case of Claude's covers (forms not checked here → unknown),
/// plus wrappers Claude may look through.
const COVERED: &[&str] = &[
    "find",
    "docker",
    "git",
    "gh",
    "grep",
    "egrep",
    "fgrep",
    "pgrep",
    "rg",
    "tree",
    "sort",
    "sed",
    "xargs",
    "date",
    "file",
    "fd",
    "fdfind",
    "hostname",
    "lsof",
    "netstat",
    "ss",
    "route",
    "arp",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "which",
    "whoami",
    "tput",
    "cp",
    "mv",
    "rm",
    "rmdir",
    "mkdir",
    "touch",
    "echo",
    "printf",
    "pwd",
    "cd",
    "alias",
    "history",
    "arch",
    "ifconfig",
    "jq",
    "[[",
    "claude",
    "node",
    "python",
    "python3",
    "ip",
    "timeout",
    "nice",
    "nohup",
    "env",
    "command",
    "time",
    "stdbuf",
    "builtin",
    "exec",
];

/// Argument characters that make Claude's simple-list check fail (or that rtk cannot judge).
/// A `~` counts where bash may expand it: at the start of a word or after `=` or `:`
/// ([`special`]); inside a word (`HEAD~1`) it is a plain character.
const SPECIAL: &[char] = &[
    '<', '>', '(', ')', '$', '`', '|', '{', '}', '&', ';', '\n', '\r', '*', '?', '[', ']', '\\',
    '!', '#', '\'', '"',
];

fn special(a: &str) -> bool {
    a.contains(SPECIAL) || a.starts_with('~') || a.contains("=~") || a.contains(":~")
}

/// `find` arguments that make it write, delete or execute.
const FIND_UNSAFE: &[&str] = &[
    "-delete",
    "-rm",
    "-exec",
    "-execdir",
    "-ok",
    "-okdir",
    "-fprint",
    "-fprint0",
    "-fls",
    "-fprintf",
    "-files0-from",
];

/// Flags `git log` and `git show` share in the 2.1.332 tables (none takes a value).
const LOG_SHOW: &[&str] = &[
    "--oneline",
    "--decorate",
    "--no-decorate",
    "--relative-date",
    "--stat",
    "--numstat",
    "--shortstat",
    "--name-only",
    "--name-status",
    "--color",
    "--no-color",
    "--patch",
    "-p",
    "--no-patch",
    "--no-ext-diff",
    "-s",
    "--abbrev-commit",
    "--first-parent",
];

/// git subcommands with their flags checked as safe (all take no value) in the 2.1.332 tables.
const GIT: &[(&str, &[&[&str]])] = &[
    (
        "status",
        &[&[
            "-s",
            "--short",
            "-b",
            "--branch",
            "--porcelain",
            "--long",
            "-v",
            "--verbose",
            "--ignored",
            "--column",
            "--no-column",
            "--ahead-behind",
            "--no-ahead-behind",
            "--renames",
            "--no-renames",
        ]],
    ),
    (
        "log",
        &[
            LOG_SHOW,
            &[
                "--graph",
                "--all",
                "--branches",
                "--tags",
                "--remotes",
                "--merges",
                "--no-merges",
                "--reverse",
                "--topo-order",
                "--date-order",
                "--follow",
            ],
        ],
    ),
    (
        "diff",
        &[&[
            "--cached",
            "--staged",
            "--stat",
            "--numstat",
            "--shortstat",
            "--name-only",
            "--name-status",
            "--color",
            "--no-color",
            "--summary",
            "--check",
            "--quiet",
            "--exit-code",
            "-p",
            "-u",
            "-R",
            "--no-renames",
            "--minimal",
            "--patience",
            "--histogram",
            "--ignore-all-space",
            "--ignore-space-change",
            "--word-diff",
            "--color-words",
            "--function-context",
            "--find-renames",
            "--no-ext-diff",
            "--binary",
            "--full-index",
        ]],
    ),
    (
        "show",
        &[
            LOG_SHOW,
            &["--word-diff", "--color-words", "--raw", "-m", "--quiet"],
        ],
    ),
    (
        "branch",
        &[&[
            "-l",
            "--list",
            "-a",
            "--all",
            "-r",
            "--remotes",
            "-v",
            "-vv",
            "--verbose",
            "--color",
            "--no-color",
            "--column",
            "--no-column",
            "--no-abbrev",
            "--show-current",
            "-i",
            "--ignore-case",
        ]],
    ),
];

/// `tree` flags that take no value in the 2.1.332 table.
const TREE: &[&str] = &[
    "-a",
    "-d",
    "-l",
    "-f",
    "-x",
    "-q",
    "-N",
    "-Q",
    "-p",
    "-u",
    "-g",
    "-s",
    "-h",
    "-D",
    "-F",
    "-v",
    "-t",
    "-c",
    "-U",
    "-r",
    "-C",
    "-n",
    "--noreport",
    "--dirsfirst",
    "--gitignore",
    "--prune",
];

/// Classifies one parsed simple command (see [`classify`]).
pub fn classify_command(c: &crate::shell::SimpleCommand) -> ReadOnly {
    match table_input(c) {
        Some((words, plain)) => classify(&words, plain),
        None => ReadOnly::Unknown,
    }
}

/// Classifies one simple command from its words as typed-and-unquoted (`words[0]` the
/// program). `plain` is false when the command has assignments or redirects, or a word that
/// is not literal: Claude's checks see those differently, so such a command is never `Yes`.
pub fn classify(words: &[&str], plain: bool) -> ReadOnly {
    let Some(program) = words.first() else {
        return ReadOnly::Unknown;
    };
    let args = &words[1..];
    let known = ANY_ARGS.contains(program) || COVERED.contains(program);
    if !known {
        return ReadOnly::No;
    }
    let clean = plain && args.iter().all(|a| !special(a));
    let yes = |ok: bool| {
        if ok && clean {
            ReadOnly::Yes
        } else {
            ReadOnly::Unknown
        }
    };
    match *program {
        p if ANY_ARGS.contains(&p) => yes(true),
        "find" => yes(!args.iter().any(|a| FIND_UNSAFE.contains(a))),
        "docker" => match args {
            [sub] if matches!(*sub, "ps" | "images") => yes(true),
            [sub, ..] if !matches!(*sub, "ps" | "images" | "logs" | "inspect") => ReadOnly::No,
            _ => ReadOnly::Unknown,
        },
        "git" => git(args, clean),
        "tree" => yes(tree_args_safe(args)),
        "grep" | "egrep" | "fgrep" | "rg" => {
            yes(super::read_only_search::safe(program, args) == Some(true))
        }
        _ => ReadOnly::Unknown,
    }
}

fn git(args: &[&str], clean: bool) -> ReadOnly {
    let Some((sub, rest)) = args.split_first() else {
        return ReadOnly::No;
    };
    if sub.starts_with('-') {
        // Global options (`-C dir`, `-c k=v`…): Claude's tables do not start there.
        return ReadOnly::Unknown;
    }
    match GIT.iter().find(|(name, _)| name == sub) {
        Some((_, flags)) if clean && git_flags_safe(sub, rest, flags) => ReadOnly::Yes,
        Some(_) => ReadOnly::Unknown,
        None if GIT_COVERED.contains(sub) => ReadOnly::Unknown,
        None => ReadOnly::No,
    }
}

/// Every argument is a checked flag, a `-<digits>` count (Claude accepts those for any git
/// table), for `git log` a `-n`/`--max-count` count, or for `git log`/`show`/`diff` a
/// revision or path operand ([`git_operand`]).
fn git_flags_safe(sub: &str, args: &[&str], flags: &[&[&str]]) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let flag =
            flags.iter().any(|list| list.contains(&a)) || a.strip_prefix('-').is_some_and(digits);
        if flag || (matches!(sub, "log" | "show" | "diff") && git_operand(a)) {
            i += 1;
        } else if sub == "log"
            && matches!(a, "-n" | "--max-count")
            && args.get(i + 1).is_some_and(|n| digits(n))
        {
            i += 2;
        } else if sub == "log" && a.strip_prefix("--max-count=").is_some_and(digits) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// A revision or path operand rtk accepts where Claude's `git log`/`show`/`diff` tables take
/// any operand: a name, `HEAD~1`, `HEAD^`, `a..b`, a hash, `src/app.py` — letters, digits and
/// `._/~^-`, starting with a letter or digit (no `:`, `@`, `%`, `=`: `HEAD:file`, reflog and
/// format forms stay unknown).
fn git_operand(a: &str) -> bool {
    a.len() <= 200
        && a.starts_with(|c: char| c.is_ascii_alphanumeric())
        && a.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._/~^-".contains(c))
}

/// Other git subcommands some 2.1.332 table covers.
const GIT_COVERED: &[&str] = &[
    "blame",
    "cat-file",
    "config",
    "describe",
    "for-each-ref",
    "grep",
    "ls-files",
    "ls-remote",
    "merge-base",
    "reflog",
    "remote",
    "rev-list",
    "rev-parse",
    "shortlog",
    "stash",
    "tag",
    "worktree",
];

fn tree_args_safe(args: &[&str]) -> bool {
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "-L" => {
                if !args
                    .get(i + 1)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                {
                    return false;
                }
                i += 2;
            }
            a if TREE.contains(&a) => i += 1,
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(line: &str) -> ReadOnly {
        let words: Vec<&str> = line.split_whitespace().collect();
        classify(&words, true)
    }

    /// Issue 29: the table agrees with every measured release. Each version in [`MEASURED`] has
    /// its measurement (`parity/claude-readonly-<version>.txt`, made by `parity/probe.py`):
    /// every line the table calls read-only ran on it, and no line it asked for is read-only
    /// here. A re-probe that disagrees with the table fails this test.
    #[test]
    fn the_table_agrees_with_every_measured_release() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for version in MEASURED {
            let path = root.join(format!("parity/claude-readonly-{version}.txt"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let mut yes = 0;
            for row in text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let (decision, line) = row.split_once('\t').expect("decision<TAB>line");
                let parsed = crate::shell::parse(line);
                let ro: Vec<ReadOnly> = parsed.commands.iter().map(classify_command).collect();
                let table_yes = !ro.is_empty() && ro.iter().all(|r| *r == ReadOnly::Yes);
                if table_yes {
                    yes += 1;
                    assert_eq!(
                        decision, "ran",
                        "{version}: `{line}` is read-only in the table"
                    );
                }
                if decision == "ask" {
                    assert!(!table_yes, "{version}: `{line}` asked");
                }
            }
            assert!(yes >= 100, "{version}: only {yes} read-only forms measured");
        }
    }

    /// `parity/claude-readonly-forms.txt`, the probe list, is in three parts: the forms the
    /// table calls read-only, then controls it calls unknown, then controls it calls not
    /// read-only. A form moved across the table's edge without moving in the list fails here.
    #[test]
    fn the_probe_list_parts_match_the_table() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("parity/claude-readonly-forms.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut expected = ReadOnly::Yes;
        let mut seen = [0; 3];
        for line in text.lines() {
            if line == "# -- controls: the table says unknown" {
                expected = ReadOnly::Unknown;
            } else if line == "# -- controls: the table says not read-only" {
                expected = ReadOnly::No;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parsed = crate::shell::parse(line);
            let ro: Vec<ReadOnly> = parsed.commands.iter().map(classify_command).collect();
            assert_eq!(ro, vec![expected], "`{line}`");
            seen[expected as usize] += 1;
        }
        assert!(seen.iter().all(|n| *n > 3), "{seen:?}");
    }

    #[test]
    fn the_measured_commands_are_read_only() {
        // Issue 22: these ran silently in Claude Code 2.1.332 with no rules.
        for cmd in [
            "git status",
            "git log",
            "git diff",
            "git show",
            "git branch",
            "ls",
            "ls -la src",
            "cat README.md",
            "head -n 5 x",
            "tail -20 x",
            "wc -l x",
            "tree",
            "docker ps",
            "find . -name x",
            "git log --oneline --graph",
            "git status -s",
            "tree -L 2",
            "git log -5",
            "git log --oneline -n 10",
            "git log --max-count=3",
            "git diff --cached",
        ] {
            assert_eq!(c(cmd), ReadOnly::Yes, "{cmd}");
        }
    }

    #[test]
    fn writes_and_unlisted_programs_ask() {
        for cmd in [
            "git push origin main",
            "git commit -m x",
            "cargo test",
            "npm install",
            "make",
            "pytest -x",
            "docker run img",
            "git",
            "docker build .",
        ] {
            assert_eq!(c(cmd), ReadOnly::No, "{cmd}");
        }
    }

    #[test]
    fn unverified_forms_are_unknown() {
        for cmd in [
            "git log --format=%H",
            "git log -n x",
            "git show HEAD:README.md",
            "git log @{u}",
            "git branch newbranch",
            "git branch -D x",
            "git -C /x status",
            "find . -delete",
            "find . -exec rm {} ;",
            "grep -e x .",
            "rg --files",
            "tree -L x",
            "ls *.rs",
            "cat $HOME/x",
            "docker ps -a",
            "git stash list",
            "timeout 5 ls",
            "sed -n 1p x",
            "rm -rf x",
            "mkdir x",
        ] {
            assert_eq!(c(cmd), ReadOnly::Unknown, "{cmd}");
        }
        assert_eq!(classify(&["ls"], false), ReadOnly::Unknown);
    }
}
