//! [`PROGRAMS`]: every program rtk has a form for, one entry each (see the parent module).

use super::scope::{self as sc, Scope};
use super::{every, route, Eco, PipeSafety, Program, Rewrite};
use crate::recognise::{self, Syntax};
use PipeSafety::{Both, Final, Never, Producer};

const PLAIN: &Syntax = &Syntax::Plain;

const fn rw(pipe: PipeSafety, note: &'static str) -> Rewrite {
    Rewrite {
        pipe,
        no_redirects: false,
        note,
    }
}

/// `cat`/`head`/`tail`: a whole segment only, never with a redirect.
const fn reader(note: &'static str) -> Rewrite {
    Rewrite {
        pipe: Never,
        no_redirects: true,
        note,
    }
}

// Scopes small enough to read where they are used (the others: `super::scope::<program>`).

/// `gh`/`glab` list|view|status|diff|checks; never `--web`.
const GH: Scope = Scope {
    action: &["list", "view", "status", "diff", "checks"],
    ..Scope::without(&["--web", "-w"])
};

/// `rake test` alone (no other task: `rake test db:migrate` runs more than tests; `TEST=file`
/// and `TESTOPTS=…` are variables, not tasks).
const RAKE_TEST: Scope = Scope::check(|w| {
    !w.rest()
        .iter()
        .any(|a| !a.starts_with('-') && !a.contains('='))
});

/// `black --check` (without `--check` black rewrites files; `--diff` prints a diff as is).
const BLACK_CHECK: Scope = Scope {
    requires: &["--check"],
    ..Scope::without(&["--diff", "-c", "--code", "-h", "--help"])
};

/// `prettier --check` / `-c`, never writing.
const PRETTIER_CHECK: Scope = Scope {
    requires: &["--check", "-c"],
    ..Scope::without(&["-w", "--write", "-l", "--list-different", "-h", "--help"])
};

/// `yarn run <script>` (`yarn run` alone lists the scripts); no watch mode.
const YARN_RUN: Scope = Scope {
    operand: true,
    ..Scope::NO_WATCH
};

/// `uv pip install|uninstall|sync`.
const UV_PIP: Scope = Scope {
    action: &["install", "uninstall", "sync"],
    ..Scope::ANY
};

/// `cargo doc` without `--open` (which starts a browser).
const DOC: Scope = Scope::without(&["--open"]);

/// `python -m django test` (other django commands run servers, migrations, shells).
const DJANGO_TEST: Scope = Scope {
    action: &["test"],
    ..HELP_NEVER
};

const HELP_NEVER: Scope = Scope::without(&["-h", "--help"]);

const POETRY: Scope = Scope::without(&["-h", "--help", "--dry-run"]);

/// `composer install|update`: never `--interactive`.
const INTERACTIVE_NEVER: Scope = Scope::without(&["-i", "--interactive"]);

/// `composer require|remove|reinstall <package…>` (without a package they ask for one).
const NAMED_PACKAGE: Scope = Scope {
    operand: true,
    ..INTERACTIVE_NEVER
};

/// Every program rtk rewrites and filters.
pub static PROGRAMS: &[Program] = &[
    Program {
        names: &["git"],
        ecosystem: Eco::Git,
        syntax: &recognise::GIT,
        routes: &[
            route("status", "git-status", "git status"),
            route("diff", "git-diff", "git diff HEAD~1"),
            route("log", "git-log", "git log -n 5"),
            route("show", "git-show", "git show HEAD"),
            route("commit", "git-commit", "git commit -m x").scoped(&sc::git::COMMIT),
            route("add", "git-quiet", "git add .").scoped(&sc::git::NOT_INTERACTIVE),
            route("restore", "git-quiet", "git restore src/lib.rs").scoped(&sc::git::NOT_INTERACTIVE),
            route("push", "git-sync", "git push origin main"),
            route("pull", "git-sync", "git pull"),
            route("fetch", "git-sync", "git fetch"),
            route("branch", "git-plain", "git branch -a"),
            route("stash", "git-stash", "git stash list").scoped(&sc::git::STASH),
            route("grep", "git-grep", "git grep -n fn -- src").scoped(&sc::git::GREP),
            route("ls-files", "git-ls-files", "git ls-files src"),
            route("blame", "git-blame", "git blame src/lib.rs"),
            route("checkout", "git-plain", "git checkout main").scoped(&sc::git::NOT_INTERACTIVE),
            route("switch", "git-plain", "git switch -c topic").scoped(&sc::git::NOT_INTERACTIVE),
            route("worktree", "git-plain", "git worktree list"),
        ],
        rewrite: rw(
            Producer,
            "no interactive flags (`stash show -p` prints a diff); commit only with a message; grep never -O",
        ),
    },
    Program {
        names: &["ls"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("ls", "ls -la")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["tree"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("tree", "tree -L 2")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["find"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("find", "find . -name x").scoped(&sc::files::FIND)],
        rewrite: rw(Producer, "no -exec/-ok/-delete/-printf-style actions"),
    },
    Program {
        names: &["cat"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("read", "cat a.txt").scoped(&sc::files::CAT)],
        rewrite: reader("file operands only, no options but -n"),
    },
    Program {
        names: &["head"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("read", "head -n 5 a.txt").scoped(&sc::files::HEAD)],
        rewrite: reader("line-count options and file operands"),
    },
    Program {
        names: &["tail"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("read", "tail -n 5 a.txt").scoped(&sc::files::TAIL)],
        rewrite: reader("line-count options and file operands; never follow"),
    },
    Program {
        names: &["nl"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("nl", "nl -ba a.txt").scoped(&sc::nl::SCOPE)],
        rewrite: reader("`-ba` (every line numbered) of named files only"),
    },
    Program {
        names: &["sed"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("read", "sed -n '1,120p' a.txt").scoped(&sc::sed::SCOPE)],
        rewrite: reader("`-n` with print/quit line ranges (`1,120p`, `200,$p`, `1,5p;9q`) of named files only"),
    },
    Program {
        names: &["grep", "egrep", "fgrep", "rg"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("grep", "grep -rn x .")],
        rewrite: rw(Both, "any arguments"),
    },
    Program {
        names: &["wc"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("wc", "wc -l a.txt")],
        rewrite: rw(Never, "any arguments"),
    },
    Program {
        names: &["diff"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every("diff", "diff -u a b")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["cargo"],
        ecosystem: Eco::Rust,
        syntax: &recognise::CARGO,
        routes: &[
            route("test", "cargo-test", "cargo test"),
            route("nextest", "cargo-test", "cargo nextest run").scoped(&sc::cargo::NEXTEST),
            route("build", "cargo-build", "cargo build --release"),
            route("check", "cargo-build", "cargo check"),
            route("clippy", "cargo-build", "cargo clippy --all-targets"),
            route("fmt", "cargo-fmt-check", "cargo fmt --check").scoped(&sc::cargo::FMT),
            route("tree", "cargo-tree", "cargo tree"),
            route("doc", "cargo-build", "cargo doc --no-deps").scoped(&DOC),
            route("bench", "cargo-bench", "cargo bench"),
        ],
        rewrite: rw(
            Producer,
            "`nextest` only as `nextest run`; `fmt` only with --check; `doc` never --open",
        ),
    },
    Program {
        names: &["pytest", "py.test"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("pytest", "pytest -q").scoped(&Scope::NO_WATCH)],
        rewrite: rw(Producer, "no watch mode"),
    },
    Program {
        names: &["python", "python3"],
        ecosystem: Eco::Python,
        syntax: &recognise::MODULE,
        routes: &[
            route("pytest", "pytest", "python -m pytest").scoped(&Scope::NO_WATCH),
            route("mypy", "mypy", "python -m mypy src").scoped(&Scope::NO_WATCH),
            route("unittest", "unittest", "python -m unittest -v").scoped(&HELP_NEVER),
            route("django", "unittest", "python -m django test").scoped(&DJANGO_TEST),
            // Django's own scripts run by the interpreter (named as typed, no other path).
            route("manage.py", "unittest", "python manage.py test").scoped(&DJANGO_TEST),
            route("./manage.py", "unittest", "python ./manage.py test").scoped(&DJANGO_TEST),
            route("tests/runtests.py", "unittest", "python tests/runtests.py basic")
                .scoped(&HELP_NEVER),
            route("./tests/runtests.py", "unittest", "python ./tests/runtests.py basic")
                .scoped(&HELP_NEVER),
        ],
        rewrite: rw(
            Producer,
            "only `-m pytest`, `-m mypy`, `-m unittest`, `-m django test`, `manage.py test` and Django's `tests/runtests.py`",
        ),
    },
    Program {
        names: &["./tests/runtests.py", "tests/runtests.py", "./runtests.py"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("unittest", "./tests/runtests.py basic").scoped(&HELP_NEVER)],
        rewrite: rw(Producer, "Django's own test runner; never --help"),
    },
    Program {
        names: &["./manage.py"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[route("test", "unittest", "./manage.py test").scoped(&HELP_NEVER)],
        rewrite: rw(Producer, "`test` only"),
    },
    Program {
        names: &["go"],
        ecosystem: Eco::Go,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "go-test", "go test ./..."),
            route("build", "go-build", "go build ./..."),
            route("vet", "go-build", "go vet ./..."),
            route("list", "go-list", "go list ./..."),
        ],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["gofmt"],
        ecosystem: Eco::Go,
        syntax: PLAIN,
        routes: &[every("gofmt-list", "gofmt -l .").scoped(&sc::golist::GOFMT)],
        rewrite: rw(Producer, "`-l` (list files) only; never -w or -d"),
    },
    Program {
        names: &["staticcheck"],
        ecosystem: Eco::Go,
        syntax: PLAIN,
        routes: &[every("staticcheck", "staticcheck ./...").scoped(&Scope::check(|w| {
            // Go flags: `-f`, `--f`, `-f=json`, `-format json` all name the same option.
            !w.args.iter().any(|a| {
                let name = a.trim_start_matches('-').split('=').next().unwrap_or("");
                a.starts_with('-')
                    && matches!(
                        name,
                        "f" | "format"
                            | "explain"
                            | "list-checks"
                            | "version"
                            | "debug.version"
                            | "h"
                            | "help"
                            | "merge"
                            | "matrix"
                    )
            })
        }))],
        rewrite: rw(
            Producer,
            "default (text) format; never -f/-format, -explain, -list-checks, -merge, -matrix, help or version",
        ),
    },
    Program {
        names: &["npm"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "npm-script", "npm test").scoped(&Scope::NO_WATCH),
            route("t", "npm-script", "npm t").scoped(&Scope::NO_WATCH),
            route("run", "npm-script", "npm run build").scoped(&Scope::NO_WATCH),
            route("run-script", "npm-script", "npm run-script build").scoped(&Scope::NO_WATCH),
            route("exec", "npx", "npm exec jest").scoped(&Scope::NO_WATCH),
            route("x", "npx", "npm x tsc").scoped(&Scope::NO_WATCH),
            route("install", "js-install", "npm install").scoped(&sc::jsinstall::INSTALL),
            route("i", "js-install", "npm i left-pad").scoped(&sc::jsinstall::INSTALL),
            route("ci", "js-install", "npm ci").scoped(&sc::jsinstall::INSTALL),
            route("add", "js-install", "npm add left-pad").scoped(&sc::jsinstall::INSTALL),
            route("update", "js-install", "npm update").scoped(&sc::jsinstall::INSTALL),
            route("up", "js-install", "npm up left-pad").scoped(&sc::jsinstall::INSTALL),
            route("uninstall", "js-install", "npm uninstall left-pad").scoped(&sc::jsinstall::INSTALL),
            route("remove", "js-install", "npm remove left-pad").scoped(&sc::jsinstall::INSTALL),
            route("rm", "js-install", "npm rm left-pad").scoped(&sc::jsinstall::INSTALL),
        ],
        rewrite: rw(
            Never,
            "no watch mode; install/update/remove without --json/--parseable/--verbose/-i",
        ),
    },
    Program {
        names: &["pnpm"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "npm-script", "pnpm test").scoped(&Scope::NO_WATCH),
            route("run", "npm-script", "pnpm run build").scoped(&Scope::NO_WATCH),
            route("exec", "npx", "pnpm exec vitest run").scoped(&Scope::NO_WATCH),
            route("dlx", "npx", "pnpm dlx eslint src").scoped(&Scope::NO_WATCH),
            route("install", "js-install", "pnpm install").scoped(&sc::jsinstall::INSTALL),
            route("i", "js-install", "pnpm i").scoped(&sc::jsinstall::INSTALL),
            route("add", "js-install", "pnpm add left-pad").scoped(&sc::jsinstall::INSTALL),
            route("update", "js-install", "pnpm update").scoped(&sc::jsinstall::INSTALL),
            route("up", "js-install", "pnpm up left-pad").scoped(&sc::jsinstall::INSTALL),
            route("remove", "js-install", "pnpm remove left-pad").scoped(&sc::jsinstall::INSTALL),
            route("rm", "js-install", "pnpm rm left-pad").scoped(&sc::jsinstall::INSTALL),
        ],
        rewrite: rw(
            Never,
            "no watch mode; install/update/remove without --json/--reporter/--verbose/-i",
        ),
    },
    Program {
        names: &["npx", "bunx"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("npx", "npx jest").scoped(&sc::runners::NPX)],
        rewrite: rw(Never, "a package command; no watch mode"),
    },
    Program {
        names: &["jest"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("jest", "jest --ci").scoped(&Scope::NO_WATCH)],
        rewrite: rw(Never, "no watch mode"),
    },
    Program {
        names: &["vitest"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("vitest", "vitest run").scoped(&Scope::NO_WATCH)],
        rewrite: rw(Never, "no watch mode"),
    },
    Program {
        names: &["tsc", "vue-tsc"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("tsc", "tsc --noEmit").scoped(&Scope::NO_WATCH)],
        rewrite: rw(Never, "no watch mode"),
    },
    Program {
        names: &["eslint"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("eslint", "eslint src")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["ruff"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[
            route("check", "ruff", "ruff check .").scoped(&Scope::NO_WATCH),
            route("format", "ruff-format", "ruff format --check .").scoped(&sc::pycheck::RUFF_FORMAT),
        ],
        rewrite: rw(Producer, "no watch mode; `format` only with --check"),
    },
    Program {
        names: &["mypy"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("mypy", "mypy src")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["flake8"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("flake8", "flake8 src")],
        rewrite: rw(Producer, "any arguments"),
    },
    Program {
        names: &["yamllint"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("yamllint", "yamllint .").scoped(&sc::quality::YAMLLINT)],
        rewrite: rw(Producer, "its standard report only"),
    },
    Program {
        names: &["coverage"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[route("report", "coverage-report", "coverage report -m").scoped(&sc::quality::COVERAGE_REPORT)],
        rewrite: rw(Producer, "`report` only, its text table"),
    },
    Program {
        names: &["bandit"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("bandit", "bandit -r src").scoped(&sc::quality::BANDIT)],
        rewrite: rw(Producer, "its screen report only"),
    },
    Program {
        names: &["tox"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("tox", "tox -e py").scoped(&sc::tox::RUN)],
        rewrite: rw(Never, "a run (`tox`, `tox run`/`r`) with known options, not parallel"),
    },
    Program {
        names: &["markdownlint", "markdownlint-cli2"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("markdownlint", "markdownlint README.md").scoped(&sc::mdlint::SCOPE)],
        rewrite: rw(Never, "no --fix, stdin or other formats"),
    },
    Program {
        names: &["stylelint"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("stylelint", "stylelint \"src/**/*.css\"").scoped(&sc::stylelint::SCOPE)],
        rewrite: rw(Never, "no --fix, stdin or other formatters"),
    },
    Program {
        names: &["make", "gmake"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("make", "make -j4")],
        rewrite: rw(Never, "any arguments"),
    },
    Program {
        names: &["docker"],
        ecosystem: Eco::Containers,
        syntax: &recognise::DOCKER,
        routes: &[
            route("ps", "docker", "docker ps -a"),
            route("images", "docker", "docker images"),
            route("logs", "docker", "docker logs web").scoped(&sc::docker::NO_FOLLOW),
            route("compose", "docker", "docker compose logs web").scoped(&sc::docker::COMPOSE),
            route("container", "docker", "docker container ls").scoped(&sc::docker::CONTAINER),
            route("image", "docker", "docker image ls").scoped(&sc::docker::IMAGE),
            route("run", "docker-run", "docker run --rm alpine echo hi").scoped(&sc::container_run::RUN),
            route("exec", "docker-run", "docker exec web ls /app").scoped(&sc::container_run::RUN),
            route("build", "docker", "docker build -t shop .").scoped(&sc::docker::BUILD),
            route("inspect", "docker", "docker inspect web").scoped(&sc::docker::INSPECT),
        ],
        rewrite: rw(
            Never,
            "ps, images, logs, inspect, build, compose ps|logs|build|up -d, container ls|logs, image ls; never follow or attach; run/exec never with -i, -t or -d; build never quiet, to an output or another progress; inspect never --format",
        ),
    },
    Program {
        names: &["docker-compose"],
        ecosystem: Eco::Containers,
        syntax: &recognise::SUB,
        routes: &[
            route("ps", "docker", "docker-compose ps").scoped(&sc::docker::NO_FOLLOW),
            route("logs", "docker", "docker-compose logs web").scoped(&sc::docker::NO_FOLLOW),
            route("build", "docker", "docker-compose build").scoped(&sc::docker::COMPOSE_V1_BUILD),
            route("up", "docker", "docker-compose up -d").scoped(&sc::docker::COMPOSE_V1_UP),
        ],
        rewrite: rw(Never, "never follow; `up` only detached (-d)"),
    },
    Program {
        names: &["kubectl"],
        ecosystem: Eco::Containers,
        syntax: &recognise::KUBECTL,
        routes: &[
            route("get", "kubectl", "kubectl get pods").scoped(&sc::docker::NO_FOLLOW),
            route("logs", "kubectl", "kubectl logs web").scoped(&sc::docker::NO_FOLLOW),
            route(
                "describe",
                "kubectl",
                "kubectl describe pod web",
            ),
        ],
        rewrite: rw(Never, "never watch/follow"),
    },
    Program {
        names: &["gh"],
        ecosystem: Eco::Cli,
        syntax: &recognise::SUB,
        routes: &[
            route("pr", "gh", "gh pr list").scoped(&GH),
            route("issue", "gh", "gh issue view 1").scoped(&GH),
            route("run", "gh", "gh run list").scoped(&GH),
        ],
        rewrite: rw(Never, "list|view|status|diff|checks; never --web"),
    },
    Program {
        names: &["curl"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every("curl", "curl -s https://example.com")],
        rewrite: rw(Never, "any arguments"),
    },
    Program {
        names: &["wget"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every("wget", "wget https://example.com/x")],
        rewrite: rw(Never, "any arguments"),
    },
    Program {
        names: &["jq"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every("jq", "jq . data.json")],
        rewrite: rw(
            Final,
            "any arguments; its output compacted only in jq's default format",
        ),
    },
    Program {
        names: &["pip", "pip3"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[
            route("list", "pip", "pip list"),
            route("install", "pip-install", "pip install requests"),
        ],
        rewrite: rw(Never, "any arguments"),
    },
    Program {
        names: &["rspec"],
        ecosystem: Eco::Ruby,
        syntax: PLAIN,
        routes: &[every("rspec", "rspec spec/calc_spec.rb").scoped(&sc::rspec::SCOPE)],
        rewrite: rw(
            Producer,
            "progress format only (no other formatter, dry run, help)",
        ),
    },
    Program {
        names: &["rake"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route("test", "minitest", "rake test").scoped(&RAKE_TEST)],
        rewrite: rw(Producer, "`test` as the only task"),
    },
    Program {
        names: &["rails", "bin/rails", "./bin/rails"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route(
            "test",
            "minitest",
            "rails test test/models",
        )],
        rewrite: rw(Producer, "only `test`"),
    },
    Program {
        names: &["rubocop"],
        ecosystem: Eco::Ruby,
        syntax: PLAIN,
        routes: &[every("rubocop", "rubocop lib").scoped(&sc::rubocop::SCOPE)],
        rewrite: rw(Producer, "default formatter only"),
    },
    Program {
        names: &["bundle"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route("exec", "runner", "bundle exec rspec").scoped(&sc::runners::RUNS_TOOL)],
        rewrite: rw(Never, "`exec` of a program rtk filters"),
    },
    Program {
        names: &["uv"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[
            route("run", "runner", "uv run pytest -x").scoped(&sc::runners::RUNS_TOOL),
            route("sync", "uv-install", "uv sync").scoped(&HELP_NEVER),
            route("add", "uv-install", "uv add requests").scoped(&HELP_NEVER),
            route("remove", "uv-install", "uv remove requests").scoped(&HELP_NEVER),
            route("pip", "uv-install", "uv pip install requests").scoped(&UV_PIP),
        ],
        rewrite: rw(
            Never,
            "`run` of a program rtk filters; sync, add, remove, pip install|uninstall|sync",
        ),
    },
    Program {
        names: &["poetry"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[
            route("run", "runner", "poetry run pytest -x").scoped(&sc::runners::RUNS_TOOL),
            route("install", "poetry-install", "poetry install").scoped(&POETRY),
            route("add", "poetry-install", "poetry add requests").scoped(&POETRY),
            route("remove", "poetry-install", "poetry remove requests").scoped(&POETRY),
            route("update", "poetry-install", "poetry update").scoped(&POETRY),
        ],
        rewrite: rw(
            Never,
            "`run` of a program rtk filters; install, add, remove, update",
        ),
    },
    Program {
        names: &["pipenv"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[route("run", "runner", "pipenv run pytest -x").scoped(&sc::runners::RUNS_TOOL)],
        rewrite: rw(Never, "`run` of a program rtk filters"),
    },
    // ---- G2 (issue 20): Python and JavaScript checkers and formatters ----
    Program {
        names: &["pyright"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("pyright", "pyright src").scoped(&sc::pycheck::PYRIGHT)],
        rewrite: rw(Producer, "no JSON output, watch mode or other modes"),
    },
    Program {
        names: &["pylint"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("pylint", "pylint src").scoped(&sc::pycheck::PYLINT)],
        rewrite: rw(Producer, "its default text report only"),
    },
    Program {
        names: &["black"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every("black-check", "black --check .").scoped(&BLACK_CHECK)],
        rewrite: rw(Producer, "`--check` only (no --diff, no code string)"),
    },
    Program {
        names: &["prettier"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every("prettier-check", "prettier --check .").scoped(&PRETTIER_CHECK)],
        rewrite: rw(Producer, "`--check` only (never --write)"),
    },
    Program {
        names: &["biome"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("check", "biome", "biome check src").scoped(&sc::biome::SCOPE),
            route("lint", "biome", "biome lint src").scoped(&sc::biome::SCOPE),
            route("format", "biome", "biome format src").scoped(&sc::biome::SCOPE),
            route("ci", "biome", "biome ci src").scoped(&sc::biome::SCOPE),
        ],
        rewrite: rw(Producer, "default reporter; never --write/--fix or watch"),
    },
    Program {
        names: &["deno"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "deno", "deno test").scoped(&sc::deno::SCOPE),
            route("lint", "deno", "deno lint").scoped(&sc::deno::SCOPE),
            route("check", "deno", "deno check main.ts").scoped(&sc::deno::SCOPE),
            route("fmt", "deno", "deno fmt --check").scoped(&sc::deno::FMT),
        ],
        rewrite: rw(
            Never,
            "test, lint, check, fmt --check; never watch, JSON or other reporters (bare `deno` is a REPL)",
        ),
    },
    Program {
        names: &["next"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[route("build", "next-build", "next build").scoped(&sc::next::BUILD)],
        rewrite: rw(Never, "`build` only (never dev/start); no debug or profile"),
    },
    Program {
        names: &["phpunit", "vendor/bin/phpunit", "./vendor/bin/phpunit"],
        ecosystem: Eco::Php,
        syntax: PLAIN,
        routes: &[every("phpunit", "phpunit tests").scoped(&sc::phpunit::SCOPE)],
        rewrite: rw(Producer, "default printer only"),
    },
    Program {
        names: &["playwright"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[route(
            "test",
            "playwright",
            "playwright test",
        ).scoped(&sc::playwright::TEST)],
        rewrite: rw(
            Never,
            "`test` with the list or dot reporter; never UI, debug or watch modes",
        ),
    },
    Program {
        names: &["mvn", "./mvnw"],
        ecosystem: Eco::Jvm,
        syntax: PLAIN,
        routes: &[every("mvn", "mvn test").scoped(&sc::maven::LIFECYCLE)],
        rewrite: rw(
            Producer,
            "lifecycle phases only (clean … install); no help/version/debug",
        ),
    },
    Program {
        names: &["gradle", "./gradlew"],
        ecosystem: Eco::Jvm,
        syntax: PLAIN,
        routes: &[every("gradle", "gradle test").scoped(&sc::gradle::TASKS)],
        rewrite: rw(
            Producer,
            "build, test, check, assemble, clean and compile tasks only; never continuous, a scan or help",
        ),
    },
    Program {
        names: &["sbt"],
        ecosystem: Eco::Jvm,
        syntax: PLAIN,
        routes: &[every("sbt", "sbt test").scoped(&sc::sbt::BATCH)],
        rewrite: rw(
            Producer,
            "batch runs of clean, compile, test, testOnly, testQuick; never the shell, ~ watch or a client",
        ),
    },
    Program {
        names: &["terraform"],
        ecosystem: Eco::Infra,
        syntax: &recognise::SUB,
        routes: &[
            route("plan", "terraform", "terraform plan -input=false").scoped(&sc::terraform::PLAN),
            route("validate", "terraform", "terraform validate").scoped(&sc::terraform::VALIDATE),
        ],
        rewrite: rw(
            Producer,
            "plan only with -input=false (it may prompt for variables); validate",
        ),
    },
    Program {
        names: &["dotnet"],
        ecosystem: Eco::DotNet,
        syntax: &recognise::SUB,
        routes: &[
            route("build", "dotnet", "dotnet build").scoped(&sc::dotnet::SCOPE),
            route("test", "dotnet", "dotnet test").scoped(&sc::dotnet::SCOPE),
            route("restore", "dotnet", "dotnet restore").scoped(&sc::dotnet::SCOPE),
        ],
        rewrite: rw(
            Producer,
            "no option before the subcommand; never help, the terminal logger or interactive",
        ),
    },
    Program {
        names: &["golangci-lint"],
        ecosystem: Eco::Go,
        syntax: &recognise::SUB,
        routes: &[route("run", "golangci-lint", "golangci-lint run").scoped(&sc::golangci::RUN)],
        rewrite: rw(
            Producer,
            "`run` with the default text output; never help or another format",
        ),
    },
    Program {
        names: &["phpstan", "vendor/bin/phpstan", "./vendor/bin/phpstan"],
        ecosystem: Eco::Php,
        syntax: &recognise::SUB,
        routes: &[
            route("analyse", "phpstan", "phpstan analyse src").scoped(&sc::phpstan::SCOPE),
            route("analyze", "phpstan", "phpstan analyze src").scoped(&sc::phpstan::SCOPE),
        ],
        rewrite: rw(
            Producer,
            "the table error format only; never help, version or the web UI",
        ),
    },
    Program {
        names: &["pest", "vendor/bin/pest", "./vendor/bin/pest"],
        ecosystem: Eco::Php,
        syntax: PLAIN,
        routes: &[every("pest", "pest tests").scoped(&sc::pest::SCOPE)],
        rewrite: rw(
            Producer,
            "the default printer only; never watch, help, init or TeamCity",
        ),
    },
    Program {
        names: &["php"],
        ecosystem: Eco::Php,
        syntax: &recognise::SUB,
        routes: &[route("artisan", "pest", "php artisan test").scoped(&sc::pest::ARTISAN_TEST)],
        rewrite: rw(
            Producer,
            "only `php artisan test` (the default printer; never watch or help)",
        ),
    },
    Program {
        names: &["aws"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every("aws", "aws ec2 describe-instances").scoped(&sc::aws::READ)],
        rewrite: rw(
            Never,
            "read-only calls (describe-*, list-*, get-*; none that returns secrets or writes a file); JSON or table output",
        ),
    },
    Program {
        names: &["gcloud"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every("gcloud", "gcloud compute instances list").scoped(&sc::cloud::GCLOUD_LIST)],
        rewrite: rw(
            Producer,
            "`… list` commands in the default table format",
        ),
    },
    Program {
        names: &["helm"],
        ecosystem: Eco::Containers,
        syntax: &recognise::SUB,
        routes: &[
            route("list", "helm", "helm list").scoped(&sc::cloud::HELM),
            route("ls", "helm", "helm ls").scoped(&sc::cloud::HELM),
            route("history", "helm", "helm history web").scoped(&sc::cloud::HELM),
        ],
        rewrite: rw(Producer, "list and history tables; never another output format"),
    },
    Program {
        names: &["glab"],
        ecosystem: Eco::Cli,
        syntax: &recognise::SUB,
        routes: &[
            route("mr", "glab", "glab mr view 42").scoped(&GH),
            route("issue", "glab", "glab issue list").scoped(&GH),
        ],
        rewrite: rw(Never, "list|view|diff; never --web"),
    },
    Program {
        names: &["bun"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "bun-test", "bun test").scoped(&sc::bun::TEST),
            route("install", "js-install", "bun install").scoped(&sc::jsinstall::INSTALL),
            route("i", "js-install", "bun i").scoped(&sc::jsinstall::INSTALL),
            route("add", "js-install", "bun add left-pad").scoped(&sc::jsinstall::INSTALL),
            route("update", "js-install", "bun update").scoped(&sc::jsinstall::INSTALL),
            route("remove", "js-install", "bun remove left-pad").scoped(&sc::jsinstall::INSTALL),
            route("rm", "js-install", "bun rm left-pad").scoped(&sc::jsinstall::INSTALL),
        ],
        rewrite: rw(
            Never,
            "`test` (no watch mode or other reporter); install/add/update/remove",
        ),
    },
    Program {
        names: &["yarn"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", "yarn-script", "yarn test").scoped(&Scope::NO_WATCH),
            route("run", "yarn-script", "yarn run lint").scoped(&YARN_RUN),
            route("install", "js-install", "yarn install").scoped(&sc::jsinstall::INSTALL),
            route("add", "js-install", "yarn add left-pad").scoped(&sc::jsinstall::INSTALL),
            route("upgrade", "js-install", "yarn upgrade").scoped(&sc::jsinstall::INSTALL),
            route("remove", "js-install", "yarn remove left-pad").scoped(&sc::jsinstall::INSTALL),
        ],
        rewrite: rw(
            Never,
            "`test` and `run <script>` (no watch mode); install/add/upgrade/remove without --flat or --json",
        ),
    },
    Program {
        names: &["phpcs"],
        ecosystem: Eco::Php,
        syntax: PLAIN,
        routes: &[every("phpcs", "phpcs src").scoped(&sc::phpcs::SCOPE)],
        rewrite: rw(Producer, "the full report only; never interactive"),
    },
    Program {
        names: &["ps"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every("ps", "ps aux").scoped(&sc::procs::PS)],
        rewrite: rw(
            Producer,
            "no forest, help or no-header forms; columns other than ps's standard ones print as they are",
        ),
    },
    Program {
        names: &["df"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every("df", "df -h").scoped(&sc::procs::DF)],
        rewrite: rw(Producer, "no --output or help"),
    },
    Program {
        names: &["composer"],
        ecosystem: Eco::Php,
        syntax: &recognise::SUB,
        routes: &[
            route("install", "composer", "composer install").scoped(&INTERACTIVE_NEVER),
            route("update", "composer", "composer update").scoped(&INTERACTIVE_NEVER),
            route("require", "composer", "composer require acme/log").scoped(&NAMED_PACKAGE),
            route("remove", "composer", "composer remove acme/log").scoped(&NAMED_PACKAGE),
            route("reinstall", "composer", "composer reinstall acme/log").scoped(&NAMED_PACKAGE),
        ],
        rewrite: rw(
            Never,
            "install, update, require/remove/reinstall of named packages; never interactive",
        ),
    },
    // G1 (issue 20): databases and system programs.
    Program {
        names: &["psql"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every("psql", "psql -c select").scoped(&sc::sql::PSQL)],
        rewrite: rw(
            Producer,
            "commands given by -c/--command or -f/--file (not stdin); never prompts, editors or \\watch",
        ),
    },
    Program {
        names: &["sqlite3"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every("sqlite3", "sqlite3 app.db .tables").scoped(&sc::sql::SQLITE3)],
        rewrite: rw(
            Producer,
            "a database and SQL or dot commands given; never interactive, archive or editor forms",
        ),
    },
    Program {
        names: &["mysql", "mariadb"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every("mysql", "mysql shop -e select").scoped(&sc::sql::MYSQL)],
        rewrite: rw(
            Producer,
            "SQL given by -e/--execute; never a password prompt, editor or shell command",
        ),
    },
    Program {
        names: &["stat"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every("stat", "stat Cargo.toml").scoped(&sc::stat::SCOPE)],
        rewrite: rw(
            Producer,
            "default format of named files (no -c/--format/--printf, -f, -t)",
        ),
    },
    Program {
        names: &["du"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every("du", "du -h src").scoped(&sc::du::SCOPE)],
        // Never in a pipeline: a long listing's kept lines are a selection, not its first ones.
        rewrite: rw(
            Never,
            "size options, depth, exclude and totals only (no --time, -0, --files0-from, stdin)",
        ),
    },
    // H1 (issue 20): C/C++ build tools and shell/perl checkers.
    Program {
        names: &["gcc", "g++", "cc", "c++", "clang", "clang++"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("cc", "gcc -Wall -c main.c -o main.o").scoped(&sc::cc::COMPILE)],
        rewrite: rw(
            Never,
            "compiling or linking (-c, -S, -o or -fsyntax-only); never -E, -M*, help, version, -v, response files or JSON diagnostics",
        ),
    },
    Program {
        names: &["shellcheck"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("shellcheck", "shellcheck deploy.sh").scoped(&sc::shellcheck::SCOPE)],
        rewrite: rw(
            Never,
            "files given, default (tty) format; never -f/--format, help or version",
        ),
    },
    Program {
        names: &["cmake"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("cmake-build", "cmake --build build -j 4").scoped(&sc::cmake::BUILD)],
        rewrite: rw(
            Never,
            "`--build <dir>` only (never configure, -v/--verbose, help or version)",
        ),
    },
    Program {
        names: &["ctest"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("ctest", "ctest --test-dir build --output-on-failure").scoped(&sc::cmake::CTEST)],
        rewrite: rw(
            Never,
            "selection, parallelism, timeouts and --output-on-failure only; never verbose, progress, dashboard or script modes",
        ),
    },
    Program {
        names: &["prove"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every("prove", "prove -lv t/").scoped(&sc::prove::SCOPE)],
        rewrite: rw(
            Never,
            "test files/dirs with include, verbosity, jobs and merge flags only (never --timer, formatters, dry runs, help)",
        ),
    },
];
