//! The rewrite of a line: for Claude (rtk authority) and OpenClaw (host authority), with no
//! rules and with `Bash(*)` allowed,
//! - a rewrite only inserts `rtk ` words (removing them gives the input back);
//! - with no rules Claude never answers AllowRewrite (#1155);
//! - the rewrite does not depend on host or rules, except that a line a rule allows but rtk
//!   cannot prove (`allow_blocked`, issue 27) is passed through unrewritten for the host to judge;
//! - rewriting is idempotent: the rewritten line rewrites to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::hooks::permissions::{PermissionVerdict, RuleSet};
use rtk::hooks::rewrite_cmd::Outcome;
use rtk_fuzz::{check_decision, decide, MAX_LINE};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    if line.len() > MAX_LINE {
        return;
    }
    let none = RuleSet::default();
    let all = RuleSet::from_bash(&[], &[], &["*"]);
    let claude = decide(line, Agent::Claude, &none);
    if let Err(why) = check_decision(line, &claude) {
        panic!("{why}");
    }
    assert_ne!(
        claude.outcome,
        Outcome::AllowRewrite,
        "Default allowed: {line:?}"
    );
    for (host, rules) in [(Agent::OpenClaw, &none), (Agent::Claude, &all)] {
        let d = decide(line, host, rules);
        if let Err(why) = check_decision(line, &d) {
            panic!("{why}");
        }
        let stepped_aside = d.rewritten.is_none()
            && d.allow_blocked.is_some()
            && d.outcome == Outcome::Passthrough
            && d.verdict == PermissionVerdict::Allow;
        assert!(
            stepped_aside || d.rewritten == claude.rewritten,
            "rewrite depends on host/rules: {line:?} ({:?} vs {:?})",
            d.rewritten,
            claude.rewritten
        );
    }
    if let Some(r) = &claude.rewritten {
        let again = decide(r, Agent::Claude, &none);
        assert_eq!(
            again.rewritten.as_deref(),
            Some(r.as_str()),
            "not idempotent: {line:?} -> {r:?} -> {:?}",
            again.rewritten
        );
    }
});
