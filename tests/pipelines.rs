//! What an agent sees when a rewritten line runs in a real shell: pipelines keep their result
//! (a stage before `head`/`tail` is left as typed; `grep x f | wc -l` is never rewritten, so
//! it counts the same lines), and git's own failures (a rejected push) reach the agent.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

use crate::common::TestEnv;

const IDENTITY: &[(&str, &str)] = &[
    ("GIT_AUTHOR_NAME", "Test"),
    ("GIT_AUTHOR_EMAIL", "t@example.com"),
    ("GIT_COMMITTER_NAME", "Test"),
    ("GIT_COMMITTER_EMAIL", "t@example.com"),
    ("GIT_CONFIG_NOSYSTEM", "1"),
];

/// PATH with the rtk under test first.
fn path_with_rtk() -> std::ffi::OsString {
    let bin: PathBuf = assert_cmd::cargo::cargo_bin("rtk");
    let mut dirs = vec![bin.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

/// Runs `line` with `sh -c` in `dir`, hermetically, with rtk on PATH.
fn sh(t: &TestEnv, dir: &Path, line: &str) -> Output {
    sh_env(t, dir, line, &[])
}

/// [`sh`] with more environment variables.
fn sh_env(t: &TestEnv, dir: &Path, line: &str, env: &[(&str, &std::ffi::OsStr)]) -> Output {
    Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .env_clear()
        .env("HOME", t.home())
        .env("XDG_DATA_HOME", t.root.path().join("xdg-data"))
        .env("XDG_CONFIG_HOME", t.root.path().join("xdg-config"))
        .env("RTK_NO_TRACKING", "1")
        .env("PATH", path_with_rtk())
        .envs(IDENTITY.iter().copied())
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

fn ok(t: &TestEnv, dir: &Path, line: &str) -> String {
    let out = sh(t, dir, line);
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// What `rtk rewrite` makes of `line` (the original when it has no rtk form).
fn rewritten(t: &TestEnv, line: &str) -> String {
    let out = t.rtk().args(["rewrite", line]).output().unwrap();
    match out.status.code() {
        Some(0 | 3) => String::from_utf8(out.stdout).unwrap(),
        _ => line.to_string(),
    }
}

/// A repo with 8 commits.
fn repo(t: &TestEnv) -> PathBuf {
    let repo = t.work().join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    ok(t, &repo, "git init -q -b main");
    for i in 1..=8 {
        ok(
            t,
            &repo,
            &format!("echo {i} >> f.txt && git add f.txt && git commit -qm 'change {i}'"),
        );
    }
    repo
}

/// Issue 36: a filter's first lines are not the raw output's first lines (nor its last lines,
/// but for a test run's summary), so a stage before `head`/`tail` stays as typed: each line
/// prints exactly what it prints without rtk. `cat` keeps every line, so there the rewrite stays.
#[test]
fn pipelines_print_the_same_facts_as_without_rtk() {
    let t = TestEnv::new();
    let repo = repo(&t);
    for (f, text) in [("a.txt", "a\n"), ("d/b.txt", "b\n"), ("d/e/c.txt", "c\n")] {
        std::fs::create_dir_all(repo.join(f).parent().unwrap()).unwrap();
        std::fs::write(repo.join(f), text).unwrap();
    }
    ok(
        &t,
        &repo,
        "echo 9 >> f.txt && mkdir -p .claude && touch .claude/x",
    );
    for line in [
        "git status | tail -1",
        "git status | head -2",
        "git show | head -4",
        "git show | tail -2",
        "git log -n 5 | head -3",
        "git log --oneline | tail -2",
        "git diff | head -3",
        "git diff --stat | head -1",
        "git diff --stat | tail -1",
        "ls | head -3",
        "ls -la | head -3",
        "ls -R | head -4",
        "find . -maxdepth 1 | head -3",
        "stat a.txt | head -1",
        "ls && ls | head -1",
        "wc -l a.txt f.txt | tail -1",
        "grep -rn b . | head -1",
    ] {
        let rtk_line = rewritten(&t, line);
        let raw = ok(&t, &repo, line);
        let via = ok(&t, &repo, &rtk_line);
        let piped = rtk_line
            .split("&&")
            .filter(|seg| seg.contains('|'))
            .all(|seg| !seg.contains("rtk "));
        assert!(piped, "{line}: the piped stage was rewritten: {rtk_line}");
        if line.contains("&&") {
            // The unpiped segment is compacted as usual; the piped one prints last, unchanged.
            assert_eq!(
                via.lines().last(),
                raw.lines().last(),
                "{line} -> {rtk_line}"
            );
            assert_ne!(
                rtk_line, line,
                "{line}: the unpiped segment keeps its rewrite"
            );
        } else {
            assert_eq!(via, raw, "{line} -> {rtk_line}");
        }
    }
    assert_eq!(
        rewritten(&t, "git log -n 5 | cat"),
        "rtk git log -n 5 | cat"
    );
}

/// `pytest | tail -N` stays as typed: the raw output ends with pytest's short summary, one
/// `FAILED <test id>` line per failure, while its filter names each failing test once, at the
/// head of the failure's block, so rtk's tail shows assertion lines where the raw tail shows the
/// failing tests' ids (`programs::SUMMARY_AT_END`).
#[test]
fn pytest_before_tail_is_left_alone_because_its_tail_would_lose_test_ids() {
    let t = TestEnv::new();
    let dir = t.work().join("py");
    std::fs::create_dir_all(&dir).unwrap();
    let path = replay(&dir, "python3", "pytest/fail");
    let env = [("PATH", path.as_os_str())];
    let id = "tests/test_calc.py::TestGroup::test_list";
    for n in [3, 5, 8] {
        let line = format!("python3 -m pytest 2>&1 | tail -{n}");
        assert_eq!(rewritten(&t, &line), line);
        let raw = String::from_utf8(sh_env(&t, &dir, &line, &env).stdout).unwrap();
        let forced =
            String::from_utf8(sh_env(&t, &dir, &format!("rtk {line}"), &env).stdout).unwrap();
        assert!(raw.contains(id), "{line}: {raw}");
        assert!(!forced.contains(id), "{line}: {forced}");
    }
}

#[test]
fn grep_counted_by_wc_is_left_alone_and_counts_the_same() {
    let t = TestEnv::new();
    t.write("work/f.txt", "x1\nfoo\nx2\nx3\nbar x\n");
    let line = "grep x f.txt | wc -l";
    assert_eq!(rewritten(&t, line), line);
    assert_eq!(ok(&t, &t.work(), line).trim(), "4");
    // Even run through rtk by hand, grep's lines reach wc unchanged.
    assert_eq!(ok(&t, &t.work(), "rtk grep x f.txt | wc -l").trim(), "4");
}

#[test]
fn rejected_push_is_shown_with_gits_exit_code() {
    let t = TestEnv::new();
    let work = t.work();
    ok(&t, &work, "git init -q --bare -b main remote.git");
    ok(&t, &work, "git clone -q remote.git a 2>/dev/null");
    ok(&t, &work, "git clone -q remote.git b 2>/dev/null");
    ok(
        &t,
        &work.join("a"),
        "echo a > a.txt && git add a.txt && git commit -qm a && git push -q origin HEAD:main",
    );
    ok(
        &t,
        &work.join("b"),
        "echo b > b.txt && git add b.txt && git commit -qm b",
    );
    let raw = sh(&t, &work.join("b"), "git push origin HEAD:main");
    let via_rtk = sh(&t, &work.join("b"), "rtk git push origin HEAD:main");
    assert_eq!(raw.status.code(), Some(1));
    assert_eq!(via_rtk.status.code(), raw.status.code());
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&via_rtk.stdout),
        String::from_utf8_lossy(&via_rtk.stderr)
    );
    assert!(shown.contains("[rejected]"), "{shown}");
    assert!(shown.contains("HEAD -> main"), "{shown}");
}

/// A `bin` folder in `dir` whose `name` replays a captured run (`common::replay_bin`), and the
/// PATH with it first.
fn replay(dir: &Path, name: &str, fixture: &str) -> std::ffi::OsString {
    let mut dirs = vec![crate::common::replay_bin(dir, name, fixture)];
    dirs.extend(std::env::split_paths(&path_with_rtk()));
    std::env::join_paths(dirs).unwrap()
}

/// The facts a test run's lines carry: each `file:line` location (a word naming a source
/// file and a line, brackets and a trailing colon trimmed), each summary-count line, each
/// failing test's `●` title.
fn run_facts(text: &str) -> Vec<String> {
    let mut facts = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("Tests:") || t.starts_with("Test Suites:") || t.starts_with("● ") {
            facts.push(t.to_string());
        }
        for w in t.split_whitespace() {
            let w = w.trim_matches(|c| c == '(' || c == ')' || c == ':');
            let located = w.split_once(':').is_some_and(|(file, at)| {
                file.contains('.') && at.split(':').all(|n| n.parse::<u32>().is_ok())
            });
            if located {
                facts.push(w.to_string());
            }
        }
    }
    facts
}

/// `npx jest 2>&1 | tail -N`, the form real sessions run, over a captured failing run (jest
/// writes its report to stderr): rewritten, and the rtk form's last N lines hold every
/// location, failing test and count the raw last N lines hold, for each N sessions use.
#[test]
fn jest_through_npx_before_tail_keeps_the_raw_tails_facts() {
    let t = TestEnv::new();
    let dir = t.work().join("js");
    std::fs::create_dir_all(&dir).unwrap();
    let path = replay(&dir, "npx", "jest/fail");
    let env = [("PATH", path.as_os_str())];
    for n in [3, 5, 8, 10, 20, 30, 50] {
        for line in [
            format!("npx jest 2>&1 | tail -{n}"),
            format!("npx jest | tail -n {n}"),
        ] {
            let rtk_line = rewritten(&t, &line);
            assert_eq!(rtk_line, format!("rtk {line}"));
            let raw = String::from_utf8(sh_env(&t, &dir, &line, &env).stdout).unwrap();
            let via = sh_env(&t, &dir, &rtk_line, &env);
            let via = String::from_utf8(via.stdout).unwrap();
            let kept = run_facts(&via);
            for fact in run_facts(&raw) {
                assert!(
                    kept.contains(&fact),
                    "{line}: {fact} lost\nraw:\n{raw}\nrtk:\n{via}"
                );
            }
        }
    }
    // The check can fail: the raw tail of 20 names the failing test file and its counts.
    let raw = sh_env(&t, &dir, "npx jest 2>&1 | tail -20", &env).stdout;
    let facts = run_facts(&String::from_utf8(raw).unwrap());
    assert!(
        facts.iter().any(|f| f == "src/fail.test.js:3:77"),
        "{facts:?}"
    );
    assert!(facts.iter().any(|f| f.starts_with("Tests:")), "{facts:?}");
}

/// `npx tsc 2>&1 | tail -N` stays as typed: tsc's filter groups errors by file and code, so
/// its last lines are not tsc's last errors, and the file of those it shows is lines above.
#[test]
fn tsc_before_tail_is_left_alone_because_its_tail_would_lose_files() {
    let t = TestEnv::new();
    let dir = t.work().join("ts");
    std::fs::create_dir_all(&dir).unwrap();
    let path = replay(&dir, "npx", "tsc/errors_many");
    let env = [("PATH", path.as_os_str())];
    let line = "npx tsc --noEmit 2>&1 | tail -3";
    assert_eq!(rewritten(&t, line), line);
    let raw = String::from_utf8(sh_env(&t, &dir, line, &env).stdout).unwrap();
    let forced = format!("rtk {line}");
    let via = String::from_utf8(sh_env(&t, &dir, &forced, &env).stdout).unwrap();
    assert!(raw.lines().all(|l| l.starts_with("src/user.ts(")), "{raw}");
    assert!(!via.contains("src/user.ts"), "{via}");
}

/// `mise run <task> 2>&1 | tail -N` (issue 38), over mise's captured run of a failing pytest
/// task (tests/fixtures/capture_mise.sh) in a project holding that capture's mise.toml: the
/// task resolves to pytest in the line's folder, not a summary-at-end filter, so the line stays
/// as typed (rtk's tail would lose the failing test's id the raw tail shows); so do a task of
/// another tool, a script, a `cd` first and another folder. A task that resolves to `go test`
/// is rewritten (`rewrite::tests::mise_run_before_tail_follows_the_tasks_tool`).
#[test]
fn mise_task_running_pytest_before_tail_stays_as_typed() {
    let t = TestEnv::new();
    let dir = t.work().join("proj");
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mise");
    std::fs::copy(fixtures.join("mise.toml"), dir.join("mise.toml")).unwrap();
    let path = replay(&dir, "mise", "mise/test_fail");
    let env = [("PATH", path.as_os_str())];
    let rewrite_at = |line: &str| {
        let out = t
            .rtk()
            .current_dir(&dir)
            .args(["rewrite", line])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    for line in [
        "mise run test:fail 2>&1 | tail -5",
        "mise run test:fail 2>&1 | tail -30",
        "mise run hello 2>&1 | tail -30",
        "mise run multi 2>&1 | tail -30",
        "mise run check 2>&1 | tail -30",
        "cd . && mise run test:fail 2>&1 | tail -30",
    ] {
        assert_eq!(rewrite_at(line), "", "{line}");
    }
    // Why: the raw tail of 5 names the failing test, rtk's does not.
    let line = "mise run test:fail 2>&1 | tail -5";
    let raw = String::from_utf8(sh_env(&t, &dir, line, &env).stdout).unwrap();
    let forced = String::from_utf8(sh_env(&t, &dir, &format!("rtk {line}"), &env).stdout).unwrap();
    let id = "test_cart.py::test_discount";
    assert!(raw.contains(id), "{raw}");
    assert!(!forced.contains(id), "{forced}");
    let elsewhere = t
        .rtk()
        .current_dir(t.work())
        .args(["rewrite", "mise run test:fail 2>&1 | tail -30"])
        .output()
        .unwrap();
    assert!(elsewhere.stdout.is_empty());
}
