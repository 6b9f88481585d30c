//! Entries for git: `git` (see [`super`]).

use super::rw;
use crate::programs::scope as sc;
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

pub const GIT: Program = Program {
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
};
