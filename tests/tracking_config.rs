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
fn unknown_keys_warn_with_key_and_file() {
    let t = TestEnv::new();
    t.write(
        "xdg-config/rtk/config.toml",
        "[tracking]\nhistory_days = 30\n",
    );
    let out = t.rtk().arg("config").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`tracking.history_days`"), "{err}");
    assert!(
        err.contains(&config_file(&t).display().to_string()),
        "{err}"
    );
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
