//! Upstream rtk 1.x's top-level commands and rtk's answer for each: the one table behind the
//! hint `rtk <name>` prints when `<name>` is one of upstream's own commands (not a program) and
//! no program of that name is installed, and behind docs/upstream-commands.md (a test keeps
//! that page and this table in step).
//!
//! Invariant: a hint is printed only after the runner found no program of that name (exit 127),
//! on stderr, so a user's own `deps` or `log` program still runs exactly as without rtk.

use std::ffi::OsString;
use std::io::Write;

use super::session::Session;

/// What rtk does with one of upstream's command names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// An rtk subcommand of the same name (listed in `rtk --help`).
    Same,
    /// A program: `rtk <name> …` runs it (through its filter when docs/coverage.md lists it).
    Program,
    /// Upstream's own command with no program behind it: use this instead.
    Instead(&'static str),
}

/// Upstream 1.1.0's `--help` list, in its order, with rtk's answer.
pub const COMMANDS: &[(&str, Answer)] = &[
    ("ls", Answer::Program),
    ("tree", Answer::Program),
    ("read", Answer::Same),
    (
        "smart",
        Answer::Instead("`rtk read FILE` prints a file compacted; rtk writes no heuristic summary"),
    ),
    ("git", Answer::Program),
    ("gh", Answer::Program),
    ("glab", Answer::Program),
    ("aws", Answer::Program),
    ("psql", Answer::Program),
    ("pnpm", Answer::Program),
    ("err", Answer::Same),
    ("test", Answer::Same),
    ("json", Answer::Same),
    (
        "deps",
        Answer::Instead(
            "`rtk read Cargo.toml` (or package.json, pyproject.toml, go.mod): the manifest itself",
        ),
    ),
    ("env", Answer::Program),
    ("find", Answer::Program),
    ("diff", Answer::Program),
    (
        "log",
        Answer::Instead(
            "`rtk tail -n 200 FILE` (its end) or `rtk grep -n PATTERN FILE` (its matching lines)",
        ),
    ),
    ("dotnet", Answer::Program),
    ("docker", Answer::Program),
    ("kubectl", Answer::Program),
    ("oc", Answer::Program),
    (
        "summary",
        Answer::Instead("`rtk <command>` already prints the compact form; `rtk err <command>` too"),
    ),
    ("grep", Answer::Program),
    ("rg", Answer::Program),
    ("ast-grep", Answer::Program),
    ("init", Answer::Same),
    ("wget", Answer::Program),
    ("wc", Answer::Program),
    ("gain", Answer::Same),
    (
        "pipeline",
        Answer::Instead("`rtk filters list` (rtk's filters and where each comes from)"),
    ),
    (
        "methods",
        Answer::Instead("`rtk filters list` (rtk's filters and where each comes from)"),
    ),
    (
        "plugins",
        Answer::Instead(
            "declarative filters in .rtk/filters.toml: `rtk filters check`, docs/filters.md",
        ),
    ),
    (
        "tasks",
        Answer::Instead(
            "rtk delegates nothing; `rtk filters list` shows what it runs through filters",
        ),
    ),
    (
        "cc-economics",
        Answer::Instead("`rtk gain` (what rtk saved); spending is ccusage's own report"),
    ),
    ("config", Answer::Same),
    ("jest", Answer::Program),
    ("vitest", Answer::Program),
    ("ctest", Answer::Program),
    ("prisma", Answer::Program),
    ("tsc", Answer::Program),
    ("ng", Answer::Program),
    ("next", Answer::Program),
    (
        "lint",
        Answer::Instead("`rtk eslint …` or `rtk npx eslint …` (the linter by its own name)"),
    ),
    ("prettier", Answer::Program),
    (
        "format",
        Answer::Instead(
            "`rtk prettier --check …`, `rtk ruff format --check …` or `rtk black --check …`",
        ),
    ),
    ("playwright", Answer::Program),
    ("cargo", Answer::Program),
    ("npm", Answer::Program),
    ("npx", Answer::Program),
    ("bun", Answer::Program),
    ("bunx", Answer::Program),
    ("curl", Answer::Program),
    ("discover", Answer::Same),
    ("session", Answer::Same),
    (
        "telemetry",
        Answer::Instead("rtk sends no telemetry: there is nothing to consent to or delete"),
    ),
    (
        "llm-proxy",
        Answer::Instead("rtk works through the agent's own hooks: `rtk init --agent <agent>`"),
    ),
    (
        "learn",
        Answer::Instead("`rtk discover` (commands in your Claude Code history rtk would compact)"),
    ),
    ("run", Answer::Same),
    ("bypass", Answer::Same),
    ("recall", Answer::Same),
    ("pipe", Answer::Same),
    ("trust", Answer::Same),
    ("untrust", Answer::Same),
    (
        "verify",
        Answer::Instead(
            "`rtk init --check` (the hook answers) and `rtk filters test` (inline tests)",
        ),
    ),
    ("ruff", Answer::Program),
    ("sqlfluff", Answer::Program),
    ("pytest", Answer::Program),
    ("mypy", Answer::Program),
    ("php", Answer::Program),
    ("phpunit", Answer::Program),
    ("phpstan", Answer::Program),
    ("pest", Answer::Program),
    ("paratest", Answer::Program),
    ("ecs", Answer::Program),
    ("pint", Answer::Program),
    (
        "phpt",
        Answer::Instead("`rtk php run-tests.php …` (the runner by its own name)"),
    ),
    ("rake", Answer::Program),
    ("rubocop", Answer::Program),
    ("rspec", Answer::Program),
    ("pip", Answer::Program),
    ("uv", Answer::Program),
    ("deno", Answer::Program),
    ("go", Answer::Program),
    ("sbt", Answer::Program),
    ("gt", Answer::Program),
    ("golangci-lint", Answer::Program),
    (
        "gradlew",
        Answer::Instead("`rtk ./gradlew …` (the wrapper by its path)"),
    ),
    ("mvn", Answer::Program),
    ("mvnd", Answer::Program),
    ("hook-audit", Answer::Same),
    ("rewrite", Answer::Same),
    ("hook", Answer::Same),
    ("help", Answer::Instead("`rtk --help`")),
];

/// rtk's answer for upstream's command `name`, when it has no rtk subcommand or program.
pub fn instead(name: &str) -> Option<&'static str> {
    COMMANDS.iter().find_map(|(n, a)| match a {
        Answer::Instead(text) if *n == name => Some(*text),
        _ => None,
    })
}

/// `rtk <program> <args…>`: the runner; when the program was not found and its name is one of
/// upstream's own commands, one more stderr line says what to use instead.
pub fn run_program(argv: Vec<OsString>, s: &Session) -> anyhow::Result<u8> {
    let name = argv.first().and_then(|p| p.to_str()).map(str::to_owned);
    let code = crate::runner::run(argv, &s.env, &s.shared)?;
    if code == crate::exec::NOT_FOUND {
        if let Some(hint) = name.as_deref().and_then(not_found_hint) {
            let _ = writeln!(std::io::stderr().lock(), "{hint}");
        }
    }
    Ok(code)
}

/// The line after `rtk: <name>: command not found` when `name` is upstream's command (and no
/// program of that name is on PATH: a program that itself exited 127 gets no hint).
fn not_found_hint(name: &str) -> Option<String> {
    let text = instead(name)?;
    if crate::exec::path::resolve_here(&OsString::from(name)).is_some() {
        return None;
    }
    Some(format!(
        "rtk: `rtk {name}` is upstream rtk's command, not a program; instead: {text} (docs/upstream-commands.md)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_upstream_name_is_answered_once() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|(n, _)| *n).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name listed twice");
    }

    #[test]
    fn same_means_an_rtk_subcommand_and_instead_means_none() {
        let cli = crate::cli::Cli::command();
        let ours: Vec<String> = cli
            .get_subcommands()
            .flat_map(|c| {
                std::iter::once(c.get_name().to_string())
                    .chain(c.get_all_aliases().map(str::to_string))
            })
            .collect();
        for (name, answer) in COMMANDS {
            let has = ours.iter().any(|o| o == name);
            match answer {
                Answer::Same => assert!(has, "`rtk {name}` is said to exist but does not"),
                Answer::Instead(_) | Answer::Program => {
                    assert!(!has, "`rtk {name}` is an rtk subcommand: mark it Same");
                }
            }
        }
    }

    #[test]
    fn the_hint_names_what_to_use() {
        let hint = not_found_hint("smart").expect("smart is upstream's own");
        assert!(hint.contains("rtk read FILE"), "{hint}");
        assert_eq!(not_found_hint("git"), None, "a program gets no hint");
        assert_eq!(not_found_hint("no-such-upstream-name"), None);
    }

    #[test]
    fn the_docs_table_lists_every_name_with_its_answer() {
        let page = include_str!("../../docs/upstream-commands.md");
        for (name, answer) in COMMANDS {
            let row = page
                .lines()
                .find(|l| l.starts_with(&format!("| `{name}` |")))
                .unwrap_or_else(|| panic!("docs/upstream-commands.md has no row for `{name}`"));
            if let Answer::Instead(text) = answer {
                assert!(row.contains(text), "row for `{name}` lacks {text:?}: {row}");
            }
        }
    }
}
