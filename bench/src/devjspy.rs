//! The Python and JavaScript checker/formatter rows of the test-and-build corpus (issue 20,
//! G2): a Python package of `n` modules, each with a return-type error, an undefined name, an
//! unused import and a layout black/ruff would change (`pyright`, `pylint`, `black --check`,
//! `ruff format --check`); a JS project of `n` files, each with a `debugger` statement and a
//! layout prettier/biome would change (`biome check`, `biome lint`, `prettier --check`); `n`
//! `deno test` files with a failing test and `n` files of `deno lint` findings; a crate of `n`
//! badly formatted modules (`cargo fmt --check`); `npm ci` of a project whose tree holds `4n`
//! deprecated packages and one with a security advisory, served by
//! tests/fixtures/jsinstall_registry.js on 127.0.0.1 (packages packed here with `tar`; the
//! lock file written by one `npm install` first; each run removes and installs them all).
//! Each row only when its tool runs.
//! The generator knows every fact rtk's output must keep: each problem's `file:line:col` and
//! message, each file a formatter would change, each failing test's name and location, and
//! the counts.

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::Result;

use crate::devbench::write;
use crate::devlangs::{Env, Row};

/// A Python module with four problems (lines: 3 return type, 6 undefined name, 1 unused
/// import; no blank lines between definitions, which black and ruff format would add).
fn py_module(k: usize) -> String {
    format!(
        "import os\ndef label_{k}(n: int) -> str:\n    return n + 1\ndef ship_{k}(order_id: int) -> None:\n    print(\"shipping %s\" % order_id)\n    undefined_{k}.call()\n"
    )
}

/// A JS module with a `debugger` statement at 3:3 and a layout biome/prettier would change.
fn js_module(k: usize) -> String {
    format!(
        "export function place{k}(items) {{\n  if (items == null) {{ return 0 }}\n  debugger;\n  return items.length + {k}\n}}\n"
    )
}

pub fn rows(e: &Env<'_>, notes: &mut Vec<String>) -> Result<Vec<Row>> {
    let (root, n, has) = (e.root, e.n, e.has);
    let mut rows = Vec::new();
    let py = root.join("g2-py");
    for k in 1..=n {
        write(&py.join(format!("shop/m{k}.py")), &py_module(k))?;
    }
    write(&py.join("shop/__init__.py"), "")?;
    let files = |f: &dyn Fn(usize) -> Vec<String>| -> Vec<String> { (1..=n).flat_map(f).collect() };
    if has(&["pyright", "--version"]) {
        let mut facts = files(&|k| {
            vec![
                format!("shop/m{k}.py:3:12"),
                format!("shop/m{k}.py:6:5"),
                format!("\"undefined_{k}\" is not defined"),
            ]
        });
        facts.push("Type \"int\" is not assignable to return type \"str\"".into());
        facts.push(format!("{} errors, 0 warnings, 0 informations", 2 * n));
        rows.push((
            format!("pyright shop ({} type errors)", 2 * n),
            py.clone(),
            "pyright shop".into(),
            facts,
        ));
    } else {
        notes.push("pyright not found: its row skipped".into());
    }
    if has(&["pylint", "--version"]) {
        let mut facts = files(&|k| {
            vec![
                format!("shop/m{k}.py:6:4"),
                format!("Undefined variable 'undefined_{k}'"),
                format!("shop/m{k}.py:5:10"),
                format!("shop/m{k}.py:1:0"),
            ]
        });
        facts.push("Unused import os".into());
        facts.push("Your code has been rated at".into());
        rows.push((
            format!("pylint shop ({n} modules)"),
            py.clone(),
            "pylint shop".into(),
            facts,
        ));
    } else {
        notes.push("pylint not found: its row skipped".into());
    }
    let reformat = |count: &str| -> Vec<String> {
        let mut f = files(&|k| vec![format!("shop/m{k}.py")]);
        f.push(count.to_string());
        f
    };
    if has(&["black", "--version"]) {
        rows.push((
            format!("black --check shop ({n} files to reformat)"),
            py.clone(),
            "black --check shop".into(),
            reformat(&format!("{n} files would be reformatted")),
        ));
    } else {
        notes.push("black not found: its row skipped".into());
    }
    if has(&["ruff", "--version"]) {
        rows.push((
            format!("ruff format --check shop ({n} files to reformat)"),
            py.clone(),
            "ruff format --check shop".into(),
            reformat(&format!("{n} files would be reformatted")),
        ));
    }
    let js = root.join("g2-js");
    for k in 1..=n {
        write(&js.join(format!("src/f{k}.js")), &js_module(k))?;
    }
    write(
        &js.join("package.json"),
        "{ \"name\": \"shop\", \"private\": true }\n",
    )?;
    write(
        &js.join("biome.json"),
        "{ \"formatter\": { \"indentStyle\": \"space\" } }\n",
    )?;
    if has(&["biome", "--version"]) {
        for (sub, format) in [("check", true), ("lint", false)] {
            let mut facts = files(&|k| {
                let mut f = vec![format!("src/f{k}.js:3:3")];
                if format {
                    f.push(format!("src/f{k}.js"));
                }
                f
            });
            facts.push("lint/suspicious/noDebugger".into());
            facts.push("This is an unexpected use of the debugger statement.".into());
            facts.push(format!("Checked {n} files"));
            rows.push((
                format!("biome {sub} src ({n} files)"),
                js.clone(),
                format!("biome {sub} src"),
                facts,
            ));
        }
    } else {
        notes.push("biome not found: its rows skipped".into());
    }
    if has(&["prettier", "--version"]) {
        let mut facts = files(&|k| vec![format!("src/f{k}.js")]);
        facts.push(format!("Code style issues found in {n} files"));
        rows.push((
            format!("prettier --check src ({n} files)"),
            js.clone(),
            "prettier --check src".into(),
            facts,
        ));
    } else {
        notes.push("prettier not found: its row skipped".into());
    }
    if has(&["deno", "--version"]) {
        rows.extend(deno(root, n)?);
    } else {
        notes.push("deno not found: its rows skipped".into());
    }
    if has(&["npm", "--version"]) && has(&["tar", "--version"]) {
        match npm_ci(root, n, e.run)? {
            Some(row) => rows.push(row),
            None => {
                notes.push("the local npm registry did not start: the npm ci row skipped".into())
            }
        }
    } else {
        notes.push("npm or tar not found: the npm ci row skipped".into());
    }
    if has(&["cargo", "fmt", "--version"]) {
        let c = root.join("g2-fmt");
        write(
            &c.join("Cargo.toml"),
            "[package]\nname = \"shop\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        )?;
        let mut lib = String::new();
        let mut facts = Vec::new();
        for k in 1..=n {
            lib.push_str(&format!("pub mod m{k};\n"));
            write(
                &c.join(format!("src/m{k}.rs")),
                &format!("pub fn f_{k}(x:i32)->i32{{x+{k}}}\n"),
            )?;
            facts.push(format!("src/m{k}.rs:1:"));
            facts.push(format!("+pub fn f_{k}(x: i32) -> i32 {{"));
        }
        write(&c.join("src/lib.rs"), &lib)?;
        rows.push((
            format!("cargo fmt --check ({n} files)"),
            c,
            "cargo fmt --check".into(),
            facts,
        ));
    }
    Ok(rows)
}

/// `deno test` over `n` files each with a failing test, and `deno lint` over `n` files each
/// with a `debugger` statement and a `var`.
fn deno(root: &Path, n: usize) -> Result<Vec<Row>> {
    let t = root.join("g2-deno-test");
    let l = root.join("g2-deno-lint");
    let mut test_facts = Vec::new();
    let mut lint_facts = Vec::new();
    for k in 1..=n {
        write(
            &t.join(format!("t{k}_test.ts")),
            &format!(
                "function eq(a: unknown, b: unknown) {{ if (a !== b) throw new Error(`not equal: ${{a}} !== ${{b}}`); }}\nDeno.test(\"adds {k}\", () => {{ eq({k} + 1, {}); }});\nDeno.test(\"keeps {k}\", () => {{ eq({k}, {k}); }});\nDeno.test(\"doubles {k}\", () => {{ eq({k} * 2, {}); }});\n",
                k + 1,
                2 * k + 1
            ),
        )?;
        test_facts.push(format!("doubles {k} => ./t{k}_test.ts:4:6"));
        test_facts.push(format!("not equal: {} !== {}", 2 * k, 2 * k + 1));
        write(
            &l.join(format!("f{k}.ts")),
            &format!("export function f{k}(x: number) {{\n  var y = x + {k};\n  debugger;\n  return y;\n}}\n"),
        )?;
        lint_facts.push(format!("f{k}.ts:2:3"));
        lint_facts.push(format!("f{k}.ts:3:3"));
    }
    test_facts.push(format!("FAILED | {} passed | {n} failed", 2 * n));
    lint_facts.push("`debugger` statement is not allowed".into());
    lint_facts.push("`var` keyword is not allowed.".into());
    lint_facts.push(format!("Found {} problems", 2 * n));
    Ok(vec![
        (
            format!("deno test ({n} failing)"),
            t,
            "deno test".into(),
            test_facts,
        ),
        (
            format!("deno lint ({} problems)", 2 * n),
            l,
            "deno lint".into(),
            lint_facts,
        ),
    ])
}

/// `npm ci` of `shop`, which depends on `acme-web`, which depends on `4n` deprecated
/// `acme-old-K` and on `acme-vuln` (one high advisory); `None` when the registry does not start.
fn npm_ci(root: &Path, n: usize, run: &dyn Fn(&Path, &str)) -> Result<Option<Row>> {
    let reg = root.join("g2-registry");
    let src = root.join("g2-registry-src");
    let pack = |name: &str, deps: &str, deprecated: Option<&str>| -> Result<()> {
        let d = src.join(name).join("package");
        let extra = deprecated.map_or_else(String::new, |m| format!(",\"x-deprecated\":\"{m}\""));
        let json = format!(
            "{{\"name\":\"{name}\",\"version\":\"1.0.0\",\"main\":\"index.js\",\"dependencies\":{{{deps}}}{extra}}}\n"
        );
        write(&d.join("package.json"), &json)?;
        write(
            &d.join("index.js"),
            &format!("module.exports = '{name}';\n"),
        )?;
        write(&reg.join(format!("{name}.json")), &json)?;
        Command::new("tar")
            .arg("-czf")
            .arg(reg.join(format!("{name}.tgz")))
            .arg("-C")
            .arg(src.join(name))
            .arg("package")
            .status()?;
        Ok(())
    };
    let mut deps = Vec::new();
    let mut facts = Vec::new();
    for k in 1..=4 * n {
        let msg = match k % 3 {
            0 => "This package is no longer supported.",
            1 => "Use acme-new instead; acme-old is unmaintained",
            _ => "Rimraf versions prior to v4 are no longer supported",
        };
        pack(&format!("acme-old-{k}"), "", Some(msg))?;
        deps.push(format!("\"acme-old-{k}\":\"1.0.0\""));
        facts.push(format!("acme-old-{k}@1.0.0"));
    }
    pack("acme-vuln", "", None)?;
    deps.push("\"acme-vuln\":\"1.0.0\"".into());
    pack("acme-web", &deps.join(","), None)?;
    write(
        &reg.join("advisories.json"),
        "{\"acme-vuln\":[{\"id\":1096366,\"url\":\"https://github.com/advisories/GHSA-acme-vuln-0001\",\"title\":\"Prototype Pollution in acme-vuln\",\"severity\":\"high\",\"vulnerable_versions\":\"<2.0.0\",\"cwe\":[\"CWE-1321\"],\"cvss\":{\"score\":7.5,\"vectorString\":null}}]}\n",
    )?;
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/jsinstall_registry.js");
    // The registry exits when this bench does (it watches its parent).
    let mut server = Command::new("node")
        .arg(script)
        .arg(&reg)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let mut port = String::new();
    if let Some(out) = server.stdout.take() {
        std::io::BufReader::new(out).read_line(&mut port)?;
    }
    let port = port.trim();
    if port.is_empty() {
        let _ = server.kill();
        return Ok(None);
    }
    let d = root.join("g2-npm");
    write(
        &d.join("package.json"),
        "{ \"name\": \"shop\", \"version\": \"1.0.0\", \"private\": true, \"dependencies\": { \"acme-web\": \"1.0.0\" } }\n",
    )?;
    write(
        &d.join(".npmrc"),
        &format!(
            "registry=http://127.0.0.1:{port}/\naudit=true\nfund=true\nupdate-notifier=false\n"
        ),
    )?;
    run(&d, "npm install");
    if !d.join("package-lock.json").is_file() {
        return Ok(None);
    }
    facts.push(format!("added {} packages", 4 * n + 2));
    facts.push("high severity vulnerabilit".into());
    Ok(Some((
        format!("npm ci ({} deprecated packages)", 4 * n),
        d,
        "npm ci".into(),
        facts,
    )))
}
