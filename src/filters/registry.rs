//! Every filter rtk has, by name: the program table (`crate::programs`) names the filter of each
//! route, and this registry maps the name to the filter that runs (`rtk <program> …`). The hook
//! path reads only the table, never this module.
//!
//! Invariant (tested in `crate::programs`' tests): every name the table uses is here, and every
//! filter here is named by some route; names are unique.

use super::{decl, dev, diff, files, git, langs, ops, search, Filter, Invocation};

/// Every filter, each once.
pub static FILTERS: &[&dyn Filter] = &[
    &git::status::Status,
    &git::diff::Diff,
    &git::log::Log,
    &git::show::Show,
    &git::simple::Commit,
    &decl::GIT_QUIET,
    &decl::GIT_SYNC,
    &git::simple::Plain,
    &files::ls::Ls,
    &files::tree::Tree,
    &files::find::Find,
    &files::read::Read,
    &search::Grep,
    &files::wc::Wc,
    &diff::DiffTool,
    &dev::cargo::Test,
    &dev::cargo::Build,
    &dev::rustfmt::FmtCheck,
    &dev::pytest::Pytest,
    &dev::lint::Mypy,
    &dev::gotool::GoTest,
    &dev::gotool::GoBuild,
    &dev::js::Script,
    &dev::js::Npx,
    &langs::jsinstall::JsInstall,
    &dev::jest::Jest,
    &dev::jest::Vitest,
    &dev::tsc::Tsc,
    &dev::lint::Eslint,
    &dev::lint::Ruff,
    &dev::pycheck::RuffFormat,
    &dev::lint::Flake8,
    &dev::quality::Yamllint,
    &dev::quality::CoverageReport,
    &dev::quality::Bandit,
    &dev::tox::Tox,
    &dev::mdlint::Markdownlint,
    &dev::stylelint::Stylelint,
    &dev::make::Make,
    &ops::docker::Docker,
    &ops::container_run::ContainerRun,
    &ops::docker::Kubectl,
    &ops::gh::Gh,
    &ops::gh_api::GhApi,
    &ops::net::Curl,
    &ops::net::Wget,
    &ops::jq::Jq,
    &ops::pip::Pip,
    &decl::PIP_INSTALL,
    &langs::rspec::Rspec,
    &langs::minitest::Minitest,
    &langs::rubocop::Rubocop,
    &langs::runner::Runner,
    &decl::UV_INSTALL,
    &decl::POETRY_INSTALL,
    &dev::pycheck::Pyright,
    &dev::pycheck::Pylint,
    &decl::BLACK_CHECK,
    &decl::PRETTIER_CHECK,
    &dev::biome::Biome,
    &langs::deno::Deno,
    &langs::next::NextBuild,
    &langs::phpunit::Phpunit,
    &langs::playwright::Playwright,
    &langs::maven::Maven,
    &langs::gradle::Gradle,
    &langs::sbt::Sbt,
    &ops::terraform::Terraform,
    &langs::dotnet::Dotnet,
    &dev::golangci::GolangciLint,
    &langs::phpstan::Phpstan,
    &langs::pest::Pest,
    &ops::aws::Aws,
    &ops::cloud::Gcloud,
    &ops::cloud::Helm,
    &ops::gh::Glab,
    &langs::bun::BunTest,
    &langs::yarn::YarnScript,
    &langs::phpcs::Phpcs,
    &ops::procs::Ps,
    &ops::procs::Df,
    &decl::COMPOSER,
    &ops::sql::Psql,
    &ops::sql::Sqlite3,
    &ops::sql::Mysql,
    &ops::stat::Stat,
    &ops::du::Du,
    &dev::cc::Cc,
    &dev::shellcheck::Shellcheck,
    &dev::staticcheck::Staticcheck,
    &dev::dartanalyze::DartAnalyze,
    &dev::darttest::DartTest,
    &dev::cmake::CmakeBuild,
    &dev::cmake::Ctest,
    &dev::prove::Prove,
    &files::nl::Nl,
    &dev::golist::GofmtList,
    &git::files::LsFiles,
    &git::diff::Stash,
    &search::GitGrep,
    &dev::cargotree::CargoTree,
    &git::blame::Blame,
    &dev::golist::GoList,
    &dev::cargobench::Bench,
    &dev::unittest::Unittest,
];

/// The filter named `name` (a route's [`crate::programs::Route::filter`]).
pub fn by_name(name: &str) -> Option<&'static dyn Filter> {
    FILTERS.iter().copied().find(|f| f.name() == name)
}

/// The filter for this command line, with the invocation it will see.
pub fn lookup<'a>(
    program_word: &'a str,
    args: &'a [String],
) -> Option<(&'static dyn Filter, Invocation<'a>)> {
    let base = program_word.rsplit('/').next().unwrap_or(program_word);
    let (route, sub) = crate::programs::program_for_word(program_word)?.route(args)?;
    Some((
        by_name(route.filter)?,
        Invocation {
            program: base,
            args,
            sub,
        },
    ))
}
