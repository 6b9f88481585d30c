//! The shell layer: any text → `shell::parse` without panicking, and
//! - every span lies on the line (char boundaries included);
//! - on an attestable line every top-level word's span holds exactly the word as typed (the
//!   rewrite inserts at these offsets);
//! - an unattestable line is never rewritten and never allowed, even under `Bash(*)`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::Outcome;
use rtk::shell::{parse, Context};
use rtk_fuzz::{decide, MAX_LINE};

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    if line.len() > MAX_LINE {
        return;
    }
    let parsed = parse(line);
    for c in &parsed.commands {
        // Spans are what the rewrite edits at, and only attestable lines are ever edited;
        // commands found in the extra readings of an unattestable line carry approximate spans.
        assert!(
            !parsed.is_attestable() || line.get(c.span.clone()).is_some(),
            "command span {:?} off {line:?}",
            c.span
        );
        if c.context == Context::TopLevel && parsed.is_attestable() {
            for w in c.assignments.iter().chain(&c.words) {
                assert_eq!(
                    line.get(w.span.clone()),
                    Some(w.text.as_str()),
                    "word span {:?} of {line:?}",
                    w.span
                );
            }
        }
    }
    if !parsed.is_attestable() {
        let r = rtk::rewrite::rewrite_line(line, &parsed, &HooksConfig::default(), None);
        assert_eq!(r.line, None, "unattestable line rewritten: {line:?}");
        let all = RuleSet::from_bash(&[], &[], &["*"]);
        for host in [Agent::Claude, Agent::OpenClaw] {
            let d = decide(line, host, &all);
            assert_ne!(
                d.outcome,
                Outcome::AllowRewrite,
                "unattestable allowed: {line:?}"
            );
            assert_eq!(d.rewritten, None, "unattestable rewritten: {line:?}");
        }
    }
});
