//! Filters: `rtk <program> <args…>` runs exactly that argv (through [`crate::exec`]) and
//! compacts its output for an agent.
//!
//! A [`Filter`] is a unit struct named by a route of its program's entry in the program table
//! ([`crate::programs::PROGRAMS`]), found by program name (+ subcommand) and mapped to its filter
//! by name in [`registry`].
//! It first *plans* the run from the argv (pass through untouched, stream verbatim, or capture
//! for compaction), then *compacts* the captured text. Invariants every filter keeps: the argv
//! and exit code are never changed; anything it does not understand passes through; output it
//! cannot parse is printed raw; when it drops information it says so (the runner adds one line
//! naming a tee file with the full output). Adding a tool family = one new file + its table entry.

pub use crate::programs::args;
pub mod decl;
mod dev;
mod diff;
mod diffstat;
mod files;
mod git;
mod grepctx;
mod langs;
mod ops;
pub mod pieces;
pub mod registry;
mod search;
pub mod unified;
pub mod user;

pub use registry::lookup;

/// A line of names grouped under a folder header (`find`, `--stat` blocks) goes on under the
/// same header before it passes this many bytes: hosts cut long outputs by whole lines, and a
/// line longer than the cut is not shown at all (bench/README, "`--stat` blocks").
pub const GROUP_LINE_CAP: usize = 400;

/// The command being run, as the filter sees it.
#[derive(Debug, Clone, Copy)]
pub struct Invocation<'a> {
    /// Program basename (`git` for `/usr/bin/git`).
    pub program: &'a str,
    /// Everything after the program, exactly as given.
    pub args: &'a [String],
    /// Index in `args` of the subcommand word, for programs that have subcommands.
    pub sub: Option<usize>,
}

impl<'a> Invocation<'a> {
    /// The words after the subcommand (or all args when there is none).
    pub fn rest(&self) -> &'a [String] {
        match self.sub {
            Some(i) => &self.args[i + 1..],
            None => self.args,
        }
    }
}

/// How the runner should execute a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Inherited stdio, no capture: interactive or unknown forms.
    Passthrough,
    /// Stdout copied through byte for byte as it arrives (counted for tracking).
    Stream,
    /// Stdout held for [`Filter::compact`]; stderr too when `stderr` is true (else forwarded).
    Capture { stderr: bool },
}

impl Plan {
    /// This plan when the command line is a form its route's scope takes (the one definition
    /// the rewrite reads too: [`crate::programs::in_scope`]), else [`Plan::Passthrough`].
    pub fn scoped(self, inv: &Invocation<'_>) -> Plan {
        if crate::programs::in_scope(inv.program, inv.args) {
            self
        } else {
            Plan::Passthrough
        }
    }
}

/// What a filter saw: the captured text of a finished run.
#[derive(Debug, Clone, Copy)]
pub struct Output<'a> {
    pub stdout: &'a str,
    /// Empty unless the plan captured stderr.
    pub stderr: &'a str,
    pub code: u8,
}

/// A filter's result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Compacted {
    pub stdout: String,
    /// Replacement for the captured stderr (`None`: print it unchanged).
    pub stderr: Option<String>,
    /// What information was left out, e.g. `"40 unchanged context lines"`; `None` when nothing.
    pub elided: Option<String>,
}

impl Compacted {
    /// `stdout` as the compacted output, stderr unchanged, nothing elided.
    pub fn stdout(stdout: String) -> Self {
        Compacted {
            stdout,
            stderr: None,
            elided: None,
        }
    }

    /// Output printed unchanged (no elision).
    pub fn raw(out: &Output<'_>) -> Self {
        Compacted {
            stdout: out.stdout.to_string(),
            stderr: None,
            elided: None,
        }
    }
}

/// The filter could not make sense of the output; the runner prints it raw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unparsed output: {0}")]
pub struct Unparsed(pub String);

/// One tool's output filter.
pub trait Filter: Sync {
    /// Unique name (`git-status`), used in tests and diagnostics.
    fn name(&self) -> &'static str;
    /// How to run this argv. Unknown flags or interactive forms → [`Plan::Passthrough`]. By
    /// default: captured when the command line is in its route's scope (the one definition
    /// the rewrite reads too, [`Plan::scoped`]), else passed through.
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        Plan::Capture {
            stderr: self.compacts_stderr(),
        }
        .scoped(inv)
    }
    /// Whether the default [`Filter::plan`] captures stderr too (both streams compacted);
    /// else stderr goes straight through.
    fn compacts_stderr(&self) -> bool {
        false
    }
    /// Compacts a captured run. `Err` → the raw output is printed instead.
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed>;
    /// Whether running the same command again only shows its output again (a read). `false`
    /// for a command that changed something (an API write): its output is then shortened
    /// only when the tee file holds the rest, never with a note sending the agent to run it
    /// again.
    fn repeatable(&self, _inv: &Invocation<'_>) -> bool {
        true
    }
    /// A compactor fed stdout while the command runs, for filters whose work goes line by
    /// line: on a large output most of rtk's work then overlaps with the command's own.
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        None
    }
}

/// Compaction in pieces (see [`Filter::incremental`]). However the output is cut into runs of
/// whole lines, `finish` gives exactly what [`Filter::compact`] gives on the whole output
/// (tested over every captured fixture with [`compact_in_pieces`]).
pub trait Incremental {
    /// The next run of complete lines (the last run may lack its final `\n`), which starts at
    /// byte `offset` of stdout.
    fn feed(&mut self, lines: &str, offset: usize) -> Result<(), Unparsed>;
    /// The command exited; `out` is its whole output (the runs fed, joined).
    fn finish(self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed>;
    /// Whether what was fed so far already leaves something out: then the runner writes the
    /// tee file of a large output while the command runs. A hint; `finish` decides.
    fn eliding(&self) -> bool {
        false
    }
}

/// [`Filter::compact`] for a filter whose work is its [`Incremental`]: the whole output as one
/// piece.
pub fn whole(mut inc: Box<dyn Incremental>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
    inc.feed(out.stdout, 0)?;
    inc.finish(out)
}

/// Compacts `out` through the filter's [`Incremental`], fed `lines_per_piece` lines at a time
/// (`None` when the filter has none). For tests of the equivalence above.
pub fn compact_in_pieces(
    filter: &dyn Filter,
    inv: &Invocation<'_>,
    out: &Output<'_>,
    lines_per_piece: usize,
) -> Option<Result<Compacted, Unparsed>> {
    let mut inc = filter.incremental(inv)?;
    let mut offset = 0;
    let pieces: Vec<&str> = out.stdout.split_inclusive('\n').collect();
    for chunk in pieces.chunks(lines_per_piece.max(1)) {
        let piece = chunk.concat();
        if let Err(e) = inc.feed(&piece, offset) {
            return Some(Err(e));
        }
        offset += piece.len();
    }
    Some(inc.finish(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn lookup_table() {
        let cases: &[(&str, Option<&str>)] = &[
            ("git status", Some("git-status")),
            ("git -C /tmp --no-pager status -s", Some("git-status")),
            ("/usr/bin/git log -n 3", Some("git-log")),
            ("git diff --cached", Some("git-diff")),
            ("git show HEAD", Some("git-show")),
            ("git commit -m x", Some("git-commit")),
            ("git push origin main", Some("git-sync")),
            ("git fetch", Some("git-sync")),
            ("git pull", Some("git-sync")),
            ("git add .", Some("git-quiet")),
            ("git branch -a", Some("git-plain")),
            ("git stash list", Some("git-stash")),
            ("git grep x", Some("git-grep")),
            ("git ls-files", Some("git-ls-files")),
            ("nl -ba a.rs", Some("nl")),
            ("cargo tree", Some("cargo-tree")),
            ("git blame a.rs", Some("git-blame")),
            ("go list ./...", Some("go-list")),
            ("gofmt -l .", Some("gofmt-list")),
            ("git worktree list", Some("git-plain")),
            ("git checkout main", Some("git-plain")),
            ("git switch -c x", Some("git-plain")),
            ("git rebase -i HEAD~2", None),
            ("git --version", None),
            ("git", None),
            ("cat a b", Some("read")),
            ("head -50 f", Some("read")),
            ("tail -n 5 f", Some("read")),
            ("ls -la", Some("ls")),
            ("tree -L 2", Some("tree")),
            ("find . -name x", Some("find")),
            ("grep -rn x .", Some("grep")),
            ("rg x", Some("grep")),
            ("wc -l f", Some("wc")),
            ("diff a b", Some("diff")),
            ("cargo test", Some("cargo-test")),
            ("cargo nextest run", Some("cargo-test")),
            ("cargo +nightly test --lib", Some("cargo-test")),
            ("cargo build --release", Some("cargo-build")),
            ("cargo fmt --check", Some("cargo-fmt-check")),
            ("cargo check", Some("cargo-build")),
            ("cargo clippy --all-targets", Some("cargo-build")),
            ("cargo fmt", Some("cargo-fmt-check")), // found; its plan passes it through
            ("cargo run", None),
            ("python3 -m pytest -x", Some("pytest")),
            ("python -m pytest", Some("pytest")),
            ("/usr/bin/python3 -m pytest tests", Some("pytest")),
            ("python3 -m http.server", None),
            ("python3 script.py pytest", None),
            ("python3 -u -m pytest", None),
            ("pytest -q", Some("pytest")),
            ("go test ./...", Some("go-test")),
            ("go build ./...", Some("go-build")),
            ("go vet ./...", Some("go-build")),
            ("go run .", None),
            ("npm test", Some("npm-script")),
            ("npm run build", Some("npm-script")),
            ("npm install", Some("js-install")),
            ("yarn add x", Some("js-install")),
            ("bun install", Some("js-install")),
            ("pnpm test", Some("npm-script")),
            ("npx jest", Some("npx")),
            ("pnpm exec vitest run", Some("npx")),
            ("jest --ci", Some("jest")),
            ("vitest run", Some("vitest")),
            ("tsc --noEmit", Some("tsc")),
            ("eslint src", Some("eslint")),
            ("ruff check .", Some("ruff")),
            // Found, and its plan passes `ruff format .` (it writes files) through.
            ("ruff format .", Some("ruff-format")),
            ("ruff format --check .", Some("ruff-format")),
            ("pyright src", Some("pyright")),
            ("pylint src", Some("pylint")),
            ("black --check .", Some("black-check")),
            ("prettier --check .", Some("prettier-check")),
            ("biome check src", Some("biome")),
            ("mypy src", Some("mypy")),
            ("flake8 src", Some("flake8")),
            ("vue-tsc --noEmit", Some("tsc")),
            ("make -j4", Some("make")),
            ("docker ps -a", Some("docker")),
            ("docker --context prod ps", Some("docker")),
            ("docker compose logs web", Some("docker")),
            ("docker run -it x", Some("docker-run")), // planned as a passthrough
            ("kubectl -n kube-system get pods", Some("kubectl")),
            ("kubectl describe pod web", Some("kubectl")),
            ("kubectl apply -f x.yaml", None),
            ("gh pr list", Some("gh")),
            ("gh run view 123", Some("gh")),
            ("gh repo clone x", None),
            ("curl -s https://example.com", Some("curl")),
            ("wget https://example.com/x", Some("wget")),
            ("pip install requests", Some("pip-install")),
            ("pip3 list", Some("pip")),
            ("pip freeze", None),
        ];
        // Every route reaching its filter: `programs::tests`.
        for (line, want) in cases {
            let w = words(line);
            let got = lookup(&w[0], &w[1..]).map(|(f, _)| f.name());
            assert_eq!(got, *want, "{line}");
        }
    }

    #[test]
    fn plan_table() {
        const CAP: Plan = Plan::Capture { stderr: false };
        const CAP_ERR: Plan = Plan::Capture { stderr: true };
        let cases: &[(&str, Plan)] = &[
            ("git status", CAP),
            ("git status -s", Plan::Passthrough),
            ("git status --porcelain=v2", Plan::Passthrough),
            ("git log -n 5", CAP),
            ("git log --oneline", Plan::Passthrough),
            ("git log --format=%H", Plan::Passthrough),
            ("git log --graph", Plan::Passthrough),
            ("git log -p", Plan::Passthrough),
            ("git log --stat -5", CAP),
            ("git log --stat -p", Plan::Passthrough),
            ("git log --stat=100", Plan::Passthrough),
            ("git log -Spatch", CAP),
            ("git diff --stat", CAP),
            ("git diff --color=always", Plan::Passthrough),
            ("git diff --word-diff", Plan::Passthrough),
            ("git show HEAD --format=%s", Plan::Passthrough),
            ("git commit", Plan::Passthrough),
            ("git commit -m x", CAP_ERR),
            ("git commit -am x", CAP_ERR),
            ("git commit -m x -e", Plan::Passthrough),
            ("git commit --amend --no-edit", CAP_ERR),
            ("git add -p", Plan::Passthrough),
            ("git add .", CAP),
            ("git push", CAP_ERR),
            ("git stash show -p", CAP),
            ("git stash -p", Plan::Passthrough),
            ("git grep -n x", CAP),
            ("git grep -c x", Plan::Stream),
            ("git grep -O x", Plan::Passthrough),
            ("git ls-files", CAP),
            ("git ls-files -s", Plan::Stream),
            ("rg --files", CAP),
            ("rg --files -0", Plan::Stream),
            ("nl -ba a.rs", CAP),
            ("nl a.rs", Plan::Stream),
            ("cargo tree", CAP),
            ("git blame a.rs", CAP),
            ("git blame --porcelain a.rs", Plan::Stream),
            ("go list ./...", CAP),
            ("go list -f {{.Name}} ./...", Plan::Stream),
            ("go list -m all", Plan::Stream),
            ("gofmt -l .", CAP),
            ("git checkout -p", Plan::Passthrough),
            ("git stash pop", CAP_ERR),
            ("cat f", Plan::Stream),
            ("ls", CAP),
            ("ls -la", CAP),
            ("ls -laF", Plan::Stream),
            ("ls -li", Plan::Stream),
            ("find . -exec rm {} ;", Plan::Passthrough),
            ("find . -print0", Plan::Passthrough),
            ("find . -name x", CAP),
            ("grep -rn x .", CAP),
            ("grep -n x f", Plan::Stream),
            ("grep -rc x .", Plan::Stream),
            ("grep -rl x .", Plan::Stream),
            ("grep -rn -A2 x .", CAP),
            ("grep -rn -C 2 x .", CAP),
            ("grep -rn -3 x .", CAP),
            ("grep -r -A2 x .", Plan::Stream),
            ("grep -rn -A2 -c x .", Plan::Stream),
            ("grep -rn -A2 --group-separator=X x .", Plan::Stream),
            ("grep -n -A2 x f", Plan::Stream),
            ("grep x a b", CAP),
            ("rg --json x", Plan::Stream),
            ("rg -uu x", CAP),
            ("tree -J", Plan::Passthrough),
            ("diff -q a b", Plan::Stream),
            ("diff -u a b", CAP),
        ];
        for (line, want) in cases {
            let w = words(line);
            let (f, inv) = lookup(&w[0], &w[1..]).expect(line);
            assert_eq!(f.plan(&inv), *want, "{line}");
        }
    }
}
