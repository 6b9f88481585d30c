//! The execution oracle's driver (issues 15 and 27): every command of the vector tables and of
//! the seeded generators (`oracle_gen.rs`) is decided as `rtk rewrite` decides it under its
//! rules (exit 0 = allow) and as `rtk hook claude` answers it with no rules (Claude's read-only
//! table: `permissionDecision: "allow"`; the table in full, as on the measured Claude Code
//! version — no AI_AGENT gate narrows it), both in the live project (so links leading out are
//! seen). A line `rtk rewrite` allows is run as typed in the dry sandbox (`oracle.rs`: programs
//! the rules do not grant, writes outside); every allowed line, rewritten as the host runs it,
//! is run for real in the live project (`oracle_live.rs`: programs from outside the system
//! folders, reads outside the project, configuration from a hijacked HOME/XDG). Any finding
//! is a violation.
//!
//! Inputs: the rewrite, unattestable and adversarial vector tables, the seeded substitution
//! generator (`RTK_ORACLE_COUNT`, default 5,000) and issue 27's shapes (`RTK_ORACLE_SHAPES`,
//! default 300), both from `RTK_ORACLE_SEED` (printed).

#![cfg(target_os = "linux")]

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

use serde_json::{json, Value};

use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::decision::{evaluate_in, Outcome};
use rtk::hooks::permissions::RuleSet;
use rtk::vectors::unescape;

use crate::oracle::{Rules, Sandbox};
use crate::oracle_gen;
use crate::oracle_live::Live;

/// The rules the shapes of issue 27 are judged by (the issue's rules file).
pub const SHAPE_ALLOW: &[&str] = &[
    "ls:*",
    "cat:*",
    "find:*",
    "git status:*",
    "git log:*",
    "git diff:*",
];

/// One command and the rules it is judged by.
pub struct Case {
    pub line: String,
    pub rules: Rules,
    pub source: &'static str,
}

fn table_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let issue = Rules::issue();
    for (source, text) in [
        ("rewrite.tsv", include_str!("vectors/rewrite.tsv")),
        ("unattestable.tsv", include_str!("vectors/unattestable.tsv")),
    ] {
        for l in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let line = unescape(l.split('\t').next().unwrap_or(""));
            out.push(Case {
                line,
                rules: issue.clone(),
                source,
            });
        }
    }
    for l in include_str!("vectors/adversarial.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = l.split('\t').collect();
        let mut rules = Rules {
            deny: Vec::new(),
            ask: Vec::new(),
            allow: Vec::new(),
        };
        for entry in cols
            .get(1)
            .unwrap_or(&"")
            .split(';')
            .filter(|e| !e.is_empty())
        {
            let Some((kind, rule)) = entry.split_once('=') else {
                continue;
            };
            let spec = rule
                .strip_prefix("Bash(")
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or(rule)
                .to_string();
            match kind {
                "deny" => rules.deny.push(spec),
                "ask" => rules.ask.push(spec),
                _ => rules.allow.push(spec),
            }
        }
        out.push(Case {
            line: unescape(cols[0]),
            rules,
            source: "adversarial.tsv",
        });
    }
    out
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// What `rtk hook claude` runs without asking for `line` with no rules: the rewritten line
/// of an answer with `permissionDecision: "allow"` (decided once; the hook only renders it).
fn hook_allow(line: &str, config: &HooksConfig, dir: &Path) -> Option<String> {
    let d = evaluate_in(
        line,
        rtk::hosts::of(Agent::Claude),
        &RuleSet::default(),
        config,
        Some(dir),
    );
    if !matches!(d.outcome, Outcome::AllowRewrite | Outcome::AskRewrite) {
        return None; // the hook is silent without a rewrite
    }
    let payload = json!({"hook_event_name": "PreToolUse", "permission_mode": "default",
        "tool_name": "Bash", "tool_input": {"command": line}});
    let answer = Agent::Claude.answer_with(Some(&payload), &|_| d.clone());
    let answer: Value = serde_json::from_str(&answer.to_text()).ok()?;
    let out = &answer["hookSpecificOutput"];
    if out["permissionDecision"] != "allow" {
        return None;
    }
    out["updatedInput"]["command"].as_str().map(String::from)
}

/// What a check found.
#[derive(Default)]
pub struct Summary {
    /// Lines `rtk rewrite` allowed under their rules (run in the dry sandbox).
    pub rewrite_allows: usize,
    /// Lines `rtk hook claude` allowed with no rules.
    pub hook_allows: usize,
    /// Distinct allowed lines run for real in the live project.
    pub live_runs: usize,
    pub violations: Vec<String>,
    pub timeouts: usize,
}

/// Judges every case; runs what rtk allows in the dry sandbox and in the live project.
pub fn check(cases: &[Case]) -> Summary {
    let mut sandbox = Sandbox::new();
    let mut live = Live::new();
    let project = live.project();
    let out = live.outside().display().to_string();
    let mut s = Summary::default();
    let mut seen: HashSet<(String, String)> = HashSet::new();
    let mut ran: HashSet<String> = HashSet::new();
    let config = HooksConfig::default();
    for c in cases {
        let line = c.line.replace("@OUT@", &out);
        if line.len() > 64 * 1024 || line.contains('\0') {
            continue; // over the hook limit (never allowed); bash cannot take a NUL in -c
        }
        let shown: String = line.chars().take(160).collect();
        let mut to_run = Vec::new();
        let d = evaluate_in(
            &line,
            rtk::hosts::of(Agent::Claude),
            &c.rules.rule_set(),
            &config,
            Some(&project),
        );
        if d.outcome.exit_code() == 0 && seen.insert((line.clone(), format!("{:?}", c.rules))) {
            s.rewrite_allows += 1;
            let t = sandbox.run(&line);
            s.timeouts += usize::from(t.timed_out);
            let before = s.violations.len();
            for argv in t.programs.iter().filter(|a| !c.rules.grants(a)) {
                s.violations.push(format!(
                    "{}: {shown:?} was allowed, bash started {argv:?}",
                    c.source
                ));
            }
            for w in &t.outside_writes {
                s.violations.push(format!(
                    "{}: {shown:?} was allowed, bash touched {w} outside {}",
                    c.source,
                    sandbox.path().display()
                ));
            }
            // A line the dry run already convicts is not run for real.
            if s.violations.len() == before {
                to_run.extend(d.rewritten.clone().map(|r| ("rtk rewrite", r)));
            }
        }
        // A line that cannot be attested (the parse, not the rules, says so) gets no allow
        // from any host: the rule-less decision would only repeat the parse.
        let unattestable = d.reason.starts_with("unattestable");
        let hook = (!unattestable).then(|| hook_allow(&line, &config, &project));
        if let Some(r) = hook.flatten() {
            s.hook_allows += 1;
            to_run.push(("rtk hook claude (no rules)", r));
        }
        for (by, r) in to_run {
            if !ran.insert(r.clone()) {
                continue;
            }
            s.live_runs += 1;
            let t = live.run(&r);
            s.timeouts += usize::from(t.timed_out);
            // One violation per line run, naming its first findings.
            if let Some(first) = t.findings.first() {
                let more = match t.findings.len() {
                    1 => String::new(),
                    n => format!("; {} (and {} more)", t.findings[1], n - 2),
                };
                s.violations.push(format!(
                    "{}: {shown:?} allowed by {by}, ran {r:?}: {first}{more}",
                    c.source
                ));
            }
        }
    }
    s
}

#[test]
fn every_allow_runs_as_the_host_would_let_it() {
    let _heavy = crate::common::heavy();
    let start = Instant::now();
    let seed = env_number("RTK_ORACLE_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(1)
    });
    let count = env_number("RTK_ORACLE_COUNT").unwrap_or(5_000) as usize;
    let shape_count = env_number("RTK_ORACLE_SHAPES").unwrap_or(300) as usize;
    let mut cases = table_cases();
    let tables = cases.len();
    cases.extend(
        oracle_gen::generate(seed, count)
            .into_iter()
            .map(|line| Case {
                line,
                rules: Rules::issue(),
                source: "generated",
            }),
    );
    let shape_rules = Rules {
        deny: Vec::new(),
        ask: Vec::new(),
        allow: SHAPE_ALLOW.iter().map(|s| s.to_string()).collect(),
    };
    cases.extend(
        oracle_gen::shapes(seed, shape_count)
            .into_iter()
            .map(|line| Case {
                line,
                rules: shape_rules.clone(),
                source: "shapes",
            }),
    );
    let s = check(&cases);
    let secs = start.elapsed().as_secs_f64();
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "oracle: seed {seed}; {count} commands generated + {shape_count} shapes + {tables} from the tables; {} allowed by rtk rewrite (run in the dry sandbox), {} by rtk hook claude without rules; {} distinct allowed lines run live; {} violations (lines); {} runs timed out; {secs:.1} s",
        s.rewrite_allows, s.hook_allows, s.live_runs, s.violations.len(), s.timeouts
    );
    for v in s.violations.iter().take(40) {
        let _ = writeln!(err, "  {v}");
    }
    assert!(
        s.violations.is_empty(),
        "{} violations (seed {seed}; rerun with RTK_ORACLE_SEED={seed})",
        s.violations.len()
    );
    assert!(
        s.rewrite_allows > 0 && s.hook_allows > 0 && s.live_runs > 0,
        "nothing was allowed: the oracle checked nothing"
    );
}
