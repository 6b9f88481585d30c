//! History recording through the library API (`rtk::tracking::record*`) and `rtk gain` driven
//! as a process: concurrency, broken databases, exact sums, the documented JSON schema.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Barrier};

use rtk::env::Env;
use rtk::tracking::{self, RunRecord, Settings};
use serde_json::Value;

use crate::common::TestEnv;

/// The in-process environment matching `TestEnv::rtk()`.
fn env_of(t: &TestEnv, extra: &[(&str, PathBuf)]) -> Env {
    let mut vars = vec![
        ("HOME", t.home()),
        ("XDG_CONFIG_HOME", t.root.path().join("xdg-config")),
        ("XDG_DATA_HOME", t.root.path().join("xdg-data")),
        ("TMPDIR", t.root.path().join("tmp")),
    ];
    vars.extend(extra.iter().cloned());
    Env::new(vars, t.work())
}

fn default_db(t: &TestEnv) -> PathBuf {
    t.root.path().join("xdg-data/rtk/history.db")
}

fn run(cmd: &str, project: &str, raw: u64, emitted: u64) -> RunRecord {
    RunRecord {
        command: cmd.into(),
        project: project.into(),
        raw_bytes: raw * 4,
        emitted_bytes: emitted * 4,
        raw_tokens: raw,
        emitted_tokens: emitted,
        exit_code: 0,
        duration_ms: 7,
        fell_back: false,
    }
}

fn record_ok(env: &Env, r: &RunRecord) {
    let mut warn = Vec::new();
    tracking::record_to(env, r, &mut warn);
    assert!(warn.is_empty(), "{}", String::from_utf8_lossy(&warn));
}

fn gain_json(t: &TestEnv, args: &[&str]) -> Value {
    let out = t
        .rtk()
        .arg("gain")
        .args(["--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("gain --format json prints JSON")
}

#[test]
fn hundred_concurrent_writers_lose_nothing() {
    let _heavy = crate::common::heavy();
    let t = TestEnv::new();
    let env = Arc::new(env_of(&t, &[]));
    let settings = Arc::new(Settings::resolve(&env, &rtk::config::Config::default()));
    let barrier = Arc::new(Barrier::new(100));
    let handles: Vec<_> = (0..100u64)
        .map(|i| {
            let (settings, barrier) = (settings.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                // Each thread opens its own connection through the public API.
                tracking::record_with(
                    &settings,
                    &run(&format!("git status {i}"), "/p", 100 + i, i),
                    1_800_000_000,
                )
                .map_err(|e| e.to_string())
            })
        })
        .collect();
    let errors: Vec<String> = handles
        .into_iter()
        .filter_map(|h| h.join().expect("no panic").err())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let j = gain_json(&t, &[]);
    assert_eq!(j["summary"]["runs"], 100);
    let raw: u64 = (0..100).map(|i| 100 + i).sum();
    let emitted: u64 = (0..100).sum();
    assert_eq!(j["summary"]["raw_tokens"], raw);
    assert_eq!(j["summary"]["emitted_tokens"], emitted);
}

#[test]
fn hundred_concurrent_record_calls_warn_nothing() {
    let _heavy = crate::common::heavy();
    let t = TestEnv::new();
    let env = Arc::new(env_of(&t, &[]));
    let barrier = Arc::new(Barrier::new(100));
    let handles: Vec<_> = (0..100)
        .map(|i| {
            let (env, barrier) = (env.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let mut warn = Vec::new();
                tracking::record_to(
                    &env,
                    &run(&format!("cargo test {i}"), "/p", 10, 1),
                    &mut warn,
                );
                String::from_utf8(warn).unwrap()
            })
        })
        .collect();
    for h in handles {
        let warn = h.join().expect("no panic");
        assert!(warn.is_empty(), "{warn}");
    }
    assert_eq!(gain_json(&t, &[])["summary"]["runs"], 100);
}

#[test]
fn broken_databases_warn_once_and_lose_no_row() {
    let t = TestEnv::new();
    let garbage_text = "this is not sqlite \u{0}\u{1}\u{2} ".repeat(500);
    let garbage = t.write("bad/garbage.db", &garbage_text);
    let not_a_dir = t.write("bad/file", "x");
    let dir_as_db = t.root.path().join("bad/adir");
    std::fs::create_dir_all(&dir_as_db).unwrap();
    // (what, database, the start of the one warning)
    let cases = [
        ("garbage bytes", garbage.clone(), "rtk: warning: history "),
        (
            "parent is a file",
            not_a_dir.join("h.db"),
            "rtk: warning: history not written: ",
        ),
        (
            "a folder not named *.db",
            dir_as_db.clone(),
            "rtk: warning: history not written: ",
        ),
    ];
    for (what, db, said) in &cases {
        let env = env_of(&t, &[("RTK_DB_PATH", db.clone())]);
        let mut warn = Vec::new();
        tracking::record_to(&env, &run("git status", "/p", 10, 1), &mut warn);
        let warn = String::from_utf8(warn).unwrap();
        assert_eq!(warn.lines().count(), 1, "{what}: {warn}");
        assert!(warn.starts_with(said), "{what}: {warn}");
    }
    // The garbage was set aside, whole, under a name with the time; a new history holds the row.
    let set_aside: Vec<PathBuf> = std::fs::read_dir(t.root.path().join("bad"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("garbage.db.damaged-"))
        .collect();
    assert_eq!(set_aside.len(), 1, "{set_aside:?}");
    assert_eq!(
        std::fs::read_to_string(&set_aside[0]).unwrap(),
        garbage_text
    );
    assert_eq!(gain_json_at(&t, &garbage)["summary"]["runs"], 1);
    // A folder that is not named like a database is never moved; the row waits in the spool.
    assert!(dir_as_db.is_dir());
    // `rtk gain` on garbage sets it aside too, says so, and reports the new, empty history.
    std::fs::write(&garbage, &garbage_text).unwrap();
    let out = t
        .rtk()
        .env("RTK_DB_PATH", &garbage)
        .arg("gain")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("was damaged (file is not a database): set aside as "),
        "{err}"
    );
}

fn gain_json_at(t: &TestEnv, db: &Path) -> serde_json::Value {
    let out = t
        .rtk()
        .env("RTK_DB_PATH", db)
        .args(["gain", "--format", "json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Issue 22: a data folder rtk cannot write (a sandbox, a read-only home) never shows in a
/// command's output, stderr included (the agent reads it); `rtk gain` and `rtk config` say it.
#[test]
fn recording_trouble_is_told_by_gain_and_config_not_by_the_command() {
    let t = TestEnv::new();
    // A data "folder" that is a regular file: not even root can make rtk/ under it.
    let blocked = t.write("blocked", "x");
    let rtk = || {
        let mut c = t.rtk();
        c.env("XDG_DATA_HOME", &blocked);
        c
    };
    let raw = assert_cmd::Command::new("ls")
        .arg("-a")
        .current_dir(t.work())
        .output()
        .unwrap();
    for _ in 0..3 {
        let out = rtk().args(["ls", "-a"]).output().unwrap();
        assert_eq!(out.status.code(), raw.status.code());
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let gain = rtk().arg("gain").output().unwrap();
    let err = String::from_utf8_lossy(&gain.stderr);
    assert!(err.contains("rtk: trouble while recording runs"), "{err}");
    let line = err
        .lines()
        .find(|l| l.contains("history not written"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("3 times"), "{line}");
    let config = rtk().arg("config").output().unwrap();
    let text = String::from_utf8_lossy(&config.stdout);
    assert!(
        text.contains("# trouble while recording runs (3; details: rtk gain)"),
        "{text}"
    );
    assert!(text.contains("history not written"), "{text}");
    // Kept in this user's private folder under TMPDIR (the data folder could not take it).
    let kept = std::fs::read_dir(t.root.path().join("tmp"))
        .unwrap()
        .count();
    assert_eq!(kept, 1);
    // A reset forgets it.
    let reset = rtk().args(["gain", "--reset", "--yes"]).output().unwrap();
    assert_eq!(reset.status.code(), Some(0), "{reset:?}");
    let gain = rtk().arg("gain").output().unwrap();
    assert!(
        !String::from_utf8_lossy(&gain.stderr).contains("trouble"),
        "{gain:?}"
    );
}

#[test]
fn no_tracking_env_and_config_disable_recording() {
    let t = TestEnv::new();
    record_ok(
        &env_of(&t, &[("RTK_NO_TRACKING", "1".into())]),
        &run("ls", "/p", 5, 1),
    );
    assert!(!default_db(&t).exists());
    t.write(
        "xdg-config/rtk/config.toml",
        "[tracking]\nenabled = false\n",
    );
    record_ok(&env_of(&t, &[]), &run("ls", "/p", 5, 1));
    assert!(!default_db(&t).exists());
}

#[test]
fn config_db_path_is_used() {
    let t = TestEnv::new();
    let db = t.root.path().join("elsewhere/h.db");
    t.write(
        "xdg-config/rtk/config.toml",
        &format!("[tracking]\ndb_path = \"{}\"\n", db.display()),
    );
    record_ok(&env_of(&t, &[]), &run("ls", "/p", 5, 1));
    assert!(db.exists());
    assert!(!default_db(&t).exists());
    assert_eq!(gain_json(&t, &[])["summary"]["runs"], 1);
}

#[test]
fn empty_history_is_friendly() {
    let t = TestEnv::new();
    let out = t.rtk().arg("gain").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("No runs recorded yet"), "{text}");
    assert!(
        !default_db(&t).exists(),
        "reading must not create the database"
    );
    let j = gain_json(&t, &[]);
    assert_eq!(j["summary"]["runs"], 0);
    assert_eq!(j["commands"], Value::Array(vec![]));
}

/// `| path | type | required |` rows of docs/gain-json.md.
fn documented_fields() -> Vec<(String, String, bool)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/gain-json.md"))
        .expect("docs/gain-json.md");
    let rows: Vec<_> = doc
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| path"))
        .map(|l| {
            let cells: Vec<String> = l
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().replace("\\|", "|"))
                .collect();
            (cells[0].clone(), cells[1].clone(), cells[2] == "yes")
        })
        .collect();
    assert!(rows.len() > 30, "schema table not found");
    rows
}

fn type_ok(v: &Value, ty: &str) -> bool {
    ty.split('|').any(|t| match t {
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "null" => v.is_null(),
        other => panic!("unknown type {other} in the schema doc"),
    })
}

/// Checks `v` against the documented fields; returns how many values were checked.
fn validate(v: &Value, fields: &[(String, String, bool)]) -> usize {
    fn values<'a>(v: &'a Value, path: &str) -> Vec<(&'a Value, String)> {
        // Resolves `a.b[].c` to every value it names; missing parents yield nothing.
        let mut cur = vec![(v, String::new())];
        for part in path.split('.') {
            let (name, each) = match part.strip_suffix("[]") {
                Some(n) => (n, true),
                None => (part, false),
            };
            let mut next = Vec::new();
            for (val, at) in cur {
                if let Some(child) = val.get(name) {
                    if each {
                        for (i, el) in child.as_array().into_iter().flatten().enumerate() {
                            next.push((el, format!("{at}.{name}[{i}]")));
                        }
                    } else {
                        next.push((child, format!("{at}.{name}")));
                    }
                }
            }
            cur = next;
        }
        cur
    }
    let mut checked = 0;
    for (path, ty, required) in fields {
        let (parent, leaf) = match path.rsplit_once('.') {
            Some((p, l)) => (Some(p), l),
            None => (None, path.as_str()),
        };
        let parents = match parent {
            Some(p) => values(v, p),
            None => vec![(v, String::new())],
        };
        for (obj, at) in parents {
            match obj.get(leaf.trim_end_matches("[]")) {
                Some(val) => {
                    assert!(type_ok(val, ty), "{at}.{leaf}: expected {ty}, got {val}");
                    checked += 1;
                }
                None => assert!(!required, "{at}.{leaf} is required"),
            }
        }
    }
    // Nothing undocumented at the top level or in summary.
    let documented: Vec<&str> = fields.iter().map(|f| f.0.as_str()).collect();
    for (k, _) in v.as_object().unwrap() {
        assert!(documented.contains(&k.as_str()), "undocumented field {k}");
    }
    for (k, _) in v["summary"].as_object().unwrap() {
        assert!(
            documented.contains(&format!("summary.{k}").as_str()),
            "undocumented summary.{k}"
        );
    }
    checked
}

#[test]
fn gain_json_matches_documented_schema_and_row_sums() {
    let t = TestEnv::new();
    let env = env_of(&t, &[]);
    let proj = t.work().display().to_string();
    let runs = [
        run("git status", &proj, 1200, 200),
        run("git status --short", &proj, 800, 100),
        run("cargo test --all", &proj, 5000, 300),
        RunRecord {
            exit_code: 101,
            fell_back: true,
            ..run("cargo test", "/other", 700, 700)
        },
        run("ls -la", "/other/sub", 90, 95),
    ];
    for r in &runs {
        record_ok(&env, r);
    }
    let fields = documented_fields();
    let j = gain_json(&t, &["--history", "--daily", "--limit", "50"]);
    let checked = validate(&j, &fields);
    assert!(checked > 60, "only {checked} values checked");
    for period in ["--weekly", "--monthly"] {
        validate(&gain_json(&t, &[period]), &fields);
    }
    validate(&gain_json(&t, &[]), &fields);

    let raw: u64 = runs.iter().map(|r| r.raw_tokens).sum();
    let emitted: u64 = runs.iter().map(|r| r.emitted_tokens).sum();
    let raw_bytes: u64 = runs.iter().map(|r| r.raw_bytes).sum();
    let s = &j["summary"];
    assert_eq!(s["runs"], runs.len());
    assert_eq!(s["raw_tokens"], raw);
    assert_eq!(s["emitted_tokens"], emitted);
    assert_eq!(s["saved_tokens"], raw as i64 - emitted as i64);
    assert_eq!(s["raw_bytes"], raw_bytes);
    assert_eq!(s["total_duration_ms"], 7 * runs.len() as u64);
    assert_eq!(s["fell_back_runs"], 1);
    assert_eq!(s["failed_runs"], 1);
    assert_eq!(s["largest_run_saved_tokens"], 4700);
    let pct = (raw - emitted) as f64 * 100.0 / raw as f64;
    assert!((s["saved_pct"].as_f64().unwrap() - pct).abs() < 0.051);

    // Per command: sums of the rows sharing a key, ordered by tokens saved.
    let cmds = j["commands"].as_array().unwrap();
    let keys: Vec<&str> = cmds
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["cargo test", "git status", "ls"]);
    assert_eq!(cmds[0]["raw_tokens"], 5700);
    assert_eq!(cmds[0]["runs"], 2);
    assert_eq!(cmds[1]["saved_tokens"], 1700);
    assert_eq!(cmds[2]["saved_tokens"], -5);
    let cmd_raw: u64 = cmds.iter().map(|c| c["raw_tokens"].as_u64().unwrap()).sum();
    assert_eq!(cmd_raw, raw);

    // History: every row, newest first; periods sum to the totals.
    let hist = j["history"].as_array().unwrap();
    assert_eq!(hist.len(), runs.len());
    assert_eq!(hist[0]["command"], "ls -la");
    let day_runs: u64 = j["periods"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["runs"].as_u64().unwrap())
        .sum();
    assert_eq!(day_runs, runs.len() as u64);
    assert_eq!(j["periods"]["unit"], "day");

    // --project: the work folder only (runs recorded with it as project).
    let p = gain_json(&t, &["--project"]);
    assert_eq!(p["summary"]["runs"], 3);
    assert_eq!(p["summary"]["raw_tokens"], 7000);
    assert_eq!(p["project"], proj);
    let other = gain_json(&t, &["--project", "/other"]);
    assert_eq!(other["summary"]["runs"], 2);

    // Upstream rtk's names and short flags: the same numbers under its names.
    for (ours, theirs) in [
        ("runs", "total_commands"),
        ("raw_tokens", "total_input"),
        ("emitted_tokens", "total_output"),
        ("saved_tokens", "total_saved"),
        ("saved_pct", "avg_savings_pct"),
        ("total_duration_ms", "total_time_ms"),
        ("avg_duration_ms", "avg_time_ms"),
    ] {
        assert_eq!(s[ours], s[theirs], "{ours} vs {theirs}");
    }
    let all = gain_json(&t, &["-a", "-F", "-p", "/other"]);
    validate(&all, &fields);
    assert_eq!(all["summary"]["runs"], 2);
    for (array, label) in [
        ("daily", "date"),
        ("weekly", "week_start"),
        ("monthly", "month"),
    ] {
        let rows = all[array].as_array().unwrap_or_else(|| panic!("{array}"));
        let n: u64 = rows.iter().map(|r| r["commands"].as_u64().unwrap()).sum();
        assert_eq!(n, 2, "{array}");
        assert!(rows.iter().all(|r| r[label].is_string()), "{array}");
    }
    let failures = all["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1);
    assert_eq!(failures[0]["command"], "cargo test");
    assert_eq!(failures[0]["exit_code"], 101);
}

#[test]
fn gain_text_csv_and_graph() {
    let t = TestEnv::new();
    let env = env_of(&t, &[]);
    record_ok(&env, &run("git status", "/p", 1234567, 1000));
    record_ok(&env, &run("echo a,b", "/p", 10, 5));
    let text = t.rtk().arg("gain").output().unwrap();
    assert_eq!(text.status.code(), Some(0));
    let s = String::from_utf8_lossy(&text.stdout);
    assert!(s.contains("1,234,577"), "{s}"); // exact raw total, not "1.2M"
    assert!(s.contains("git status"), "{s}");
    assert!(s.contains("estimate"), "{s}");

    let csv = t
        .rtk()
        .args(["gain", "--format", "csv", "--history"])
        .output()
        .unwrap();
    let csv = String::from_utf8_lossy(&csv.stdout).into_owned();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("time,command,project,"));
    assert_eq!(lines.len(), 3);
    assert!(lines[1].contains("\"echo a,b\""), "{csv}");

    let graph = t.rtk().args(["gain", "--graph"]).output().unwrap();
    let g = String::from_utf8_lossy(&graph.stdout);
    assert!(g.contains("Tokens saved per day"), "{g}");
    assert_eq!(g.lines().filter(|l| l.contains('█')).count(), 1, "{g}");
    assert_eq!(
        g.lines().filter(|l| l.starts_with("  20")).count(),
        30,
        "{g}"
    );

    let bad = t
        .rtk()
        .args(["gain", "--graph", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn reset_needs_confirmation_without_a_terminal() {
    let t = TestEnv::new();
    let env = env_of(&t, &[]);
    record_ok(&env, &run("git status", "/a", 10, 1));
    record_ok(&env, &run("git status", "/b", 10, 1));
    let out = t.rtk().args(["gain", "--reset"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--yes"));
    assert_eq!(gain_json(&t, &[])["summary"]["runs"], 2);

    let out = t
        .rtk()
        .args(["gain", "--reset", "--yes", "--project", "/a"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(gain_json(&t, &[])["summary"]["runs"], 1);
    let out = t.rtk().args(["gain", "--reset", "--yes"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(gain_json(&t, &[])["summary"]["runs"], 0);
}

#[test]
fn gain_help_states_the_token_method() {
    let t = TestEnv::new();
    let out = t.rtk().args(["gain", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("Tokens are estimated"), "{help}");
    assert!(help.contains("RTK_DB_PATH"), "{help}");
}

/// Child side of `hundred_writer_processes_lose_nothing`: records one run when the parent set
/// `RTK_TEST_CHILD_WRITER` (a no-op otherwise, so `--ignored` runs stay harmless).
#[test]
#[ignore = "run by hundred_writer_processes_lose_nothing in child processes"]
fn child_writer() {
    let Ok(n) = std::env::var("RTK_TEST_CHILD_WRITER") else {
        return;
    };
    let env = Env::from_process();
    tracking::record(&env, &run(&format!("git log -{n}"), "/p", 50, 5));
}

#[test]
fn hundred_writer_processes_lose_nothing() {
    let _heavy = crate::common::heavy();
    let t = TestEnv::new();
    let exe = std::env::current_exe().unwrap();
    let barrier = Arc::new(Barrier::new(100));
    let handles: Vec<_> = (0..100)
        .map(|i| {
            let mut cmd = assert_cmd::Command::new(&exe);
            cmd.args([
                "--exact",
                "tracking_gain::child_writer",
                "--ignored",
                "--nocapture",
            ])
            .env_clear()
            .env("RTK_TEST_CHILD_WRITER", i.to_string())
            .env("HOME", t.home())
            .env("XDG_CONFIG_HOME", t.root.path().join("xdg-config"))
            .env("XDG_DATA_HOME", t.root.path().join("xdg-data"));
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                cmd.output().unwrap()
            })
        })
        .collect();
    for h in handles {
        let out = h.join().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("warning"), "{stderr}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed"));
    }
    let j = gain_json(&t, &["--history", "--limit", "1000"]);
    assert_eq!(j["summary"]["runs"], 100);
    assert_eq!(j["summary"]["raw_tokens"], 5000);
    assert_eq!(j["history"].as_array().unwrap().len(), 100);
}

#[test]
fn hook_path_never_touches_the_history() {
    let t = TestEnv::new();
    // A garbage file at the database path: any open would warn or fail.
    let db = t.write("xdg-data/rtk/history.db", "not a database");
    for args in [vec!["rewrite", "git", "status"], vec!["hook", "claude"]] {
        let out = t.rtk().args(&args).write_stdin("{}").output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("history"), "{args:?}: {err}");
    }
    assert_eq!(std::fs::read_to_string(&db).unwrap(), "not a database");
    let dir = db.parent().unwrap();
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "no -wal/-shm created: {names:?}");
}

/// 100 real `rtk` processes running a filtered command at once, sharing one database: each
/// prints the right answer, exits 0, warns nothing, and stores exactly one row.
#[test]
fn hundred_concurrent_rtk_processes_store_one_row_each() {
    let _heavy = crate::common::heavy();
    let t = TestEnv::new();
    let db = t.root.path().join("db/history.db");
    let lines = "one\ntwo\nthree\n".repeat(100);
    for i in 0..100 {
        t.write(format!("work/f{i}.txt"), &lines[..6 * (i % 7 + 1)]);
    }
    let barrier = Arc::new(Barrier::new(100));
    let handles: Vec<_> = (0..100)
        .map(|i| {
            let mut cmd = t.rtk();
            cmd.args(["wc", "-l", &format!("f{i}.txt")])
                .env("RTK_DB_PATH", &db);
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                (i, cmd.output().unwrap())
            })
        })
        .collect();
    for h in handles {
        let (i, out) = h.join().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "f{i}: {stderr}");
        assert!(!stderr.contains("locked"), "f{i}: {stderr}");
        assert!(stderr.is_empty(), "f{i}: {stderr}");
        // `one\ntwo\n` is 8 bytes, but the cut above is by 6 bytes: count the real newlines.
        let want = lines[..6 * (i % 7 + 1)].matches('\n').count();
        assert_eq!(stdout.trim(), format!("{want} f{i}.txt"), "f{i}");
    }
    let out = t
        .rtk()
        .args(["gain", "--format", "json", "--history", "--limit", "1000"])
        .env("RTK_DB_PATH", &db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["summary"]["runs"], 100, "{j}");
    let history = j["history"].as_array().unwrap();
    assert_eq!(history.len(), 100);
    let mut commands: Vec<String> = history
        .iter()
        .map(|r| r["command"].as_str().unwrap().to_string())
        .collect();
    commands.sort();
    commands.dedup();
    assert_eq!(commands.len(), 100, "one row per process: {commands:?}");
    assert!(!default_db(&t).exists(), "RTK_DB_PATH was used");
}
