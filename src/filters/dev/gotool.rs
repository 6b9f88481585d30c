//! `go test` (text and `-json`), `go build`, `go vet`.
//!
//! test: `=== RUN/PAUSE/CONT` and `--- PASS`/`--- SKIP` lines and bare `PASS`/`FAIL` lines are
//! dropped, `ok <pkg> <time>` lines become one `ok: pkg` / `ok (N): pkg…` line (and
//! `[no test files]` lines one `no test files[ (N)]: pkg…` line); every `--- FAIL` (without its
//! duration; a parent's line right before its failing subtest's is implied by it), its
//! indented messages (`file_test.go:7: …`), `FAIL <pkg>` (without its time), panics, build
//! errors and anything unknown is kept. With `-json` the events are replayed as
//! text: the output of failing tests and of failing packages, then the same summary.
//! build/vet: `file:line:col: message` lines are a [`Report`] (grouped by file, one message at
//! several places on one line); a `# package` header goes when every problem under it is in a
//! file of the package's folder (the path says the package), else it stays, as do other
//! lines; `go: downloading` lines are dropped.

use serde::Deserialize;

use super::diag::{Diag, Report};
use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct GoTest;
pub struct GoBuild;

impl Filter for GoTest {
    fn name(&self) -> &'static str {
        "go-test"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if inv
            .rest()
            .iter()
            .any(|a| a == "-h" || a == "-help" || a == "--help")
        {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let json = inv.rest().iter().any(|a| a == "-json" || a == "--json");
        let text;
        let input = if json {
            text = replay_json(out.stdout)?;
            text.as_str()
        } else {
            out.stdout
        };
        let sink = compact_text(input);
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: if json {
                Some("go test -json events (replayed as text: failures and summary)".into())
            } else {
                sink.elided("passing tests")
            },
        })
    }
}

fn compact_text(stdout: &str) -> Sink {
    let mut sink = Sink::default();
    let mut ok_pkgs: Vec<&str> = Vec::new();
    let mut no_tests: Vec<&str> = Vec::new();
    let lines: Vec<&str> = stdout.lines().collect();
    // For each line, the next line that is not chatter (one pass from the end).
    let mut next_kept: Vec<Option<&str>> = vec![None; lines.len()];
    for i in (0..lines.len().saturating_sub(1)).rev() {
        let n = lines[i + 1];
        next_kept[i] = if is_chatter(n) {
            next_kept[i + 1]
        } else {
            Some(n)
        };
    }
    for (i, &line) in lines.iter().enumerate() {
        if parent_of_next(line, next_kept[i]) {
            // `--- FAIL: TestX` right before `--- FAIL: TestX/case`: a parent fails when a
            // subtest does, so the subtest's line says it (not counted as elided).
            continue;
        }
        if is_chatter(line) {
            sink.drop_line();
        } else if line == "PASS" || line == "FAIL" {
            // Restates the lines around it: not counted as elided.
        } else if let Some(rest) = fail_line(line) {
            sink.line(&rest);
        } else if let Some(rest) = line.strip_prefix("ok  \t").or(line.strip_prefix("ok \t")) {
            // Kept by name, without the time or `(cached)`.
            ok_pkgs.push(rest.split('\t').next().unwrap_or(rest));
        } else if line.starts_with("?   \t") && line.ends_with("[no test files]") {
            no_tests.push(line[5..].split('\t').next().unwrap_or(""));
        } else {
            sink.line(line);
        }
    }
    for (what, pkgs) in [("ok", &ok_pkgs), ("no test files", &no_tests)] {
        match pkgs.len() {
            0 => {}
            1 => sink.line(&format!("{what}: {}", pkgs[0])),
            n => sink.line(&format!("{what} ({n}): {}", pkgs.join(" "))),
        }
    }
    sink
}

/// `=== RUN`/`PAUSE`/`CONT`/`NAME` and `--- PASS`/`--- SKIP` lines (of `-v`).
fn is_chatter(line: &str) -> bool {
    let t = line.trim_start();
    [
        "=== RUN",
        "=== PAUSE",
        "=== CONT",
        "=== NAME",
        "--- PASS:",
        "--- SKIP:",
    ]
    .iter()
    .any(|p| t.starts_with(p))
}

/// Whether `line` is `--- FAIL: X (…)` and `next` is `--- FAIL: X/…`, a subtest of it.
fn parent_of_next(line: &str, next: Option<&str>) -> bool {
    let name = |l: &str| {
        let t = l.trim_start();
        let rest = t.strip_prefix("--- FAIL: ")?;
        Some((
            l.len() - t.len(),
            rest.split(' ').next().unwrap_or(rest).to_string(),
        ))
    };
    match (name(line), next.and_then(name)) {
        (Some((depth, parent)), Some((sub_depth, sub))) => {
            sub_depth > depth && sub.starts_with(&format!("{parent}/"))
        }
        _ => false,
    }
}

/// `--- FAIL: TestX (0.01s)` and `FAIL\tpkg\t0.01s` without the duration (and the tab).
fn fail_line(line: &str) -> Option<String> {
    let t = line.trim_start();
    if t.starts_with("--- FAIL: ") {
        let name = t
            .rsplit_once(" (")
            .filter(|(_, d)| d.ends_with("s)"))
            .map_or(t, |p| p.0);
        return Some(format!("{}{name}", &line[..line.len() - t.len()]));
    }
    let rest = line.strip_prefix("FAIL\t")?;
    let (pkg, tail) = rest.split_once('\t').unwrap_or((rest, ""));
    let timing = tail.ends_with('s') && tail[..tail.len() - 1].parse::<f64>().is_ok();
    Some(if timing || tail.is_empty() {
        format!("FAIL {pkg}")
    } else {
        format!("FAIL {pkg} {tail}")
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Event {
    action: String,
    #[serde(default)]
    package: String,
    #[serde(default)]
    test: Option<String>,
    #[serde(default)]
    output: Option<String>,
}

/// Turns `go test -json` events into the text go would have printed for failures, plus
/// `ok`/`FAIL` package lines. Non-JSON lines (build errors) are kept in place.
fn replay_json(stdout: &str) -> Result<String, Unparsed> {
    use std::collections::HashMap;
    let mut outputs: HashMap<(String, String), String> = HashMap::new();
    let mut pkg_out: HashMap<String, String> = HashMap::new();
    let mut text = String::new();
    let mut events = 0;
    for line in stdout.lines() {
        let Ok(e) = serde_json::from_str::<Event>(line) else {
            text.push_str(line);
            text.push('\n');
            continue;
        };
        events += 1;
        match (e.action.as_str(), e.test) {
            ("output", Some(t)) => outputs
                .entry((e.package, t))
                .or_default()
                .push_str(e.output.as_deref().unwrap_or("")),
            ("output", None) => pkg_out
                .entry(e.package)
                .or_default()
                .push_str(e.output.as_deref().unwrap_or("")),
            ("fail", Some(t)) => {
                if let Some(o) = outputs.remove(&(e.package, t)) {
                    text.push_str(&o);
                }
            }
            ("pass" | "skip", Some(t)) => {
                outputs.remove(&(e.package, t));
            }
            ("pass" | "skip" | "fail", None) => {
                if let Some(o) = pkg_out.remove(&e.package) {
                    text.push_str(&o);
                }
            }
            _ => {}
        }
    }
    if events == 0 {
        return Err(Unparsed("no go test -json events".into()));
    }
    Ok(text)
}

impl Filter for GoBuild {
    fn name(&self) -> &'static str {
        "go-build"
    }
    fn plan(&self, _inv: &Invocation<'_>) -> Plan {
        Plan::Capture { stderr: true }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut report = Report::default();
        let mut sink = Sink::default();
        // A `# package` header and the problems under it, held until the block ends.
        let mut block: Option<(&str, Vec<_>)> = None;
        for line in out.stderr.lines() {
            if line.starts_with("go: downloading ") || line.starts_with("go: finding ") {
                sink.drop_line();
            } else if let Some(d) = go_diag(line) {
                match block.as_mut() {
                    Some((_, diags)) => diags.push(d),
                    None => report.diag(Diag::new(d.0, d.1, "error", "", d.2)),
                }
            } else {
                end_block(block.take(), &mut report);
                if line.starts_with("# ") {
                    block = Some((line, Vec::new()));
                } else {
                    report.line(line);
                }
            }
        }
        end_block(block, &mut report);
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(report.render()),
            elided: sink.elided("module downloads"),
        })
    }
}

/// Adds a `# package` header and its problems to `report`; the header goes when every problem
/// under it names a file in the package's folder (`store/x.go` under `# example.com/m/store`),
/// which says the package already.
fn end_block(block: Option<(&str, Vec<GoDiag<'_>>)>, report: &mut Report) {
    let Some((header, diags)) = block else {
        return;
    };
    let pkg = &header[2..];
    let in_package = |file: &str| {
        let file = file.strip_prefix("./").unwrap_or(file);
        file.rsplit_once('/').is_some_and(|(dir, _)| {
            !dir.is_empty()
                && !dir
                    .split('/')
                    .any(|p| p == ".." || p == "." || p.is_empty())
                && (pkg == dir || pkg.ends_with(&format!("/{dir}")))
        })
    };
    if diags.is_empty()
        || pkg.contains(char::is_whitespace)
        || !diags.iter().all(|d| in_package(d.0))
    {
        report.line(header);
    }
    for (file, loc, msg) in diags {
        report.diag(Diag::new(file, loc, "error", "", msg));
    }
}

/// A problem line of go build/vet: (file, `12:5`, message).
type GoDiag<'a> = (&'a str, String, &'a str);

/// `./file.go:12:5: message` (or `file.go:12: message`) as (file, `12:5`, message).
fn go_diag(line: &str) -> Option<GoDiag<'_>> {
    let (file, rest) = line.split_once(".go:")?;
    if file.contains(' ') || file.is_empty() {
        return None;
    }
    let (loc, msg) = rest.split_once(": ")?;
    let ok = !loc.is_empty()
        && loc
            .split(':')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    ok.then(|| (&line[..file.len() + 3], loc.to_string(), msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keeps_failures_and_names_ok_packages() {
        let s = compact_text("=== RUN   TestA\n--- PASS: TestA (0.00s)\n--- FAIL: TestB (0.00s)\n    b_test.go:7: want 5\nFAIL\nFAIL\tex/b\t0.01s\nok  \tex/a\t0.01s\n");
        assert_eq!(
            s.text,
            "--- FAIL: TestB\n    b_test.go:7: want 5\nFAIL ex/b\nok: ex/a\n"
        );
    }

    #[test]
    fn fail_lines_lose_their_durations_only() {
        assert_eq!(
            fail_line("    --- FAIL: TestT/sub#01 (0.42s)").unwrap(),
            "    --- FAIL: TestT/sub#01"
        );
        assert_eq!(
            fail_line("FAIL\tex/a [build failed]").unwrap(),
            "FAIL ex/a [build failed]"
        );
        assert_eq!(
            fail_line("FAIL\tex/a\t[setup failed]").unwrap(),
            "FAIL ex/a [setup failed]"
        );
        assert_eq!(
            fail_line("--- FAIL: TestX (flaky)").unwrap(),
            "--- FAIL: TestX (flaky)"
        );
        assert_eq!(fail_line("ok  \tex/a\t0.1s"), None);
    }

    #[test]
    fn vet_lines_are_grouped_by_file() {
        assert_eq!(
            go_diag("./a.go:3:1: bad").unwrap(),
            ("./a.go", "3:1".to_string(), "bad")
        );
        assert_eq!(
            go_diag("x/a.go:3: bad").unwrap(),
            ("x/a.go", "3".to_string(), "bad")
        );
        assert_eq!(go_diag("# ex/a"), None);
        assert_eq!(go_diag("vet: a.go:x: bad"), None);
        let out = Output {
            stdout: "",
            stderr: "# ex\na.go:1:2: m1\nb.go:3:4: m2\na.go:5:6: m1\n",
            code: 1,
        };
        let inv = Invocation {
            program: "go",
            args: &[],
            sub: None,
        };
        let c = GoBuild.compact(&inv, &out).unwrap();
        assert_eq!(c.stderr.unwrap(), "# ex\na.go:\n1:2,5:6 m1\nb.go:3:4 m2\n");
        // The header goes only where every path under it names the package's folder.
        for (stderr, short) in [
            (
                "# ex.com/m/st\nst/a.go:1:2: m1\n./st/b.go:3:4: m2\n# ex.com/m/u\nu/c.go:1:1: m3\n",
                "st/a.go:1:2 m1\nst/b.go:3:4 m2\nu/c.go:1:1 m3\n",
            ),
            (
                "# ex.com/m/st\nst/a.go:1:2: m1\nother/b.go:3:4: m2\n",
                "# ex.com/m/st\nst/a.go:1:2 m1\nother/b.go:3:4 m2\n",
            ),
            (
                "# ex.com/m/st [ex.com/m/st.test]\nst/a_test.go:1:2: m1\n",
                "# ex.com/m/st [ex.com/m/st.test]\nst/a_test.go:1:2 m1\n",
            ),
            (
                "# ex.com/m/xst\nst/a.go:1:2: m1\n# ex.com/m\nst/../a.go:1:1: m\n",
                "# ex.com/m/xst\nst/a.go:1:2 m1\n# ex.com/m\nst/../a.go:1:1 m\n",
            ),
            (
                "# ex.com/m/st\nvet: st/a.go: bad\n",
                "# ex.com/m/st\nvet: st/a.go: bad\n",
            ),
        ] {
            let out = Output {
                stdout: "",
                stderr,
                code: 1,
            };
            let c = GoBuild.compact(&inv, &out).unwrap();
            assert_eq!(c.stderr.unwrap(), short, "{stderr:?}");
        }
    }

    #[test]
    fn a_parent_is_implied_by_its_failing_subtest() {
        // Plain and `-v` orders; a parent with its own message keeps its line.
        let s = compact_text("--- FAIL: TestT (0.00s)\n    --- FAIL: TestT/a (0.00s)\n        t_test.go:3: boom\n--- FAIL: TestU (0.00s)\n    u_test.go:9: own\n    --- FAIL: TestU/b (0.00s)\nFAIL\tex\t0.1s\n");
        assert_eq!(
            s.text,
            "    --- FAIL: TestT/a\n        t_test.go:3: boom\n--- FAIL: TestU\n    u_test.go:9: own\n    --- FAIL: TestU/b\nFAIL ex\n"
        );
        let s = compact_text("=== RUN   TestT\n--- FAIL: TestT (0.00s)\n    --- PASS: TestT/a (0.00s)\n    --- FAIL: TestT/b (0.00s)\n--- FAIL: TestTx (0.00s)\n--- FAIL: TestV (0.00s)\n    --- FAIL: TestVw/c (0.00s)\n");
        assert_eq!(
            s.text,
            "    --- FAIL: TestT/b\n--- FAIL: TestTx\n--- FAIL: TestV\n    --- FAIL: TestVw/c\n"
        );
        let s = compact_text("ok  \tex/a\t0.1s\nok  \tex/b\t0.1s\n?   \tex/c\t[no test files]\n");
        assert_eq!(s.text, "ok (2): ex/a ex/b\nno test files: ex/c\n");
    }

    #[test]
    fn json_replays_failing_output_only() {
        let raw = r#"{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestB","Output":"    b_test.go:3: boom\n"}
{"Action":"fail","Package":"p","Test":"TestB"}
{"Action":"output","Package":"p","Output":"FAIL\tp\t0.1s\n"}
{"Action":"fail","Package":"p"}
"#;
        assert_eq!(
            replay_json(raw).unwrap(),
            "    b_test.go:3: boom\nFAIL\tp\t0.1s\n"
        );
        assert!(replay_json("not json\n").is_err());
    }
}
