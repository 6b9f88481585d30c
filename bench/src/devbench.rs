//! Test-and-build corpus: a Rust crate, a Python package and (when node tooling is available) a
//! JS package, each built in a temp dir in a passing, a failing-tests and a compile-error state.
//! Every row runs the raw command and `rtk <command>` in the same state and checks, on rtk's
//! output, the exit code plus every fact the generator knows: each failing test's name, its
//! assertion message and its file:line, each compiler error's code and location, each warning's
//! location. JS rows need `node_modules` with jest and typescript: `--node-modules DIR` or
//! `$RTK_BENCH_NODE_MODULES` (e.g. after `npm install jest typescript` in a scratch dir);
//! without it they are skipped and the table says so.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result};

use crate::{devfacts, Opts};

struct Row {
    label: String,
    cwd: PathBuf,
    argv: Vec<String>,
    facts: Vec<String>,
    /// Facts read off the raw output too (devfacts.rs): a tool's diagnostics (`tsc`, `eslint`,
    /// `mypy`, `ruff`, `flake8`, `go vet`) or `go test`'s failures; "" for none.
    derive: &'static str,
}

struct Out {
    text: String,
    code: i32,
}

struct Corpus {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    /// The rtk under test (any other binary given to [`sh`] is upstream's).
    rtk: PathBuf,
    env: Vec<(String, String)>,
}

pub fn write(p: &Path, s: &str) -> Result<()> {
    std::fs::create_dir_all(p.parent().unwrap())?;
    std::fs::write(p, s).with_context(|| format!("writing {}", p.display()))
}

fn sh(c: &Corpus, cwd: &Path, argv: &[String], rtk: Option<&Path>) -> Result<Out> {
    let mut cmd = match rtk {
        Some(bin) => {
            let mut k = Command::new(bin);
            k.args(argv);
            k
        }
        None => {
            let mut k = Command::new(&argv[0]);
            k.args(&argv[1..]);
            k
        }
    };
    // Upstream rtk keeps its history in a schema of its own: never in the same directory.
    let own_data = rtk.is_some_and(|b| b != c.rtk);
    let o = cmd
        .current_dir(cwd)
        .env_clear()
        .envs(c.env.iter().cloned())
        .envs(own_data.then(|| ("XDG_DATA_HOME", c.root.join("data-upstream"))))
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {argv:?}"))?;
    let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&o.stderr));
    Ok(Out {
        text,
        code: o.status.code().unwrap_or(-1),
    })
}

fn slug(label: &str) -> String {
    label
        .chars()
        .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' })
        .collect()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn env(root: &Path) -> Vec<(String, String)> {
    let mut path = Vec::new();
    // The real python's bin dir first: pyenv-style shims need the real HOME.
    if let Ok(o) = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
    {
        if let Some(d) = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()).parent() {
            path.push(d.to_path_buf());
        }
    }
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let home = std::env::var("HOME").unwrap_or_default();
    let mut e = vec![
        (
            "PATH".into(),
            std::env::join_paths(path)
                .unwrap()
                .to_string_lossy()
                .into_owned(),
        ),
        ("HOME".into(), root.join("home").display().to_string()),
        (
            "XDG_DATA_HOME".into(),
            root.join("data").display().to_string(),
        ),
        ("LC_ALL".into(), "C".into()),
        ("TZ".into(), "UTC".into()),
        ("NO_COLOR".into(), "1".into()),
        ("CARGO_TERM_COLOR".into(), "never".into()),
        ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
        ("CI".into(), "1".into()),
        ("GOPATH".into(), root.join("gopath").display().to_string()),
        ("GOCACHE".into(), root.join("gocache").display().to_string()),
        ("GOFLAGS".into(), "-mod=mod".into()),
        ("GOTOOLCHAIN".into(), "local".into()),
    ];
    for (var, rel) in [("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")] {
        let v = std::env::var(var).unwrap_or_else(|_| format!("{home}/{rel}"));
        e.push((var.into(), v));
    }
    e
}

/// The Rust crate: `modules` files with 8 tests each; `failing` makes 3 of them fail.
fn rust_crate(dir: &Path, modules: usize, state: &str, facts: &mut Vec<String>) -> Result<()> {
    write(
        &dir.join("Cargo.toml"),
        "[package]\nname = \"calc\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )?;
    let mut lib = String::new();
    for m in 0..modules {
        writeln!(lib, "pub mod m{m};")?;
        let mut s = format!("//! Module {m}.\n\n/// Scales `x` by {m}.\npub fn scale(x: i64) -> i64 {{\n    x.wrapping_mul({m})\n}}\n\n#[cfg(test)]\nmod tests {{\n    use super::*;\n");
        for t in 0..8 {
            let line = s.lines().count() + 4; // the assert line below
            let (want, note) = if state == "failing" && m % 4 == 1 && t == 3 {
                (t as i64 * m as i64 + 1, true)
            } else {
                (t as i64 * m as i64, false)
            };
            write!(s, "\n    #[test]\n    fn scales_{t}() {{\n        assert_eq!(scale({t}), {want}, \"scale {m}x{t}\");\n    }}\n")?;
            if note {
                facts.push(format!("tests::scales_{t}"));
                facts.push(format!("scale {m}x{t}"));
                facts.push(format!("src/m{m}.rs:{line}:"));
            }
        }
        s.push_str("}\n");
        if state == "error" && m == 1 {
            let line = s.lines().count() + 1;
            s.push_str("pub fn broken() -> u32 {\n    let x: u32 = \"no\";\n    x\n}\n");
            facts.push("error[E0308]: mismatched types".into());
            facts.push(format!("src/m{m}.rs:{}:", line + 1));
        }
        if state == "error" && m == 2 {
            let line = s.lines().count() + 1;
            s.push_str("pub fn missing() -> u32 {\n    undefined_thing + 1\n}\n");
            facts.push("error[E0425]: cannot find value `undefined_thing` in this scope".into());
            facts.push(format!("src/m{m}.rs:{}:", line + 1));
        }
        if state == "warnings" {
            let line = s.lines().count() + 1;
            write!(
                s,
                "pub fn warned_{m}() -> u32 {{\n    let unused_{m} = 1;\n    2\n}}\n"
            )?;
            facts.push(format!("src/m{m}.rs:{}:", line + 1));
            // The message whole, or its location and name under a shared `unused variable` line.
            facts.push(format!(
                "unused variable: `unused_{m}` || src/m{m}.rs:{}:9: `unused_{m}`",
                line + 1
            ));
            if m == 0 {
                facts.push("unused variable".into());
            }
        }
        write(&dir.join(format!("src/m{m}.rs")), &s)?;
    }
    write(&dir.join("src/lib.rs"), &lib)
}

/// The Python package: `modules` test files with 10 tests each; `failing`: 3 fail;
/// `collect`: one test file imports a missing module.
fn py_package(dir: &Path, modules: usize, state: &str, facts: &mut Vec<String>) -> Result<()> {
    write(
        &dir.join("mypkg/__init__.py"),
        "def scale(x, k):\n    \"\"\"Scales x by k.\"\"\"\n    return x * k\n",
    )?;
    for m in 0..modules {
        let mut s = String::from("import pytest\n\nfrom mypkg import scale\n\n\n@pytest.fixture\ndef base():\n    return 3\n");
        for t in 0..10 {
            let fail = state == "failing" && m % 3 == 1 && t == 4;
            let want = if fail { t * m + 1 } else { t * m };
            let line = s.lines().count() + 8;
            write!(s, "\n\ndef test_scale_{t}(base):\n    \"\"\"Checks scale({t}, {m}).\"\"\"\n    k = {m}\n    got = scale({t}, k)\n    assert base == 3\n    assert got == {want}, \"scale {m}x{t}\"\n")?;
            if fail {
                facts.push(format!("tests/test_m{m}.py::test_scale_{t}"));
                facts.push(format!("AssertionError: scale {m}x{t}"));
                facts.push(format!("assert {} == {want}", t * m));
                facts.push(format!("tests/test_m{m}.py:{line}"));
            }
        }
        write(&dir.join(format!("tests/test_m{m}.py")), &s)?;
    }
    if state == "lint" {
        // ruff: an unused import (F401), an unused local (F841), an undefined name (F821);
        // mypy: a wrong return type.
        for m in 0..modules.div_ceil(4) {
            write(&dir.join(format!("mypkg/lint_m{m}.py")), &format!("import os\nimport sys\n\n\ndef scale_{m}(x: int, k: int) -> int:\n    unused = 1\n    return x * k\n\n\ndef bad_{m}(x: int) -> str:\n    return x + 1\n\n\ndef name_{m}():\n    return undefined_name_{m}\n\n\ndef add_{m}(x: int) -> int:\n    return x + \"s\"\n\n\ny_{m}: str = 1\n"))?;
            let f = format!("mypkg/lint_m{m}.py");
            facts.extend([
                format!("{f}:1:8"),
                format!("{f}:2:8"),
                format!("{f}:6:5"),
                format!("{f}:15:12"),
                format!("Undefined name `undefined_name_{m}`"),
            ]);
            facts.push(format!("{f}:11: error: Incompatible return value type"));
        }
    }
    if state == "collect" {
        write(
            &dir.join("tests/test_broken.py"),
            "import missing_mod\n\n\ndef test_x():\n    pass\n",
        )?;
        facts.push("No module named 'missing_mod'".into());
        facts.push("tests/test_broken.py:1".into());
    }
    Ok(())
}

fn js_package(
    dir: &Path,
    modules: &Path,
    files: usize,
    state: &str,
    facts: &mut Vec<String>,
) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    std::os::unix::fs::symlink(modules, dir.join("node_modules"))?;
    write(&dir.join("package.json"), "{\"name\":\"js-bench\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"jest\",\"types\":\"tsc --noEmit -p .\"}}\n")?;
    write(
        &dir.join("src/scale.js"),
        "function scale(x, k) { return x * k; }\nmodule.exports = { scale };\n",
    )?;
    for f in 0..files {
        let mut s = String::from(
            "const { scale } = require(\"./scale\");\n\ndescribe(\"scale\", () => {\n",
        );
        for t in 0..8 {
            let fail = state == "failing" && f % 3 == 1 && t == 2;
            let want = if fail { t * f + 1 } else { t * f };
            let line = s.lines().count() + 2;
            write!(s, "  test(\"by {f}x{t}\", () => {{\n    expect(scale({t}, {f})).toBe({want});\n  }});\n")?;
            if fail {
                facts.push(format!("scale › by {f}x{t}"));
                facts.push(format!("Expected: {want}"));
                facts.push(format!("Received: {}", t * f));
                facts.push(format!("src/m{f}.test.js:{line}:"));
            }
        }
        s.push_str("});\n");
        write(&dir.join(format!("src/m{f}.test.js")), &s)?;
    }
    if state == "vitest" {
        write(&dir.join("vt/cart.test.js"), VITEST_CART)?;
        write(&dir.join("vt/user.test.js"), VITEST_USER)?;
        facts.extend(
            [
                "cart > two",
                "cart > shape",
                "user > split",
                "expected 7 to be 8",
                "\"c\"",
                "expected [ 'a', 'b' ] to have a length of 3 but got 2",
                "vt/cart.test.js:6:",
                "vt/cart.test.js:7:",
                "vt/user.test.js:5:",
            ]
            .map(String::from),
        );
    }
    write(&dir.join("tsconfig.json"), "{\"compilerOptions\":{\"strict\":true,\"noEmit\":true,\"target\":\"es2020\",\"skipLibCheck\":true,\"types\":[]},\"include\":[\"ts\"]}\n")?;
    for f in 0..files {
        write(
            &dir.join(format!("ts/m{f}.ts")),
            &format!("export function scale{f}(x: number): number {{\n  return x * {f};\n}}\n"),
        )?;
    }
    if state == "lint" {
        write(&dir.join("eslint.config.js"), "module.exports = [{ files: [\"src/**/*.js\"], languageOptions: { sourceType: \"commonjs\", globals: { require: \"readonly\", module: \"writable\", describe: \"readonly\", test: \"readonly\", expect: \"readonly\" } }, rules: { \"no-unused-vars\": \"error\", \"no-undef\": \"error\", \"prefer-const\": \"warn\" } }];\n")?;
        for f in 0..files.div_ceil(3) {
            write(&dir.join(format!("src/lint{f}.js")), &format!("const fs = require(\"fs\");\nlet total = 0;\nfunction scale{f}(x) {{\n  return x * missing{f};\n}}\nmodule.exports = {{ total }};\n"))?;
            facts.extend([
                format!("src/lint{f}.js"),
                format!("'scale{f}' is defined but never used"),
                format!("'missing{f}' is not defined"),
            ]);
        }
        facts.push("'fs' is assigned a value but never used".into());
        facts.push("12 problems || problems (".into());
    }
    if state == "error" {
        for b in 0..4 {
            write(&dir.join(format!("ts/bad{b}.ts")), "export const s: string = 42;\nexport function f(x) {\n  return x.y;\n}\nexport const n: number = \"a\";\n")?;
            // Each error's location, code and message: read off the raw report (devfacts).
        }
    }
    Ok(())
}

const VITEST_CART: &str = r#"import { describe, test, expect } from "vitest";
const total = (xs) => xs.reduce((a, x) => a + x.price * x.qty, 0);
describe("cart", () => {
  test("empty", () => { expect(total([])).toBe(0); });
  test("one", () => { expect(total([{ price: 2, qty: 3 }])).toBe(6); });
  test("two", () => { expect(total([{ price: 2, qty: 3 }, { price: 1, qty: 1 }])).toBe(8); });
  test("shape", () => { expect({ id: 1, tags: ["a", "b"], owner: { name: "x" } }).toEqual({ id: 1, tags: ["a", "c"], owner: { name: "x" } }); });
  test("many", () => { expect(total([{ price: 1, qty: 10 }])).toBe(10); });
  test("zero qty", () => { expect(total([{ price: 5, qty: 0 }])).toBe(0); });
});
"#;

const VITEST_USER: &str = r#"import { describe, test, expect } from "vitest";
describe("user", () => {
  test("name", () => { expect("ada".toUpperCase()).toBe("ADA"); });
  test("trim", () => { expect(" a ".trim()).toBe("a"); });
  test("split", () => { expect("a,b".split(",")).toHaveLength(3); });
  test("upper", () => { expect("x").toBe("x"); });
  test("lower", () => { expect("X".toLowerCase()).toBe("x"); });
  test("pad", () => { expect("1".padStart(3, "0")).toBe("001"); });
});
"#;

fn node_modules(o: &Opts) -> Option<PathBuf> {
    let p = o
        .node_modules
        .clone()
        .or_else(|| std::env::var_os("RTK_BENCH_NODE_MODULES").map(PathBuf::from))?;
    (p.join(".bin/jest").exists() && p.join(".bin/tsc").exists()).then_some(p)
}

fn has_tool(c: &Corpus, argv: &[&str]) -> bool {
    Command::new(argv[0])
        .args(&argv[1..])
        .env_clear()
        .envs(c.env.iter().cloned())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// What the rows list or query, alive while held: the `ps` row's processes, the database
/// servers, devinfra's servers (moto).
type Held = (
    crate::devsys::Sleepers,
    crate::devdata::Servers,
    Vec<crate::devinfra::Server>,
);

/// The rows, and the processes they list or query (alive while held).
fn rows(c: &Corpus, o: &Opts, notes: &mut Vec<String>) -> Result<(Vec<Row>, Held)> {
    let mut rows = Vec::new();
    let (rmods, pmods, jfiles) = if o.quick { (4, 4, 3) } else { (16, 16, 9) };
    let mut add = |label: &str, cwd: PathBuf, argv: &str, facts: Vec<String>| {
        let derive = match argv
            .split_whitespace()
            .find(|w| !["npx", "python3", "-m"].contains(w))
        {
            Some("tsc") => "tsc",
            Some("eslint") => "eslint",
            Some("mypy") => "mypy",
            Some("ruff") if !argv.contains(" format") => "ruff",
            Some("flake8") => "flake8",
            Some("go") if argv.contains(" vet") => "go vet",
            Some("go") if argv.contains(" test") => "go test",
            _ => "",
        };
        rows.push(Row {
            label: label.into(),
            cwd,
            argv: words(argv),
            facts,
            derive,
        });
    };
    if has_tool(c, &["cargo", "--version"]) {
        let nextest = has_tool(c, &["cargo", "nextest", "--version"]);
        if !nextest {
            notes.push("cargo-nextest not found: nextest rows skipped".into());
        }
        for (state, label, cmd) in [
            ("passing", "cargo test (passing)", "cargo test"),
            ("failing", "cargo test (failing)", "cargo test"),
            (
                "passing",
                "cargo nextest run (passing)",
                "cargo nextest run",
            ),
            (
                "failing",
                "cargo nextest run --no-fail-fast (failing)",
                "cargo nextest run --no-fail-fast",
            ),
            ("error", "cargo build (2 compile errors)", "cargo build"),
            ("error", "cargo test (2 compile errors)", "cargo test"),
            ("warnings", "cargo clippy (warnings)", "cargo clippy"),
        ] {
            if cmd.contains("nextest") && !nextest {
                continue;
            }
            let dir = c.root.join(slug(label));
            let mut facts = Vec::new();
            rust_crate(&dir, rmods, state, &mut facts)?;
            // Build first so the raw and rtk runs see the same (cached) state.
            let _ = sh(c, &dir, &words("cargo test --no-run"), None)?;
            if state == "passing" {
                // rtk's one line, libtest's own for the single suite, or nextest's summary.
                facts.push(format!(
                    "{n} passed, 0 failed || {n} passed; 0 failed || {n} tests run: {n} passed",
                    n = rmods * 8
                ));
            }
            add(label, dir, cmd, facts);
        }
    } else {
        notes.push("cargo not found: Rust rows skipped".into());
    }
    if has_tool(c, &["python3", "-c", "import pytest"]) {
        for (state, label, cmd) in [
            (
                "passing",
                "python3 -m pytest (passing)",
                "python3 -m pytest",
            ),
            (
                "failing",
                "python3 -m pytest (failing)",
                "python3 -m pytest",
            ),
            (
                "failing",
                "python3 -m pytest -v (failing)",
                "python3 -m pytest -v",
            ),
            (
                "failing",
                "python3 -m pytest -x (failing)",
                "python3 -m pytest -x",
            ),
            (
                "collect",
                "python3 -m pytest (collection error)",
                "python3 -m pytest",
            ),
        ] {
            let dir = c.root.join(slug(label));
            let mut facts = Vec::new();
            py_package(&dir, pmods, state, &mut facts)?;
            if cmd.ends_with("-x") {
                // -x stops at the first failure: only the first failing test is reported.
                facts.truncate(4);
            }
            if state == "passing" {
                facts.push(format!("{} passed", pmods * 10));
            }
            add(label, dir, cmd, facts);
        }
    } else {
        notes.push("python3 with pytest not found: Python rows skipped".into());
    }
    for (tool, label, cmd) in [
        ("ruff", "ruff check (lint errors)", "ruff check ."),
        ("mypy", "mypy (type errors)", "mypy mypkg"),
        ("flake8", "flake8 (lint errors)", "flake8 mypkg"),
    ] {
        if !has_tool(c, &[tool, "--version"]) {
            notes.push(format!("{tool} not found: its row skipped"));
            continue;
        }
        let dir = c.root.join(slug(label));
        let mut facts = Vec::new();
        py_package(&dir, pmods, "lint", &mut facts)?;
        // ruff's locations and names; mypy's and flake8's problems are all read off the raw
        // report (as are ruff's).
        facts.retain(|f| tool == "ruff" && !f.contains(": error: "));
        add(label, dir, cmd, facts);
    }
    if has_tool(c, &["go", "version"]) {
        for (state, label, cmd) in [
            ("test", "go test ./... (failing)", "go test ./..."),
            ("test", "go test -v ./... (failing)", "go test -v ./..."),
            ("vet", "go vet ./... (14 issues)", "go vet ./..."),
        ] {
            let dir = c.root.join(slug(label));
            crate::devgo::module(&dir, state)?;
            // Build first so the raw and rtk runs see the same (cached) state.
            let _ = sh(c, &dir, &words(cmd), None)?;
            add(label, dir, cmd, Vec::new());
        }
    } else {
        notes.push("go not found: Go rows skipped".into());
    }
    let nm = node_modules(o);
    let langs = crate::devlangs::Env {
        root: &c.root,
        n: if o.quick { 3 } else { 8 },
        has: &|a| has_tool(c, a),
        run: &|cwd, cmd| drop(sh(c, cwd, &words(cmd), None)),
        node_modules: nm.as_deref(),
    };
    let lang_rows = crate::devlangs::rows(&langs, notes)?;
    let launchers = crate::devsys::launchers(&lang_rows)?;
    let (mut system, sleepers) = crate::devsys::system(&c.root, langs.n, notes);
    if has_tool(c, &["composer", "--version"]) {
        system.extend(crate::devsys::composer(&c.root, langs.n, langs.run)?);
    } else {
        notes.push("composer not found: its row skipped".into());
    }
    let (databases, servers) = crate::devdata::rows(&c.root, langs.n, notes)?;
    let jspy = crate::devjspy::rows(&langs, notes)?;
    // devinfra's groups are built only when `--only` could name one of their rows (each
    // label starts with its group).
    let want = |group: &str| {
        o.only.as_deref().is_none_or(|only| {
            only.split('|')
                .any(|t| group.contains(t) || t.starts_with(group))
        })
    };
    let mut infra_servers = Vec::new();
    let infra = crate::devinfra::rows(&langs, notes, &mut infra_servers, &want)?;
    for (label, dir, cmd, facts) in lang_rows
        .into_iter()
        .chain(launchers)
        .chain(system)
        .chain(databases)
        .chain(jspy)
        .chain(infra)
    {
        add(&label, dir, &cmd, facts);
    }
    if has_tool(c, &["python3", "--version"]) {
        // Claude Code commits with `git commit -m "$(cat <<'EOF' … EOF)"`; the run path gets
        // `git commit -m <message>`, here with a pre-commit hook running a unittest suite
        // (`--allow-empty`, so every run commits again).
        let label = "git commit (pre-commit hook: unittest -v)";
        let dir = c.root.join(slug(label));
        std::fs::create_dir_all(&dir)?;
        let git = |args: &str| sh(c, &dir, &words(&format!("git {args}")), None);
        git("init -q -b main")?;
        git("config user.name Ada")?;
        git("config user.email ada@example.com")?;
        let mut facts = Vec::new();
        for k in 0..jfiles {
            let mut t = String::from("import unittest\n\n");
            writeln!(t, "class Calc{k}(unittest.TestCase):")?;
            for m in 0..8 {
                write!(
                    t,
                    "    def test_{m}(self):\n        self.assertEqual({k} * {m}, {})\n\n",
                    k * m
                )?;
            }
            write(&dir.join(format!("test_m{k}.py")), &t)?;
        }
        write(
            &dir.join(".git/hooks/pre-commit"),
            "#!/bin/sh\nexec python3 -m unittest -v\n",
        )?;
        std::fs::set_permissions(
            dir.join(".git/hooks/pre-commit"),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )?;
        git("add -A")?;
        facts.push(format!("Ran {} tests", jfiles * 8));
        facts.push("feat:calc-modules".into());
        add(
            label,
            dir,
            "git commit --allow-empty -m feat:calc-modules",
            facts,
        );
    } else {
        notes.push("python3 not found: the git commit hook row skipped".into());
    }
    match node_modules(o) {
        Some(nm) => {
            for (state, label, cmd) in [("passing", "npx jest (passing)", "npx jest"), ("failing", "npx jest (failing)", "npx jest"), ("failing", "npm test (failing)", "npm test"), ("error", "npx tsc --noEmit (errors)", "npx tsc --noEmit -p .")] {
                let dir = c.root.join(slug(label));
                let mut facts = Vec::new();
                js_package(&dir, &nm, jfiles, state, &mut facts)?;
                if state == "passing" {
                    facts.push(format!("Tests:       {} passed, {} total", jfiles * 8, jfiles * 8));
                }
                add(label, dir, cmd, facts);
            }
            // A package script run by bun or pnpm 12 (each prints `$ jest` on stderr); pnpm's
            // `--filter` picks the package out of a workspace.
            for (label, cmd, tool) in [
                ("bun run test (failing)", "bun run test", "bun"),
                ("pnpm --filter test (failing)", "pnpm --filter js-bench test", "pnpm"),
            ] {
                if !has_tool(c, &[tool, "--version"]) {
                    notes.push(format!("{tool} not found: its `{cmd}` row skipped"));
                    continue;
                }
                let ws = c.root.join(slug(label));
                let mut facts = Vec::new();
                js_package(&ws.join("js-bench"), &nm, jfiles, "failing", &mut facts)?;
                write(&ws.join("pnpm-workspace.yaml"), "packages:\n  - \"js-bench\"\n")?;
                write(&ws.join("package.json"), "{\"name\":\"ws\",\"private\":true}\n")?;
                let dir = if tool == "pnpm" { ws } else { ws.join("js-bench") };
                add(label, dir, cmd, facts);
            }
            if nm.join(".bin/vitest").exists() {
                let label = "npx vitest run (failing)";
                let dir = c.root.join(slug(label));
                let mut facts = Vec::new();
                js_package(&dir, &nm, jfiles, "vitest", &mut facts)?;
                facts.push("3 failed | 9 passed (12)".into());
                add(label, dir, "npx vitest run vt", facts);
            } else {
                notes.push("no vitest in node_modules: vitest row skipped".into());
            }
            if nm.join(".bin/eslint").exists() {
                let label = "npx eslint (lint errors)";
                let dir = c.root.join(slug(label));
                let mut facts = Vec::new();
                js_package(&dir, &nm, jfiles, "lint", &mut facts)?;
                add(label, dir, "npx eslint src", facts);
            } else {
                notes.push("no eslint in node_modules: eslint row skipped".into());
            }
        }
        None => notes.push("no node_modules with jest + typescript (--node-modules DIR or RTK_BENCH_NODE_MODULES): JS rows skipped".into()),
    }
    Ok((rows, (sleepers, servers, infra_servers)))
}

/// Checks `row`'s facts on `out` (the raw output `raw` must hold each of them, else the
/// corpus is wrong). Returns (facts held, facts checked, failures).
fn check(row: &Row, raw: &Out, out: &Out) -> (usize, usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut pass = usize::from(raw.code == out.code);
    if raw.code != out.code {
        failures.push(format!("exit code {} vs {}", raw.code, out.code));
    }
    let expanded = devfacts::ungroup(&out.text);
    let mut facts = row.facts.clone();
    if row.derive == "go test" {
        facts.extend(devfacts::go_test(&raw.text));
    }
    facts.extend(devfacts::summaries(&raw.text));
    for f in &facts {
        // `a || b`: the fact in either of its spellings (raw `file(1,14)` vs grouped `1:14`).
        let alts: Vec<&str> = f.split(" || ").collect();
        let has = |t: &str| alts.iter().any(|a| t.contains(a));
        if !has(&raw.text) {
            // The generator's fact must hold for the raw tool too, or the row is wrong.
            failures.push(format!("raw output lacks {f:?} (corpus bug)"));
        } else if has(&out.text) || has(&expanded) {
            pass += 1;
        } else {
            failures.push(format!("missing {f:?}"));
        }
    }
    let diags = devfacts::diags(row.derive, &raw.text);
    if matches!(
        row.derive,
        "tsc" | "eslint" | "mypy" | "ruff" | "flake8" | "go vet"
    ) && diags.len() < 3
    {
        failures.push(format!(
            "only {} diagnostics in the raw report (corpus bug)",
            diags.len()
        ));
    }
    let cwd = row.cwd.display().to_string();
    for d in &diags {
        if devfacts::has_diag(&expanded, &cwd, d) {
            pass += 1;
        } else {
            failures.push(format!("missing diagnostic {} {} {}", d.0, d.1, d.2));
        }
    }
    (pass, facts.len() + diags.len() + 1, failures)
}

fn pct(raw: usize, out: usize) -> f64 {
    if raw == 0 {
        0.0
    } else {
        100.0 * (raw as f64 - out as f64) / raw as f64
    }
}

/// Runs the test-and-build rows; prints their table. Returns whether every fact held (for
/// rtk; upstream's facts are reported, not required).
pub fn run(o: &Opts, w: &mut impl Write, tokens: &dyn Fn(&str) -> usize) -> Result<bool> {
    let tmp = tempfile::tempdir()?;
    let root = tmp.path().to_path_buf();
    for d in ["home", "data"] {
        std::fs::create_dir_all(root.join(d))?;
    }
    let c = Corpus {
        env: env(&root),
        root,
        rtk: o.rtk.clone(),
        _tmp: tmp,
    };
    let mut notes = Vec::new();
    let (mut rows, _held) = rows(&c, o, &mut notes)?;
    // `--only a|b`: the rows whose label holds either text (all rows are still made).
    if let Some(only) = &o.only {
        rows.retain(|r| only.split('|').any(|t| r.label.contains(t)));
    }
    writeln!(
        w,
        "\n## Test-and-build corpus (o200k_base tokens of stdout+stderr) and fidelity\n"
    )?;
    let up = o.upstream.as_deref();
    if up.is_some() {
        writeln!(w, "| command | raw tokens | rtk tokens | saved | fidelity | exit raw/rtk | upstream tokens | upstream saved | upstream fidelity |")?;
        writeln!(w, "|---|---:|---:|---:|---:|---|---:|---:|---:|")?;
    } else {
        writeln!(
            w,
            "| command | raw tokens | rtk tokens | saved | fidelity | exit raw/rtk |"
        )?;
        writeln!(w, "|---|---:|---:|---:|---:|---|")?;
    }
    let (mut raw_sum, mut rtk_sum, mut up_sum, mut fp, mut ft) = (0, 0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut up_failures = Vec::new();
    for row in &rows {
        let raw = sh(&c, &row.cwd, &row.argv, None)?;
        let rtk = sh(&c, &row.cwd, &row.argv, Some(&o.rtk))?;
        let upstream = match up {
            Some(bin) => Some(sh(&c, &row.cwd, &row.argv, Some(bin))?),
            None => None,
        };
        if let Some(dir) = std::env::var_os("RTK_BENCH_DUMP") {
            let slug = slug(&row.label);
            std::fs::create_dir_all(&dir)?;
            let dir = PathBuf::from(&dir);
            std::fs::write(dir.join(format!("dev_{slug}.raw")), &raw.text)?;
            std::fs::write(dir.join(format!("dev_{slug}.rtk")), &rtk.text)?;
            if let Some(u) = &upstream {
                std::fs::write(dir.join(format!("dev_{slug}.upstream")), &u.text)?;
            }
        }
        let (rt, kt) = (tokens(&raw.text), tokens(&rtk.text));
        let (pass, total, fails) = check(row, &raw, &rtk);
        failures.extend(fails.into_iter().map(|f| format!("{}: {f}", row.label)));
        fp += pass;
        ft += total;
        raw_sum += rt;
        rtk_sum += kt;
        write!(
            w,
            "| `{}` | {rt} | {kt} | {:.1}% | {pass}/{total} | {}/{} |",
            row.label,
            pct(rt, kt),
            raw.code,
            rtk.code
        )?;
        if let Some(u) = &upstream {
            let ut = tokens(&u.text);
            up_sum += ut;
            let (upass, utotal, ufails) = check(row, &raw, u);
            up_failures.extend(ufails.into_iter().map(|f| format!("{}: {f}", row.label)));
            write!(w, " {ut} | {:.1}% | {upass}/{utotal} |", pct(rt, ut))?;
        }
        writeln!(w)?;
    }
    write!(
        w,
        "| **test/build total** | **{raw_sum}** | **{rtk_sum}** | **{:.1}%** | **{fp}/{ft}** | |",
        pct(raw_sum, rtk_sum)
    )?;
    if up.is_some() {
        write!(w, " **{up_sum}** | **{:.1}%** | |", pct(raw_sum, up_sum))?;
    }
    writeln!(w)?;
    for n in &notes {
        writeln!(w, "note: {n}")?;
    }
    for f in failures.iter().take(30) {
        writeln!(w, "FIDELITY FAILURE {f}")?;
    }
    for f in up_failures.iter().take(40) {
        writeln!(w, "upstream lost: {f}")?;
    }
    w.flush()?;
    Ok(failures.is_empty())
}
