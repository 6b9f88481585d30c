//! Table tests: the entries are well formed, every route is reached by the rewrite and
//! compacted by its filter, and a command is rewritten exactly when a filter compacts it
//! (the drift cases of issue 19 included).

use std::collections::HashSet;

use super::*;
use crate::config::HooksConfig;
use crate::filters::Plan;
use crate::recognise;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// The real rewrite engine's answer for `line`.
fn rewritten(line: &str) -> Option<String> {
    crate::rewrite::rewrite_line(line, &crate::shell::parse(line), &HooksConfig::default()).line
}

/// The filter that would compact `line` (a plan other than passthrough), by name.
fn compacting_filter(line: &str) -> Option<&'static str> {
    let w = words(line);
    let (f, inv) = lookup(&w[0], &w[1..])?;
    (f.plan(&inv) != Plan::Passthrough).then(|| f.name())
}

/// One command line per (program name, route): rewritten, and compacted by the route's filter.
/// A route added without a line here fails `every_route_is_rewritten_and_compacted`.
const EXAMPLES: &[(&str, Option<&str>, &str)] = &[
    ("git", Some("status"), "git status"),
    ("git", Some("diff"), "git diff HEAD~1"),
    ("git", Some("log"), "git log -n 5"),
    ("git", Some("show"), "git show HEAD"),
    ("git", Some("commit"), "git commit -m x"),
    ("git", Some("add"), "git add ."),
    ("git", Some("push"), "git push origin main"),
    ("git", Some("pull"), "git pull"),
    ("git", Some("fetch"), "git fetch"),
    ("git", Some("branch"), "git branch -a"),
    ("git", Some("stash"), "git stash list"),
    ("git", Some("checkout"), "git checkout main"),
    ("git", Some("switch"), "git switch -c topic"),
    ("git", Some("worktree"), "git worktree list"),
    ("ls", None, "ls -la"),
    ("tree", None, "tree -L 2"),
    ("find", None, "find . -name x"),
    ("cat", None, "cat a.txt"),
    ("head", None, "head -n 5 a.txt"),
    ("tail", None, "tail -n 5 a.txt"),
    ("grep", None, "grep -rn x ."),
    ("egrep", None, "egrep -rn 'a|b' ."),
    ("fgrep", None, "fgrep -rn x ."),
    ("rg", None, "rg x"),
    ("wc", None, "wc -l a.txt"),
    ("diff", None, "diff -u a b"),
    ("cargo", Some("test"), "cargo test"),
    ("cargo", Some("nextest"), "cargo nextest run"),
    ("cargo", Some("build"), "cargo build --release"),
    ("cargo", Some("check"), "cargo check"),
    ("cargo", Some("clippy"), "cargo clippy --all-targets"),
    ("pytest", None, "pytest -q"),
    ("py.test", None, "py.test -q"),
    ("python", Some("pytest"), "python -m pytest"),
    ("python3", Some("pytest"), "python3 -m pytest -x"),
    ("go", Some("test"), "go test ./..."),
    ("go", Some("build"), "go build ./..."),
    ("go", Some("vet"), "go vet ./..."),
    ("npm", Some("test"), "npm test"),
    ("npm", Some("t"), "npm t"),
    ("npm", Some("run"), "npm run build"),
    ("npm", Some("run-script"), "npm run-script build"),
    ("npm", Some("exec"), "npm exec jest"),
    ("npm", Some("x"), "npm x tsc"),
    ("pnpm", Some("test"), "pnpm test"),
    ("pnpm", Some("run"), "pnpm run build"),
    ("pnpm", Some("exec"), "pnpm exec vitest run"),
    ("pnpm", Some("dlx"), "pnpm dlx eslint src"),
    ("npx", None, "npx jest"),
    ("bunx", None, "bunx tsc --noEmit"),
    ("jest", None, "jest --ci"),
    ("vitest", None, "vitest run"),
    ("tsc", None, "tsc --noEmit"),
    ("vue-tsc", None, "vue-tsc --noEmit"),
    ("eslint", None, "eslint src"),
    ("ruff", Some("check"), "ruff check ."),
    ("mypy", None, "mypy src"),
    ("flake8", None, "flake8 src"),
    ("make", None, "make -j4"),
    ("gmake", None, "gmake all"),
    ("docker", Some("ps"), "docker ps -a"),
    ("docker", Some("images"), "docker images"),
    ("docker", Some("logs"), "docker logs web"),
    ("docker", Some("compose"), "docker compose logs web"),
    ("docker", Some("container"), "docker container ls"),
    ("docker", Some("image"), "docker image ls"),
    ("docker-compose", Some("ps"), "docker-compose ps"),
    ("docker-compose", Some("logs"), "docker-compose logs web"),
    ("kubectl", Some("get"), "kubectl get pods"),
    ("kubectl", Some("logs"), "kubectl logs web"),
    ("kubectl", Some("describe"), "kubectl describe pod web"),
    ("gh", Some("pr"), "gh pr list"),
    ("gh", Some("issue"), "gh issue view 1"),
    ("gh", Some("run"), "gh run list"),
    ("curl", None, "curl -s https://example.com"),
    ("wget", None, "wget https://example.com/x"),
    ("pip", Some("list"), "pip list"),
    ("pip", Some("install"), "pip install requests"),
    ("pip3", Some("list"), "pip3 list"),
    ("pip3", Some("install"), "pip3 install -r requirements.txt"),
];

#[test]
fn entries_are_well_formed() {
    let mut names = HashSet::new();
    let mut filters: Vec<&'static dyn Filter> = Vec::new();
    for p in PROGRAMS {
        assert!(!p.names.is_empty() && !p.routes.is_empty(), "{p:?}");
        assert!(!p.rewrite.note.is_empty(), "{p:?} has no note");
        for n in p.names {
            assert!(!n.is_empty() && !n.contains([' ', '/']), "{n:?}");
            assert!(names.insert(*n), "{n} in two entries");
            // `rtk gain`'s key reads the same syntax for the programs `recognise` lists.
            if let Some(s) = recognise::known(n) {
                assert!(
                    std::ptr::eq(s, p.syntax),
                    "{n}: syntax differs from recognise::known"
                );
            } else {
                assert!(
                    matches!(p.syntax, Syntax::Plain) || *p.syntax == recognise::SUB,
                    "{n}: global options not listed in recognise::known"
                );
            }
        }
        let mut subs = HashSet::new();
        for (k, r) in p.routes.iter().enumerate() {
            assert!(subs.insert(r.sub), "{p:?}: route {:?} twice", r.sub);
            match r.sub {
                // A route for every command line must come last (the rest would be dead).
                None => assert_eq!(k, p.routes.len() - 1, "{p:?}"),
                Some(_) => assert!(
                    !matches!(p.syntax, Syntax::Plain),
                    "{p:?} has no subcommands"
                ),
            }
            // One name, one filter.
            match filters.iter().find(|f| f.name() == r.filter.name()) {
                Some(f) => assert!(std::ptr::addr_eq(*f, r.filter), "{} twice", f.name()),
                None => filters.push(r.filter),
            }
        }
    }
    for n in ["sudo", "rtk", "env", "bash", "cargo-fmt"] {
        assert!(rule_for(n).is_none(), "{n}");
    }
}

#[test]
fn every_route_is_rewritten_and_compacted() {
    let mut failures = Vec::new();
    for p in PROGRAMS {
        for name in p.names {
            for r in p.routes {
                let Some((_, _, line)) = EXAMPLES.iter().find(|(n, s, _)| n == name && *s == r.sub)
                else {
                    failures.push(format!("{name} {:?}: no example", r.sub));
                    continue;
                };
                let want = format!("rtk {line}");
                if rewritten(line).as_deref() != Some(want.as_str()) {
                    failures.push(format!("{line}: not rewritten"));
                }
                if compacting_filter(line) != Some(r.filter.name()) {
                    failures.push(format!(
                        "{line}: compacted by {:?}, not {}",
                        compacting_filter(line),
                        r.filter.name()
                    ));
                }
            }
        }
    }
    for (name, sub, line) in EXAMPLES {
        let known = program(name).is_some_and(|p| p.routes.iter().any(|r| r.sub == *sub));
        if !known {
            failures.push(format!("{line}: example for a route that does not exist"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 19's drift: each command is rewritten exactly when a filter compacts it.
#[test]
fn rewritten_iff_filtered() {
    let cases: &[(&str, Option<&str>)] = &[
        // Filtered, and once not rewritten (the rewrite took `prod` for the subcommand).
        ("kubectl -n prod get pods", Some("kubectl")),
        (
            "kubectl --context prod -n x describe pod web",
            Some("kubectl"),
        ),
        ("docker --context prod ps", Some("docker")),
        ("docker -H tcp://h:2375 images", Some("docker")),
        ("git -P status", Some("git-status")),
        ("git --no-advice -C d log -n 3", Some("git-log")),
        ("cargo -C sub build", Some("cargo-build")),
        ("python3 -mpytest -x", Some("pytest")),
        // Rewritten once, with no filter (plain passthrough): now neither.
        ("cargo fmt", None),
        ("cargo install ripgrep", None),
        ("kubectl apply -f x.yaml", None),
        ("pip freeze", None),
        ("pip3 show requests", None),
        ("npm install", None),
        ("npm ci", None),
        ("pnpm install", None),
        ("pnpm outdated", None),
        ("gh api repos/x/y", None),
        ("gh release list", None),
        ("docker build .", None),
        ("docker compose build", None),
        ("ruff format .", None),
        // Never either.
        ("git rebase -i HEAD~2", None),
        ("git --version", None),
        ("python3 -u -m pytest", None),
        ("docker logs -f web", None),
        ("kubectl get pods -w", None),
        ("cargo nextest list", None),
        ("htop", None),
    ];
    let mut failures = Vec::new();
    for (line, want) in cases {
        let got = compacting_filter(line);
        let rw = rewritten(line);
        if got != *want || rw.is_some() != want.is_some() {
            failures.push(format!(
                "{line}: filter {got:?} (want {want:?}), rewritten {rw:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Over every rewritten line of the rewrite vectors: each `rtk ` segment reaches a filter.
#[test]
fn rewrite_vectors_reach_a_filter() {
    let rows = crate::shell::tests::tsv_rows(include_str!("../../../tests/vectors/rewrite.tsv"));
    let mut checked = 0;
    for (n, cols) in &rows {
        let Some(out) = cols.get(1).filter(|o| *o != "-") else {
            continue;
        };
        for seg in out.split("rtk ").skip(1) {
            let cmd: String = seg
                .split(['|', ';', '&', '>', '<', ')'])
                .next()
                .unwrap_or("")
                .to_string();
            let w = crate::shell::parse(&cmd);
            let Some(c) = w.commands.first() else {
                continue;
            };
            let values: Vec<String> = c.words.iter().map(|x| x.value.clone()).collect();
            let Some((prog, args)) = values.split_first() else {
                continue;
            };
            assert!(
                lookup(prog, args).is_some(),
                "line {n}: {cmd:?} has no filter"
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} rewritten segments");
}
