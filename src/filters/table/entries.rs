//! [`PROGRAMS`]: every program rtk has a form for, one entry each (see the parent module).

use super::narrow::*;
use super::{every, route, PipeSafety, Program, Rewrite, Words};
use crate::filters::{dev, diff, files, git, ops, search};
use crate::recognise::{self, Syntax};
use PipeSafety::{Both, Never, Producer};

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
        syntax: &recognise::GIT,
        routes: &[
            route("status", &git::status::Status),
            route("diff", &git::diff::Diff),
            route("log", &git::log::Log),
            route("show", &git::show::Show),
            route("commit", &git::simple::Commit),
            route("add", &git::simple::Quiet),
            route("push", &git::simple::Sync),
            route("pull", &git::simple::Sync),
            route("fetch", &git::simple::Sync),
            route("branch", &git::simple::Plain),
            route("stash", &git::simple::Plain),
            route("checkout", &git::simple::Plain),
            route("switch", &git::simple::Plain),
            route("worktree", &git::simple::Plain),
        ],
        rewrite: rw(
            Producer,
            git_form,
            "no interactive flags; commit only with a message",
        ),
    },
    Program {
        names: &["ls"],
        syntax: PLAIN,
        routes: &[every(&files::ls::Ls)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["tree"],
        syntax: PLAIN,
        routes: &[every(&files::tree::Tree)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["find"],
        syntax: PLAIN,
        routes: &[every(&files::find::Find)],
        rewrite: rw(Producer, find, "no -exec/-ok/-delete/-printf-style actions"),
    },
    Program {
        names: &["cat"],
        syntax: PLAIN,
        routes: &[every(&files::read::Read)],
        rewrite: reader(cat, "file operands only, no options"),
    },
    Program {
        names: &["head"],
        syntax: PLAIN,
        routes: &[every(&files::read::Read)],
        rewrite: reader(head, "line-count options and file operands"),
    },
    Program {
        names: &["tail"],
        syntax: PLAIN,
        routes: &[every(&files::read::Read)],
        rewrite: reader(tail, "line-count options and file operands; never follow"),
    },
    Program {
        names: &["grep", "egrep", "fgrep", "rg"],
        syntax: PLAIN,
        routes: &[every(&search::Grep)],
        rewrite: rw(Both, any, "any arguments"),
    },
    Program {
        names: &["wc"],
        syntax: PLAIN,
        routes: &[every(&files::wc::Wc)],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["diff"],
        syntax: PLAIN,
        routes: &[every(&diff::DiffTool)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["cargo"],
        syntax: &recognise::CARGO,
        routes: &[
            route("test", &dev::cargo::Test),
            route("nextest", &dev::cargo::Test),
            route("build", &dev::cargo::Build),
            route("check", &dev::cargo::Build),
            route("clippy", &dev::cargo::Build),
        ],
        rewrite: rw(Producer, cargo, "`nextest` only as `nextest run`"),
    },
    Program {
        names: &["pytest", "py.test"],
        syntax: PLAIN,
        routes: &[every(&dev::pytest::Pytest)],
        rewrite: rw(Producer, no_watch, "no watch mode"),
    },
    Program {
        names: &["python", "python3"],
        syntax: &recognise::MODULE,
        routes: &[route("pytest", &dev::pytest::Pytest)],
        rewrite: rw(Producer, no_watch, "only `-m pytest`"),
    },
    Program {
        names: &["go"],
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::gotool::GoTest),
            route("build", &dev::gotool::GoBuild),
            route("vet", &dev::gotool::GoBuild),
        ],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["npm"],
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::js::Script),
            route("t", &dev::js::Script),
            route("run", &dev::js::Script),
            route("run-script", &dev::js::Script),
            route("exec", &dev::js::Npx),
            route("x", &dev::js::Npx),
        ],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["pnpm"],
        syntax: &recognise::SUB,
        routes: &[
            route("test", &dev::js::Script),
            route("run", &dev::js::Script),
            route("exec", &dev::js::Npx),
            route("dlx", &dev::js::Npx),
        ],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["npx", "bunx"],
        syntax: PLAIN,
        routes: &[every(&dev::js::Npx)],
        rewrite: rw(Never, npx, "a package command; no watch mode"),
    },
    Program {
        names: &["jest"],
        syntax: PLAIN,
        routes: &[every(&dev::jest::Jest)],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["vitest"],
        syntax: PLAIN,
        routes: &[every(&dev::jest::Vitest)],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["tsc", "vue-tsc"],
        syntax: PLAIN,
        routes: &[every(&dev::tsc::Tsc)],
        rewrite: rw(Never, no_watch, "no watch mode"),
    },
    Program {
        names: &["eslint"],
        syntax: PLAIN,
        routes: &[every(&dev::lint::Eslint)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["ruff"],
        syntax: &recognise::SUB,
        routes: &[route("check", &dev::lint::Ruff)],
        rewrite: rw(Producer, no_watch, "no watch mode"),
    },
    Program {
        names: &["mypy"],
        syntax: PLAIN,
        routes: &[every(&dev::lint::Mypy)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["flake8"],
        syntax: PLAIN,
        routes: &[every(&dev::lint::Flake8)],
        rewrite: rw(Producer, any, "any arguments"),
    },
    Program {
        names: &["make", "gmake"],
        syntax: PLAIN,
        routes: &[every(&dev::make::Make)],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["docker"],
        syntax: &recognise::DOCKER,
        routes: &[
            route("ps", &ops::docker::Docker),
            route("images", &ops::docker::Docker),
            route("logs", &ops::docker::Docker),
            route("compose", &ops::docker::Docker),
            route("container", &ops::docker::Docker),
            route("image", &ops::docker::Docker),
        ],
        rewrite: rw(
            Never,
            docker,
            "ps, images, logs, compose ps|logs, container ls|logs, image ls; never follow",
        ),
    },
    Program {
        names: &["docker-compose"],
        syntax: &recognise::SUB,
        routes: &[
            route("ps", &ops::docker::Docker),
            route("logs", &ops::docker::Docker),
        ],
        rewrite: rw(Never, docker_compose, "never follow"),
    },
    Program {
        names: &["kubectl"],
        syntax: &recognise::KUBECTL,
        routes: &[
            route("get", &ops::docker::Kubectl),
            route("logs", &ops::docker::Kubectl),
            route("describe", &ops::docker::Kubectl),
        ],
        rewrite: rw(Never, kubectl, "never watch/follow"),
    },
    Program {
        names: &["gh"],
        syntax: &recognise::SUB,
        routes: &[
            route("pr", &ops::gh::Gh),
            route("issue", &ops::gh::Gh),
            route("run", &ops::gh::Gh),
        ],
        rewrite: rw(Never, gh, "list|view|status|diff|checks; never --web"),
    },
    Program {
        names: &["curl"],
        syntax: PLAIN,
        routes: &[every(&ops::net::Curl)],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["wget"],
        syntax: PLAIN,
        routes: &[every(&ops::net::Wget)],
        rewrite: rw(Never, any, "any arguments"),
    },
    Program {
        names: &["pip", "pip3"],
        syntax: &recognise::SUB,
        routes: &[
            route("list", &ops::pip::Pip),
            route("install", &ops::pip::Pip),
        ],
        rewrite: rw(Never, any, "any arguments"),
    },
];
