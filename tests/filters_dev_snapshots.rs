//! Test-runner, build, linter and CLI filters over raw outputs captured from the real tools
//! (tests/fixtures/<tool>/<case>.{argv,out,err,code}, made by tests/fixtures/capture_dev.sh),
//! snapshotted with the plan and exit status, plus fidelity checks over every fixture: each
//! failing test's name, each assertion/error message line and each error location survives.

use std::sync::LazyLock;

use regex::Regex;
use rtk::filters::{lookup, Plan};

use crate::common::fixtures::{self, filtered, render, shown, Fixture, Set};

fn fixtures() -> Vec<Fixture> {
    let all = fixtures::load(Set::Dev);
    assert!(all.len() >= 40, "dev fixtures missing: {}", all.len());
    all
}

#[test]
fn snapshots_over_captured_dev_fixtures() {
    for f in fixtures() {
        insta::assert_snapshot!(format!("{}__{}", f.tool, f.name), render(&f));
    }
}

fn re(s: &str) -> Regex {
    Regex::new(s).unwrap()
}

/// Facts in a raw output that its filtered form must keep: (what, text).
static FACTS: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    vec![
        // failing test names
        ("cargo failing test", re(r"(?m)^test (\S+) \.\.\. FAILED$")),
        ("pytest failing test", re(r"(?m)^(?:FAILED|ERROR) (\S+)")),
        ("go failing test", re(r"(?m)^\s*--- FAIL: (\S+)")),
        ("jest failing test", re(r"(?m)^\s+● (.+)$")),
        ("vitest failing test", re(r"(?m)^ FAIL  (.+)$")),
        // messages
        (
            "panic",
            re(r"(?m)^thread '.+' (?:\(\d+\) )?panicked at (\S+):$"),
        ),
        ("panic message", re(r"(?m)^(assertion .+|not a number.*)$")),
        ("pytest E line", re(r"(?m)^(E {3,}\S.*)$")),
        (
            "jest expectation",
            re(r"(?m)^\s+((?:Expected|Received): .+)$"),
        ),
        ("assertion error", re(r"(?m)^(AssertionError: .+)$")),
        ("go message", re(r"(?m)^\s+(\w+_test\.go:\d+: .+)$")),
        // error lines and locations
        ("rustc error", re(r"(?m)^(error(?:\[E\d+\])?: .+)$")),
        ("rustc location", re(r"(?m)^\s*--> (\S+)$")),
        ("python location", re(r"(?m)^(\S+\.py:\d+): ")),
        ("c compiler error", re(r"(?m)^(\S+:\d+:\d+: error: .+)$")),
        ("make error", re(r"(?m)^(make(?:\[\d+\])?: \*\*\* .+)$")),
        ("npm error", re(r"(?m)^(npm (?:error|ERR!) \S.*)$")),
        (
            "summary",
            re(r"(?m)^(?:=+ )?(\d+ (?:passed|failed)[^=]*?)(?: =+)?$"),
        ),
        ("jest summary", re(r"(?m)^(Tests:\s+.+)$")),
        // Ruby and PHP (rspec, minitest, rubocop, phpunit)
        // (Playwright underlines a title with a `───` rule: not part of the title.)
        ("numbered failure", re(r"(?m)^\s*\d+\) (\S.*?)(?: ─+)?$")),
        ("rspec rerun", re(r"(?m)^(rspec \./\S+:\d+ # .+)$")),
        ("minitest location", re(r"(?m)^(\S+#\S+ \[\S+:\d+\]):$")),
        ("ruby/php error", re(r"(?m)^(\w+Error: .+)$")),
        ("php location", re(r"(?m)^(/\S+\.php:\d+)$")),
        (
            "rubocop offense",
            re(r"(?m)^(\S+\.rb:\d+:\d+: [CWEFR]: .+)$"),
        ),
        (
            "runner counts",
            re(r"(?m)^(\d+ (?:examples?|runs?|files? inspected), .+|Tests: \d+, .+|OK \(.+\))$"),
        ),
        // Maven (raw lines carry colour codes: the facts stop at the first escape)
        ("javac error", re(r"(\S+\.java:\[\d+,\d+\] [^\x1b\n]+)")),
        (
            "java exception",
            re(r"(?m)^(java\.\S+(?:Error|Exception): .+)$"),
        ),
        ("java frame", re(r"(?m)^\tat (\S+\(\w+\.java:\d+\))$")),
        // bun test
        (
            "bun failing test",
            re(r"(?m)^(\(fail\) .+?)(?: \[[\d.]+m?s\])?$"),
        ),
        ("bun frame", re(r"(?m)^\s+at .*\((/\S+:\d+:\d+)\)$")),
        // Database clients, du (issue 20, G1)
        (
            "sql row count",
            re(r"(?m)^(\(\d+ rows?\)|\d+ rows? in set .*)$"),
        ),
        (
            "sql error",
            re(r"(?m)^((?:psql:\S+ )?ERROR:  .+|ERROR \d+ \(\w+\).+|Error: .+|LINE \d+: .+)$"),
        ),
        ("du total", re(r"(?m)^(\S+\ttotal)$")),
        // ctest (issue 20, H1): every non-passing result, the summary, the failed list
        (
            "ctest result",
            re(r"(?m)^(\s*\d+/\d+ Test\s+#\d+: \S+ \.*\*\*\*.+)$"),
        ),
        ("ctest summary", re(r"(?m)^(\d+% tests passed, .+)$")),
        ("ctest failed list", re(r"(?m)^\t(\s*\d+ - \S+ \(.+\))$")),
        // prove: every failing TAP line, the failed test numbers, the result
        ("tap failure", re(r"(?m)^\s*(not ok \d+.*)$")),
        ("prove failed tests", re(r"(?m)^  (Failed tests?: .+)$")),
        ("prove result", re(r"(?m)^(Result: \w+)$")),
        // Gradle, dotnet (VSTest, MSBuild), Terraform (raw plans carry colour codes)
        ("gradle failing test", re(r"(?m)^(\S+ > \S+ FAILED)$")),
        (
            "gradle test location",
            re(r"(?m)^    (\S+ at \w+\.java:\d+)$"),
        ),
        ("gradle failed task", re(r"(?m)^(:\S+ FAILED)$")),
        (
            "gradle result",
            re(r"(?m)^(BUILD (?:SUCCESSFUL|FAILED) in \d+s)$"),
        ),
        ("gradle tasks", re(r"(?m)^(\d+ actionable tasks?: .+)$")),
        (
            "gradle test counts",
            re(r"(?m)^(\d+ tests completed, \d+ failed)$"),
        ),
        ("dotnet failed test", re(r"(?m)^  (Failed \S+) \[")),
        ("vstest summary", re(r"(?m)^((?:Passed|Failed)!  - .+)$")),
        ("dotnet frame", re(r"(?m)^\s+at .+ in (\S+:line \d+)$")),
        (
            "msbuild counts",
            re(r"(?m)^\s+(\d+ (?:Warning|Error)\(s\))$"),
        ),
        (
            "msbuild result",
            re(r"(?m)^(Build (?:succeeded|FAILED)\.)$"),
        ),
        (
            "terraform plan",
            re(r"Plan:(?:\x1b\[0m)? (\d+ to add, \d+ to change, \d+ to destroy\.)"),
        ),
        (
            "terraform change",
            re(r"(?m)# (\S+?)(?:\x1b\[0m)? (?:will|must) be"),
        ),
        ("terraform diagnostic", re(r"(?m)on (\S+ line \d+), in ")),
        // PHPStan's table: a row's message (its first line) and the result
        ("phpstan error", re(r"(?m)^  \d+ {2,}(\S.*?)\s*$")),
        ("phpstan result", re(r"(?m)^ (\[(?:OK|ERROR)\] .+?)\s*$")),
        // Pest / php artisan test (Collision)
        (
            "collision failed test",
            re(r"(?m)^\s+FAILED  (\S.*? > .*?)(?:\s{2,}\S+)?\s*$"),
        ),
        ("collision location", re(r"(?m)^  at (\S+:\d+)$")),
        ("collision trace", re(r"(?m)^  (\d+ +\S+:\d+)$")),
        ("collision summary", re(r"(?m)^  (Tests: +.+)$")),
        // sbt / ScalaTest / scalac
        (
            "scalatest failure",
            re(r"(?m)^\[info\] - (.+ \*\*\* FAILED \*\*\*)$"),
        ),
        // (a message's location; framework frames `at x(File.scala:n)` may go)
        ("scala location", re(r" \((\w+\.scala:\d+)\)")),
        (
            "scalatest counts",
            re(r"(?m)^\[info\] (Tests: succeeded .+)$"),
        ),
        ("scalac error", re(r"(?m)^\[error\] (-- \[E\d+\] .+)$")),
        (
            "sbt total",
            re(r"(?m)^(\[(?:success|error)\] Total time: .+)$"),
        ),
        // unittest and Django's runners (issue 32): every failed test, traceback location,
        // the counts
        (
            "unittest failure",
            re(r"(?m)^((?:FAIL|ERROR): \w+ \(\S+\))$"),
        ),
        (
            "unittest result",
            re(r"(?m)^(\S+ \(\S+\) \.\.\. (?:FAIL|ERROR|skipped .+))$"),
        ),
        (
            "traceback location",
            re(r#"(?m)^  (File "[^"]+", line \d+, in \S+)$"#),
        ),
        (
            "unittest counts",
            re(r"(?m)^(Ran \d+ tests? in \S+|OK(?: \(.+\))?|FAILED \(.+\)|Found \d+ test\(s\)\.)$"),
        ),
        // cargo bench: every result, whole (padding squeezed); docker builds: the image
        // written, each step, every error
        ("libtest bench", re(r"(?m)^(test \S+ +\.\.\. bench: +.+)$")),
        ("criterion result", re(r"(?m)^(\S.*? +time: +\[.+\])$")),
        (
            "docker image",
            re(r"(?m)^#\d+ ((?:writing image|naming to|exporting manifest) \S+)"),
        ),
        ("docker step", re(r"(?m)^#\d+ (\[[^\]]*\d+/\d+\] .+)$")),
        (
            "docker step error",
            re(r"(?m)^#\d+ (?:\d+\.\d+ )?(ERROR: .+)$"),
        ),
        (
            "docker build result",
            re(r"(?m)^(ERROR: failed to solve: .+)$"),
        ),
        (
            "compose state",
            re(r"(?m)^ ((?:Container|Network|Volume) \S+) +(?:Started|Created|Healthy|Running)$"),
        ),
        // Playwright
        (
            "js frame",
            re(r"(?m)^\s+at (/\S+\.(?:ts|js|tsx|jsx|mjs):\d+:\d+)$"),
        ),
    ]
});

/// The facts the benchmark reads off a raw report (diagnostics, grouped reports expanded):
/// one copy, the bench's, so a check here and a bench row agree.
#[allow(dead_code)]
#[path = "../bench/src/devfacts.rs"]
mod devfacts;

#[test]
fn every_diagnostic_keeps_its_location_code_and_message() {
    let mut checked = 0;
    for f in fixtures() {
        let raw = format!("{}{}", f.stdout, f.stderr);
        let expanded = devfacts::ungroup(&shown(&f));
        // The bench names go's diagnostics by its vet row; build errors read the same.
        let tool = if f.tool == "go" { "go vet" } else { &f.tool };
        for d in devfacts::diags(tool, &raw) {
            // A fixture has no working directory: every location is checked as printed.
            assert!(
                devfacts::has_diag(&expanded, "\0", &d),
                "{}/{}: lost {d:?}\n--- expanded\n{expanded}",
                f.tool,
                f.name
            );
            checked += 1;
        }
    }
    assert!(checked > 80, "too few diagnostics checked: {checked}");
}

#[test]
fn every_failure_message_and_location_survives() {
    let mut checked = 0;
    for f in fixtures() {
        let raw = format!("{}{}", f.stdout, f.stderr);
        let out = shown(&f);
        let squeezed = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let out_sq = squeezed(&out);
        let ungrouped = devfacts::ungroup(&out);
        for (what, rx) in FACTS.iter() {
            for c in rx.captures_iter(&raw) {
                let fact = c.get(1).unwrap().as_str().trim();
                let fact = fact.trim_start_matches("./");
                // Python's own import machinery, in every collection ImportError: dropped by
                // design (pytest filter docs); the frames of the project stay.
                if what == &"python location" && fact.contains("/importlib/__init__.py:") {
                    continue;
                }
                // A compiler's own diagnostics are regrouped by file: checked as (location,
                // flag, message) by the diagnostic check above (`devfacts::diags`).
                if what == &"c compiler error" && devfacts::CC_TOOLS.contains(&f.tool.as_str()) {
                    continue;
                }
                // tsc/mypy/eslint regroup `file(l,c)` as `l:c`; compare squeezed text.
                let hit = out.contains(fact)
                    || out_sq.contains(&squeezed(fact))
                    || ungrouped.contains(fact);
                assert!(
                    hit,
                    "{}/{}: lost {what}: {fact:?}\n--- shown\n{out}",
                    f.tool, f.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "too few facts checked: {checked}");
}

#[test]
fn successes_collapse_and_failures_shrink() {
    for f in fixtures() {
        let (_, Some(Ok(c))) = filtered(&f) else {
            continue;
        };
        let shown = format!("{}{}", c.stdout, c.stderr.as_deref().unwrap_or(&f.stderr));
        let raw = f.stdout.len() + f.stderr.len();
        assert!(
            shown.len() <= raw.max(40),
            "{}/{}: compact form longer than raw ({} > {raw})",
            f.tool,
            f.name,
            shown.len()
        );
        if f.code != 0 && raw > 0 {
            assert!(
                !shown.trim().is_empty(),
                "{}/{}: failure printed nothing",
                f.tool,
                f.name
            );
        }
    }
}

#[test]
fn test_runner_successes_are_a_few_lines() {
    for f in fixtures().iter().filter(|f| f.code == 0) {
        if !["cargo", "pytest", "go", "jest", "vitest"].contains(&f.tool.as_str())
            || !f.name.contains("pass")
        {
            continue;
        }
        let out = shown(f);
        assert!(
            out.lines().count() <= 4,
            "{}/{}: success took {} lines:\n{out}",
            f.tool,
            f.name,
            out.lines().count()
        );
    }
}

#[test]
fn json_bodies_keep_every_value() {
    let mut checked = 0;
    for f in fixtures().iter().filter(|f| {
        f.tool == "curl"
            || (f.tool == "gh" && !gh_api_writes(f))
            || (f.tool == "docker" && f.name.starts_with("inspect") && f.code == 0)
    }) {
        let body = |s: &str| s.rsplit("\r\n\r\n").next().unwrap_or(s).to_string();
        let Ok(raw) = serde_json::from_str::<serde_json::Value>(&body(&f.stdout)) else {
            continue;
        };
        let (_, Some(Ok(c))) = filtered(f) else {
            panic!("{}: JSON body not compacted", f.name);
        };
        let got: serde_json::Value = serde_json::from_str(&body(&c.stdout)).unwrap();
        assert_eq!(got, raw, "{}", f.name);
        assert!(c.stdout.len() < f.stdout.len(), "{}: not minified", f.name);
        checked += 1;
    }
    assert!(checked >= 3, "JSON fixtures missing");
}

/// A `gh api` fixture whose call sends fields or names a method (a write, or `-X GET`).
fn gh_api_writes(f: &Fixture) -> bool {
    f.argv.get(1).is_some_and(|a| a == "api") && f.argv.iter().any(|a| a == "-f" || a == "-X")
}

#[test]
fn gh_api_writes_keep_every_member_but_the_named_echoes() {
    use serde_json::{Map, Value};
    let mut checked = 0;
    for f in fixtures()
        .iter()
        .filter(|f| f.tool == "gh" && gh_api_writes(f) && f.code == 0)
    {
        let (plan, Some(Ok(c))) = filtered(f) else {
            panic!("{}: not compacted", f.name);
        };
        assert_eq!(plan, Plan::Capture { stderr: false }, "{}", f.name);
        let (filter, inv) = lookup(&f.argv[0], &f.argv[1..]).unwrap();
        assert!(
            !filter.repeatable(&inv),
            "{}: a write is repeatable",
            f.name
        );
        let raw: Map<String, Value> = serde_json::from_str(&f.stdout).unwrap();
        let got: Map<String, Value> = serde_json::from_str(&c.stdout).unwrap();
        let note = c.elided.unwrap_or_default();
        for (k, v) in &raw {
            match got.get(k) {
                Some(kept) if kept == v => {}
                // A user object: its login, exactly.
                Some(kept) => {
                    assert_eq!(kept, &serde_json::json!({ "login": v["login"] }), "{k}");
                    assert!(note.contains(&format!("{k}'s fields but login")), "{note}");
                }
                None => assert!(
                    note.contains(k.as_str()),
                    "{}: {k} left out unnamed",
                    f.name
                ),
            }
        }
        for fact in ["id", "html_url", "created_at", "path", "commit_id"] {
            assert!(got.contains_key(fact), "{}: lost {fact}", f.name);
        }
        checked += 1;
    }
    assert!(checked >= 2, "gh api write fixtures missing");
}

#[test]
fn plan_table_interactive_and_unknown_forms_pass_through() {
    let capture = |s: bool| Plan::Capture { stderr: s };
    let cases: &[(&str, Plan)] = &[
        ("cargo test", capture(true)),
        ("cargo test -- --list", Plan::Passthrough),
        ("cargo nextest list", Plan::Passthrough),
        ("cargo nextest run", capture(true)),
        ("cargo clippy --all-targets", capture(true)),
        ("pytest -x", capture(false)),
        ("pytest --pdb", Plan::Passthrough),
        ("python3 -m pytest --collect-only", Plan::Passthrough),
        ("go test -json ./...", capture(false)),
        ("npm test", capture(true)),
        ("npm run", Plan::Passthrough),
        ("npx jest --ci", capture(true)),
        ("npx jest --watch", Plan::Passthrough),
        ("npx tsc --noEmit", capture(false)),
        ("npx cowsay hi", Plan::Passthrough),
        ("npx -p typescript tsc", Plan::Passthrough),
        ("pnpm exec vitest run", capture(true)),
        ("vitest watch", Plan::Passthrough),
        ("tsc -w", Plan::Passthrough),
        ("eslint -f json src", Plan::Passthrough),
        ("ruff check --fix .", Plan::Passthrough),
        ("make -n", Plan::Passthrough),
        ("make all", capture(false)),
        ("docker ps -a", capture(false)),
        ("docker ps --format {{.Names}}", Plan::Passthrough),
        ("docker logs -f web", Plan::Passthrough),
        ("docker compose up -d", capture(true)),
        ("docker compose up", Plan::Passthrough),
        ("docker compose up --build", Plan::Passthrough),
        ("docker compose -f x.yml up -d --build", capture(true)),
        ("docker compose --progress tty build", Plan::Passthrough),
        ("docker compose build", capture(true)),
        ("docker build -t shop .", capture(true)),
        ("docker build --progress=plain .", capture(true)),
        ("docker build -q .", Plan::Passthrough),
        ("docker build -o - .", Plan::Passthrough),
        ("docker build --progress tty .", Plan::Passthrough),
        ("docker inspect web", capture(false)),
        ("docker inspect -f {{.Id}} web", Plan::Passthrough),
        ("docker inspect --format={{.Id}} web", Plan::Passthrough),
        ("docker-compose up -d", capture(true)),
        ("docker-compose up", Plan::Passthrough),
        ("cargo doc --no-deps", capture(true)),
        ("cargo doc --open", Plan::Passthrough),
        ("cargo bench", capture(true)),
        ("python -m django test", capture(true)),
        ("python -m django runserver", Plan::Passthrough),
        ("./manage.py test cart", capture(true)),
        ("./manage.py migrate", Plan::Passthrough),
        ("./manage.py test --help", Plan::Passthrough),
        ("./tests/runtests.py basic", capture(true)),
        ("./tests/runtests.py --help", Plan::Passthrough),
        ("python -m unittest -v", capture(true)),
        ("docker compose -f x.yml ps", capture(false)),
        ("docker container ls", capture(false)),
        ("kubectl get pods -o json", Plan::Passthrough),
        ("kubectl get pods -w", Plan::Passthrough),
        ("kubectl logs -f web", Plan::Passthrough),
        ("kubectl describe pod web", capture(false)),
        ("gh pr list", capture(false)),
        ("gh pr create --fill", Plan::Passthrough),
        ("gh pr view 1 --web", Plan::Passthrough),
        ("gh run view 1 --log", Plan::Passthrough),
        ("curl -s https://x", capture(true)),
        ("curl -sSLo out.bin https://x", Plan::Passthrough),
        ("curl -O https://x/file", Plan::Passthrough),
        ("curl --output=f https://x", Plan::Passthrough),
        ("curl -I https://x", Plan::Passthrough),
        ("wget https://x/f", capture(true)),
        ("wget -qO- https://x", Plan::Passthrough),
        ("wget -O - https://x", Plan::Passthrough),
        ("pip install -r requirements.txt", capture(false)),
        ("pip list --format=json", Plan::Passthrough),
        ("docker run --rm alpine echo hi", capture(true)),
        ("docker run -it alpine sh", Plan::Passthrough),
        ("docker run -d nginx", Plan::Passthrough),
        ("docker exec web ls", capture(true)),
        ("docker exec -it web sh", Plan::Passthrough),
        ("psql -c select", capture(false)),
        ("psql app", Plan::Passthrough),
        ("sqlite3 app.db .tables", capture(false)),
        ("sqlite3 app.db", Plan::Passthrough),
        ("mysql -e select", capture(false)),
        ("mysql -p app", Plan::Passthrough),
        ("stat a", capture(false)),
        ("stat -c %s a", Plan::Passthrough),
    ];
    for (line, want) in cases {
        let w: Vec<String> = line.split_whitespace().map(String::from).collect();
        let got = lookup(&w[0], &w[1..]).map_or(Plan::Passthrough, |(f, inv)| f.plan(&inv));
        assert_eq!(got, *want, "{line}");
    }
}

/// shellcheck's tty report, filtered, names every problem its `-f gcc` form of the same run
/// names: same `file:line:col`, code and message (columns are recomputed from the carets).
#[test]
fn shellcheck_keeps_every_problem_of_its_gcc_format() {
    let all = fixtures();
    let get = |name: &str| {
        all.iter()
            .find(|f| f.tool == "shellcheck" && f.name == name)
            .expect("shellcheck fixture")
    };
    let expanded = devfacts::ungroup(&shown(get("issues")));
    let gcc = re(r"(?m)^(\S+:\d+:\d+): (?:error|warning|note): (.+) \[(SC\d+)\]$");
    let mut checked = 0;
    for c in gcc.captures_iter(&get("issues-gcc").stdout) {
        let d = (c[1].to_string(), c[3].to_string(), c[2].to_string());
        assert!(
            devfacts::has_diag(&expanded, "\0", &d),
            "lost {d:?}\n--- expanded\n{expanded}"
        );
        checked += 1;
    }
    assert!(checked >= 15, "too few shellcheck problems: {checked}");
}
