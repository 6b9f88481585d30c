//! Table tests: the entries are well formed, every route's example is rewritten and compacted
//! by the route's filter, and a command is rewritten exactly when a filter compacts it
//! (the drift cases of issue 19 included).

use std::collections::HashSet;

use super::*;
use crate::config::HooksConfig;
use crate::filters::registry::{by_name, lookup, FILTERS};
use crate::filters::Plan;
use crate::recognise;

/// The argv a shell passes for `line`: words split at blanks, `'…'` and `"…"` quoting (quotes
/// removed), as `rtk <program>` receives them; enough for the lines of these tables.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_default().push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            None if c.is_whitespace() => out.extend(word.take()),
            None => word.get_or_insert_default().push(c),
        }
    }
    out.extend(word);
    out
}

/// The real rewrite engine's answer for `line`.
fn rewritten(line: &str) -> Option<String> {
    crate::rewrite::rewrite_line(
        line,
        &crate::shell::parse(line),
        &HooksConfig::default(),
        None,
    )
    .line
}

/// The filter that would compact `line` (a plan other than passthrough), by name.
fn compacting_filter(line: &str) -> Option<&'static str> {
    let w = words(line);
    let (f, inv) = lookup(&w[0], &w[1..])?;
    (f.plan(&inv) != Plan::Passthrough).then(|| f.name())
}

#[test]
fn entries_are_well_formed() {
    let mut names = HashSet::new();
    let mut used = HashSet::new();
    for p in PROGRAMS {
        assert!(!p.names.is_empty() && !p.routes.is_empty(), "{p:?}");
        assert!(!p.rewrite.note.is_empty(), "{p:?} has no note");
        for n in p.names {
            // A path form is a project's own launcher, relative and exact (`./mvnw`).
            assert!(
                !n.is_empty() && !n.contains(' ') && !n.starts_with('/') && !n.contains(".."),
                "{n:?}"
            );
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
            // The name is a registered filter's.
            assert!(
                by_name(r.filter).is_some(),
                "{p:?}: no filter named {}",
                r.filter
            );
            used.insert(r.filter);
        }
    }
    for n in ["sudo", "rtk", "env", "bash", "cargo-fmt"] {
        assert!(rule_for(n).is_none(), "{n}");
    }
    // The registry: one name, one filter, each served by some route.
    let mut registered = HashSet::new();
    for f in FILTERS {
        assert!(registered.insert(f.name()), "{} registered twice", f.name());
        assert!(
            used.contains(f.name()),
            "{} is served by no route",
            f.name()
        );
    }
}

#[test]
fn every_route_is_rewritten_and_compacted() {
    let mut failures = Vec::new();
    for p in PROGRAMS {
        for r in p.routes {
            if !r.example.starts_with(&format!("{} ", p.names[0])) {
                failures.push(format!(
                    "{p:?}: example {:?} is not under {}",
                    r.example, p.names[0]
                ));
            }
            for line in p.examples(r) {
                let want = format!("rtk {line}");
                if rewritten(&line).as_deref() != Some(want.as_str()) {
                    failures.push(format!("{line}: not rewritten"));
                }
                let got = compacting_filter(&line);
                if got != Some(r.filter) {
                    failures.push(format!("{line}: compacted by {got:?}, not {}", r.filter));
                }
                // The example reaches this very route, not an earlier one.
                let w = words(&line);
                let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
                if !p.route(&args).is_some_and(|(hit, _)| std::ptr::eq(hit, r)) {
                    failures.push(format!("{line}: reaches another route"));
                }
            }
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
        ("bundle exec rspec spec/a_spec.rb", Some("runner")),
        ("uv run pytest -x", Some("runner")),
        ("rake test", Some("minitest")),
        // Filtered since the package-install routes (issue 20, G2).
        ("npm install", Some("js-install")),
        ("npm ci", Some("js-install")),
        ("pnpm install", Some("js-install")),
        ("yarn add left-pad", Some("js-install")),
        ("npm install --json", None),
        ("yarn install --flat", None),
        // Rewritten once, with no filter (plain passthrough): now neither.
        ("cargo fmt", None),
        ("cargo install ripgrep", None),
        ("kubectl apply -f x.yaml", None),
        ("pip freeze", None),
        ("pip3 show requests", None),
        ("pnpm outdated", None),
        ("gh release list", None),
        ("ruff format .", None),
        // A GET read, its JSON minified; writes (issue 38); never a `--jq` projection.
        ("gh api repos/x/y", Some("gh-api")),
        ("gh api repos/x/y --jq .name", None),
        ("gh api -X POST repos/x/y", Some("gh-api")),
        (
            "gh api repos/x/y/pulls/1/comments/2/replies -f body=Fixed",
            Some("gh-api"),
        ),
        ("gh api graphql -f query=x", None),
        ("gh api -f query=x graphql", None),
        ("gh api repos/x/y --template x", None),
        ("gh api repos/x/y --silent", None),
        ("gh api repos/x/y --unknown-flag", None),
        // Filtered since issue 32's coverage.
        ("docker build .", Some("docker")),
        ("docker compose build", Some("docker")),
        ("docker compose up -d", Some("docker")),
        ("docker inspect web", Some("docker")),
        ("cargo doc", Some("cargo-build")),
        ("cargo bench", Some("cargo-bench")),
        ("python -m django test", Some("unittest")),
        ("./tests/runtests.py basic", Some("unittest")),
        ("python manage.py test", Some("unittest")),
        ("python3 ./manage.py test polls", Some("unittest")),
        ("python tests/runtests.py basic -v 2", Some("unittest")),
        // Issue 32's forms that stay the program's: attached, browser, template, writes.
        ("docker compose up", None),
        ("docker build -q .", None),
        ("docker inspect -f x web", None),
        ("cargo doc --open", None),
        ("python manage.py runserver", None),
        ("python manage.py test --help", None),
        ("python manage.py", None),
        ("python other/manage.py test", None),
        ("python setup.py test", None),
        ("python -u manage.py test", None),
        ("python pytest", None),
        ("python -m manage.py test", None),
        ("python -m django migrate", None),
        // Never either.
        ("git rebase -i HEAD~2", None),
        ("git --version", None),
        ("python3 -u -m pytest", None),
        ("docker logs -f web", None),
        ("kubectl get pods -w", None),
        ("cargo nextest list", None),
        ("htop", None),
        ("bundle exec rails server", None),
        ("uv run python app.py", None),
        ("rake test db:migrate", None),
        ("rails server", None),
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
    let rows = crate::shell::tests::tsv_rows(include_str!("../../tests/vectors/rewrite.tsv"));
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

#[test]
fn path_forms_are_exact_and_bare_names_keep_their_basename_lookup() {
    // A project's launcher by its exact relative form reaches the bare program's filter.
    assert_eq!(
        compacting_filter("./mvnw test"),
        compacting_filter("mvn test")
    );
    assert_eq!(
        compacting_filter("vendor/bin/phpunit tests"),
        compacting_filter("phpunit tests")
    );
    assert!(compacting_filter("./mvnw test").is_some());
    // Another folder's `mvnw` is not the entry's (no name `mvnw`); `/usr/bin/git` still is git.
    assert_eq!(compacting_filter("/tmp/x/mvnw test"), None);
    assert_eq!(compacting_filter("mvnw test"), None);
    assert_eq!(
        compacting_filter("/usr/bin/git status"),
        compacting_filter("git status")
    );
    // The rewrite matches the word exactly: no path form it does not list.
    assert_eq!(rewritten("../vendor/bin/phpunit tests"), None);
    assert_eq!(
        rewritten("./mvnw -q test").as_deref(),
        Some("rtk ./mvnw -q test")
    );
}

/// Issue 20, group G3 (JVM, .NET, PHP, Go linters, infrastructure CLIs): the forms rewritten
/// (with the filter that compacts them) and the forms left alone.
#[test]
fn g3_forms() {
    let cases: &[(&str, Option<&str>)] = &[
        ("gradle test", Some("gradle")),
        ("./gradlew build --offline", Some("gradle")),
        (
            "gradle :app:test --tests 'shop.CartTest' -x javadoc",
            Some("gradle"),
        ),
        (
            "gradle clean build -Pprofile=ci --warning-mode all",
            Some("gradle"),
        ),
        ("./gradlew check --console plain", Some("gradle")),
        ("gradle", None),
        ("gradle bootRun", None),
        ("./gradlew run", None),
        ("gradle test --continuous", None),
        ("gradle test -t", None),
        ("gradle build --scan", None),
        ("gradle --version", None),
        ("gradle dependencies", None),
        ("gradle test --console rich", None),
        ("gradlew test", None),
        ("terraform plan -input=false", Some("terraform")),
        (
            "terraform -chdir=infra plan -input=false -out=tf.plan",
            Some("terraform"),
        ),
        (
            "terraform plan -destroy -input=false -var 'env=prod'",
            Some("terraform"),
        ),
        ("terraform validate", Some("terraform")),
        ("terraform validate -json", Some("terraform")),
        ("terraform plan", None),
        ("terraform plan -input=true", None),
        ("terraform apply -input=false", None),
        ("terraform apply -auto-approve", None),
        ("terraform destroy -input=false", None),
        ("terraform console", None),
        ("terraform import -input=false a.b id", None),
        ("terraform state list", None),
        ("terraform fmt -check", None),
        ("terraform -help plan", None),
        ("terraform", None),
        ("dotnet build", Some("dotnet")),
        ("dotnet build src/Shop.sln -c Release", Some("dotnet")),
        (
            "dotnet test --filter 'FullyQualifiedName~Cart' --no-build",
            Some("dotnet"),
        ),
        ("dotnet restore", Some("dotnet")),
        ("dotnet", None),
        ("dotnet run", None),
        ("dotnet watch test", None),
        ("dotnet build --help", None),
        ("dotnet test -tl:on", None),
        ("dotnet restore --interactive", None),
        ("dotnet --info", None),
        ("dotnet -d build", None),
        ("dotnet publish", None),
        ("golangci-lint run", Some("golangci-lint")),
        (
            "golangci-lint run ./... --timeout 5m",
            Some("golangci-lint"),
        ),
        (
            "golangci-lint run --fix ./internal/...",
            Some("golangci-lint"),
        ),
        ("golangci-lint", None),
        ("golangci-lint linters", None),
        ("golangci-lint run --out-format json", None),
        ("golangci-lint run --out-format=json", None),
        ("golangci-lint run --output.json.path=stdout", None),
        ("golangci-lint run --help", None),
        ("golangci-lint --version", None),
        ("phpstan analyse src", Some("phpstan")),
        (
            "vendor/bin/phpstan analyse -l 8 --memory-limit=1G src",
            Some("phpstan"),
        ),
        (
            "./vendor/bin/phpstan analyze --no-progress",
            Some("phpstan"),
        ),
        ("phpstan analyse --error-format=table", Some("phpstan")),
        ("phpstan", None),
        ("phpstan analyse --error-format=json", None),
        ("phpstan analyse --error-format github", None),
        ("phpstan analyse --pro", None),
        ("phpstan --version", None),
        ("phpstan clear-result-cache", None),
        ("aws ec2 describe-instances", Some("aws")),
        (
            "aws --profile prod --region eu-west-1 s3api list-objects-v2 --bucket b",
            Some("aws"),
        ),
        ("aws iam list-users --output table", Some("aws")),
        ("aws sts get-caller-identity --query Account", Some("aws")),
        ("aws", None),
        ("aws help", None),
        ("aws ec2 help", None),
        ("aws s3 ls", None),
        ("aws s3 cp a s3://b/a", None),
        ("aws ec2 run-instances --image-id x", None),
        ("aws ec2 terminate-instances --instance-ids i-1", None),
        ("aws logs tail /app --follow", None),
        ("aws s3api get-object --bucket b --key k out.bin", None),
        ("aws secretsmanager get-secret-value --secret-id x", None),
        ("aws ecr get-login-password", None),
        ("aws sts get-session-token", None),
        ("aws ssm get-parameter --name db --with-decryption", None),
        ("aws configure list", None),
        // Minified JSON is one line: never in a pipeline (`| head` would take all of it).
        ("aws ec2 describe-instances | head -5", None),
        ("aws configure get region", None),
        ("aws ec2 describe-instances --output text", None),
        ("aws ec2 describe-instances --output yaml", None),
        ("aws --debug ec2 describe-instances", None),
        ("aws ec2 describe-instances --generate-cli-skeleton", None),
        ("pest", Some("pest")),
        (
            "vendor/bin/pest --filter 'discount' tests/Unit",
            Some("pest"),
        ),
        ("./vendor/bin/pest --parallel", Some("pest")),
        ("pest --watch", None),
        ("pest --init", None),
        ("pest --teamcity", None),
        ("php artisan test", Some("pest")),
        ("php artisan test --filter CartTest", Some("pest")),
        ("php artisan", None),
        ("php artisan migrate", None),
        ("php artisan serve", None),
        ("php artisan test --help", None),
        ("php -d memory_limit=1G artisan test", None),
        ("php script.php", None),
        ("php -r 'echo 1;'", None),
        ("php", None),
        ("sbt test", Some("sbt")),
        ("sbt clean compile", Some("sbt")),
        ("sbt 'testOnly shop.CartSpec'", Some("sbt")),
        ("sbt -Dconfig=ci Test/compile", Some("sbt")),
        ("sbt --batch test", Some("sbt")),
        ("sbt", None),
        ("sbt ~test", None),
        ("sbt run", None),
        ("sbt console", None),
        ("sbt --client test", None),
        ("sbt shell", None),
        ("sbt 'testOnly shop.CartSpec' run", None),
        ("gcloud compute instances list", Some("gcloud")),
        (
            "gcloud --project shop-prod run services list --region europe-west1",
            Some("gcloud"),
        ),
        (
            "gcloud projects list --filter 'name:shop*' --limit 5",
            Some("gcloud"),
        ),
        ("gcloud", None),
        ("gcloud compute instances list --format=json", None),
        ("gcloud compute instances list --format json", None),
        ("gcloud compute instances create web", None),
        ("gcloud compute ssh web", None),
        ("gcloud auth print-access-token", None),
        ("gcloud compute instances list --uri", None),
        ("helm list", Some("helm")),
        ("helm ls -n shop", Some("helm")),
        ("helm list --all-namespaces", Some("helm")),
        ("helm history web", Some("helm")),
        ("helm list -o json", None),
        ("helm list --short", None),
        ("helm install web ./chart", None),
        ("helm upgrade web ./chart", None),
        ("helm", None),
        ("glab mr list", Some("glab")),
        ("glab mr view 42", Some("glab")),
        ("glab mr diff 42", Some("glab")),
        ("glab issue list --label bug", Some("glab")),
        ("glab issue view 17 --output json", Some("glab")),
        ("glab mr view 42 --web", None),
        ("glab mr create --fill", None),
        ("glab mr merge 42", None),
        ("glab issue close 17", None),
        ("glab ci view", None),
        ("glab", None),
    ];
    assert_forms(cases);
}

/// H1 (issue 20): which C/C++ build and checker forms are rewritten, to which filter.
#[test]
fn h1_forms() {
    let cases: &[(&str, Option<&str>)] = &[
        ("gcc -Wall -c main.c -o main.o", Some("cc")),
        ("g++ -std=c++17 -O2 -c shapes.cpp", Some("cc")),
        ("cc main.c util.c -o app", Some("cc")),
        ("clang -fsyntax-only main.c", Some("cc")),
        ("clang++ -S x.cpp", Some("cc")),
        ("gcc main.c", None),
        ("gcc -E main.c", None),
        ("gcc -MM main.c", None),
        ("gcc -MD -c main.c", None),
        ("gcc --version", None),
        ("gcc -v -c main.c", None),
        ("gcc -c main.c -fdiagnostics-format=json", None),
        ("gcc @args.rsp", None),
        ("gcc -c main.c 2>&1 | head", None),
        ("shellcheck deploy.sh lib.sh", Some("shellcheck")),
        ("shellcheck -x -S warning scripts/*.sh", Some("shellcheck")),
        ("shellcheck", None),
        ("shellcheck -f gcc deploy.sh", None),
        ("shellcheck --format=json deploy.sh", None),
        ("shellcheck --version", None),
        ("cmake --build build", Some("cmake-build")),
        (
            "cmake --build build --target cart -j 4",
            Some("cmake-build"),
        ),
        ("cmake -S . -B build", None),
        ("cmake --build build --verbose", None),
        ("cmake", None),
        ("ctest", Some("ctest")),
        (
            "ctest --test-dir build -j4 --output-on-failure",
            Some("ctest"),
        ),
        ("ctest -R cart -E slow", Some("ctest")),
        ("ctest -V", None),
        ("ctest --progress", None),
        ("ctest -D Experimental", None),
        ("ctest -S script.cmake", None),
        ("prove", Some("prove")),
        ("prove -lv t/", Some("prove")),
        ("prove -l -j4 -I lib t/cart.t t/tax.t", Some("prove")),
        ("prove --timer t/", None),
        ("prove --help", None),
        ("prove -D t/", None),
        ("prove t/ :: --db test", None),
    ];
    assert_forms(cases);
}

/// Each line is rewritten and compacted by the named filter, or (`None`) not rewritten.
fn assert_forms(cases: &[(&str, Option<&str>)]) {
    let mut failures = Vec::new();
    for (line, want) in cases {
        let rw = rewritten(line);
        let got = rw.as_ref().and_then(|_| compacting_filter(line));
        if got != *want {
            failures.push(format!(
                "{line}: filter {got:?} (want {want:?}), rewritten {rw:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The filters' plans read the same scope as the rewrite, under the word `rtk` ran (a path
/// form's basename too).
#[test]
fn in_scope_reads_the_route_scope() {
    let cases: &[(&str, &str, bool)] = &[
        ("mvn", "clean test", true),
        ("mvnw", "test", true),
        ("./mvnw", "test", true),
        ("mvn", "exec:java", false),
        ("pyright", "--outputjson src", false),
        ("tox", "-e py --parallel", false),
        ("tox", "-e py", true),
        ("php", "artisan test", true),
        ("php", "artisan serve", false),
        ("not-a-program", "x", false),
    ];
    for (program, args, want) in cases {
        let args: Vec<&str> = args.split_whitespace().collect();
        assert_eq!(super::in_scope(program, &args), *want, "{program} {args:?}");
    }
}

#[test]
fn a_runner_hands_its_output_to_its_tools_filter() {
    let f = |line: &str| {
        let w: Vec<&str> = line.split_whitespace().collect();
        super::output_filter(super::program(w[0]).unwrap(), &w[1..])
    };
    assert_eq!(f("npx jest --ci"), Some("jest"));
    assert_eq!(f("npx tsc --noEmit"), Some("tsc"));
    assert_eq!(f("pnpm exec jest"), Some("jest"));
    assert_eq!(f("uv run pytest -x"), Some("pytest"));
    assert_eq!(f("cargo test"), Some("cargo-test"));
    // An npx option before the tool, a tool with no entry, a runner of a runner: none.
    assert_eq!(f("npx --yes jest"), None);
    assert_eq!(f("npx cowsay hi"), None);
    assert_eq!(f("npx npx jest"), None);
    // The tool's own scope: `jest --watch` has no rtk form.
    assert_eq!(f("npx jest --watch"), None);
}
