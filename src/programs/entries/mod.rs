//! [`PROGRAMS`]: every program rtk has a form for, one entry each (see the parent module), each
//! in its ecosystem's file (`git.rs`, `python.rs`, …) with the scopes only it uses; this file
//! holds the list and the shorthands the entries share.

use super::{PipeSafety, Program, Rewrite};
use crate::recognise::Syntax;

mod build;
mod cli;
mod containers;
mod dart;
mod databases;
mod dotnet;
mod files;
mod git;
mod go;
mod infra;
mod js;
mod jvm;
mod php;
mod python;
mod ruby;
mod rust;
mod system;

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
        pipe: PipeSafety::Never,
        no_redirects: true,
        note,
    }
}

/// Every program rtk rewrites and filters. A command word's entry is the first that names it;
/// docs/coverage.md lists them by ecosystem, in this order within each.
pub static PROGRAMS: &[Program] = &[
    git::GIT,
    files::LS,
    files::TREE,
    files::FIND,
    files::CAT,
    files::HEAD,
    files::TAIL,
    files::NL,
    files::SED,
    files::GREP,
    files::WC,
    files::DIFF,
    rust::CARGO,
    python::PYTEST,
    python::PYTHON,
    python::RUNTESTS_PY,
    python::MANAGE_PY,
    go::GO,
    go::GOFMT,
    go::STATICCHECK,
    dart::DART,
    dart::FLUTTER,
    js::NPM,
    js::PNPM,
    js::NPX,
    js::JEST,
    js::VITEST,
    js::TSC,
    js::ESLINT,
    python::RUFF,
    python::MYPY,
    python::FLAKE8,
    python::YAMLLINT,
    python::COVERAGE,
    python::BANDIT,
    python::TOX,
    js::MARKDOWNLINT,
    js::STYLELINT,
    build::MAKE,
    build::MISE,
    containers::DOCKER,
    containers::DOCKER_COMPOSE,
    containers::KUBECTL,
    cli::GH,
    cli::CURL,
    cli::WGET,
    cli::JQ,
    python::PIP,
    ruby::RSPEC,
    ruby::RAKE,
    ruby::RAILS,
    ruby::RUBOCOP,
    ruby::BUNDLE,
    python::UV,
    python::POETRY,
    python::PIPENV,
    python::PYRIGHT,
    python::PYLINT,
    python::BLACK,
    js::PRETTIER,
    js::BIOME,
    js::DENO,
    js::NEXT,
    php::PHPUNIT,
    js::PLAYWRIGHT,
    jvm::MVN,
    jvm::GRADLE,
    jvm::SBT,
    infra::TERRAFORM,
    dotnet::DOTNET,
    go::GOLANGCI_LINT,
    php::PHPSTAN,
    php::PEST,
    php::PHP,
    cli::AWS,
    cli::GCLOUD,
    containers::HELM,
    cli::GLAB,
    js::BUN,
    js::YARN,
    php::PHPCS,
    system::PS,
    system::DF,
    php::COMPOSER,
    databases::PSQL,
    databases::SQLITE3,
    databases::MYSQL,
    system::STAT,
    system::DU,
    build::GCC,
    build::SHELLCHECK,
    build::CMAKE,
    build::CTEST,
    build::PROVE,
];
