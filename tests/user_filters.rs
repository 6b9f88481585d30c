//! The user's own declarative filters end to end (docs/filters.md): a filter in the user's
//! `filters.toml` applied by `rtk <cmd>` and counted in `rtk gain`; a project's
//! `.rtk/filters.toml` ignored until `rtk trust` (one line in `rtk filters list` / `rtk
//! config`, nothing on the command's output), applied after it, untrusted again once changed;
//! and never a new rewrite on the hook path.

use std::path::PathBuf;

use crate::common::TestEnv;

/// A program on PATH printing 40 `Compiling` lines, a warning and a summary.
fn demo_tool(t: &TestEnv) -> PathBuf {
    let mut script = String::from("#!/bin/sh\n");
    for i in 0..40 {
        script.push_str(&format!("echo 'Compiling crate{i} v0.1.0'\n"));
    }
    script.push_str("echo 'warning: unused import in crate7'\necho 'Finished in 1.2s'\n");
    let p = t.write("bin/demo-build", &script);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    p.parent().unwrap().to_path_buf()
}

fn path_with(bin: &std::path::Path) -> std::ffi::OsString {
    let mut paths = vec![bin.to_path_buf()];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).unwrap()
}

const USER_FILTER: &str = r#"
[filters.demo]
description = "demo-build: compile lines folded"
program = "demo-build"
fold = [{ pattern = '^Compiling ', label = "{n} crates compiled" }]
elided = "compile lines"

[[filters.demo.test]]
input = "Compiling a\nCompiling b\nFinished\n"
expected = "2 crates compiled\nFinished\n"
"#;

fn run(t: &TestEnv, bin: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = t
        .rtk()
        .env("PATH", path_with(bin))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const RAW_LINES: usize = 42;

#[test]
fn user_filter_applies_to_rtk_cmd_and_shows_in_gain() {
    let t = TestEnv::new();
    let bin = demo_tool(&t);
    t.write("xdg-config/rtk/filters.toml", USER_FILTER);

    let (code, out, err) = run(&t, &bin, &["demo-build"]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("40 crates compiled"));
    assert_eq!(lines.next(), Some("warning: unused import in crate7"));
    assert_eq!(lines.next(), Some("Finished in 1.2s"));
    // The note naming the tee file with the full output.
    let note = lines.next().expect("note line");
    assert!(note.contains("40 lines: compile lines"), "{note}");
    assert_eq!(err, "");

    let (code, list, _) = run(&t, &bin, &["filters", "list"]);
    assert_eq!(code, 0);
    assert!(
        list.lines()
            .any(|l| l.starts_with("user") && l.contains("demo")),
        "{list}"
    );
    let (code, tested, _) = run(&t, &bin, &["filters", "test"]);
    assert_eq!((code, tested.trim()), (0, "1 passed, 0 failed"));

    let (code, gain, err) = run(&t, &bin, &["gain", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&gain).expect("json");
    assert_eq!(v["summary"]["runs"], 1, "{gain}");
    assert!(v.to_string().contains("demo-build"), "{gain}");
    let saved = v["summary"]["saved_tokens"].as_u64().expect("saved_tokens");
    assert!(saved > 0, "{gain}");

    // The hook path stays the table's: no rewrite for a program only a user filter knows.
    let (code, out, _) = run(&t, &bin, &["rewrite", "demo-build"]);
    assert_eq!((code, out.as_str()), (1, ""));
}

#[test]
fn project_filter_needs_trust_and_a_change_untrusts_it() {
    let t = TestEnv::new();
    let bin = demo_tool(&t);
    t.write("work/.rtk/filters.toml", USER_FILTER);

    // Untrusted: the command's output is untouched and nothing is said on it.
    let (code, out, err) = run(&t, &bin, &["demo-build"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), RAW_LINES, "{out}");
    assert_eq!(err, "");
    // Said once where the user looks.
    let (_, list, _) = run(&t, &bin, &["filters", "list"]);
    let said: Vec<&str> = list.lines().filter(|l| l.contains("not trusted")).collect();
    assert_eq!(said.len(), 1, "{list}");
    assert!(said[0].contains(".rtk/filters.toml"), "{list}");
    let (_, config, _) = run(&t, &bin, &["config"]);
    assert_eq!(
        config.lines().filter(|l| l.contains("not trusted")).count(),
        1,
        "{config}"
    );

    let (code, out, err) = run(&t, &bin, &["trust"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("trusted "), "{out}");
    let (_, out, _) = run(&t, &bin, &["demo-build"]);
    assert!(out.starts_with("40 crates compiled\n"), "{out}");

    // Changed: untrusted again until trusted again.
    t.write(
        "work/.rtk/filters.toml",
        &format!("{USER_FILTER}\n# edited\n"),
    );
    let (_, out, err) = run(&t, &bin, &["demo-build"]);
    assert_eq!(out.lines().count(), RAW_LINES, "{out}");
    assert_eq!(err, "");
    run(&t, &bin, &["trust"]);
    let (_, out, _) = run(&t, &bin, &["demo-build"]);
    assert!(out.starts_with("40 crates compiled\n"), "{out}");

    let (code, out, _) = run(&t, &bin, &["untrust"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("untrusted "), "{out}");
    let (_, out, _) = run(&t, &bin, &["demo-build"]);
    assert_eq!(out.lines().count(), RAW_LINES, "{out}");
}

#[test]
fn check_names_refused_upstream_keys_and_error_dropping_rules() {
    let t = TestEnv::new();
    let bin = demo_tool(&t);
    let f = t.write(
        "up.toml",
        "[filters.x]\nmatch_command = '^x'\nmax_lines = 20\n",
    );
    let (code, _, err) = run(&t, &bin, &["filters", "check", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("`max_lines` is refused: cuts the output by position"),
        "{err}"
    );
    let f = t.write(
        "drop.toml",
        "[filters.x]\nprogram = 'x'\ndrop = ['^error']\n",
    );
    let (code, _, err) = run(&t, &bin, &["filters", "check", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("would drop the error line"), "{err}");
    // One refused filter leaves the others of the file working; `check` names it, exit 1.
    t.write(
        "xdg-config/rtk/filters.toml",
        &format!("{USER_FILTER}\n[filters.up]\nmatch_command = '^other'\ntail_lines = 5\n"),
    );
    let (_, out, _) = run(&t, &bin, &["demo-build"]);
    assert!(out.starts_with("40 crates compiled\n"), "{out}");
    let (code, out, err) = run(&t, &bin, &["filters", "check"]);
    assert_eq!(code, 1);
    assert!(out.contains("demo: ok (1 tests)"), "{out}");
    assert!(
        err.contains("filter `up`: key `tail_lines` is refused"),
        "{err}"
    );
    let (_, list, _) = run(&t, &bin, &["filters", "list"]);
    assert!(list.contains("not loaded: filter `up`"), "{list}");
    // A file with only a refused filter: commands run as if it were absent, silently.
    t.write(
        "xdg-config/rtk/filters.toml",
        "[filters.x]\nprogram = 'demo-build'\nhead_lines = 3\n",
    );
    let (code, out, err) = run(&t, &bin, &["demo-build"]);
    assert_eq!(
        (code, out.lines().count(), err.as_str()),
        (0, RAW_LINES, "")
    );
}

#[test]
fn a_user_filter_never_captures_what_the_table_passes_through() {
    let t = TestEnv::new();
    let bin = demo_tool(&t);
    // A git filter for every subcommand: it must not reach `git status -s` (rtk passes that
    // through), only forms rtk captures itself (`git status`).
    t.write(
        "xdg-config/rtk/filters.toml",
        "[filters.g]\nprogram = 'git'\ndrop = ['file\\d+\\.txt']\n",
    );
    let repo = t.work();
    for args in [
        &["init", "-q"][..],
        &["config", "user.email", "a@b"],
        &["config", "user.name", "a"],
    ] {
        let out = assert_cmd::Command::new("git")
            .arg("-C")
            .arg(&repo)
            .args(args)
            .env("HOME", t.home())
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}");
    }
    for i in 0..40 {
        t.write(format!("work/file{i}.txt"), "x\n");
    }
    let (code, out, _) = run(&t, &bin, &["git", "status", "-s"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("?? file")).count(),
        40,
        "{out}"
    );
    // Where rtk captures, the user's rules apply (and their drops are reported).
    let (code, out, _) = run(&t, &bin, &["git", "status"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("On branch") && !out.contains("file1.txt"),
        "{out}"
    );
    assert!(out.contains("[rtk: elided 40 lines"), "{out}");
}
