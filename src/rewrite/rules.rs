//! The rewrite rule table: every program with an rtk form, when its arguments qualify, and
//! where in a pipeline its rtk form is safe. Pure data plus small argument predicates.
//!
//! Invariant: a predicate only ever narrows; the rtk form always runs the user's exact argv.

/// Where in a pipeline a program's rtk form may stand without changing what the pipeline
/// computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipeSafety {
    /// Only as a whole segment (never inside a pipeline).
    Never,
    /// As the first stage feeding display-only consumers (`head`, `tail -n N`, `cat`).
    Producer,
    /// As the last stage (its output goes to the agent).
    Final,
    /// Either.
    Both,
}

impl PipeSafety {
    pub fn producer(self) -> bool {
        matches!(self, PipeSafety::Producer | PipeSafety::Both)
    }
    pub fn final_stage(self) -> bool {
        matches!(self, PipeSafety::Final | PipeSafety::Both)
    }
}

/// One program with an rtk form.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// The command word exactly as typed (after quote removal), e.g. `git`.
    pub program: &'static str,
    /// Whether these arguments (after the program word, unquoted) have an rtk form.
    pub accepts: fn(&[&str]) -> bool,
    pub pipe: PipeSafety,
    /// Never rewritten when the command carries any redirect (`cat`/`head`/`tail`: #315).
    pub no_redirects: bool,
    /// One line on what qualifies (for docs and `--explain`).
    pub note: &'static str,
}

const fn rule(
    program: &'static str,
    accepts: fn(&[&str]) -> bool,
    pipe: PipeSafety,
    note: &'static str,
) -> Rule {
    Rule {
        program,
        accepts,
        pipe,
        no_redirects: false,
        note,
    }
}

const fn reader(program: &'static str, accepts: fn(&[&str]) -> bool, note: &'static str) -> Rule {
    Rule {
        program,
        accepts,
        pipe: PipeSafety::Never,
        no_redirects: true,
        note,
    }
}

use PipeSafety::{Both, Never, Producer};

/// Every program rtk rewrites.
pub static RULES: &[Rule] = &[
    rule("git", git, Producer, "status log diff show add commit push pull fetch branch stash worktree; no interactive flags"),
    rule("ls", any, Producer, "any arguments"),
    rule("tree", any, Producer, "any arguments"),
    rule("find", find, Producer, "no -exec/-ok/-delete/-printf-style actions"),
    reader("cat", cat, "file operands only, no options"),
    reader("head", head, "line-count options and file operands"),
    reader("tail", tail, "line-count options and file operands; never follow"),
    rule("grep", any, Both, "any arguments"),
    rule("rg", any, Both, "any arguments"),
    rule("wc", any, Never, "any arguments"),
    rule("diff", any, Producer, "any arguments"),
    rule("cargo", cargo, Producer, "build check clippy test fmt install"),
    rule("pytest", no_watch, Producer, "any arguments"),
    rule("python", python_pytest, Producer, "only `-m pytest`"),
    rule("python3", python_pytest, Producer, "only `-m pytest`"),
    rule("go", go, Producer, "test build vet"),
    rule("npm", npm, Never, "run run-script test exec x install i ci"),
    rule("pnpm", pnpm, Never, "run test exec install i list ls outdated"),
    rule("npx", npx, Never, "a package command"),
    rule("jest", no_watch, Never, "no watch mode"),
    rule("vitest", no_watch, Never, "no watch mode"),
    rule("tsc", no_watch, Never, "no watch mode"),
    rule("vue-tsc", no_watch, Never, "no watch mode"),
    rule("eslint", any, Producer, "any arguments"),
    rule("ruff", ruff, Producer, "check format"),
    rule("mypy", any, Producer, "any arguments"),
    rule("flake8", any, Producer, "any arguments"),
    rule("docker", docker, Never, "ps images logs build compose ps/logs/build; never follow"),
    rule("kubectl", kubectl, Never, "get logs describe apply; never watch/follow"),
    rule("gh", gh, Never, "pr/issue/run/release/repo list|view|status|diff|checks, api"),
    rule("curl", any, Never, "any arguments"),
    rule("wget", any, Never, "any arguments"),
    rule("pip", pip, Never, "list install show freeze"),
    rule("pip3", pip, Never, "list install show freeze"),
    rule("make", any, Never, "any arguments"),
];

/// The rule for a command word (already unquoted; no path), if any.
pub fn rule_for(program: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.program == program)
}

fn any(_: &[&str]) -> bool {
    true
}

fn opt(a: &str) -> bool {
    a.len() > 1 && a.starts_with('-')
}

/// First argument that is not an option (skipping `+toolchain`).
fn first_operand<'a>(args: &[&'a str]) -> Option<(usize, &'a str)> {
    args.iter()
        .copied()
        .enumerate()
        .find(|(_, a)| !opt(a) && !a.starts_with('+'))
}

fn no_watch(args: &[&str]) -> bool {
    !args
        .iter()
        .any(|a| matches!(*a, "--watch" | "-w" | "watch" | "--watchAll" | "dev"))
}

fn has_any(args: &[&str], flags: &[&str]) -> bool {
    args.iter().any(|a| {
        flags
            .iter()
            .any(|f| a == f || (f.starts_with("--") && a.starts_with(&format!("{f}="))))
    })
}

fn git(args: &[&str]) -> bool {
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" => i += 2,
            "--no-pager"
            | "--no-optional-locks"
            | "--bare"
            | "--literal-pathspecs"
            | "--no-replace-objects" => i += 1,
            a if a.starts_with("--git-dir=")
                || a.starts_with("--work-tree=")
                || a.starts_with("--namespace=") =>
            {
                i += 1
            }
            _ => break,
        }
    }
    let Some(sub) = args.get(i) else {
        return false;
    };
    let rest = &args[i + 1..];
    let interactive = has_any(
        rest,
        &["-p", "--patch", "-i", "--interactive", "-e", "--edit"],
    );
    match *sub {
        "status" | "log" | "diff" | "show" | "push" | "pull" | "fetch" | "branch" | "worktree" => {
            true
        }
        "add" | "stash" => !interactive,
        "commit" => {
            let message = rest.iter().any(|a| {
                matches!(
                    *a,
                    "-m" | "-F" | "--file" | "--message" | "--no-edit" | "-C"
                ) || a.starts_with("--message=")
                    || a.starts_with("--file=")
                    || (a.starts_with('-') && !a.starts_with("--") && a.contains('m'))
            });
            message && !interactive
        }
        _ => false,
    }
}

fn find(args: &[&str]) -> bool {
    !args.iter().any(|a| {
        matches!(
            *a,
            "-exec"
                | "-execdir"
                | "-ok"
                | "-okdir"
                | "-delete"
                | "-printf"
                | "-fprintf"
                | "-print0"
                | "-fprint"
                | "-fprint0"
                | "-fls"
                | "-ls"
        )
    })
}

fn cat(args: &[&str]) -> bool {
    let operands: Vec<&&str> = args.iter().filter(|a| **a != "--").collect();
    !operands.is_empty() && operands.iter().all(|a| !a.starts_with('-'))
}

/// `head`/`tail` options: line counts only. Returns false on anything else or no file.
fn line_reader(args: &[&str], allow_plus: bool) -> bool {
    let count = |v: &str| {
        let v = if allow_plus {
            v.strip_prefix('+').unwrap_or(v)
        } else {
            v
        };
        !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
    };
    let mut files = 0;
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let a = args[i];
        if options_done || !a.starts_with('-') || a == "-" {
            if a == "-" {
                return false;
            }
            files += 1;
        } else if a == "--" {
            options_done = true;
        } else if a == "-n" || a == "--lines" {
            if !args.get(i + 1).is_some_and(|v| count(v)) {
                return false;
            }
            i += 1;
        } else if let Some(v) = a.strip_prefix("--lines=").or_else(|| a.strip_prefix("-n")) {
            if !count(v) {
                return false;
            }
        } else if matches!(a, "-q" | "-v" | "--quiet" | "--silent" | "--verbose") {
        } else if !count(&a[1..]) {
            return false;
        }
        i += 1;
    }
    files > 0
}

fn head(args: &[&str]) -> bool {
    line_reader(args, false)
}

fn tail(args: &[&str]) -> bool {
    line_reader(args, true)
}

fn subcommand_in(args: &[&str], subs: &[&str]) -> bool {
    first_operand(args).is_some_and(|(_, s)| subs.contains(&s))
}

fn cargo(args: &[&str]) -> bool {
    subcommand_in(
        args,
        &["build", "check", "clippy", "test", "fmt", "install"],
    )
}

fn python_pytest(args: &[&str]) -> bool {
    matches!(args, ["-m", "pytest", ..] | ["-mpytest", ..]) && no_watch(args)
}

fn go(args: &[&str]) -> bool {
    subcommand_in(args, &["test", "build", "vet"])
}

fn npm(args: &[&str]) -> bool {
    subcommand_in(
        args,
        &[
            "run",
            "run-script",
            "test",
            "t",
            "exec",
            "x",
            "install",
            "i",
            "ci",
        ],
    ) && no_watch(args)
}

fn pnpm(args: &[&str]) -> bool {
    subcommand_in(
        args,
        &[
            "run", "test", "exec", "install", "i", "list", "ls", "outdated",
        ],
    ) && no_watch(args)
}

fn npx(args: &[&str]) -> bool {
    first_operand(args).is_some() && no_watch(args)
}

fn ruff(args: &[&str]) -> bool {
    subcommand_in(args, &["check", "format"]) && no_watch(args)
}

fn follows(args: &[&str]) -> bool {
    has_any(
        args,
        &[
            "-f",
            "--follow",
            "-w",
            "--watch",
            "--watch-only",
            "-F",
            "--retry",
        ],
    ) || args
        .iter()
        .any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('f'))
}

fn docker(args: &[&str]) -> bool {
    let Some((i, sub)) = first_operand(args) else {
        return false;
    };
    let rest = &args[i + 1..];
    match sub {
        "ps" | "images" | "build" => true,
        "logs" => !follows(rest),
        "compose" => match first_operand(rest) {
            Some((j, s)) => match s {
                "ps" | "build" => true,
                "logs" => !follows(&rest[j + 1..]),
                _ => false,
            },
            None => false,
        },
        _ => false,
    }
}

fn kubectl(args: &[&str]) -> bool {
    let Some((i, sub)) = first_operand(args) else {
        return false;
    };
    let rest = &args[i + 1..];
    match sub {
        "get" | "logs" => !follows(rest),
        "describe" | "apply" => true,
        _ => false,
    }
}

fn gh(args: &[&str]) -> bool {
    if has_any(args, &["--web", "-w"]) {
        return false;
    }
    let Some((i, sub)) = first_operand(args) else {
        return false;
    };
    match sub {
        "api" => true,
        "pr" | "issue" | "run" | "release" | "repo" => first_operand(&args[i + 1..])
            .is_some_and(|(_, s)| matches!(s, "list" | "view" | "status" | "diff" | "checks")),
        _ => false,
    }
}

fn pip(args: &[&str]) -> bool {
    subcommand_in(args, &["list", "install", "show", "freeze"])
}

/// A pipeline stage that only displays what it receives (its output goes to the agent).
pub fn display_consumer(program: &str, args: &[&str]) -> bool {
    match program {
        "cat" => args.iter().all(|a| *a == "-"),
        "head" | "tail" => {
            let mut i = 0;
            while i < args.len() {
                let a = args[i];
                if a == "-n" || a == "--lines" || a == "-c" || a == "--bytes" {
                    i += 2;
                    continue;
                }
                let ok = a.starts_with("--lines=")
                    || a.starts_with("-n")
                    || matches!(a, "-q" | "-v" | "--quiet" | "--silent")
                    || (a.len() > 1
                        && a.starts_with('-')
                        && a[1..].bytes().all(|b| b.is_ascii_digit()));
                if !ok {
                    return false;
                }
                i += 1;
            }
            true
        }
        _ => false,
    }
}

/// `grep`/`rg` as a final stage: not when patterns come from a file.
pub fn final_stage_ok(program: &str, args: &[&str]) -> bool {
    match program {
        "grep" | "rg" => !args
            .iter()
            .any(|a| *a == "-f" || a.starts_with("--file") || (a.starts_with("-f") && a.len() > 2)),
        _ => true,
    }
}
