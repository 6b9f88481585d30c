//! Table-driven tests of the shell layer: tests/vectors/unattestable.tsv and
//! tests/vectors/forms.tsv, plus structural checks.

use super::*;
use crate::vectors::unescape;

/// Rows of a vectors file: `#` lines and blank lines skipped, columns split on TAB, and
/// `\t`, `\n`, `\r`, `\0`, `\v`, `\f`, `\\` unescaped in every column.
pub(crate) fn tsv_rows(text: &str) -> Vec<(usize, Vec<String>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| (n + 1, l.split('\t').map(unescape).collect()))
        .collect()
}

#[test]
fn unattestable_vectors() {
    let rows = tsv_rows(include_str!("../../tests/vectors/unattestable.tsv"));
    assert!(rows.len() >= 60, "only {} rows", rows.len());
    let mut failures = Vec::new();
    for (n, cols) in &rows {
        let line = &cols[0];
        let want = match cols.get(1).map(String::as_str) {
            Some("yes") => true,
            Some("no") => false,
            other => panic!("line {n}: second column must be yes/no, got {other:?}"),
        };
        let p = parse(line);
        if p.unattestable.is_empty() == want {
            failures.push(format!(
                "line {n}: {line:?} expected unattestable={want}, got {:?}",
                p.unattestable
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn form_vectors() {
    let rows = tsv_rows(include_str!("../../tests/vectors/forms.tsv"));
    assert!(rows.len() >= 25, "only {} rows", rows.len());
    let mut failures = Vec::new();
    for (n, cols) in &rows {
        let (line, exact) = (&cols[0], &cols[1]);
        let p = parse(line);
        let Some(cmd) = p.commands.iter().find(|c| &c.forms.exact == exact) else {
            let all: Vec<&str> = p.commands.iter().map(|c| c.forms.exact.as_str()).collect();
            failures.push(format!(
                "line {n}: {line:?}: no command with exact {exact:?} in {all:?}"
            ));
            continue;
        };
        let wanted = cols.get(2).map(String::as_str).unwrap_or("");
        for v in wanted.split(" | ").filter(|v| !v.is_empty()) {
            if !cmd.forms.variants.iter().any(|x| x == v) {
                failures.push(format!(
                    "line {n}: {line:?}: variant {v:?} missing from {:?}",
                    cmd.forms.variants
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn exacts(line: &str) -> Vec<(String, Context)> {
    parse(line)
        .commands
        .iter()
        .map(|c| (c.forms.exact.clone(), c.context))
        .collect()
}

#[test]
fn segments_in_source_order_with_contexts() {
    use Context::*;
    let cases: &[(&str, &[(&str, Context)])] = &[
        (
            "git status && cargo test",
            &[("git status", TopLevel), ("cargo test", TopLevel)],
        ),
        (
            "a | b |& c; d & e || f",
            &[
                ("a", TopLevel),
                ("b", TopLevel),
                ("c", TopLevel),
                ("d", TopLevel),
                ("e", TopLevel),
                ("f", TopLevel),
            ],
        ),
        (
            "(a; b) && { c; }",
            &[("a", TopLevel), ("b", TopLevel), ("c", TopLevel)],
        ),
        (
            "echo \"a && b\" 'c; d'",
            &[("echo \"a && b\" 'c; d'", TopLevel)],
        ),
        (
            "echo $(rm -rf /tmp/x)",
            &[
                ("echo $(rm -rf /tmp/x)", TopLevel),
                ("rm -rf /tmp/x", Substitution),
            ],
        ),
        (
            "echo `whoami`",
            &[("echo `whoami`", TopLevel), ("whoami", Substitution)],
        ),
        (
            "diff <(ls a) <(ls b)",
            &[
                ("diff <(ls a) <(ls b)", TopLevel),
                ("ls a", Substitution),
                ("ls b", Substitution),
            ],
        ),
        (
            "bash -c 'git status; rm -rf /tmp/e'",
            &[
                ("bash -c 'git status; rm -rf /tmp/e'", TopLevel),
                ("git status", ShellScript),
                ("rm -rf /tmp/e", ShellScript),
            ],
        ),
        (
            "if a; then b; else c; fi",
            &[("a", TopLevel), ("b", TopLevel), ("c", TopLevel)],
        ),
        ("for f in x y; do cat $f; done", &[("cat $f", TopLevel)]),
        (
            "case $x in a) b;; *) c;; esac",
            &[("b", TopLevel), ("c", TopLevel)],
        ),
        (
            "FOO=1; git status",
            &[("FOO=1", TopLevel), ("git status", TopLevel)],
        ),
        (
            "git status\ncargo build",
            &[("git status", TopLevel), ("cargo build", TopLevel)],
        ),
        (
            "git status\r\ncargo build",
            &[("git status", TopLevel), ("cargo build", TopLevel)],
        ),
        ("! git diff --quiet", &[("git diff --quiet", TopLevel)]),
        ("git push --force 2>&1", &[("git push --force", TopLevel)]),
        ("2>&1 git push --force", &[("git push --force", TopLevel)]),
    ];
    for (line, want) in cases {
        let got = exacts(line);
        let want: Vec<(String, Context)> = want.iter().map(|(s, c)| (s.to_string(), *c)).collect();
        assert_eq!(got, want, "{line:?}");
    }
}

#[test]
fn lone_cr_reports_both_readings() {
    let p = parse("git status\rrm -rf ~");
    assert!(!p.is_attestable());
    let all: Vec<&str> = p.commands.iter().map(|c| c.forms.exact.as_str()).collect();
    assert!(all.contains(&"rm -rf ~"), "{all:?}");
    assert!(all.contains(&"git status"), "{all:?}");
    // The CR-hidden comment trick: bash runs `rm`, the grammar alone would see a comment.
    let p = parse("ls\r#; rm -rf /");
    assert!(p.commands.iter().any(|c| c.forms.exact == "rm -rf /"));
}

#[test]
fn glued_continuation_is_joined_for_deny() {
    let p = parse("gi\\\nt push --force");
    assert!(!p.is_attestable());
    assert!(p
        .commands
        .iter()
        .any(|c| c.forms.exact == "git push --force"
            || c.forms.variants.iter().any(|v| v == "git push --force")));
}

#[test]
fn shell_wrapper_flag() {
    assert!(parse("bash -c 'ls'").has_shell_wrapper);
    assert!(parse("timeout 5 sh -c 'ls'").has_shell_wrapper);
    assert!(parse("curl x | sh").has_shell_wrapper);
    assert!(!parse("bash script.sh").has_shell_wrapper);
    assert!(!parse("git status").has_shell_wrapper);
}

#[test]
fn pipeline_positions() {
    let p = parse("git log | head -5 && ls");
    let pos: Vec<Option<(usize, usize)>> = p
        .commands
        .iter()
        .map(|c| c.pipeline.map(|x| (x.stage, x.stages)))
        .collect();
    assert_eq!(pos, vec![Some((0, 2)), Some((1, 2)), None]);
    let p = parse("(a; b) | c");
    assert!(p.commands[0].in_piped_compound && p.commands[1].in_piped_compound);
    assert!(!p.commands[2].in_piped_compound);
}

#[test]
fn huge_and_deep_lines_parse() {
    let long = "git status && ".repeat(64 * 1024 / 14) + "ls";
    let p = parse(&long);
    assert!(p.commands.len() > 4000);
    let deep = "( ".repeat(20_000) + "ls" + &" )".repeat(20_000);
    let p = parse(&deep);
    assert!(p.commands.iter().any(|c| c.forms.exact == "ls"));
    let subs = "echo $(".repeat(4_000) + "rm -rf /" + &")".repeat(4_000);
    let p = parse(&subs);
    assert!(!p.is_attestable());
    let garbage: String = (0..65_536u32)
        .map(|i| char::from(b"'\"`$({[|&;<> \\\nx"[(i * 7 % 16) as usize]))
        .collect();
    let _ = parse(&garbage);
}

#[test]
fn grammar_crash_input_is_survived() {
    // `{` followed by astral characters crashed the grammar's scanner; non-ASCII is masked.
    let p = parse("{\u{150c1}\u{9f507}");
    assert!(!p.is_attestable());
    let p = parse("git commit -m 'h\u{e9}llo \u{1f600}'");
    assert!(p.is_attestable());
    assert_eq!(p.commands[0].words[3].value, "h\u{e9}llo \u{1f600}");
}

#[test]
fn over_budget_lines_fail_closed_and_deny_still_sees_their_commands() {
    // The grammar's error recovery needs minutes for this line: the parse is cancelled at the
    // budget, the line is unattestable, and the operator pieces still carry the `rm`.
    let line = format!("ls {}\nrm -rf /tmp/x", "a|".repeat(30_000));
    let p = parse(&line);
    assert!(
        p.unattestable
            .iter()
            .any(|r| r.0 == super::session::OVER_BUDGET),
        "{:?}",
        p.unattestable
    );
    assert!(p.commands.iter().any(|c| c.forms.exact == "rm -rf /tmp/x"));
    // Once spent, the budget stays spent for the rest of the line: every later parse of it
    // (other readings, nested scripts) fails at once.
    let mut s = super::session::Session::since(super::BudgetStart::now());
    assert!(s.parse(&"${".repeat(30_000)).is_err());
    assert_eq!(s.parse("ls").err(), Some(super::session::OVER_BUDGET));
    assert!(super::session::Session::since(super::BudgetStart::now())
        .parse("ls")
        .is_ok());
}

#[test]
fn brace_expansion_scan_matches_bash_shapes() {
    use super::words::has_brace_expansion as b;
    for yes in ["{a,b}", "x{1..3}", "{a{b,c}}", "{x{y}z,w}", "a{b,c}d{e}"] {
        assert!(b(yes), "{yes}");
    }
    for no in [
        "{a}", "{a,b", "{a,{b}", "'{a,b}'", "{a\\,b}", "a,b", "{a.}.{b}", "{}", "{{{{}}}}",
    ] {
        assert!(!b(no), "{no}");
    }
}

#[test]
fn redirect_after_a_list_belongs_to_its_last_command() {
    // tree-sitter-bash hangs these redirects on the whole list; bash gives them to the last
    // command only, and `|` binds tighter than `&&`.
    let p = parse("cd /t && python -m pytest x.py 2>&1 | tail -5");
    type Shape<'a> = (&'a str, bool, Option<(usize, usize)>, bool);
    let shape: Vec<Shape<'_>> = p
        .commands
        .iter()
        .map(|c| {
            (
                c.words[0].value.as_str(),
                c.has_redirect,
                c.pipeline.map(|x| (x.stage, x.stages)),
                c.in_piped_compound,
            )
        })
        .collect();
    assert_eq!(
        shape,
        vec![
            ("cd", false, None, false),
            ("python", true, Some((0, 2)), false),
            ("tail", false, Some((1, 2)), false),
        ]
    );
    let p = parse("a || b && c > f | d");
    let redirected: Vec<bool> = p.commands.iter().map(|c| c.has_redirect).collect();
    assert_eq!(redirected, vec![false, false, true, false]);
    assert!(p.commands[..2].iter().all(|c| c.pipeline.is_none()));
    for line in ["cd x && head -5 f 2>/dev/null", "git log | head -5 > out"] {
        let p = parse(line);
        let last = p.commands.last().unwrap();
        assert!(last.has_redirect, "{line}: {:?}", p.commands);
        assert!(!p.commands[0].has_redirect, "{line}");
    }
}
