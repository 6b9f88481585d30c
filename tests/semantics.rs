//! Semantics preservation: for every program of the rewrite table (`rtk::rewrite::RULES`), the
//! raw command and its rtk form are run through `/bin/sh -c` under a PATH whose programs are
//! stub scripts that record the argv and the environment they receive. The recordings must be
//! identical: rtk runs exactly what the user wrote, with exactly the user's environment.
//! Besides the cases below, every route's example of the program table runs, under each name
//! of its entry, so a program added to the table is covered here without a new line.

use std::collections::BTreeSet;
use std::path::Path;

use assert_cmd::Command;
use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::evaluate;

use crate::common::TestEnv;

/// At least one command line per rule-table program; each must have an rtk form.
const CASES: &[(&str, &[&str])] = &[
    (
        "git",
        &[
            "git status --short",
            "git log --oneline -3 -- 'a b'",
            "git -C . diff HEAD~1",
            "git -P status",
            "git commit -m 'two  spaces' --allow-empty",
            "FOO='x y' git status",
        ],
    ),
    ("ls", &["ls -la 'a b' \"c\""]),
    ("tree", &["tree -L 2 ."]),
    ("find", &["find . -name '*.rs' -type f"]),
    ("cat", &["cat 'one file.txt'", "cat -n 'one file.txt' b"]),
    ("head", &["head -n 5 f.txt"]),
    ("tail", &["tail -n +3 f.txt"]),
    ("grep", &["grep -rn 'foo  bar' ."]),
    ("egrep", &["egrep -rn 'a|b' ."]),
    ("fgrep", &["fgrep -rn 'a b' ."]),
    ("rg", &["rg -n --hidden foo"]),
    ("wc", &["wc -l f.txt"]),
    ("diff", &["diff -u a.txt b.txt"]),
    (
        "cargo",
        &[
            "cargo test --lib -- --nocapture",
            "cargo +stable build --release",
            "cargo doc --no-deps -p shop",
            "cargo +nightly bench --bench prices -- 'sort 1000'",
        ],
    ),
    ("pytest", &["pytest -x -q tests/"]),
    ("py.test", &["py.test -x"]),
    (
        "python",
        &[
            "python -m pytest -x",
            "python -m django test --settings=shop.settings -v 2 cart.tests",
            "python -m unittest -v test_calc.AddTests",
        ],
    ),
    (
        "./tests/runtests.py",
        &["./tests/runtests.py --verbosity 2 'basic.tests.ModelTest'"],
    ),
    ("./manage.py", &["DJANGO_SETTINGS_MODULE=shop.settings ./manage.py test cart"]),
    ("python3", &["python3 -m pytest -x -k 'a or b'"]),
    ("go", &["go test ./... -run 'Test X'"]),
    ("npm", &["npm run build -- --mode=prod"]),
    ("pnpm", &["pnpm test -- --silent"]),
    ("npx", &["npx prettier --check ."]),
    ("bunx", &["bunx tsc --noEmit"]),
    ("jest", &["jest --ci src"]),
    ("vitest", &["vitest run"]),
    ("tsc", &["tsc --noEmit -p ."]),
    ("vue-tsc", &["vue-tsc --noEmit"]),
    ("eslint", &["eslint src --ext .ts"]),
    ("ruff", &["ruff check ."]),
    ("mypy", &["mypy src"]),
    ("flake8", &["flake8 src"]),
    (
        "docker",
        &[
            "docker ps -a",
            "docker compose logs web",
            "docker --context prod ps",
            "docker run --rm -e 'A=a b' alpine sh -c 'echo \"$A\"'",
            "docker exec -u 1000 web ls '/a dir'",
            "docker build -t 'shop:1' --build-arg 'NOTE=a b' .",
            "docker compose -f 'a b.yml' up -d --build web",
            "docker compose build --no-cache web",
            "docker inspect --type container web",
        ],
    ),
    (
        "docker-compose",
        &["docker-compose logs web", "docker-compose up -d db", "docker-compose build web"],
    ),
    (
        "kubectl",
        &["kubectl get pods -A", "kubectl -n prod get pods"],
    ),
    ("gh", &["gh pr list --limit 5"]),
    ("curl", &["curl -s https://example.invalid/x"]),
    ("wget", &["wget -q -O- https://example.invalid/x"]),
    ("pip", &["pip list --outdated"]),
    ("pip3", &["pip3 list --outdated"]),
    ("make", &["make -j2 all"]),
    ("ps", &["ps -o pid,comm -p 1", "ps aux"]),
    ("df", &["df -h /tmp 'a b'"]),
    (
        "composer",
        &["COMPOSER=alt.json composer require 'acme/log:^1.0' --no-update"],
    ),
    (
        "./mvnw",
        &["./mvnw -q -pl core test", "MAVEN_OPTS='-Xmx1g' ./mvnw test"],
    ),
    (
        "gradle",
        &["gradle :app:test --tests 'shop.Cart*' -x javadoc"],
    ),
    (
        "./gradlew",
        &["JAVA_OPTS='-Xmx1g' ./gradlew --offline clean build"],
    ),
    (
        "terraform",
        &["terraform -chdir=infra plan -input=false -var 'env=prod x'"],
    ),
    (
        "dotnet",
        &["DOTNET_CLI_TELEMETRY_OPTOUT=1 dotnet test --filter 'Name~Cart x'"],
    ),
    (
        "golangci-lint",
        &["golangci-lint run --enable-only 'errcheck' ./..."],
    ),
    ("phpstan", &["phpstan analyse -l 8 'src dir'"]),
    (
        "vendor/bin/phpstan",
        &["vendor/bin/phpstan analyse --memory-limit=1G src"],
    ),
    (
        "./vendor/bin/phpstan",
        &["./vendor/bin/phpstan analyze src"],
    ),
    ("sbt", &["SBT_OPTS='-Xmx2g' sbt -Dx=1 'testOnly shop.CartSpec' test"]),
    (
        "gcloud",
        &["gcloud --project shop compute instances list --filter 'name:web 1'"],
    ),
    ("helm", &["KUBECONFIG=/tmp/k helm list -n 'shop'"]),
    ("glab", &["GITLAB_HOST=gl.example glab mr list --label 'needs review'"]),
    ("pest", &["pest --filter 'applies discount' tests"]),
    ("vendor/bin/pest", &["vendor/bin/pest --parallel"]),
    ("./vendor/bin/pest", &["./vendor/bin/pest tests/Unit"]),
    ("php", &["APP_ENV=testing php artisan test --filter 'Cart Test'"]),
    (
        "aws",
        &["AWS_PROFILE=prod aws --region eu-west-1 ec2 describe-instances --filters 'Name=tag:Name,Values=web 1'"],
    ),
    (
        "vendor/bin/phpunit",
        &["vendor/bin/phpunit --filter 'testAdd|testSub' tests"],
    ),
    ("./vendor/bin/phpunit", &["./vendor/bin/phpunit tests"]),
    ("bin/rails", &["bin/rails test test/models/user_test.rb:12"]),
    (
        "bundle",
        &[
            "bundle exec bin/rails test",
            "bundle exec rspec --seed 1 spec",
        ],
    ),
    ("gmake", &["gmake -j2 all"]),
    (
        "psql",
        &[
            "PGHOST=/tmp psql -d app -c 'select * from t where a = $1' -v x=1",
            "psql -qAt --file=q.sql",
        ],
    ),
    (
        "sqlite3",
        &["sqlite3 -header -column app.db 'select \"a  b\" as x;' .tables"],
    ),
    (
        "mariadb",
        &["mariadb -uroot -psecret shop -te 'select \"x\"'"],
    ),
];

/// A stub that records its argv (NUL-separated) and environment (`env -0`) under `$STUB_LOG`,
/// one pair of files per invocation, then prints a line.
const STUB: &str = r#"#!/bin/sh
{ printf '%s\0' "$0" "$@"; } > "$STUB_LOG/$$.argv"
/usr/bin/env -0 > "$STUB_LOG/$$.env"
printf 'stub %s ran\n' "$0"
"#;

/// Bare names go in `dir` (on PATH); path forms (`./mvnw`, `vendor/bin/phpunit`) under `work`,
/// where the command line runs.
fn write_stubs(dir: &Path, work: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    for name in rtk::rewrite::rules().iter().flat_map(|r| r.names) {
        let p = if name.contains('/') {
            work.join(name)
        } else {
            dir.join(name)
        };
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, STUB).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// Every invocation recorded in `log`: (argv, sorted environment), as a set of texts.
fn recordings(log: &Path) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(log).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "argv") {
            let argv = std::fs::read_to_string(&path).unwrap().replace('\0', " ␀ ");
            let env = std::fs::read_to_string(path.with_extension("env")).unwrap();
            let mut vars: Vec<&str> = env.split('\0').filter(|v| !v.is_empty()).collect();
            vars.sort_unstable();
            out.insert((argv, vars.join("\n")));
        }
    }
    out
}

/// Runs `line` with `/bin/sh -c` in `t`'s work dir with PATH = stubs, then rtk's own dir.
fn run_line(t: &TestEnv, line: &str, log: &Path) -> BTreeSet<(String, String)> {
    let _ = std::fs::remove_dir_all(log);
    std::fs::create_dir_all(log).unwrap();
    let stubs = t.root.path().join("stubs");
    let rtk_dir = t.root.path().join("rtk-bin");
    let out = Command::new("/bin/sh")
        .arg("-c")
        .arg(line)
        .env_clear()
        .env("HOME", t.home())
        .env("XDG_CONFIG_HOME", t.root.path().join("xdg-config"))
        .env("XDG_DATA_HOME", t.root.path().join("xdg-data"))
        .env("PATH", format!("{}:{}", stubs.display(), rtk_dir.display()))
        .env("STUB_LOG", log)
        .env("LANG", "C.UTF-8")
        .current_dir(t.work())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{line:?}: {:?}\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    recordings(log)
}

#[test]
fn every_case_names_a_table_program() {
    for (program, _) in CASES {
        assert!(
            rtk::rewrite::rule_for(program).is_some(),
            "case for {program}, which has no rewrite rule"
        );
    }
}

/// Every line the test runs: the cases above, then every route's example in the program table
/// under each of its names, so a new entry is covered without a line here.
fn lines() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = CASES
        .iter()
        .flat_map(|(p, lines)| lines.iter().map(|l| (p.to_string(), l.to_string())))
        .collect();
    for p in rtk::rewrite::rules() {
        for r in p.routes {
            for line in p.examples(r) {
                out.push((p.names[0].to_string(), line));
            }
        }
    }
    out
}

#[test]
fn rtk_form_runs_the_same_argv_and_environment() {
    let t = TestEnv::new();
    write_stubs(&t.root.path().join("stubs"), &t.work());
    let rtk_dir = t.root.path().join("rtk-bin");
    std::fs::create_dir_all(&rtk_dir).unwrap();
    std::os::unix::fs::symlink(assert_cmd::cargo::cargo_bin("rtk"), rtk_dir.join("rtk")).unwrap();
    for (name, text) in [
        ("one file.txt", "a\nb\n"),
        ("f.txt", "1\n2\n3\n4\n"),
        ("a.txt", "a\n"),
        ("b.txt", "b\n"),
    ] {
        t.write(Path::new("work").join(name), text);
    }
    let log = t.root.path().join("log");
    let mut failures = Vec::new();
    let mut ran = 0;
    for (program, line) in &lines() {
        let line = line.as_str();
        let d = evaluate(
            line,
            rtk::hosts::of(Agent::Claude),
            &RuleSet::default(),
            &HooksConfig::default(),
        );
        let Some(rewritten) = d.rewritten else {
            failures.push(format!(
                "{program}: {line:?} has no rtk form ({})",
                d.reason
            ));
            continue;
        };
        let raw = run_line(&t, line, &log);
        let via_rtk = run_line(&t, &rewritten, &log);
        if raw.is_empty() {
            failures.push(format!("{line:?}: the stub was never run"));
        } else if raw != via_rtk {
            failures.push(format!(
                "{line:?} vs {rewritten:?}:\n  raw: {raw:?}\n  rtk: {via_rtk:?}"
            ));
        }
        ran += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let routes: usize = rtk::rewrite::rules().iter().map(|p| p.routes.len()).sum();
    assert!(ran >= CASES.len() + routes, "{ran} lines ran");
}
