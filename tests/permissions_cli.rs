//! Host-scoped rule sources seen through the real binary: which settings files `rtk rewrite`
//! reads for each host, and how a broken one is reported (one stderr line, never a looser
//! answer).

use crate::common::TestEnv;

const BROKEN: &str = "{\n  \"permissions\": {\n    \"allow\": [\"Bash(*)\",\n";

fn rewrite(t: &TestEnv, host: Option<&str>) -> (Option<i32>, String, Vec<String>) {
    let mut cmd = t.rtk();
    // Never the machine's /etc/gemini-cli/settings.json.
    cmd.env(
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
        t.root.path().join("etc/gemini-cli/settings.json"),
    );
    cmd.arg("rewrite");
    if let Some(h) = host {
        cmd.args(["--host", h]);
    }
    let out = cmd.args(["git", "status"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings = stderr
        .lines()
        .filter(|l| l.starts_with("rtk: warning: "))
        .map(str::to_owned)
        .collect();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        warnings,
    )
}

#[test]
fn broken_claude_settings_warn_once_and_never_allow() {
    let t = TestEnv::new();
    let bad = t.write("home/.claude/settings.json", BROKEN);
    for host in [None, Some("claude")] {
        let (code, _, warnings) = rewrite(&t, host);
        assert_eq!(warnings.len(), 1, "{host:?}: {warnings:?}");
        let w = &warnings[0];
        assert!(
            w.starts_with(&format!("rtk: warning: ignoring {}: ", bad.display())),
            "{w}"
        );
        assert!(w.contains("line 4"), "{w}");
        assert_ne!(
            code,
            Some(0),
            "{host:?}: a skipped allow-all file must not allow"
        );
    }
}

#[test]
fn each_host_reads_only_its_own_files() {
    let t = TestEnv::new();
    t.write("home/.claude/settings.json", BROKEN);
    t.write("home/.cursor/cli-config.json", "{ cursor");
    t.write("home/.gemini/settings.json", "{ gemini");
    t.write("home/.factory/settings.json", "{ droid");
    for (host, file) in [
        ("claude", ".claude/settings.json"),
        ("cursor", ".cursor/cli-config.json"),
        ("gemini", ".gemini/settings.json"),
        ("droid", ".factory/settings.json"),
    ] {
        let (_, _, warnings) = rewrite(&t, Some(host));
        assert_eq!(warnings.len(), 1, "{host}: {warnings:?}");
        assert!(warnings[0].contains(file), "{host}: {}", warnings[0]);
    }
    for host in ["openclaw", "vibe"] {
        let (_, _, warnings) = rewrite(&t, Some(host));
        assert!(
            warnings.is_empty(),
            "{host} reads no settings: {warnings:?}"
        );
    }
}
