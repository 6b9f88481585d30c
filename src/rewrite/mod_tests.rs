//! Table-driven rewrite tests (tests/vectors/rewrite.tsv) and the
//! property that a rewrite only ever inserts `rtk ` words into an attestable line.

use proptest::prelude::*;

use super::*;
use crate::shell::{self, tests::tsv_rows};

fn config_from(note: &str) -> HooksConfig {
    let mut c = HooksConfig::default();
    for part in note.split(';') {
        if let Some(p) = part.strip_prefix("exclude=") {
            c.exclude_commands.push(p.to_string());
        } else if let Some(p) = part.strip_prefix("prefix=") {
            c.transparent_prefixes.push(p.to_string());
        }
    }
    c
}

fn rewrite(line: &str, config: &HooksConfig) -> Rewrite {
    rewrite_line(line, &shell::parse(line), config, None)
}

#[test]
fn rewrite_vectors() {
    let rows = tsv_rows(include_str!("../../tests/vectors/rewrite.tsv"));
    assert!(rows.len() >= 90, "only {} rows", rows.len());
    let mut failures = Vec::new();
    for (n, cols) in &rows {
        let line = &cols[0];
        let want = cols.get(1).map(String::as_str).unwrap_or("-");
        let want = (want != "-").then_some(want);
        let config = config_from(cols.get(2).map(String::as_str).unwrap_or(""));
        let got = rewrite(line, &config);
        if got.line.as_deref() != want {
            failures.push(format!(
                "line {n}: {line:?}: expected {want:?}, got {:?}",
                got.line
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rtk_disabled_warns() {
    let r = rewrite("RTK_DISABLED=1 git status", &HooksConfig::default());
    assert_eq!(r.line, None);
    assert_eq!(r.warnings.len(), 1);
    assert!(r.warnings[0].contains("RTK_DISABLED=1"), "{:?}", r.warnings);
    let r = rewrite("git commit -m 'RTK_DISABLED=1'", &HooksConfig::default());
    assert!(r.warnings.is_empty());
}

#[test]
fn trivial_and_invalid_exclusions_warn_and_do_not_match_everything() {
    let config = HooksConfig {
        exclude_commands: vec!["".into(), "^".into(), "^(".into()],
        ..HooksConfig::default()
    };
    let r = rewrite("git status", &config);
    assert_eq!(r.line.as_deref(), Some("rtk git status"));
    assert_eq!(r.warnings.len(), 3, "{:?}", r.warnings);
}

/// `out` is `input` with zero or more `rtk ` strings inserted.
fn only_rtk_inserted(input: &str, out: &str) -> bool {
    let (a, b) = (input.as_bytes(), out.as_bytes());
    if b.len() < a.len() || (b.len() - a.len()) % 4 != 0 {
        return false;
    }
    // Reachable states (i in a, j in b); j - i is a multiple of 4.
    let mut reach = vec![false; a.len() + 1];
    reach[0] = true;
    let extra = (b.len() - a.len()) / 4;
    let mut layer = vec![reach];
    for k in 0..=extra {
        let cur = layer[k].clone();
        let mut next = vec![false; a.len() + 1];
        let mut cur = cur;
        for i in 0..=a.len() {
            if !cur[i] {
                continue;
            }
            let j = i + 4 * k;
            if i < a.len() && j < b.len() && a[i] == b[j] {
                cur[i + 1] = true;
            }
            if b.get(j..j + 4) == Some(b"rtk ") {
                next[i] = true;
            }
        }
        if k == extra {
            return cur[a.len()];
        }
        layer[k] = cur;
        layer.push(next);
    }
    false
}

#[test]
fn insertion_checker_works() {
    assert!(only_rtk_inserted("git status", "rtk git status"));
    assert!(only_rtk_inserted("a && b", "rtk a && rtk b"));
    assert!(only_rtk_inserted("rtk x", "rtk rtk x"));
    assert!(!only_rtk_inserted("git status", "rtk git  status"));
    assert!(!only_rtk_inserted("git status", "rtk read status"));
}

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("git"),
        Just("status"),
        Just("log"),
        Just("ls"),
        Just("cat"),
        Just("head"),
        Just("tail"),
        Just("-n"),
        Just("5"),
        Just("-f"),
        Just("f.txt"),
        Just("cargo"),
        Just("test"),
        Just("grep"),
        Just("wc"),
        Just("-l"),
        Just("x"),
        Just("FOO=1"),
        Just("RTK_DISABLED=1"),
        Just("rtk"),
        Just("timeout"),
        Just("nice"),
        Just("env"),
        Just("sudo"),
        Just("python3"),
        Just("-m"),
        Just("pytest"),
        Just("bash"),
        Just("-c"),
        Just("|"),
        Just("|&"),
        Just("&&"),
        Just("||"),
        Just(";"),
        Just("&"),
        Just("!"),
        Just("2>&1"),
        Just(">/dev/null"),
        Just("> f"),
        Just("< f"),
        Just("<<EOF"),
        Just("<<<x"),
        Just("'a b'"),
        Just("\"c d\""),
        Just("'git status'"),
        Just("\"$HOME\""),
        Just("$HOME"),
        Just("${HOME}"),
        Just("$(ls)"),
        Just("`id`"),
        Just("<(ls)"),
        Just("$((1))"),
        Just("$'x'"),
        Just("{a,b}"),
        Just("*"),
        Just("\n"),
        Just("\r"),
        Just("\r\n"),
        Just("\\\n"),
        Just("#c"),
        Just("("),
        Just(")"),
        Just("{"),
        Just("}"),
        Just("'"),
        Just("\""),
        Just("\\"),
        Just("\t"),
        Just("if"),
        Just("then"),
        Just("fi"),
        Just("do"),
        Just("done"),
        Just("for"),
        Just("in"),
        Just("eval"),
        Just("\u{0}"),
        Just("\u{b}"),
    ]
    .prop_map(str::to_string)
}

fn line() -> impl Strategy<Value = String> {
    let grammar = prop::collection::vec(
        (token(), prop_oneof![Just(" "), Just(""), Just("  ")]),
        0..14,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|(t, s)| format!("{t}{s}"))
            .collect::<String>()
    });
    prop_oneof![4 => grammar, 1 => ".{0,48}"]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(600),
        ..ProptestConfig::default()
    })]

    #[test]
    fn rewrites_only_insert_rtk_words(input in line()) {
        let parsed = shell::parse(&input);
        let r = rewrite_line(&input, &parsed, &HooksConfig::default(), None);
        if let Some(out) = &r.line {
            prop_assert!(only_rtk_inserted(&input, out), "{input:?} -> {out:?}");
            prop_assert!(parsed.is_attestable(), "unattestable line rewritten: {input:?}");
        }
        let d = crate::hooks::rewrite_cmd::evaluate(
            &input,
            crate::hosts::of(crate::agents::Agent::Claude),
            &crate::hooks::permissions::RuleSet::default(),
            &HooksConfig::default(),
        );
        if !parsed.is_attestable() {
            prop_assert!(d.rewritten.is_none(), "{input:?} -> {:?}", d.rewritten);
            prop_assert_ne!(d.outcome.exit_code(), 0);
            prop_assert_ne!(d.outcome.exit_code(), 3);
        }
    }
}

/// `mise run <task> … | tail`: rewritten only when the task, at the line's folder, is one
/// plain command whose tool's filter keeps a test run's summary at its end.
#[test]
fn mise_run_before_tail_follows_the_tasks_tool() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("proj");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(
        dir.join("mise.toml"),
        r#"
[tasks.test]
run = "python3 -m pytest -v tests"
[tasks."test:go"]
run = "go test ./..."
[tasks.lint]
run = "golangci-lint run"
[tasks.script]
run = """
python3 -m pytest -v tests
echo done
"""
[tasks.file]
file = "scripts/test.sh"
"#,
    )
    .unwrap();
    let home = root.path().join("home");
    let site = Site::new(&dir, Some(&home), |_| None);
    let at = |line: &str, site: Option<&Site>| {
        rewrite_line(line, &shell::parse(line), &HooksConfig::default(), site).line
    };
    let rtk = |line: &str| Some(format!("rtk {line}"));
    for line in [
        "mise run test:go 2>&1 | tail -30",
        "mise run test:go | tail -n 5",
        "mise run test:go | tail -5",
        "mise r test:go 2>&1 | tail -20",
        "mise run test:go -run TestCart 2>&1 | tail -30",
    ] {
        assert_eq!(at(line, Some(&site)), rtk(line), "{line}");
        // No folder known: as typed.
        assert_eq!(at(line, None), None, "{line}");
    }
    // Earlier segments that cannot move the shell keep the folder.
    assert_eq!(
        at(
            "mise run fmt && mise run test:go 2>&1 | tail -30",
            Some(&site)
        )
        .as_deref(),
        Some("rtk mise run fmt && rtk mise run test:go 2>&1 | tail -30")
    );
    for line in [
        // The wrong consumer, too few lines, tools whose filter regroups, other task forms.
        "mise run test:go 2>&1 | head -30",
        "mise run test:go 2>&1 | tail -4",
        // pytest's filter is not a summary-at-end filter (`programs::SUMMARY_AT_END`).
        "mise run test 2>&1 | tail -30",
        "mise run lint 2>&1 | tail -30",
        "mise run script 2>&1 | tail -30",
        "mise run file 2>&1 | tail -30",
        "mise run missing 2>&1 | tail -30",
        "mise run test \"$K\" 2>&1 | tail -30",
        "mise run test 'a b' 2>&1 | tail -30",
        // What may change the folder or mise's config files first.
        "MISE_ENV=ci mise run test 2>&1 | tail -30",
        "env MISE_CONFIG_FILE=x.toml mise run test 2>&1 | tail -30",
    ] {
        assert_eq!(at(line, Some(&site)), None, "{line}");
    }
    for line in [
        "cd sub && mise run test:go 2>&1 | tail -30",
        "export MISE_CONFIG_FILE=x.toml; mise run test:go 2>&1 | tail -30",
        "source env.sh; mise run test:go 2>&1 | tail -30",
        "(cd sub; mise run test:go 2>&1 | tail -30)",
    ] {
        assert!(
            !at(line, Some(&site))
                .unwrap_or_default()
                .contains("rtk mise run test:go"),
            "{line}"
        );
    }
    // A variable naming other config files, or a task defined differently above: unsure.
    let other = Site::new(&dir, Some(&home), |v| {
        (v == "MISE_CONFIG_FILE").then(|| "x.toml".to_string())
    });
    assert_eq!(at("mise run test:go 2>&1 | tail -30", Some(&other)), None);
    std::fs::write(
        root.path().join("mise.toml"),
        "[tasks]\n\"test:go\" = \"go test ./cmd/...\"\n",
    )
    .unwrap();
    assert_eq!(at("mise run test:go 2>&1 | tail -30", Some(&site)), None);
}

/// The builtins that move the shell or change its environment are no program of the table,
/// so a line naming one keeps no folder for `mise run` ([`stays_put`]).
#[test]
fn shell_builtins_are_not_programs() {
    for b in [
        "cd", "pushd", "popd", "source", ".", "eval", "exec", "set", "unset", "export", "alias",
        "builtin", "command", "env", "shopt", "umask", "trap", "declare", "typeset", "local",
    ] {
        assert!(crate::programs::program_for_word(b).is_none(), "{b}");
        assert!(!stays_put(&shell::parse(&format!("{b} x"))), "{b}");
    }
    assert!(stays_put(&shell::parse(
        "mise run fmt && go test ./... | tail -3"
    )));
}
