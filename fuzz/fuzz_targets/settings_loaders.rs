//! Each host's settings loader, fed the fuzz bytes as the content of that host's settings file
//! (the first byte picks claude / cursor / gemini / droid) in a temp HOME and project, through the
//! real `load_rules_for`:
//! - never panics; at most one warning for the one file;
//! - a file that warns contributes no allow rule (a broken file never loosens anything);
//! - a file that is not JSON contributes nothing at all;
//! - Droid yields only deny rules, Cursor no ask rules; every rule names the file it came from;
//! - judging a few commands with the loaded rules never panics.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::env::Env;
use rtk::hosts::load_rules_for;
use rtk::shell::parse;

struct Layout {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
}

fn layout() -> &'static Layout {
    static L: OnceLock<Layout> = OnceLock::new();
    L.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let project = dir.path().join("project");
        for d in [
            home.join(".cursor"),
            home.join(".gemini"),
            home.join(".factory"),
            project.join(".claude"),
            project.join(".git"),
        ] {
            std::fs::create_dir_all(d).unwrap();
        }
        Layout {
            _dir: dir,
            home,
            project,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, content)) = data.split_first() else {
        return;
    };
    let l = layout();
    let (host, file) = match sel % 4 {
        0 => (Agent::Claude, l.project.join(".claude/settings.json")),
        1 => (Agent::Cursor, l.home.join(".cursor/cli-config.json")),
        2 => (Agent::Gemini, l.home.join(".gemini/settings.json")),
        _ => (Agent::Droid, l.home.join(".factory/settings.json")),
    };
    std::fs::write(&file, content).unwrap();
    let env = Env::new(
        [
            ("HOME", l.home.clone()),
            (
                "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
                l.home.join("no-system.json"),
            ),
        ],
        &l.project,
    );
    let loaded = load_rules_for(host, &env);
    std::fs::remove_file(&file).unwrap();

    assert!(
        loaded.warnings.len() <= 1,
        "{host:?}: {:?}",
        loaded.warnings
    );
    let rules = &loaded.rules;
    if !loaded.warnings.is_empty() {
        assert!(
            rules.allow.is_empty(),
            "{host:?}: warned file kept allow rules"
        );
    }
    let mut bytes = content;
    while let Some(r) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        bytes = r;
    }
    let strict_json = serde_json::from_slice::<serde_json::Value>(bytes).is_ok();
    if !strict_json && matches!(host, Agent::Claude | Agent::Cursor) {
        assert!(rules.is_empty(), "{host:?}: non-JSON file gave rules");
        assert_eq!(
            loaded.warnings.len(),
            1,
            "{host:?}: non-JSON file without a warning"
        );
    }
    if host == Agent::Droid {
        assert!(
            rules.allow.is_empty() && rules.ask.is_empty(),
            "droid granted or asked"
        );
    }
    if host == Agent::Cursor {
        assert!(rules.ask.is_empty(), "cursor has no ask list");
    }
    for r in rules.deny.iter().chain(&rules.ask).chain(&rules.allow) {
        assert_eq!(r.source, file, "rule {:?} from elsewhere", r.text);
    }
    for cmd in [
        "git status",
        "rm -rf /",
        "ls && cat x | head",
        "FOO=1 sudo -u x y",
    ] {
        for c in parse(cmd).commands {
            let _ = rules.judge(&c.forms);
        }
    }
});
