//! Test-runner, build and CLI filters driven through the real `rtk` binary: exit codes are the
//! tool's (cargo test 101, pytest 1/2, make 2), failures keep their names, messages and
//! locations, `rtk python3 -m pytest` runs exactly that, curl keeps JSON values and binary
//! bytes, and a tool that is not installed gives the shell-like message with 127.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::TestEnv;

fn on_path(prog: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .map(|d| d.join(prog))
        .find(|p| p.is_file())
}

/// PATH for the child tools: the real python's bin dir first (pyenv shims need the real HOME,
/// which the hermetic env replaces), then the test's PATH.
fn tool_path() -> std::ffi::OsString {
    let mut dirs = Vec::new();
    if let Ok(out) = assert_cmd::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
    {
        let exe = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if let Some(d) = exe.parent() {
            dirs.push(d.to_path_buf());
        }
    }
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

fn home_of(var: &str, default_rel: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(default_rel)))
        .filter(|p| p.exists())
}

fn rtk(t: &TestEnv, dir: &Path, args: &[&str]) -> Output {
    let mut c = t.rtk();
    c.args(args)
        .current_dir(dir)
        .env("PATH", tool_path())
        .env("CARGO_TARGET_DIR", t.root.path().join("target"))
        .env("CARGO_TERM_COLOR", "never")
        .env("PYTHONDONTWRITEBYTECODE", "1");
    for (var, rel) in [("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")] {
        if let Some(p) = home_of(var, rel) {
            c.env(var, p);
        }
    }
    c.output().unwrap()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn crate_with(t: &TestEnv, lib: &str) -> PathBuf {
    t.write(
        "work/demo/Cargo.toml",
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    t.write("work/demo/src/lib.rs", lib);
    t.work().join("demo")
}

#[test]
fn cargo_test_failures_keep_name_message_location_and_exit_101() {
    if on_path("cargo").is_none() {
        return;
    }
    let t = TestEnv::new();
    let dir = crate_with(
        &t,
        "#[cfg(test)]\nmod tests {\n    #[test]\n    fn fine() {}\n    #[test]\n    fn broken() {\n        assert_eq!(1 + 1, 3, \"math is off\");\n    }\n}\n",
    );
    let out = rtk(&t, &dir, &["cargo", "test"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(101), "{o}{e}");
    for want in [
        "tests::broken",
        "math is off",
        "src/lib.rs:7:9",
        "1 passed, 1 failed",
    ] {
        assert!(o.contains(want), "missing {want:?} in\n{o}");
    }
    assert!(!o.contains("test tests::fine ... ok"), "{o}");
    assert!(!e.contains("Compiling demo"), "{e}");
    assert!(e.contains("error: test failed"), "{e}");

    // Passing: one summary line, exit 0.
    std::fs::write(dir.join("src/lib.rs"), "#[test]\nfn fine() {}\n").unwrap();
    let out = rtk(&t, &dir, &["cargo", "test"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{o}{e}");
    assert!(o.starts_with("cargo test: 1 passed, 0 failed"), "{o}");
    assert!(o.lines().count() <= 2, "{o}");

    // Compile error: exit 101, error code and location in full.
    std::fs::write(dir.join("src/lib.rs"), "pub fn f() -> u8 { nope }\n").unwrap();
    let out = rtk(&t, &dir, &["cargo", "build"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(101), "{o}{e}");
    assert!(e.contains("error[E0425]"), "{e}");
    assert!(e.contains("--> src/lib.rs:1:20"), "{e}");
}

fn py_project(t: &TestEnv) -> PathBuf {
    // `mypkg` is importable from the project root only: `python3 -m pytest` puts the cwd on
    // sys.path, plain `pytest` (prepend import mode, no conftest) does not.
    t.write(
        "work/py/mypkg/__init__.py",
        "def double(x):\n    return 2 * x\n",
    );
    t.write(
        "work/py/tests/test_double.py",
        "from mypkg import double\n\n\ndef test_double():\n    assert double(2) == 4\n",
    );
    t.work().join("py")
}

fn has_pytest() -> bool {
    assert_cmd::Command::new("python3")
        .args(["-c", "import pytest"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn python_m_pytest_runs_exactly_python_m_pytest() {
    if !has_pytest() {
        return;
    }
    let t = TestEnv::new();
    let dir = py_project(&t);
    let out = rtk(&t, &dir, &["python3", "-m", "pytest", "-x"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{o}{e}");
    assert!(o.starts_with("pytest: 1 passed in "), "{o}");

    // The same tests through plain `pytest` cannot import mypkg: proof the argv is kept.
    let out = rtk(&t, &dir, &["pytest"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{o}{e}");
    assert!(o.contains("No module named 'mypkg'"), "{o}");
    assert!(o.contains("ERROR tests/test_double.py"), "{o}");
}

#[test]
fn pytest_failures_keep_name_assertion_location_and_exit_1() {
    if !has_pytest() {
        return;
    }
    let t = TestEnv::new();
    let dir = py_project(&t);
    t.write(
        "work/py/tests/test_more.py",
        "from mypkg import double\n\n\ndef test_wrong():\n    assert double(3) == 7\n\n\ndef test_also_wrong():\n    assert double(0) == 1\n",
    );
    let out = rtk(&t, &dir, &["python3", "-m", "pytest"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{o}{e}");
    for want in [
        "FAILED tests/test_more.py::test_wrong",
        "FAILED tests/test_more.py::test_also_wrong",
        "E assert 6 == 7",
        "tests/test_more.py:5: AssertionError",
        "2 failed, 1 passed",
    ] {
        assert!(o.contains(want), "missing {want:?} in\n{o}");
    }
    assert!(!o.contains("platform linux"), "{o}");

    // -x stops at the first failure, as pytest does.
    let out = rtk(&t, &dir, &["python3", "-m", "pytest", "-x"]);
    let (o, _) = text(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(o.contains("1 failed"), "{o}");
}

#[test]
fn make_keeps_errors_and_exit_2() {
    if on_path("make").is_none() {
        return;
    }
    let t = TestEnv::new();
    t.write(
        "work/mk/Makefile",
        "all:\n\techo step one\n\tsh -c 'echo boom >&2; exit 3'\n",
    );
    let out = rtk(&t, &t.work().join("mk"), &["make"]);
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{o}{e}");
    assert!(e.contains("boom"), "{e}");
    assert!(e.contains("make: *** [Makefile:3: all] Error 3"), "{e}");
    assert!(
        o.contains("sh -c 'echo boom >&2; exit 3'"),
        "failing command kept: {o}"
    );
}

#[test]
fn curl_minifies_json_without_changing_values_and_keeps_binary_bytes() {
    if on_path("curl").is_none() {
        return;
    }
    let t = TestEnv::new();
    let json = "{\n  \"price\": 1.50,\n  \"big\": 12345678901234567890123,\n  \"s\": \"a  b\\n\",\n  \"list\": [\n    1,\n    2\n  ]\n}\n";
    let data = t.write("work/data.json", json);
    let out = rtk(
        &t,
        &t.work(),
        &["curl", "-s", &format!("file://{}", data.display())],
    );
    let (o, e) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{e}");
    assert!(
        o.starts_with(
            "{\"price\":1.50,\"big\":12345678901234567890123,\"s\":\"a  b\\n\",\"list\":[1,2]}\n"
        ),
        "{o}"
    );

    let bin: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let path = t.work().join("blob.bin");
    std::fs::write(&path, &bin).unwrap();
    let out = rtk(
        &t,
        &t.work(),
        &["curl", "-s", &format!("file://{}", path.display())],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, bin);

    // -o writes the file untouched (passthrough).
    let dest = t.work().join("copy.json");
    let out = rtk(
        &t,
        &t.work(),
        &[
            "curl",
            "-s",
            "-o",
            dest.to_str().unwrap(),
            &format!("file://{}", data.display()),
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(dest).unwrap(), json);

    let out = rtk(
        &t,
        &t.work(),
        &["curl", "-sS", "file:///nonexistent/x.json"],
    );
    let (_, e) = text(&out);
    assert_eq!(out.status.code(), Some(37), "{e}");
    assert!(e.contains("curl: (37)"), "{e}");
}

#[test]
fn missing_tools_give_the_shell_message_and_127() {
    let t = TestEnv::new();
    let empty = t.root.path().join("empty-bin");
    std::fs::create_dir_all(&empty).unwrap();
    let cases: &[&[&str]] = &[
        &["cargo", "test"],
        &["cargo", "build"],
        &["pytest", "-q"],
        &["python3", "-m", "pytest", "-x"],
        &["go", "test", "./..."],
        &["npm", "test"],
        &["npx", "jest"],
        &["jest"],
        &["tsc", "--noEmit"],
        &["eslint", "."],
        &["ruff", "check", "."],
        &["mypy", "."],
        &["make"],
        &["docker", "ps"],
        &["kubectl", "get", "pods"],
        &["gh", "pr", "list"],
        &["curl", "-s", "http://127.0.0.1:1/"],
        &["wget", "http://127.0.0.1:1/"],
        &["pip", "install", "x"],
    ];
    for argv in cases {
        let out = t.rtk().args(*argv).env("PATH", &empty).output().unwrap();
        let (o, e) = text(&out);
        assert_eq!(out.status.code(), Some(127), "{argv:?}: {o}{e}");
        assert_eq!(o, "", "{argv:?}");
        assert_eq!(
            e,
            format!("rtk: {}: command not found\n", argv[0]),
            "{argv:?}"
        );
    }
}

#[test]
fn go_test_failures_keep_name_message_and_exit_1() {
    if on_path("go").is_none() {
        return;
    }
    let t = TestEnv::new();
    t.write("work/g/go.mod", "module example.com/demo\n\ngo 1.19\n");
    t.write(
        "work/g/demo.go",
        "package demo\n\nfunc Add(a, b int) int { return a + b }\n",
    );
    t.write(
        "work/g/demo_test.go",
        "package demo\n\nimport \"testing\"\n\nfunc TestOk(t *testing.T) {}\n\nfunc TestWrong(t *testing.T) {\n\tif got := Add(2, 2); got != 5 {\n\t\tt.Errorf(\"Add(2, 2) = %d, want 5\", got)\n\t}\n}\n",
    );
    let dir = t.work().join("g");
    for args in [
        &["go", "test", "./..."][..],
        &["go", "test", "-json", "./..."][..],
    ] {
        let mut c = t.rtk();
        c.args(args)
            .current_dir(&dir)
            .env("GOTOOLCHAIN", "local")
            .env("GOFLAGS", "-mod=mod")
            .env("GOCACHE", t.root.path().join("gocache"))
            .env("GOPATH", t.root.path().join("gopath"));
        let out = c.output().unwrap();
        let (o, e) = text(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {o}{e}");
        assert!(o.contains("--- FAIL: TestWrong"), "{args:?}: {o}");
        assert!(
            o.contains("demo_test.go:9: Add(2, 2) = 4, want 5"),
            "{args:?}: {o}"
        );
        assert!(!o.contains("TestOk"), "{args:?}: passing test shown: {o}");
        assert!(!o.contains("\"Action\""), "{args:?}: raw JSON shown: {o}");
    }
}

/// `rtk` with the captured argv of `tests/fixtures/mise/<case>` (`mise run <task>…`), in a
/// project holding the captured `mise.toml`, `mise` replaying the captured run: (argv, exit
/// code, stdout, stderr).
fn mise_run(case: &str) -> (Vec<String>, Option<i32>, String, String) {
    let t = TestEnv::new();
    let dir = t.work().join("proj");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(mise_fixture("mise.toml"), dir.join("mise.toml")).unwrap();
    let argv: Vec<String> = std::fs::read_to_string(mise_fixture(&format!("{case}.argv")))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let bin = crate::common::replay_bin(t.root.path(), "mise", &format!("mise/{case}"));
    let mut dirs = vec![bin];
    dirs.extend(std::env::split_paths(&tool_path()));
    let out = t
        .rtk()
        .args(&argv)
        .current_dir(&dir)
        .env("PATH", std::env::join_paths(dirs).unwrap())
        .output()
        .unwrap();
    let (o, e) = text(&out);
    (argv, out.status.code(), o, e)
}

fn mise_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mise")
        .join(name)
}

#[test]
fn mise_run_snapshots_through_the_binary_in_the_captured_project() {
    let mut cases: Vec<String> = std::fs::read_dir(mise_fixture(""))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".argv").map(String::from)
        })
        .collect();
    cases.sort();
    assert!(cases.len() >= 7, "{cases:?}");
    // The tee file's name is the run's.
    let tee = regex::Regex::new(r"full output: \S+\.log").unwrap();
    for case in cases {
        let (argv, code, o, e) = mise_run(&case);
        let raw_code = std::fs::read_to_string(mise_fixture(&format!("{case}.code"))).unwrap();
        assert_eq!(code, raw_code.trim().parse().ok(), "{case}");
        let o = tee.replace_all(&o, "full output: <tee file>");
        let shown = format!(
            "$ {}\n[exit {}]\n--- stdout\n{o}--- stderr\n{e}",
            argv.join(" "),
            code.unwrap()
        );
        insta::assert_snapshot!(format!("mise__{case}"), shown);
    }
}

#[test]
fn mise_run_filters_a_pytest_task_by_its_definition_and_keeps_the_exit_code() {
    let raw = |case: &str, ext: &str| {
        std::fs::read_to_string(mise_fixture(&format!("{case}.{ext}"))).unwrap()
    };
    let (_, code, o, e) = mise_run("test_fail");
    assert_eq!(code, Some(1), "{o}{e}");
    assert!(o.len() < raw("test_fail", "out").len(), "{o}");
    for fact in [
        "test_discount",
        "assert (30 * 0.9) == 28",
        "tests_fail/test_cart.py:7",
    ] {
        assert!(o.contains(fact), "lost {fact:?}:\n{o}");
    }
    assert_eq!(e, raw("test_fail", "err"));

    // What the definition does not make one plain command prints raw: a multi-line script
    // (mise's banner shows its first line, a pytest run), a task with dependencies.
    for case in ["multi_line", "deps"] {
        let (_, code, o, e) = mise_run(case);
        assert_eq!(code, Some(0));
        assert_eq!((o, e), (raw(case, "out"), raw(case, "err")), "{case}");
    }
}

/// `rtk gh api` on a write (issue 38), through the real binary with a stand-in `gh` that prints
/// a captured reply's response (tests/fixtures/gh/api_reply_corpus) and logs each call: it runs
/// once with the exact argv; the shortened response's note names the tee file holding all of
/// it; where no file can be written the response goes out whole, and no note ever asks for the
/// write to be run again.
#[cfg(unix)]
#[test]
fn gh_api_write_runs_once_and_its_response_is_kept_whole() {
    use std::os::unix::fs::PermissionsExt;
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gh");
    let response = std::fs::read_to_string(fixtures.join("api_reply_corpus.out")).unwrap();
    let argv: Vec<String> = std::fs::read_to_string(fixtures.join("api_reply_corpus.argv"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let t = TestEnv::new();
    let log = t.root.path().join("gh.log");
    let gh = t.write(
        "bin/gh",
        &format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{}'\ncat '{}'\n",
            log.display(),
            fixtures.join("api_reply_corpus.out").display()
        ),
    );
    std::fs::set_permissions(&gh, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut path = vec![t.root.path().join("bin")];
    path.extend(std::env::split_paths(&std::env::var_os("PATH").unwrap()));
    let path = std::env::join_paths(path).unwrap();
    let run = |env: &[(&str, PathBuf)]| {
        let mut c = t.rtk();
        c.args(&argv).env("PATH", &path);
        for (k, v) in env {
            c.env(k, v);
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };

    let shown = run(&[]);
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        argv[1..].join("\n") + "\n"
    );
    let note = shown.lines().last().unwrap();
    assert!(
        note.starts_with("[rtk: elided from the response: diff_hunk") && !note.contains("proxy"),
        "{note}"
    );
    let tee = note
        .split("full output: ")
        .nth(1)
        .unwrap()
        .trim_end_matches(']');
    assert_eq!(std::fs::read_to_string(tee).unwrap(), response);
    for fact in [
        "\"id\":2739689799",
        "\"html_url\":\"https://github.com/entireio/cli/pull/112#discussion_r2739689799\"",
        "\"in_reply_to_id\":2738999785",
    ] {
        assert!(shown.contains(fact), "{fact}: {shown}");
    }
    assert!(shown.len() * 10 < response.len(), "{shown}");

    // Nowhere to write: the data folder and the temp dir are files.
    let file = t.write("not-a-dir", "x");
    let shown = run(&[("XDG_DATA_HOME", file.clone()), ("TMPDIR", file)]);
    assert_eq!(shown, response);
    assert_eq!(
        std::fs::read_to_string(&log)
            .unwrap()
            .matches("api\n")
            .count(),
        2
    );
}
