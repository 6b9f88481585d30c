//! Entries for Python: test runners, type checkers, linters, installers: `pytest`, `python`,
//! `./tests/runtests.py`, `./manage.py`, `ruff`, `mypy`, `flake8`, `yamllint`, `coverage`,
//! `bandit`, `tox`, `pip`, `uv`, `poetry`, `pipenv`, `pyright`, `pylint`, `black` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

/// `black --check` (without `--check` black rewrites files; `--diff` prints a diff as is).
const BLACK_CHECK: Scope = Scope {
    requires: &["--check"],
    ..Scope::without(&["--diff", "-c", "--code", "-h", "--help"])
};

/// `uv pip install|uninstall|sync`.
const UV_PIP: Scope = Scope {
    action: &["install", "uninstall", "sync"],
    ..Scope::ANY
};

/// `python -m django test` (other django commands run servers, migrations, shells).
const DJANGO_TEST: Scope = Scope {
    action: &["test"],
    ..HELP_NEVER
};

const HELP_NEVER: Scope = Scope::without(&["-h", "--help"]);

const NO_HELP_OR_DRY_RUN: Scope = Scope::without(&["-h", "--help", "--dry-run"]);

pub const PYTEST: Program = Program {
    names: &["pytest", "py.test"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("pytest", "pytest -q").scoped(&Scope::NO_WATCH)],
    rewrite: rw(Producer, "no watch mode"),
};

pub const PYTHON: Program = Program {
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
};

pub const RUNTESTS_PY: Program = Program {
    names: &["./tests/runtests.py", "tests/runtests.py", "./runtests.py"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("unittest", "./tests/runtests.py basic").scoped(&HELP_NEVER)],
    rewrite: rw(Producer, "Django's own test runner; never --help"),
};

pub const MANAGE_PY: Program = Program {
    names: &["./manage.py"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[route("test", "unittest", "./manage.py test").scoped(&HELP_NEVER)],
    rewrite: rw(Producer, "`test` only"),
};

pub const RUFF: Program = Program {
    names: &["ruff"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[
        route("check", "ruff", "ruff check .").scoped(&Scope::NO_WATCH),
        route("format", "ruff-format", "ruff format --check .").scoped(&sc::pycheck::RUFF_FORMAT),
    ],
    rewrite: rw(Producer, "no watch mode; `format` only with --check"),
};

pub const MYPY: Program = Program {
    names: &["mypy"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("mypy", "mypy src")],
    rewrite: rw(Producer, "any arguments"),
};

pub const FLAKE8: Program = Program {
    names: &["flake8"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("flake8", "flake8 src")],
    rewrite: rw(Producer, "any arguments"),
};

pub const YAMLLINT: Program = Program {
    names: &["yamllint"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("yamllint", "yamllint .").scoped(&sc::quality::YAMLLINT)],
    rewrite: rw(Producer, "its standard report only"),
};

pub const COVERAGE: Program = Program {
    names: &["coverage"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[route("report", "coverage-report", "coverage report -m")
        .scoped(&sc::quality::COVERAGE_REPORT)],
    rewrite: rw(Producer, "`report` only, its text table"),
};

pub const BANDIT: Program = Program {
    names: &["bandit"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("bandit", "bandit -r src").scoped(&sc::quality::BANDIT)],
    rewrite: rw(Producer, "its screen report only"),
};

pub const TOX: Program = Program {
    names: &["tox"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("tox", "tox -e py").scoped(&sc::tox::RUN)],
    rewrite: rw(
        Never,
        "a run (`tox`, `tox run`/`r`) with known options, not parallel",
    ),
};

pub const PIP: Program = Program {
    names: &["pip", "pip3"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[
        route("list", "pip", "pip list"),
        route("install", "pip-install", "pip install requests"),
    ],
    rewrite: rw(Never, "any arguments"),
};

pub const UV: Program = Program {
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
};

pub const POETRY: Program = Program {
    names: &["poetry"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[
        route("run", "runner", "poetry run pytest -x").scoped(&sc::runners::RUNS_TOOL),
        route("install", "poetry-install", "poetry install").scoped(&NO_HELP_OR_DRY_RUN),
        route("add", "poetry-install", "poetry add requests").scoped(&NO_HELP_OR_DRY_RUN),
        route("remove", "poetry-install", "poetry remove requests").scoped(&NO_HELP_OR_DRY_RUN),
        route("update", "poetry-install", "poetry update").scoped(&NO_HELP_OR_DRY_RUN),
    ],
    rewrite: rw(
        Never,
        "`run` of a program rtk filters; install, add, remove, update",
    ),
};

pub const PIPENV: Program = Program {
    names: &["pipenv"],
    ecosystem: Eco::Python,
    syntax: &recognise::SUB,
    routes: &[route("run", "runner", "pipenv run pytest -x").scoped(&sc::runners::RUNS_TOOL)],
    rewrite: rw(Never, "`run` of a program rtk filters"),
};

// ---- G2 (issue 20): Python and JavaScript checkers and formatters ----
pub const PYRIGHT: Program = Program {
    names: &["pyright"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("pyright", "pyright src").scoped(&sc::pycheck::PYRIGHT)],
    rewrite: rw(Producer, "no JSON output, watch mode or other modes"),
};

pub const PYLINT: Program = Program {
    names: &["pylint"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("pylint", "pylint src").scoped(&sc::pycheck::PYLINT)],
    rewrite: rw(Producer, "its default text report only"),
};

pub const BLACK: Program = Program {
    names: &["black"],
    ecosystem: Eco::Python,
    syntax: PLAIN,
    routes: &[every("black-check", "black --check .").scoped(&BLACK_CHECK)],
    rewrite: rw(Producer, "`--check` only (no --diff, no code string)"),
};
