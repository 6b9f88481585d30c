//! `rtk config` driven as a process: effective config, --path, --create, broken files.

use crate::common::TestEnv;

fn config_file(t: &TestEnv) -> std::path::PathBuf {
    t.root.path().join("xdg-config/rtk/config.toml")
}

#[test]
fn path_and_defaults() {
    let t = TestEnv::new();
    let out = t.rtk().args(["config", "--path"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        config_file(&t).display().to_string()
    );

    let out = t.rtk().arg("config").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("not found: defaults"), "{text}");
    // The effective config is TOML that parses back to the defaults.
    let parsed: rtk::config::Config = toml::from_str(&text).expect("rtk config prints TOML");
    assert_eq!(parsed, rtk::config::Config::default());
    assert!(text.contains("retention_days = 90"), "{text}");
}

#[test]
fn create_writes_template_once_and_never_overwrites() {
    let t = TestEnv::new();
    let out = t.rtk().args(["config", "--create"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let written = std::fs::read_to_string(config_file(&t)).unwrap();
    assert_eq!(written, rtk::config::TEMPLATE);

    std::fs::write(config_file(&t), "[tracking]\nretention_days = 5\n").unwrap();
    let out = t.rtk().args(["config", "--create"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(config_file(&t)).unwrap(),
        "[tracking]\nretention_days = 5\n"
    );
    let shown = t.rtk().arg("config").output().unwrap();
    assert!(String::from_utf8_lossy(&shown.stdout).contains("retention_days = 5"));
}

#[test]
fn unknown_keys_warn_with_key_and_file_only_in_rtk_config() {
    let t = TestEnv::new();
    t.write(
        "xdg-config/rtk/config.toml",
        "[tracking]\nhistory_dayz = 30\n",
    );
    let out = t.rtk().arg("config").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`tracking.history_dayz`"), "{err}");
    assert!(
        err.contains(&config_file(&t).display().to_string()),
        "{err}"
    );
    let check = t.rtk().args(["config", "--check"]).output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stderr).contains("`tracking.history_dayz`"));
    // Never on the stderr of a hook answer or a filtered command.
    let hook = t.rtk().args(["rewrite", "git", "status"]).output().unwrap();
    assert_eq!(hook.status.code(), Some(3));
    assert!(
        hook.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&hook.stderr)
    );
    let run = t.rtk().args(["true"]).output().unwrap();
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Upstream rtk 1.1.0's own `rtk config --create` output (tests/fixtures/upstream/config.toml,
/// captured from the real binary): zero bytes of stderr on `rtk git status` and on a hook
/// answer, its mapped keys in effect, `rtk config --check` clean.
#[test]
fn upstreams_generated_config_is_silent_and_mapped() {
    let t = TestEnv::new();
    let upstream = include_str!("fixtures/upstream/config.toml");
    let edited = upstream.replace("history_days = 90", "history_days = 12");
    assert_ne!(edited, upstream);
    t.write("xdg-config/rtk/config.toml", &edited);
    let git = |args: &[&str]| {
        let ok = assert_cmd::Command::new("git")
            .args(args)
            .current_dir(t.work())
            .env("HOME", t.home())
            .output()
            .unwrap()
            .status
            .success();
        assert!(ok, "git {args:?}");
    };
    git(&["init", "-q"]);
    t.write("work/a.txt", "hi\n");
    let out = t.rtk().args(["git", "status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!out.stdout.is_empty());
    assert_eq!(
        out.stderr.len(),
        0,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hook = t
        .rtk()
        .args(["hook", "claude"])
        .write_stdin(r#"{"tool_name":"Bash","tool_input":{"command":"git status"}}"#)
        .output()
        .unwrap();
    assert_eq!(hook.status.code(), Some(0));
    assert_eq!(
        hook.stderr.len(),
        0,
        "{}",
        String::from_utf8_lossy(&hook.stderr)
    );

    let shown = t.rtk().arg("config").output().unwrap();
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(text.contains("retention_days = 12"), "{text}");
    assert!(
        text.contains("tracking.history_days: read as tracking.retention_days"),
        "{text}"
    );
    assert!(
        shown.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let check = t.rtk().args(["config", "--check"]).output().unwrap();
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn invalid_toml_names_the_line() {
    let t = TestEnv::new();
    t.write(
        "xdg-config/rtk/config.toml",
        "[hooks]\nexclude_commands = [\"a\"]\nexclude_commands = 3\n",
    );
    let out = t.rtk().arg("config").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("config.toml"), "{err}");
}
