//! Table-driven `RuleSet::judge` tests (tests/vectors/verdicts.tsv) and the host table.

use super::*;
use crate::agents::{Agent, Authority};
use crate::vectors::unescape;

fn list(field: &str) -> Vec<String> {
    match field {
        "-" => Vec::new(),
        _ => field
            .split(" ;; ")
            .map(|s| {
                if s == "\"\"" {
                    String::new()
                } else {
                    unescape(s)
                }
            })
            .collect(),
    }
}

fn verdict(name: &str) -> PermissionVerdict {
    match name {
        "Default" => PermissionVerdict::Default,
        "Allow" => PermissionVerdict::Allow,
        "Ask" => PermissionVerdict::Ask,
        "Deny" => PermissionVerdict::Deny,
        other => panic!("bad verdict {other:?}"),
    }
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn verdict_vectors() {
    let table = include_str!("../../tests/vectors/verdicts.tsv");
    let mut rows = 0;
    let mut failures = Vec::new();
    for (n, line) in table.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 8, "verdicts.tsv line {}: 8 columns", n + 1);
        let (deny, ask, allow) = (list(cols[1]), list(cols[2]), list(cols[3]));
        let rules = RuleSet::from_bash(&refs(&deny), &refs(&ask), &refs(&allow));
        let forms = PermissionForms {
            exact: if cols[4] == "\"\"" {
                String::new()
            } else {
                unescape(cols[4])
            },
            variants: list(cols[5]),
        };
        let (got, rule) = rules.judge(&forms);
        let got_rule = rule.map(|r| r.text.as_str()).unwrap_or("-");
        if got != verdict(cols[6]) || got_rule != cols[7] {
            failures.push(format!(
                "line {} ({}): got {got:?} by {got_rule}, expected {} by {}",
                n + 1,
                cols[0],
                cols[6],
                cols[7]
            ));
        }
        rows += 1;
    }
    assert!(rows >= 25, "verdicts.tsv has only {rows} rows");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn verdicts_are_ordered_by_precedence() {
    use PermissionVerdict::*;
    assert!(Deny > Ask && Ask > Allow && Allow > Default);
}

#[test]
fn judge_reports_the_rule_and_its_source() {
    let rules = RuleSet {
        deny: vec![Rule::bash("rm *", "/p/.claude/settings.json")],
        ..RuleSet::default()
    };
    let forms = PermissionForms {
        exact: "rm -rf /".into(),
        variants: vec![],
    };
    let (v, rule) = rules.judge(&forms);
    assert_eq!(v, PermissionVerdict::Deny);
    let rule = rule.expect("deciding rule");
    assert_eq!(rule.text, "Bash(rm *)");
    assert_eq!(rule.source, PathBuf::from("/p/.claude/settings.json"));
}

#[test]
fn host_names_round_trip_and_authority_is_per_host() {
    for host in Agent::hosts() {
        assert_eq!(Agent::host_named(host.name()), Some(host));
    }
    assert_eq!(Agent::host_named("OpenClaw"), None);
    assert_eq!(Agent::OpenClaw.authority(), Authority::Host);
    assert_eq!(Agent::Vibe.authority(), Authority::Host);
    assert_eq!(Agent::Claude.authority(), Authority::Rtk);
}
