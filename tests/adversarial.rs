//! The adversarial permission corpus (tests/vectors/adversarial.tsv): every row is a command
//! line built to slip an unapproved command past an allow or a deny rule. Each row goes through
//! the real decision function for Claude (the row's rules) and OpenClaw (as shipped: no rule
//! sources, host authority), and must give the expected exit codes. Independently of the
//! expected columns:
//! - an attack row (not marked `control:`) never exits 0 for Claude;
//! - an exit 0 or 3 rewrite only inserts `rtk ` words;
//! - a line the grammar cannot attest is never exit 0, for any host, with any rules;
//! - a command word that a `deny=Bash(<word>:*)` rule names, seen anywhere in the parse, makes
//!   the line exit 2 (deny wins), for Claude and for OpenClaw fed the same rules.

use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::{evaluate, Decision, Outcome};
use rtk::shell::{parse, Unattestable, OVER_BUDGET};
use rtk::vectors::unescape;

const TABLE: &str = include_str!("vectors/adversarial.tsv");

struct Row {
    n: usize,
    line: String,
    deny: Vec<String>,
    ask: Vec<String>,
    allow: Vec<String>,
    claude: String,
    openclaw: String,
    control: bool,
    note: String,
}

fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    for (i, raw) in TABLE.lines().enumerate() {
        if raw.starts_with('#') || raw.is_empty() {
            continue;
        }
        let cols: Vec<&str> = raw.split('\t').collect();
        assert_eq!(cols.len(), 5, "adversarial.tsv line {}: 5 columns", i + 1);
        let (mut deny, mut ask, mut allow) = (Vec::new(), Vec::new(), Vec::new());
        for entry in cols[1].split(';').filter(|e| !e.is_empty()) {
            let (kind, rule) = entry.split_once('=').expect("kind=rule");
            let spec = rule
                .strip_prefix("Bash(")
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or_else(|| panic!("line {}: not a Bash(…) rule: {rule}", i + 1));
            match kind {
                "deny" => deny.push(spec.to_string()),
                "ask" => ask.push(spec.to_string()),
                "allow" => allow.push(spec.to_string()),
                k => panic!("line {}: unknown rule kind {k}", i + 1),
            }
        }
        out.push(Row {
            n: i + 1,
            line: unescape(cols[0]),
            deny,
            ask,
            allow,
            claude: cols[2].to_string(),
            openclaw: cols[3].to_string(),
            control: cols[4].starts_with("control:"),
            note: cols[4].to_string(),
        });
    }
    out
}

fn expected_ok(want: &str, got: u8) -> bool {
    match want {
        "*" => true,
        "!0" => got != 0,
        codes => codes.split('|').any(|n| n.parse::<u8>().ok() == Some(got)),
    }
}

/// `output` is `input` with zero or more `rtk ` words inserted (nothing else changed).
fn only_inserts_rtk(input: &str, output: &str) -> bool {
    let (a, b) = (input.as_bytes(), output.as_bytes());
    if b.len() < a.len() || (b.len() - a.len()) % 4 != 0 {
        return false;
    }
    let max_k = (b.len() - a.len()) / 4;
    let mut reach = vec![false; max_k + 1];
    reach[0] = true;
    for i in 0..=a.len() {
        for k in 0..max_k {
            if reach[k] && b[i + 4 * k..].starts_with(b"rtk ") {
                reach[k + 1] = true;
            }
        }
        if i == a.len() {
            break;
        }
        let next: Vec<bool> = (0..=max_k)
            .map(|k| reach[k] && b.get(i + 4 * k) == Some(&a[i]))
            .collect();
        reach = next;
    }
    reach[max_k]
}

fn specs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn decide(line: &str, host: Agent, rules: &RuleSet) -> Decision {
    evaluate(line, rtk::hosts::of(host), rules, &HooksConfig::default())
}

#[test]
fn adversarial_corpus() {
    let rows = rows();
    assert!(rows.len() >= 300, "only {} rows", rows.len());
    let mut failures = Vec::new();
    for r in &rows {
        let rules = RuleSet::from_bash(&specs(&r.deny), &specs(&r.ask), &specs(&r.allow));
        let claude = decide(&r.line, Agent::Claude, &rules);
        let openclaw = decide(&r.line, Agent::OpenClaw, &RuleSet::default());
        let openclaw_ruled = decide(&r.line, Agent::OpenClaw, &rules);
        let (c, o) = (claude.outcome.exit_code(), openclaw.outcome.exit_code());
        let mut fail = |what: String| {
            let shown: String = r.line.chars().take(120).collect();
            failures.push(format!("line {} ({}): {shown:?}: {what}", r.n, r.note));
        };
        if !expected_ok(&r.claude, c) {
            fail(format!(
                "claude exit {c}, expected {} ({})",
                r.claude, claude.reason
            ));
        }
        if !expected_ok(&r.openclaw, o) {
            fail(format!(
                "openclaw exit {o}, expected {} ({})",
                r.openclaw, openclaw.reason
            ));
        }
        if !r.control && c == 0 {
            fail("attack row auto-allowed for Claude".into());
        }
        for d in [&claude, &openclaw, &openclaw_ruled] {
            if let Some(rw) = &d.rewritten {
                if !only_inserts_rtk(&r.line, rw) {
                    fail(format!("rewrite {rw:?} changes more than `rtk ` words"));
                }
            }
        }
        let parsed = parse(&r.line);
        // The parse budget is CPU time: this second parse may run out of it where the
        // decision's own parse did not (a loaded machine). Only a reason other than the budget
        // says the line itself is unattestable.
        let over_budget_only = parsed.unattestable == [Unattestable(OVER_BUDGET.to_string())];
        if (!parsed.is_attestable() && !over_budget_only) || r.line.len() > 64 * 1024 {
            for (host, d) in [
                ("claude", &claude),
                ("openclaw", &openclaw),
                ("openclaw+rules", &openclaw_ruled),
            ] {
                if d.outcome == Outcome::AllowRewrite {
                    fail(format!("{host}: unattestable line exits 0"));
                }
            }
        }
        if (claude.outcome == Outcome::Deny) != (openclaw_ruled.outcome == Outcome::Deny) {
            fail(format!(
                "deny differs between claude ({c}) and openclaw fed the same rules ({})",
                openclaw_ruled.outcome.exit_code()
            ));
        }
        if r.line.len() <= 64 * 1024 {
            for deny in &r.deny {
                let Some(word) = deny.strip_suffix(":*") else {
                    continue;
                };
                if word.contains(' ') {
                    continue;
                }
                let runs = parsed
                    .commands
                    .iter()
                    .any(|cmd| cmd.words.first().is_some_and(|w| w.value == word));
                if runs && c != 2 {
                    fail(format!(
                        "`{word}` is a command here and denied, but claude exit {c}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
