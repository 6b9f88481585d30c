//! The rewrite's narrowing predicates: forms of a routed program that are not rewritten
//! (interactive, watch or follow modes, actions a filter could not keep exact). Pure functions
//! of the unquoted words; each only ever says no.

use super::Words;

pub fn any(_: &Words<'_>) -> bool {
    true
}

fn has_any(args: &[&str], flags: &[&str]) -> bool {
    args.iter().any(|a| {
        flags.iter().any(|f| {
            a == f || (f.starts_with("--") && a.strip_prefix(f).is_some_and(|v| v.starts_with('=')))
        })
    })
}

fn watches(args: &[&str]) -> bool {
    args.iter()
        .any(|a| matches!(*a, "--watch" | "-w" | "watch" | "--watchAll" | "dev"))
}

pub fn no_watch(w: &Words<'_>) -> bool {
    !watches(w.args)
}

/// First argument that is not an option.
fn first_operand<'a>(args: &[&'a str]) -> Option<(usize, &'a str)> {
    args.iter()
        .copied()
        .enumerate()
        .find(|(_, a)| !(a.len() > 1 && a.starts_with('-')))
}

pub fn git_form(w: &Words<'_>) -> bool {
    let rest = w.rest();
    let interactive = has_any(
        rest,
        &["-p", "--patch", "-i", "--interactive", "-e", "--edit"],
    );
    match w.sub.map(|i| w.args[i]) {
        // `stash show -p` prints the stash as a diff; `stash -p` (push) asks per hunk.
        Some("stash") => rest.first() == Some(&"show") || !interactive,
        Some("add" | "checkout" | "switch" | "restore") => !interactive,
        // `-O` opens the matching files in a pager or editor.
        Some("grep") => !rest
            .iter()
            .any(|a| a.starts_with("-O") || a.starts_with("--open-files-in-pager")),
        Some("commit") => {
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
        _ => true,
    }
}

/// `nl -ba` of named files (the filter's own test of the form).
pub fn nl(w: &Words<'_>) -> bool {
    super::scope::nl::plain_numbering(w.args)
}

/// `gofmt -l`: lists files, writes none.
pub fn gofmt(w: &Words<'_>) -> bool {
    super::scope::golist::gofmt_lists(w.args)
}

pub fn find(w: &Words<'_>) -> bool {
    !w.args.iter().any(|a| {
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

/// `cat` of named files, plain or numbered (`-n`: the read filter streams every byte, so the
/// numbers are cat's own); no other option, no stdin.
pub fn cat(w: &Words<'_>) -> bool {
    let mut files = 0;
    let mut options_done = false;
    for a in w.args {
        if !options_done && *a == "--" {
            options_done = true;
        } else if !options_done && matches!(*a, "-n" | "--number") {
        } else if a.starts_with('-') {
            return false;
        } else {
            files += 1;
        }
    }
    files > 0
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

pub fn head(w: &Words<'_>) -> bool {
    line_reader(w.args, false)
}

pub fn tail(w: &Words<'_>) -> bool {
    line_reader(w.args, true)
}

pub fn cargo(w: &Words<'_>) -> bool {
    match w.sub.map(|i| w.args[i]) {
        Some("nextest") => w.rest().first() == Some(&"run"),
        // Without --check, cargo fmt rewrites files (G2, issue 20).
        Some("fmt") => {
            w.rest().contains(&"--check")
                && !has_any(w.rest(), &["--message-format", "-h", "--help"])
        }
        _ => true,
    }
}

pub fn npx(w: &Words<'_>) -> bool {
    // A tool of the table keeps its own narrowing (`npx playwright test --ui`).
    first_operand(w.args)
        .is_some_and(|(i, tool)| super::program(tool).is_none_or(|p| p.accepts(&w.args[i + 1..])))
        && !watches(w.args)
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

pub fn docker(w: &Words<'_>) -> bool {
    let rest = w.rest();
    let next = first_operand(rest);
    let after = |j: usize| &rest[j + 1..];
    match w.sub.map(|i| w.args[i]) {
        Some("ps" | "images") => true,
        Some("logs") => !follows(rest),
        Some("compose") => match next {
            Some((_, "ps")) => true,
            Some((j, "logs")) => !follows(after(j)),
            _ => false,
        },
        Some("container") => match next {
            Some((_, "ls" | "list")) => true,
            Some((j, "logs")) => !follows(after(j)),
            _ => false,
        },
        Some("image") => matches!(next, Some((_, "ls" | "list"))),
        // G1 (issue 20): no terminal, stdin or detach.
        Some("run" | "exec") => super::scope::container_run::attached(rest),
        _ => false,
    }
}

pub fn docker_compose(w: &Words<'_>) -> bool {
    !follows(w.rest())
}

pub fn kubectl(w: &Words<'_>) -> bool {
    match w.sub.map(|i| w.args[i]) {
        Some("get" | "logs") => !follows(w.rest()),
        _ => true,
    }
}

pub fn gh(w: &Words<'_>) -> bool {
    !has_any(w.args, &["--web", "-w"])
        && first_operand(w.rest())
            .is_some_and(|(_, s)| matches!(s, "list" | "view" | "status" | "diff" | "checks"))
}

/// `rake test` alone (no other task: `rake test db:migrate` runs more than tests).
pub fn rake_test(w: &Words<'_>) -> bool {
    !w.rest()
        .iter()
        .any(|a| !a.starts_with('-') && !a.contains('='))
}

/// `bundle exec <tool> …` / `uv run <tool> …`: the tool is a program of the table that
/// accepts its arguments (never a runner itself).
pub fn runs_tool(w: &Words<'_>) -> bool {
    let Some((tool, rest)) = w.rest().split_first() else {
        return false;
    };
    !matches!(*tool, "bundle" | "uv" | "poetry" | "pipenv")
        && !tool.starts_with('-')
        && super::program(tool).is_some_and(|p| p.accepts(rest))
}

/// `playwright test` with the list or dot reporter, never its UI, debug or watch modes.
pub fn playwright(w: &Words<'_>) -> bool {
    use super::scope::playwright as pw;
    !watches(w.args) && !has_any(w.args, pw::OTHER_FORMS) && pw::default_reporter(w.args)
}

/// `bun test` with its default reporter, no watch/hot/inspect mode.
pub fn bun_test(w: &Words<'_>) -> bool {
    !watches(w.args) && !has_any(w.args, super::scope::bun::OTHER_FORMS)
}

/// `mvn` running lifecycle phases only (`clean install`, `-pl core test`): any other goal
/// (`dependency:tree`, `exec:java`, `spring-boot:run`) or help/version/debug is left alone.
pub fn mvn_lifecycle(w: &Words<'_>) -> bool {
    const PHASES: &[&str] = &[
        "clean",
        "validate",
        "compile",
        "test-compile",
        "test",
        "package",
        "verify",
        "install",
    ];
    const WITH_VALUE: &[&str] = &[
        "-pl",
        "--projects",
        "-f",
        "--file",
        "-s",
        "--settings",
        "-gs",
        "--global-settings",
        "-P",
        "--activate-profiles",
        "-T",
        "--threads",
        "-rf",
        "--resume-from",
        "-D",
        "-t",
        "--toolchains",
        "-b",
        "--builder",
    ];
    if has_any(w.args, super::scope::maven::OTHER_FORMS) {
        return false;
    }
    let mut phases = 0;
    let mut i = 0;
    while i < w.args.len() {
        let a = w.args[i];
        if WITH_VALUE.contains(&a) {
            i += 1;
        } else if !a.starts_with('-') {
            if !PHASES.contains(&a) {
                return false;
            }
            phases += 1;
        }
        i += 1;
    }
    phases > 0
}

/// `yarn test` / `yarn run <script>` (`yarn run` alone lists the scripts); no watch mode.
pub fn yarn_script(w: &Words<'_>) -> bool {
    let run = w.sub.is_some_and(|i| w.args[i] == "run");
    !watches(w.args) && (!run || first_operand(w.rest()).is_some())
}

/// Whether any argument is one of `forms` (as `has_any`) or, for short options, starts with
/// one (`-fd` for `-f d`).
fn asks_for(args: &[&str], forms: &[&str]) -> bool {
    has_any(args, forms)
        || args.iter().any(|a| {
            forms.iter().any(|f| {
                f.len() == 2 && !f.starts_with("--") && a.starts_with(f) && !a.starts_with("--")
            })
        })
}

/// `rspec` in its progress format (another formatter, `--dry-run`, help: not rewritten).
pub fn rspec(w: &Words<'_>) -> bool {
    !asks_for(w.args, super::scope::rspec::OTHER_FORMS)
}

/// `rubocop` with its default formatter.
pub fn rubocop(w: &Words<'_>) -> bool {
    !asks_for(w.args, super::scope::rubocop::OTHER_FORMS)
}

/// `phpunit` with its default printer.
pub fn phpunit(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::phpunit::OTHER_FORMS)
}

/// `phpcs` with its full report, never interactive (`-a`).
pub fn phpcs(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::phpcs::OTHER_FORMS)
}

/// `ps` and `df` with a header rtk can read (no forest, `--output`, help).
pub fn ps(w: &Words<'_>) -> bool {
    !super::scope::procs::passes_through("ps", w.args)
}

pub fn df(w: &Words<'_>) -> bool {
    !super::scope::procs::passes_through("df", w.args)
}

/// `composer install|update`, `composer require|remove|reinstall <package…>` (without a
/// package they ask for one); never `--interactive`.
pub fn composer(w: &Words<'_>) -> bool {
    let named = w
        .sub
        .is_some_and(|i| !matches!(w.args[i], "require" | "remove" | "reinstall"))
        || first_operand(w.rest()).is_some();
    named && !has_any(w.args, &["-i", "--interactive"])
}

// G1 (issue 20): databases and system programs.

/// `psql` running commands it is given (`-c`, `-f FILE`) and exiting.
pub fn psql(w: &Words<'_>) -> bool {
    super::scope::sql::psql_runs_commands(w.args)
}

/// `sqlite3 DB SQL…` running given SQL or dot commands and exiting.
pub fn sqlite3(w: &Words<'_>) -> bool {
    super::scope::sql::sqlite_mode(w.args).is_some()
}

/// `mysql`/`mariadb -e SQL` running the SQL it is given and exiting.
pub fn mysql(w: &Words<'_>) -> bool {
    super::scope::sql::mysql_runs_commands(w.args)
}

/// `stat FILE…` in its default format (any format the agent asked for runs unchanged).
pub fn stat(w: &Words<'_>) -> bool {
    super::scope::stat::default_format(w.args)
}

/// `du` with options rtk knows (its listing keeps the shape the filter reads).
pub fn du(w: &Words<'_>) -> bool {
    super::scope::du::operands(w.args).is_some()
}

// ---- G2: JavaScript/TypeScript and Python tooling (issue 20) ----

/// `Some(ok)` when the subcommand is a package install, update or removal (`install`, `i`,
/// `ci`, `add`, `update`, `up`, `upgrade`, `uninstall`, `remove`, `rm`; each program routes
/// its own): rewritten unless it asks for machine-readable output, verbose logs, help or a
/// prompting mode.
fn js_install(w: &Words<'_>) -> Option<bool> {
    let sub = w.sub.map(|i| w.args[i])?;
    matches!(
        sub,
        "install"
            | "i"
            | "ci"
            | "add"
            | "update"
            | "up"
            | "upgrade"
            | "uninstall"
            | "remove"
            | "rm"
    )
    .then(|| !has_any(w.args, super::scope::jsinstall::OTHER_FORMS))
}

pub fn npm_form(w: &Words<'_>) -> bool {
    js_install(w).unwrap_or_else(|| no_watch(w))
}

pub fn yarn_form(w: &Words<'_>) -> bool {
    js_install(w).unwrap_or_else(|| yarn_script(w))
}

pub fn bun_form(w: &Words<'_>) -> bool {
    js_install(w).unwrap_or_else(|| bun_test(w))
}

/// `ruff check` without watch mode; `ruff format --check` (without it ruff rewrites files).
pub fn ruff_form(w: &Words<'_>) -> bool {
    match w.sub.map(|i| w.args[i]) {
        Some("format") => {
            w.rest().contains(&"--check") && !has_any(w.rest(), &["--diff", "--output-format"])
        }
        _ => no_watch(w),
    }
}

pub fn pyright(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::pycheck::PYRIGHT_OTHER)
}

pub fn pylint(w: &Words<'_>) -> bool {
    !asks_for(w.args, super::scope::pycheck::PYLINT_OTHER)
}

/// `black --check` (without `--check` black rewrites files; `--diff` prints a diff as is).
pub fn black_check(w: &Words<'_>) -> bool {
    w.args.contains(&"--check") && !has_any(w.args, &["--diff", "-c", "--code", "-h", "--help"])
}

/// `prettier --check` / `-c`, never writing.
pub fn prettier_check(w: &Words<'_>) -> bool {
    w.args.iter().any(|a| matches!(*a, "--check" | "-c"))
        && !has_any(
            w.args,
            &["-w", "--write", "-l", "--list-different", "-h", "--help"],
        )
}

pub fn biome(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::biome::OTHER_FORMS)
}

/// `deno test|lint|check`, and `deno fmt` only with --check (without, it rewrites files).
pub fn deno(w: &Words<'_>) -> bool {
    let fmt = w.sub.is_some_and(|i| w.args[i] == "fmt");
    !has_any(w.args, super::scope::deno::OTHER_FORMS) && (!fmt || w.rest().contains(&"--check"))
}

/// `uv run <tool>` as [`runs_tool`]; `uv pip` only as `pip install|uninstall|sync`; `uv
/// sync|add|remove`.
pub fn uv_form(w: &Words<'_>) -> bool {
    match w.sub.map(|i| w.args[i]) {
        Some("run") => runs_tool(w),
        Some("pip") => matches!(
            first_operand(w.rest()),
            Some((_, "install" | "uninstall" | "sync"))
        ),
        _ => !has_any(w.args, &["-h", "--help"]),
    }
}

/// `poetry run <tool>` as [`runs_tool`]; `poetry install|add|remove|update`.
pub fn poetry_form(w: &Words<'_>) -> bool {
    match w.sub.map(|i| w.args[i]) {
        Some("run") => runs_tool(w),
        _ => !has_any(w.args, &["-h", "--help", "--dry-run"]),
    }
}

pub fn next_build(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::next::OTHER_FORMS)
}

// ---- H2 (issue 20): Python quality tools ----

/// `yamllint` printing its standard report (no other format, listing, help or stdin).
pub fn yamllint(w: &Words<'_>) -> bool {
    !asks_for(w.args, super::scope::quality::YAMLLINT_OTHER)
}

/// `coverage report` with its text table; every other subcommand (`run` runs a program,
/// `html`/`xml`/`erase` write files) is not rewritten.
pub fn coverage_report(w: &Words<'_>) -> bool {
    w.sub.map(|i| w.args[i]) == Some("report")
        && !asks_for(w.rest(), super::scope::quality::COVERAGE_OTHER)
}

/// `bandit` printing its screen report (no other format, output file or help).
pub fn bandit(w: &Words<'_>) -> bool {
    !asks_for(w.args, super::scope::quality::BANDIT_OTHER)
}

/// `tox`, `tox run` or `tox r` with options known to take no value or the value they name
/// (a run's report; `--` starts the commands' own arguments); parallel runs, other commands
/// (`exec`, `devenv`, `list`, `config`…) and unknown words are not rewritten.
pub fn tox_run(w: &Words<'_>) -> bool {
    const VALUE: &[&str] = &[
        "-e",
        "-c",
        "--conf",
        "-m",
        "-f",
        "--root",
        "--workdir",
        "--installpkg",
        "--hashseed",
        "--result-json",
        "-x",
        "--override",
        "--discover",
        "--runner",
        "--colored",
        "--skip-env",
        "--exit-and-dump-after",
    ];
    const FLAG: &[&str] = &[
        "-r",
        "--recreate",
        "-n",
        "--notest",
        "-q",
        "-v",
        "-vv",
        "-qq",
        "--skip-missing-interpreters",
        "--no-recreate-pkg",
        "--skip-pkg-install",
        "--develop",
        "--no-provision",
        "--list-dependencies",
        "--no-list-dependencies",
        "--sdistonly",
        "--pre",
    ];
    let mut args = w.args.iter().copied();
    let mut sub = false;
    while let Some(a) = args.next() {
        let joined = |v: &&str| a.starts_with(&format!("{v}="));
        match a {
            "--" => break,
            _ if VALUE.contains(&a) => {
                args.next();
            }
            "run" | "r" if !sub => sub = true,
            _ if FLAG.contains(&a)
                || (a.starts_with("-e") && a.len() > 2)
                || (a.starts_with("--") && VALUE.iter().any(joined)) => {}
            _ => return false,
        }
    }
    true
}

/// `markdownlint` / `markdownlint-cli2` listing problems (never `--fix`, stdin, JSON or an
/// output file).
pub fn markdownlint(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::mdlint::MARKDOWNLINT_OTHER)
}

/// `stylelint` listing problems with its default formatter (never `--fix`, stdin or an
/// output file).
pub fn stylelint(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::stylelint::STYLELINT_OTHER)
}

// ---- G3 (issue 20): JVM, .NET, PHP, Go linters, infrastructure CLIs ----

/// Whether `args` name at least one task and every operand (words that are not options or an
/// option's value) is one of `tasks`; `with_value` lists the options that take a separate value.
fn only_operands(args: &[&str], with_value: &[&str], ok: impl Fn(&str) -> bool) -> bool {
    let mut named = 0;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if with_value.contains(&a) {
            i += 1;
        } else if !a.starts_with('-') {
            if !ok(a) {
                return false;
            }
            named += 1;
        }
        i += 1;
    }
    named > 0
}

/// `gradle`/`./gradlew` running build, test, check, assemble, clean or compile tasks (also of a
/// subproject, `:app:test`); never a continuous build, a build scan, help, or any other task
/// (`bootRun`, `run`, `dependencies`, a project's own tasks).
pub fn gradle_tasks(w: &Words<'_>) -> bool {
    const TASKS: &[&str] = &[
        "build",
        "test",
        "check",
        "assemble",
        "clean",
        "cleanTest",
        "classes",
        "testClasses",
        "compileJava",
        "compileTestJava",
        "compileKotlin",
        "compileTestKotlin",
        "compileGroovy",
        "compileScala",
        "jar",
        "javadoc",
    ];
    const WITH_VALUE: &[&str] = &[
        "--tests",
        "-x",
        "--exclude-task",
        "-p",
        "--project-dir",
        "-b",
        "--build-file",
        "-c",
        "--settings-file",
        "-g",
        "--gradle-user-home",
        "-I",
        "--init-script",
        "-D",
        "--system-prop",
        "-P",
        "--project-prop",
        "--warning-mode",
        "--console",
        "--max-workers",
        "--priority",
    ];
    if has_any(w.args, super::scope::gradle::OTHER_FORMS)
        || w.args
            .windows(2)
            .any(|p| p == ["--console", "rich"] || p == ["--console", "verbose"])
    {
        return false;
    }
    only_operands(w.args, WITH_VALUE, |a| {
        TASKS.contains(&a.rsplit(':').next().unwrap_or(a))
    })
}

/// `terraform plan -input=false` (a plan may prompt for a variable, and a captured prompt is
/// invisible) and `terraform validate`, with no global option but `-chdir=`; never apply,
/// destroy, console, import, state or any other command.
pub fn terraform(w: &Words<'_>) -> bool {
    let Some(sub) = w.sub else { return false };
    let globals_ok = w.args[..sub].iter().all(|a| a.starts_with("-chdir="));
    let help = has_any(w.args, &["-help", "--help", "-h"]);
    let asks = match w.args[sub] {
        "plan" => !w
            .rest()
            .iter()
            .any(|a| matches!(*a, "-input=false" | "--input=false")),
        "validate" => false,
        _ => true,
    };
    globals_ok && !help && !asks
}

/// `dotnet build|test|restore` with no option before the subcommand; never help, the terminal
/// logger or interactive authentication.
pub fn dotnet(w: &Words<'_>) -> bool {
    w.sub == Some(0) && !has_any(w.args, super::scope::dotnet::OTHER_FORMS)
}

/// `golangci-lint run` with its default text output (no other format, help or version) and no
/// option before `run`.
pub fn golangci_lint(w: &Words<'_>) -> bool {
    w.sub == Some(0) && !super::scope::golangci::other_form(w.args.iter().copied())
}

/// `phpstan analyse|analyze` in the default table format, no option before the command; never
/// help, version, the web UI or another error format.
pub fn phpstan(w: &Words<'_>) -> bool {
    use super::scope::phpstan as p;
    w.sub == Some(0) && !has_any(w.args, p::OTHER_FORMS) && !p::other_format(w.args.iter().copied())
}

/// `aws [options] <service> <operation> …` where the operation only reads (`describe-*`,
/// `list-*`, `get-*`), returns no secret (`get-secret-value`, `get-login-password`,
/// `get-session-token`, anything naming a password, token, secret or credentials, decrypted
/// parameters) and writes no file (`get-object*`); JSON or table output only; never `help`,
/// `--debug`, skeletons or an option the narrowing does not know.
pub fn aws_read(w: &Words<'_>) -> bool {
    use super::scope::aws::{FLAGS, WITH_VALUE};
    let mut words = Vec::new();
    let mut i = 0;
    while i < w.args.len() {
        let a = w.args[i];
        let name = a.split('=').next().unwrap_or(a);
        if a == "--output" || name == "--output" {
            let v = a.strip_prefix("--output=").or(w.args.get(i + 1).copied());
            if !matches!(v, Some("json" | "table")) {
                return false;
            }
        }
        if WITH_VALUE.contains(&a) {
            i += 2;
            continue;
        }
        if a.starts_with('-') {
            // Before the operation only the known global options; after it, the operation's
            // own options (values included), except skeleton/input generation and debug.
            let known = FLAGS.contains(&a) || WITH_VALUE.contains(&name);
            let banned = name.starts_with("--generate-cli-skeleton")
                || name == "--debug"
                || name == "--with-decryption";
            if banned || (words.len() < 2 && !known) {
                return false;
            }
        } else if words.len() < 2 {
            words.push(a);
        }
        i += 1;
    }
    let [_service, op] = words[..] else {
        return false;
    };
    let read = ["describe-", "list-", "get-"]
        .iter()
        .any(|p| op.starts_with(p));
    let sensitive = ["secret", "password", "token", "credential", "login"]
        .iter()
        .any(|s| op.contains(s))
        || op.starts_with("get-object");
    read && !sensitive
}

/// `pest` with its default printer (no watch, help, init, TeamCity).
pub fn pest(w: &Words<'_>) -> bool {
    !has_any(w.args, super::scope::pest::OTHER_FORMS)
}

/// `php artisan test …` only (no option before `artisan`): every other artisan command, script
/// or option of php runs unchanged.
pub fn artisan_test(w: &Words<'_>) -> bool {
    w.sub == Some(0) && w.args.get(1) == Some(&"test") && pest(w)
}

/// `sbt` in batch mode running build commands only: every command is `clean`, `compile`,
/// `test`, `testOnly …`, `testQuick …` (also `Test/compile`, `Test / test`), options are
/// `-D…`/`-J…`/`--batch`/`--no-colors`; never bare (the shell), `~` (watch), `run`, `console`,
/// a client or an option the narrowing does not know.
pub fn sbt_batch(w: &Words<'_>) -> bool {
    const COMMANDS: &[&str] = &["clean", "compile", "test", "testOnly", "testQuick"];
    let mut commands = 0;
    for a in w.args {
        if a.starts_with('-') {
            let known = a.starts_with("-D")
                || a.starts_with("-J")
                || matches!(*a, "--batch" | "-batch" | "--no-colors" | "-no-colors");
            if !known {
                return false;
            }
            continue;
        }
        let first = a.split_whitespace().next().unwrap_or("");
        let task = first.rsplit(['/', ' ']).next().unwrap_or(first);
        let scope_ok =
            !first.contains('/') || first.starts_with("Test/") || first.starts_with("Compile/");
        let command = if a.contains(" / ") {
            a.rsplit(" / ").next().unwrap_or("")
        } else {
            task
        };
        if !(scope_ok && COMMANDS.contains(&command.split_whitespace().next().unwrap_or(""))) {
            return false;
        }
        commands += 1;
    }
    commands > 0
}

/// `gcloud [--project X] <group…> list …`: command words (lowercase, digits, hyphens) up to
/// `list`, in the default table format (no `--format`, `--uri` or help anywhere).
pub fn gcloud_list(w: &Words<'_>) -> bool {
    if w.args.iter().any(|a| super::scope::cloud::gcloud_other(a)) {
        return false;
    }
    let mut i = 0;
    let mut groups = 0;
    while i < w.args.len() {
        let a = w.args[i];
        match a {
            "list" => return groups > 0,
            "--project" | "--account" | "--configuration" => i += 2,
            "--quiet" | "-q" => i += 1,
            _ if a.starts_with("--project=") || a.starts_with("--account=") => i += 1,
            _ if !a.is_empty()
                && a.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !a.starts_with('-') =>
            {
                groups += 1;
                i += 1;
            }
            _ => return false,
        }
    }
    false
}

/// `helm list|ls|history` in the default table format (no `-o`, `--short`, help).
pub fn helm(w: &Words<'_>) -> bool {
    use super::scope::cloud::HELM_OTHER;
    w.sub == Some(0)
        && !has_any(w.args, HELM_OTHER)
        && !w
            .args
            .iter()
            .any(|a| a.starts_with("--output=") || a.starts_with("-o="))
}

// H1 (issue 20): C/C++ build tools and shell/perl checkers.

/// `gcc`/`clang`… compiling or linking with plain-text diagnostics: a `-c`, `-S`, `-o` or
/// `-fsyntax-only` is given and nothing asks for another form (preprocessing, dependency
/// lists, help, version, driver dumps, response files, JSON/SARIF diagnostics).
pub fn cc_compile(w: &Words<'_>) -> bool {
    use super::scope::cc::other_form;
    !w.args.iter().any(|a| other_form(a))
        && w.args
            .iter()
            .any(|a| matches!(*a, "-c" | "-S" | "-fsyntax-only") || a.starts_with("-o"))
}

/// `shellcheck <files>` in its default format (no other format, help or version).
pub fn shellcheck(w: &Words<'_>) -> bool {
    use super::scope::shellcheck::other_form;
    !w.args.is_empty() && !w.args.iter().any(|a| other_form(a))
}

/// `cmake --build <dir> …` (no verbose, help or version).
pub fn cmake_build(w: &Words<'_>) -> bool {
    super::scope::cmake::build_form(w.args)
}

/// `ctest` with only the enumerated selection/parallelism/output flags.
pub fn ctest(w: &Words<'_>) -> bool {
    super::scope::cmake::ctest_form(w.args)
}

/// `prove` with only the enumerated flags and test files/directories.
pub fn prove(w: &Words<'_>) -> bool {
    super::scope::prove::plain_form(w.args)
}
