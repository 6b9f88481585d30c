//! The rewrite of a line: for Claude (rtk authority) and OpenClaw (host authority), with no
//! rules and with `Bash(*)` allowed,
//! - a rewrite only inserts `rtk ` words (removing them gives the input back);
//! - with no rules Claude never answers AllowRewrite (#1155);
//! - rewriting is idempotent: the rewritten line rewrites to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::hooks::permissions::RuleSet;
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
        assert_eq!(
            d.rewritten, claude.rewritten,
            "rewrite depends on host/rules: {line:?}"
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
