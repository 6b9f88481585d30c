//! `rtk init` over a home upstream rtk 1.1.0 installed into (tests/fixtures/upstream/home,
//! captured from the real binary): install replaces upstream's entries in one step, and
//! `--uninstall` leaves no rtk entry, script or instruction file behind.

use std::path::Path;

use crate::common::{copy_tree, TestEnv};

fn upstream_home() -> TestEnv {
    let t = TestEnv::new();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upstream/home");
    copy_tree(&fixture, &t.home());
    t
}

fn init(t: &TestEnv, args: &[&str]) -> String {
    let out = t.rtk().arg("init").args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn read(t: &TestEnv, rel: &str) -> String {
    std::fs::read_to_string(t.home().join(rel)).unwrap_or_default()
}

/// Every file under HOME (backups aside) whose text names an rtk hook or upstream's scripts.
fn rtk_mentions(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            rtk_mentions(&p, out);
        } else if !name.contains(".rtk-bak") {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            if [
                "rtk hook",
                "rtk-hook-gemini",
                "rtk bypass",
                "RTK.md",
                "rtk-instructions",
            ]
            .iter()
            .any(|n| text.contains(n))
            {
                out.push(p.display().to_string());
            }
        }
    }
}

#[test]
fn install_replaces_upstreams_entries_in_one_step() {
    let t = upstream_home();
    init(&t, &["--agent", "gemini", "--global"]);
    let gemini = read(&t, ".gemini/settings.json");
    assert!(gemini.contains("rtk hook gemini"), "{gemini}");
    assert!(!gemini.contains("rtk-hook-gemini.sh"), "{gemini}");
    assert!(
        !t.home().join(".gemini/hooks").exists(),
        "script and checksum removed"
    );
    // Instructions stay on install: the commands they name work.
    assert!(read(&t, ".gemini/GEMINI.md").contains("rtk bypass"));

    init(&t, &["--agent", "copilot", "--global"]);
    assert!(!t.home().join(".copilot/hooks/rtk-rewrite.json").exists());
    assert!(read(&t, ".copilot/hooks/rtk.json").contains("rtk hook copilot"));

    init(&t, &["--agent", "droid", "--global"]);
    let droid: serde_json::Value = serde_json::from_str(&read(&t, ".factory/hooks.json")).unwrap();
    assert!(droid.get("PreToolUse").is_none(), "{droid}");
    assert_eq!(droid["hooks"]["PreToolUse"].as_array().unwrap().len(), 1);

    // Claude's PreToolUse entry is already rtk's command: it stays as it was; the PostToolUse
    // entry for Read and MCP tools is added; a second run changes nothing.
    let before: serde_json::Value =
        serde_json::from_str(&read(&t, ".claude/settings.json")).unwrap();
    init(&t, &["--agent", "claude", "--global"]);
    let after: serde_json::Value =
        serde_json::from_str(&read(&t, ".claude/settings.json")).unwrap();
    assert_eq!(after["hooks"]["PreToolUse"], before["hooks"]["PreToolUse"]);
    assert_eq!(
        after["hooks"]["PostToolUse"][0]["matcher"], "Read|mcp__.*",
        "{after}"
    );
    let once = read(&t, ".claude/settings.json");
    init(&t, &["--agent", "claude", "--global"]);
    assert_eq!(read(&t, ".claude/settings.json"), once);
}

#[test]
fn uninstall_removes_rtk_whichever_version_installed_it() {
    let t = upstream_home();
    for agent in ["claude", "gemini", "copilot", "codex", "droid", "vibe"] {
        init(&t, &["--agent", agent, "--global", "--uninstall"]);
    }
    for agent in ["trae", "antigravity", "windsurf", "cline"] {
        init(&t, &["--agent", agent, "--global", "--uninstall"]);
    }
    let mut left = Vec::new();
    rtk_mentions(&t.home(), &mut left);
    assert!(left.is_empty(), "{left:#?}");
    for gone in [
        ".claude/RTK.md",
        ".claude/CLAUDE.md",
        ".codex/AGENTS.md",
        ".gemini/GEMINI.md",
        ".vibe/prompts/rtk.md",
        ".windsurfrules",
        ".gemini/config/plugins/rtk",
    ] {
        assert!(!t.home().join(gone).exists(), "{gone}");
    }
    // Trae has no user-wide rules file rtk writes: a global install is refused with what to
    // do instead.
    let out = t
        .rtk()
        .args(["init", "--agent", "trae", "--global"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("in the project instead"));
}

#[test]
fn user_text_around_upstreams_references_is_kept() {
    let t = upstream_home();
    std::fs::write(
        t.home().join(".claude/CLAUDE.md"),
        "# Mine\n\nBe brief.\n\n@RTK.md\n",
    )
    .unwrap();
    let rules = read(&t, ".clinerules");
    std::fs::write(
        t.home().join(".clinerules"),
        format!("# My rules\n\n{rules}"),
    )
    .unwrap();
    init(&t, &["--agent", "claude", "--global", "--uninstall"]);
    init(&t, &["--agent", "cline", "--global", "--uninstall"]);
    assert_eq!(read(&t, ".claude/CLAUDE.md"), "# Mine\n\nBe brief.\n");
    assert_eq!(read(&t, ".clinerules"), "# My rules\n");
}

#[test]
fn an_instruction_host_install_replaces_upstreams_rules_section() {
    let t = upstream_home();
    // Cline is a hook host now: its install removes upstream's section and writes no block.
    let upstream = read(&t, ".clinerules");
    std::fs::write(
        t.work().join(".clinerules"),
        format!("# My rules\n\n{upstream}"),
    )
    .unwrap();
    let out = init(&t, &["--agent", "cline"]);
    assert!(out.contains("removed upstream rtk's section"), "{out}");
    assert_eq!(
        std::fs::read_to_string(t.work().join(".clinerules")).unwrap(),
        "# My rules\n"
    );
    assert!(t.work().join(".cline/hooks/PreToolUse.bash").is_file());
    {
        let (agent, file) = ("windsurf", ".windsurfrules");
        let upstream = read(&t, file);
        assert!(upstream.contains("rtk bypass"), "{file}");
        std::fs::write(t.work().join(file), format!("# My rules\n\n{upstream}")).unwrap();
        let out = init(&t, &["--agent", agent]);
        assert!(out.contains("removed upstream rtk's section"), "{out}");
        let text = std::fs::read_to_string(t.work().join(file)).unwrap();
        assert!(text.starts_with("# My rules\n"), "{text}");
        assert!(!text.contains("rtk bypass"), "{text}");
        assert!(text.contains("<!-- rtk-instructions:begin -->"), "{text}");
        init(&t, &["--agent", agent, "--uninstall"]);
        assert_eq!(
            std::fs::read_to_string(t.work().join(file)).unwrap(),
            "# My rules\n"
        );
    }
}

#[test]
fn kimi_install_replaces_upstreams_agents_md_block() {
    let t = TestEnv::new();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/upstream/project-kimi/AGENTS.md");
    let upstream = std::fs::read_to_string(fixture).unwrap();
    assert!(upstream.contains("<!-- rtk-instructions v2 -->"));
    let file = t.work().join("AGENTS.md");
    std::fs::write(&file, &upstream).unwrap();
    let out = init(&t, &["--agent", "kimi"]);
    assert!(
        out.contains("removed upstream rtk's instruction block"),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.starts_with("# House rules\n\nTabs, not spaces.\n"),
        "{text}"
    );
    assert!(!text.contains("rtk-instructions v2"), "{text}");
    assert!(!text.contains("rtk bypass"), "{text}");
    assert_eq!(text.matches("<!-- rtk-instructions:begin -->").count(), 1);
    // A second install finds neither block to replace.
    let out = init(&t, &["--agent", "kimi"]);
    assert!(out.contains("already installed"), "{out}");
    init(&t, &["--agent", "kimi", "--uninstall"]);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "# House rules\n\nTabs, not spaces.\n"
    );
    // Uninstall alone removes upstream's block too, and a file holding only it.
    std::fs::write(
        &file,
        upstream
            .split("\n\n<!--")
            .nth(1)
            .map(|b| format!("<!--{b}"))
            .unwrap(),
    )
    .unwrap();
    init(&t, &["--agent", "kimi", "--uninstall"]);
    assert!(!file.exists());
}

#[test]
fn omp_install_replaces_upstreams_extension_and_uninstall_removes_it() {
    let t = upstream_home();
    let ext = ".omp/agent/extensions/rtk.ts";
    let upstream = read(&t, ext);
    // Upstream's Pi extension, loaded by omp: it asks `rtk rewrite` without a host.
    assert!(upstream.contains("\"rewrite\", cmd"), "{upstream}");
    let ours =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("plugins/omp/rtk.ts"))
            .unwrap();
    let out = init(&t, &["--agent", "omp", "--global"]);
    assert!(out.contains("rtk.ts.rtk-bak"), "{out}");
    assert_eq!(read(&t, ext), ours);
    assert_eq!(read(&t, &format!("{ext}.rtk-bak")), upstream);
    // The project install finds upstream's file there too.
    std::fs::create_dir_all(t.work().join(".omp/extensions")).unwrap();
    std::fs::write(t.work().join(".omp/extensions/rtk.ts"), &upstream).unwrap();
    init(&t, &["--agent", "omp"]);
    assert_eq!(
        std::fs::read_to_string(t.work().join(".omp/extensions/rtk.ts")).unwrap(),
        ours
    );
    init(&t, &["--agent", "omp", "--global", "--uninstall"]);
    init(&t, &["--agent", "omp", "--uninstall"]);
    assert!(!t.home().join(ext).exists());
    assert!(!t.work().join(".omp/extensions/rtk.ts").exists());
}
