//! omp's `bash.patterns` and `rtk rewrite --host omp`: omp resolves approval again on the
//! rewritten command, so a line one of its patterns could match, in either form, is left alone.

use crate::config::HooksConfig;
use crate::hosts::evaluate_for;
use crate::hosts::tests::*;

fn exit(env: &Env, cmd: &str) -> u8 {
    evaluate_for(cmd, Agent::Omp, env, &HooksConfig::default())
        .outcome
        .exit_code()
}

fn env(t: &Tree) -> Env {
    t.env("work/repo", &[])
}

const PROMPT_PUSH: &str =
    "bash:\n  patterns:\n    - match: \"git  push*\"\n      approval: prompt\n";

#[test]
fn no_settings_every_rewritable_line_is_rewritten_and_approval_stays_with_omp() {
    let t = Tree::new();
    let env = env(&t);
    assert!(load_rules_for(Agent::Omp, &env).files.is_empty());
    for cmd in [
        "git status",
        "git log -3 && ls -al",
        "cargo test",
        "cargo build",
    ] {
        assert_eq!(exit(&env, cmd), 3, "{cmd}");
    }
    assert_eq!(exit(&env, "rm -rf build"), 1, "no rtk form");
}

#[test]
fn patterns_from_every_source_stop_the_rewrite_of_lines_they_could_match() {
    let t = Tree::new();
    t.write("home/.omp/agent/config.yml", PROMPT_PUSH);
    t.write(
        "agentdir/config.yaml",
        "bash:\n  patterns:\n    - {match: 'cargo test', approval: ALLOW}\n",
    );
    t.write(
        "work/repo/.omp/settings.json",
        r#"{"bash":{"patterns":[{"match":"git log*","approval":"deny"}]}}"#,
    );
    t.write(
        "work/.claude/settings.json",
        r#"{"bash.patterns":[{"match":"ls -al","approval":"allow"}]}"#,
    );
    t.write(
        "overlay.yml",
        "bash:\n  patterns:\n    - match: git diff\n      approval: prompt\n",
    );
    let env = t.env(
        "work/repo",
        &[
            ("PI_CODING_AGENT_DIR", t.path("agentdir")),
            ("PI_CONFIG_FILES", t.path("overlay.yml")),
        ],
    );
    let loaded = load_rules_for(Agent::Omp, &env);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    assert_eq!(loaded.files.len(), 5, "{:?}", loaded.files);
    let bare = Tree::new();
    for cmd in STOPPED {
        assert_eq!(
            exit(&bare.env("work/repo", &[]), cmd),
            3,
            "{cmd} without patterns"
        );
    }
    for cmd in STOPPED {
        assert_eq!(exit(&env, cmd), 1, "{cmd}");
    }
    // Lines no pattern could match, as written or rewritten, are rewritten.
    for cmd in [
        "git status",
        "cargo test --release",
        "ls -la",
        "git diff --stat",
    ] {
        assert_eq!(exit(&env, cmd), 3, "{cmd}");
    }
}

/// Lines the patterns of the test above could match (each rewritten when there are none).
const STOPPED: [&str; 8] = [
    "git push",
    "git push origin main",
    "ls && git push",
    "git push && git status",
    "cargo test",
    "git log --oneline",
    "ls -al",
    "git diff",
];

#[test]
fn a_pattern_on_the_rewritten_form_also_stops_it() {
    let t = Tree::new();
    t.write(
        "home/.omp/agent/config.yml",
        "bash:\n  patterns:\n    - match: rtk *\n      approval: deny\n",
    );
    assert_eq!(exit(&env(&t), "git status"), 1);
}

#[test]
fn patterns_rtk_cannot_place_in_one_segment_stop_every_rewrite() {
    for (pattern, why) in [
        ("git * --force", "a star inside"),
        ("*--force", "a leading star"),
        ("git status && ls", "an operator"),
        ("if git*", "a reserved word first"),
        ("f*", "the start of a reserved word"),
        ("echo \"x\"", "a quote"),
    ] {
        let t = Tree::new();
        t.write(
            "home/.omp/agent/config.yml",
            &format!(
                "bash:\n  patterns:\n    - match: '{}'\n      approval: prompt\n",
                pattern.replace('\'', "''")
            ),
        );
        assert_eq!(exit(&env(&t), "git status"), 1, "{pattern}: {why}");
        assert_eq!(exit(&env(&t), "cargo build"), 1, "{pattern}: {why}");
    }
}

#[test]
fn a_line_with_quotes_is_left_alone_while_patterns_exist() {
    // omp matches its patterns on unquoted words (`git commit -m a b`); rtk sees the quotes.
    let t = Tree::new();
    t.write(
        "home/.omp/agent/config.yml",
        "bash:\n  patterns:\n    - match: git log -1 --format=%h %s\n      approval: prompt\n",
    );
    assert_eq!(exit(&env(&t), "git log -1 '--format=%h %s'"), 1);
    assert_eq!(exit(&env(&t), "git log -1"), 3);
}

#[test]
fn what_judges_every_line_alike_is_ignored() {
    let t = Tree::new();
    t.write(
        "home/.omp/agent/config.yml",
        "tools:\n  approvalMode: always-ask\n  approval:\n    bash: prompt\nbash:\n  patterns:\n    \
         - match: '*'\n      approval: prompt\n    - match: git status\n      approval: maybe\n    \
         - approval: deny\n",
    );
    let env = env(&t);
    assert!(load_rules_for(Agent::Omp, &env).rules.ask.is_empty());
    assert_eq!(exit(&env, "git status"), 3);
}

#[test]
fn an_unreadable_file_or_shape_means_no_rewrite_with_one_warning() {
    for (file, text) in [
        ("home/.omp/agent/config.yml", "bash: [\n"),
        ("work/repo/.omp/settings.json", "{\"bash\": "),
        (
            "home/.omp/agent/config.yml",
            "bash:\n  patterns: git push\n",
        ),
    ] {
        let t = Tree::new();
        t.write(file, text);
        let d = evaluate_for("git status", Agent::Omp, &env(&t), &HooksConfig::default());
        assert_eq!(d.outcome.exit_code(), 1, "{file}: {text}");
        let want = usize::from(!text.contains("patterns: git"));
        assert_eq!(d.warnings.len(), want, "{file}: {:?}", d.warnings);
    }
}

#[test]
fn a_profile_and_a_renamed_config_dir_are_read() {
    let t = Tree::new();
    t.write("home/.omp/profiles/work/agent/config.yml", PROMPT_PUSH);
    let env = t.env("work/repo", &[("OMP_PROFILE", PathBuf::from("work"))]);
    assert_eq!(exit(&env, "git push"), 1);
    let t = Tree::new();
    t.write("home/.pi-omp/agent/config.yml", PROMPT_PUSH);
    let env = t.env("work/repo", &[("PI_CONFIG_DIR", PathBuf::from(".pi-omp"))]);
    assert_eq!(exit(&env, "git push"), 1);
    assert_eq!(exit(&env, "git status"), 3);
}
