//! The host's text checks: each pattern alone, and issue 36's lines through the whole decision
//! for Claude, under an allow rule that covers them and under the read-only table alone.

use super::*;
use crate::agents::Agent;
use crate::config::HooksConfig;
use crate::hooks::decision::{evaluate, Decision, Outcome};
use crate::hooks::host::ReadOnly;
use crate::hooks::permissions::RuleSet;

fn why(line: &str) -> Option<String> {
    blocker(line, &crate::shell::parse(line))
}

/// What Claude is told: an allow when rtk allows the rewrite, or when every segment is one
/// Claude's read-only table runs (`hosts/claude/answer.rs`).
fn claude_allows(d: &Decision) -> bool {
    d.outcome == Outcome::AllowRewrite
        || (!d.segments.is_empty()
            && d.segments
                .iter()
                .all(|s| s.read_only == Some(ReadOnly::Yes)))
}

fn claude(line: &str, allow: &[&str]) -> Decision {
    let rules = RuleSet::from_bash(&[], &[], allow);
    evaluate(
        line,
        crate::hosts::of(Agent::Claude),
        &rules,
        &HooksConfig::default(),
    )
}

#[test]
fn plain_lines_pass_every_text_check() {
    for line in [
        "ls -la src",
        "grep -n 'a b' src/main.rs",
        "git log --format='%h %s' -n 3",
        "grep 'x=y' a.txt",
        "FOO=bar ls",
        "git diff HEAD~1..HEAD",
        "grep '{a}' a.txt",
        "jq '.a' x.json",
        "ls \\\n  src",
        "echo a<b",
        "cat a.txt | grep -c x",
        "find . -name '*.rs'",
        "echo '<a-b>'",
    ] {
        assert_eq!(why(line), None, "{line:?}");
    }
}

#[test]
fn each_host_pattern_stops_an_allow() {
    for (line, check) in [
        ("ls =src", "=cmd"),
        ("cat =ldd", "=cmd"),
        ("wc -c =bash", "=cmd"),
        ("grep 'a =b' a.txt", "=cmd"),
        ("make =x", "=cmd"),
        ("ls;=ls", "=cmd"),
        ("grep '<1-2>' a.txt", "numeric-range"),
        ("ls <->", "numeric-range"),
        ("echo '<1->'", "numeric-range"),
        ("grep 'a\\ b' a.txt", "backslash-escaped"),
        ("ls a\\ b", "backslash-escaped"),
        ("ls a\\\tb", "backslash-escaped"),
        ("ls a\\\nb", "backslash-escaped"),
        ("ls \\\\\\\nb", "backslash-escaped"),
        ("ls ~[x]", "~["),
        ("ls a\u{00A0}b", "Unicode whitespace"),
        ("ls a\u{200B}b", "Unicode whitespace"),
        ("ls a\u{3000}b", "Unicode whitespace"),
        ("ls \u{FEFF}a", "Unicode whitespace"),
        ("ls a\x01", "control"),
        ("ls a\x7f", "control"),
        ("echo {'a',b}", "brace"),
        ("ls {\"a\"}", "brace"),
    ] {
        let got = why(line);
        assert!(
            got.as_deref().is_some_and(|w| w.contains(check)),
            "{line:?}: {got:?}"
        );
    }
}

#[test]
fn words_starting_with_equals_stop_an_allow() {
    // `ls '=ls' src`: found by the differential's zsh-word dimension (Claude asks).
    for line in [
        "ls =",
        "head -1 = a.txt",
        "ls =1",
        "cat =./a",
        "ls '=ls' src",
        "ls \"=x\"",
    ] {
        let got = why(line);
        assert!(got.is_some_and(|w| w.contains("starts with `=`")), "{line}");
    }
}

#[test]
fn the_parse_limit_counts_utf16_units() {
    let at = format!("ls {}", "a".repeat(HOST_PARSE_LIMIT - 3));
    assert_eq!(at.encode_utf16().count(), HOST_PARSE_LIMIT);
    assert_eq!(why(&at), None);
    let over = format!("{at}a");
    assert!(why(&over).is_some_and(|w| w.contains("10001 UTF-16 units")));
    // 4-byte characters are two units each: 5,000 of them reach the limit.
    let wide = format!("ls {}", "😀".repeat(HOST_PARSE_LIMIT / 2));
    assert!(wide.len() < 64 * 1024);
    assert!(why(&wide).is_some());
}

#[test]
fn find_files0_from_stops_an_allow() {
    assert!(why("find . -files0-from list").is_some());
    assert_eq!(why("find . -name list"), None);
}

/// Issue 36, items 3-5 and "Also": every example line is not an allow for Claude, with an
/// allow rule covering the program and with no rule at all (the read-only table).
#[test]
fn issue_36_lines_are_not_an_allow_in_either_setting() {
    let long_ls = format!("ls {}", "a".repeat(10_005 - 3));
    let mut lines: Vec<(String, &[&str])> = vec![
        ("ls =src".into(), &["ls:*"]),
        ("cat =ldd".into(), &["cat:*"]),
        ("wc -c =bash".into(), &["wc:*"]),
        ("ls =".into(), &["ls:*"]),
        ("head -1 = a.txt".into(), &["head:*"]),
        ("grep '<1-2>' a.txt".into(), &["grep:*"]),
        ("grep 'a =b' a.txt".into(), &["grep:*"]),
        ("make =x".into(), &["make:*"]),
        ("ls '=ls' src".into(), &["ls:*"]),
        ("grep 'a\\ b' a.txt".into(), &["grep:*"]),
        ("find . -files0-from list".into(), &["find:*"]),
    ];
    lines.push((long_ls.clone(), &["ls:*"]));
    for (line, rules) in &lines {
        let allow: Vec<String> = rules.iter().map(|r| format!("Bash({r})")).collect();
        let allow: Vec<&str> = allow.iter().map(String::as_str).collect();
        for (setting, rules) in [("allow rule", &allow[..]), ("read-only table", &[][..])] {
            let d = claude(line, rules);
            assert!(
                !claude_allows(&d),
                "{setting}: {:.60} -> {:?} {}",
                line,
                d.outcome,
                d.reason
            );
        }
    }
    // The control: the same programs in plain forms still earn their allow.
    for (line, rule) in [
        ("ls src", "Bash(ls:*)"),
        ("grep 'a b' a.txt", "Bash(grep:*)"),
        ("find . -name list", "Bash(find:*)"),
    ] {
        assert!(claude_allows(&claude(line, &[rule])), "{line}");
    }
    let at_limit = format!("ls {}", "a".repeat(9_997 - 3));
    assert!(claude_allows(&claude(&at_limit, &["Bash(ls:*)"])));
}

/// Why rtk earns no allow for `line` from its text (unattestable, not plain, or a host text
/// check); None when an allow rule or the read-only table could make it an allow.
fn no_allow(line: &str) -> Option<String> {
    let p = crate::shell::parse(line);
    p.unattestable
        .first()
        .map(|u| u.0.clone())
        .or_else(|| crate::hooks::allow::blocker(&p))
        .or_else(|| blocker(line, &p))
}

/// One line per group of Claude Code 2.1.332's parser verdicts (`parser` lines of
/// parity/claude-checks-2.1.332.txt; docs/allow.md, "Host checks"): rtk earns no allow for any.
#[test]
fn each_group_of_the_hosts_parser_verdicts_steps_aside() {
    let open = [
        ("heredoc", "cat <<EOF\nx\nEOF"),
        ("heredoc", "cat <<'EOF'\nx\nEOF"),
        ("heredoc", "cat <<-EOF\n\tx\n\tEOF"),
        ("declaration", "declare -i x=1"),
        ("declaration", "typeset -T A a"),
        ("declaration", "export A=$(id)"),
        ("declaration", "local x"),
        ("declaration", "readonly x=1"),
        ("unset", "unset PATH"),
        ("read", "if read x; then ls; fi"),
        ("select", "select x in a; do ls; done"),
        ("assignment", "IFS=: ls"),
        ("assignment", "PS4=x ls"),
        ("assignment", "A=~ ls"),
        ("assignment", "A=1 B=$A ls"),
        ("assignment", "PATH=. ls"),
        ("redirect", "ls > $(id)"),
        ("redirect", "ls 2>&- x"),
        ("redirect", "ls >&-x"),
        ("redirect", "ls > !x"),
        ("redirect", "ls {fd}>a"),
        ("redirect", "ls >& $x"),
        ("test", "[[ a == b ]]"),
        ("test", "[ a = b ]"),
        ("brace", "ls {a,b}"),
        ("brace", "ls {1..3}"),
        ("zsh subscript", "ls $x[1]"),
        ("zsh subscript", "ls \"$x[1]\""),
        ("zsh modifier", "ls $x:h"),
        ("zsh prefix flag", "ls ${+x}"),
        ("zsh =(…)", "diff =(ls) a"),
        ("zsh glob group", "if(ls) then ls; fi"),
        ("zsh glob group", "ls (a|b)"),
        ("loop", "for x in a; do ls; done"),
        ("loop", "while true; do ls; done"),
        ("case", "case a in a) ls;; esac"),
        ("function", "f() { ls; }"),
        ("function", "function f (ls)"),
        ("substitution", "ls $(pwd)"),
        ("substitution", "ls `pwd`"),
        ("substitution", "ls <(pwd)"),
        ("arithmetic", "ls $((1+x))"),
        ("arithmetic", "ls $[1]"),
        ("arithmetic base", "ls 2#1"),
        ("expansion", "ls $x"),
        ("expansion", "ls -$x"),
        ("expansion", "ls \"$x\""),
        ("dollar quote", "ls $'a'"),
        ("background", "ls &"),
        ("subshell", "(ls)"),
        ("group", "{ ls; }"),
        ("comment", "ls # x"),
        ("pid", "ls $!"),
        ("tilde", "ls ~"),
        ("dash-like", "ls \u{2013}la"),
        ("cd twice", "cd a b"),
        ("eval", "eval ls"),
        ("noglob", "command noglob ls"),
        ("read pattern", "read 'x*'"),
        ("unset pattern", "unset x?"),
    ]
    .into_iter()
    .filter(|(_, line)| no_allow(line).is_none())
    .collect::<Vec<_>>();
    assert!(open.is_empty(), "could earn an allow: {open:?}");
}
