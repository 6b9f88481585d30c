//! [`PROGRAMS`]: every program rtk has a form for, one entry each (see the parent module).

use super::narrow::*;
use super::{every, route, Eco, PipeSafety, Program, Rewrite, Words};
use crate::filters::{decl, dev, diff, files, git, langs, ops, search};
use crate::recognise::{self, Syntax};
use PipeSafety::{Both, Final, Never, Producer};

const PLAIN: &Syntax = &Syntax::Plain;

const fn rw(pipe: PipeSafety, narrow: fn(&Words<'_>) -> bool, note: &'static str) -> Rewrite {
    Rewrite {
        pipe,
        no_redirects: false,
        narrow,
        note,
    }
}

/// `cat`/`head`/`tail`: a whole segment only, never with a redirect.
const fn reader(narrow: fn(&Words<'_>) -> bool, note: &'static str) -> Rewrite {
    Rewrite {
        pipe: Never,
        no_redirects: true,
        narrow,
        note,
    }
}

/// Every program rtk rewrites and filters.
pub static PROGRAMS: &[Program] = &[
    Program {
        names: &["git"],
        ecosystem: Eco::Git,
        syntax: &recognise::GIT,
        routes: &[
            route("status", &git::status::Status, "git status"),
            route("diff", &git::diff::Diff, "git diff HEAD~1"),
            route("log", &git::log::Log, "git log -n 5"),
            route("show", &git::show::Show, "git show HEAD"),
            route("commit", &git::simple::Commit, "git commit -m x"),
            route("add", &decl::GIT_QUIET, "git add ."),
            route("restore", &decl::GIT_QUIET, "git restore src/lib.rs"),
            route("push", &decl::GIT_SYNC, "git push origin main"),
            route("pull", &decl::GIT_SYNC, "git pull"),
            route("fetch", &decl::GIT_SYNC, "git fetch"),
            route("branch", &git::simple::Plain, "git branch -a"),
            route("stash", &git::simple::Plain, "git stash list"),
            route("checkout", &git::simple::Plain, "git checkout main"),
            route("switch", &git::simple::Plain, "git switch -c topic"),
            route("worktree", &git::simple::Plain, "git worktree list"),
        ],
        rewrite: rw(
            Producer,
            git_form,
            "no interactive flags; commit only with a message",
        ),
    },
    Program {
        names: &["ls"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::ls::Ls, "ls -la")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["tree"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::tree::Tree, "tree -L 2")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["find"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::find::Find, "find . -name x")],
        rewrite: rw(Producer, find, "no -exec/-ok/-delete/-printf-style actions"),
    },
    Program {
        names: &["cat"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::read::Read, "cat a.txt")],
        rewrite: reader(cat, "file operands only, no options but -n"),
    },
    Program {
        names: &["head"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::read::Read, "head -n 5 a.txt")],
        rewrite: reader(head, "line-count options and file operands"),
    },
    Program {
        names: &["tail"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::read::Read, "tail -n 5 a.txt")],
        rewrite: reader(tail, "line-count options and file operands; never follow"),
    },
    Program {
        names: &["grep", "egrep", "fgrep", "rg"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&search::Grep, "grep -rn x .")],
        rewrite: rw(Both, any, "any arguments"),
    },
    Program {
        names: &["wc"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&files::wc::Wc, "wc -l a.txt")],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["diff"],
        ecosystem: Eco::Files,
        syntax: PLAIN,
        routes: &[every(&diff::DiffTool, "diff -u a b")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["cargo"],
        ecosystem: Eco::Rust,
        syntax: &recognise::CARGO,
        routes: &[
            route("test", &dev::cargo::Test, "cargo test"),
            route("nextest", &dev::cargo::Test, "cargo nextest run"),
            route("build", &dev::cargo::Build, "cargo build --release"),
            route("check", &dev::cargo::Build, "cargo check"),
            route("clippy", &dev::cargo::Build, "cargo clippy --all-targets"),
        ],
        rewrite: rw(Producer, cargo, "`nextest` only as `nextest run`"),
    },
    Program {
        names: &["pytest", "py.test"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every(&dev::pytest::Pytest, "pytest -q")],
        rewrite: rw(Producer, no_watch, "no watch mode"),
    },
    Program {
        names: &["python", "python3"],
        ecosystem: Eco::Python,
        syntax: &recognise::MODULE,
        routes: &[
            route("pytest", &dev::pytest::Pytest, "python -m pytest"),
            route("mypy", &dev::lint::Mypy, "python -m mypy src"),
        ],
        rewrite: rw(Producer, no_watch, "only `-m pytest` and `-m mypy`"),
    },
    Program {
        names: &["go"],
        ecosystem: Eco::Go,
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::gotool::GoTest, "go test ./..."),
            route("build", &dev::gotool::GoBuild, "go build ./..."),
            route("vet", &dev::gotool::GoBuild, "go vet ./..."),
        ],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["npm"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::js::Script, "npm test"),
            route("t", &dev::js::Script, "npm t"),
            route("run", &dev::js::Script, "npm run build"),
            route("run-script", &dev::js::Script, "npm run-script build"),
            route("exec", &dev::js::Npx, "npm exec jest"),
            route("x", &dev::js::Npx, "npm x tsc"),
        ],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["pnpm"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::js::Script, "pnpm test"),
            route("run", &dev::js::Script, "pnpm run build"),
            route("exec", &dev::js::Npx, "pnpm exec vitest run"),
            route("dlx", &dev::js::Npx, "pnpm dlx eslint src"),
        ],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["npx", "bunx"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every(&dev::js::Npx, "npx jest")],
        rewrite: rw(Never, npx, "a package command; no watch mode"),
    },
    Program {
        names: &["jest"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every(&dev::jest::Jest, "jest --ci")],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["vitest"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every(&dev::jest::Vitest, "vitest run")],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["tsc", "vue-tsc"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every(&dev::tsc::Tsc, "tsc --noEmit")],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["eslint"],
        ecosystem: Eco::JavaScript,
        syntax: PLAIN,
        routes: &[every(&dev::lint::Eslint, "eslint src")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["ruff"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[route("check", &dev::lint::Ruff, "ruff check .")],
        rewrite: rw(Producer, no_watch, "no watch mode"),
    },
    Program {
        names: &["mypy"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every(&dev::lint::Mypy, "mypy src")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["flake8"],
        ecosystem: Eco::Python,
        syntax: PLAIN,
        routes: &[every(&dev::lint::Flake8, "flake8 src")],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["make", "gmake"],
        ecosystem: Eco::Build,
        syntax: PLAIN,
        routes: &[every(&dev::make::Make, "make -j4")],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["docker"],
        ecosystem: Eco::Containers,
        syntax: &recognise::DOCKER,
        routes: &[
            route("ps", &ops::docker::Docker, "docker ps -a"),
            route("images", &ops::docker::Docker, "docker images"),
            route("logs", &ops::docker::Docker, "docker logs web"),
            route("compose", &ops::docker::Docker, "docker compose logs web"),
            route("container", &ops::docker::Docker, "docker container ls"),
            route("image", &ops::docker::Docker, "docker image ls"),
            route("run", &ops::container_run::ContainerRun, "docker run --rm alpine echo hi"),
            route("exec", &ops::container_run::ContainerRun, "docker exec web ls /app"),
        ],
        rewrite: rw(
            Never,
            docker,
            "ps, images, logs, compose ps|logs, container ls|logs, image ls; never follow; run/exec never with -i, -t or -d",
        ),
    },
    Program {
        names: &["docker-compose"],
        ecosystem: Eco::Containers,
        syntax: &recognise::SUB,
        routes: &[
            route("ps", &ops::docker::Docker, "docker-compose ps"),
            route("logs", &ops::docker::Docker, "docker-compose logs web"),
        ],
        rewrite: rw(Never, docker_compose, "never follow"),
    },
    Program {
        names: &["kubectl"],
        ecosystem: Eco::Containers,
        syntax: &recognise::KUBECTL,
        routes: &[
            route("get", &ops::docker::Kubectl, "kubectl get pods"),
            route("logs", &ops::docker::Kubectl, "kubectl logs web"),
            route(
                "describe",
                &ops::docker::Kubectl,
                "kubectl describe pod web",
            ),
        ],
        rewrite: rw(Never, kubectl, "never watch/follow"),
    },
    Program {
        names: &["gh"],
        ecosystem: Eco::Cli,
        syntax: &recognise::SUB,
        routes: &[
            route("pr", &ops::gh::Gh, "gh pr list"),
            route("issue", &ops::gh::Gh, "gh issue view 1"),
            route("run", &ops::gh::Gh, "gh run list"),
        ],
        rewrite: rw(Never, gh, "list|view|status|diff|checks; never --web"),
    },
    Program {
        names: &["curl"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every(&ops::net::Curl, "curl -s https://example.com")],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["wget"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every(&ops::net::Wget, "wget https://example.com/x")],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["jq"],
        ecosystem: Eco::Cli,
        syntax: PLAIN,
        routes: &[every(&ops::jq::Jq, "jq . data.json")],
        rewrite: rw(
            Final,
            any,
            "any arguments; its output compacted only in jq's default format",
        ),
    },
    Program {
        names: &["pip", "pip3"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[
            route("list", &ops::pip::Pip, "pip list"),
            route("install", &decl::PIP_INSTALL, "pip install requests"),
        ],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["rspec"],
        ecosystem: Eco::Ruby,
        syntax: PLAIN,
        routes: &[every(&langs::rspec::Rspec, "rspec spec/calc_spec.rb")],
        rewrite: rw(
            Producer,
            rspec,
            "progress format only (no other formatter, dry run, help)",
        ),
    },
    Program {
        names: &["rake"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route("test", &langs::minitest::Minitest, "rake test")],
        rewrite: rw(Producer, rake_test, "`test` as the only task"),
    },
    Program {
        names: &["rails", "bin/rails", "./bin/rails"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route(
            "test",
            &langs::minitest::Minitest,
            "rails test test/models",
        )],
        rewrite: rw(Producer, any, "only `test`"),
    },
    Program {
        names: &["rubocop"],
        ecosystem: Eco::Ruby,
        syntax: PLAIN,
        routes: &[every(&langs::rubocop::Rubocop, "rubocop lib")],
        rewrite: rw(Producer, rubocop, "default formatter only"),
    },
    Program {
        names: &["bundle"],
        ecosystem: Eco::Ruby,
        syntax: &recognise::SUB,
        routes: &[route("exec", &langs::runner::Runner, "bundle exec rspec")],
        rewrite: rw(Never, runs_tool, "`exec` of a program rtk filters"),
    },
    Program {
        names: &["uv", "poetry", "pipenv"],
        ecosystem: Eco::Python,
        syntax: &recognise::SUB,
        routes: &[route("run", &langs::runner::Runner, "uv run pytest -x")],
        rewrite: rw(Never, runs_tool, "`run` of a program rtk filters"),
    },
    Program {
        names: &["phpunit", "vendor/bin/phpunit", "./vendor/bin/phpunit"],
        ecosystem: Eco::Php,
        syntax: PLAIN,
        routes: &[every(&langs::phpunit::Phpunit, "phpunit tests")],
        rewrite: rw(Producer, phpunit, "default printer only"),
    },
    Program {
        names: &["playwright"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[route(
            "test",
            &langs::playwright::Playwright,
            "playwright test",
        )],
        rewrite: rw(
            Never,
            playwright,
            "`test` with the list or dot reporter; never UI, debug or watch modes",
        ),
    },
    Program {
        names: &["mvn", "./mvnw"],
        ecosystem: Eco::Jvm,
        syntax: PLAIN,
        routes: &[every(&langs::maven::Maven, "mvn test")],
        rewrite: rw(
            Producer,
            mvn_lifecycle,
            "lifecycle phases only (clean … install); no help/version/debug",
        ),
    },
    Program {
        names: &["bun"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[route("test", &langs::bun::BunTest, "bun test")],
        rewrite: rw(
            Never,
            bun_test,
            "`test` only; no watch mode or other reporter",
        ),
    },
    Program {
        names: &["yarn"],
        ecosystem: Eco::JavaScript,
        syntax: &recognise::SUB,
        routes: &[
            route("test", &langs::yarn::YarnScript, "yarn test"),
            route("run", &langs::yarn::YarnScript, "yarn run lint"),
        ],
        rewrite: rw(
            Never,
            yarn_script,
            "`test` and `run <script>`; no watch mode",
        ),
    },
    Program {
        names: &["phpcs"],
        ecosystem: Eco::Php,
        syntax: PLAIN,
        routes: &[every(&langs::phpcs::Phpcs, "phpcs src")],
        rewrite: rw(Producer, phpcs, "the full report only; never interactive"),
    },
    Program {
        names: &["ps"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every(&ops::procs::Ps, "ps aux")],
        rewrite: rw(
            Producer,
            ps,
            "no forest, help or no-header forms; columns other than ps's standard ones print as they are",
        ),
    },
    Program {
        names: &["df"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every(&ops::procs::Df, "df -h")],
        rewrite: rw(Producer, df, "no --output or help"),
    },
    Program {
        names: &["composer"],
        ecosystem: Eco::Php,
        syntax: &recognise::SUB,
        routes: &[
            route("install", &decl::COMPOSER, "composer install"),
            route("update", &decl::COMPOSER, "composer update"),
            route("require", &decl::COMPOSER, "composer require acme/log"),
            route("remove", &decl::COMPOSER, "composer remove acme/log"),
            route("reinstall", &decl::COMPOSER, "composer reinstall acme/log"),
        ],
        rewrite: rw(
            Never,
            composer,
            "install, update, require/remove/reinstall of named packages; never interactive",
        ),
    },
    // G1 (issue 20): databases and system programs.
    Program {
        names: &["psql"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every(&ops::sql::Psql, "psql -c select")],
        rewrite: rw(
            Producer,
            psql,
            "commands given by -c/--command or -f/--file (not stdin); never prompts, editors or \\watch",
        ),
    },
    Program {
        names: &["sqlite3"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every(&ops::sql::Sqlite3, "sqlite3 app.db .tables")],
        rewrite: rw(
            Producer,
            sqlite3,
            "a database and SQL or dot commands given; never interactive, archive or editor forms",
        ),
    },
    Program {
        names: &["mysql", "mariadb"],
        ecosystem: Eco::Databases,
        syntax: PLAIN,
        routes: &[every(&ops::sql::Mysql, "mysql shop -e select")],
        rewrite: rw(
            Producer,
            mysql,
            "SQL given by -e/--execute; never a password prompt, editor or shell command",
        ),
    },
    Program {
        names: &["stat"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every(&ops::stat::Stat, "stat Cargo.toml")],
        rewrite: rw(
            Producer,
            stat,
            "default format of named files (no -c/--format/--printf, -f, -t)",
        ),
    },
    Program {
        names: &["du"],
        ecosystem: Eco::System,
        syntax: PLAIN,
        routes: &[every(&ops::du::Du, "du -h src")],
        // Never in a pipeline: a long listing's kept lines are a selection, not its first ones.
        rewrite: rw(
            Never,
            du,
            "size options, depth, exclude and totals only (no --time, -0, --files0-from, stdin)",
        ),
    },
];
