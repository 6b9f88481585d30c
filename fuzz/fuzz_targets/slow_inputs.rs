//! The hook path answers in bounded time: the input describes a line up to rtk's 64 KiB limit
//! as `P + A×n + B + C×n` (bytes 0-1: n, big-endian; the rest: P, A, B, C separated by NUL
//! bytes), the
//! shape of every known worst case (long or dangling pipelines, unclosed `${`, stacked heredocs,
//! nesting, long words). The decision for Claude (the rules) and OpenClaw must take at
//! most `SLOW_LIMIT` of this thread's CPU time each, and keep the decision invariants.
//! The release target is 50 ms (bench/latency measures it); the limit here leaves room for the
//! sanitizer build.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::MAX_COMMAND_BYTES;
use rtk_fuzz::{check_decision, decide};

const SLOW_LIMIT: Duration = Duration::from_millis(400);

fn cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fuzz_target!(|data: &[u8]| {
    let Some((n, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let mut parts = rest.splitn(4, '\0');
    let mut next = || parts.next().unwrap_or("");
    let (p, a, b, c) = (next(), next(), next(), next());
    let unit = (a.len() + c.len()).max(1);
    let room = MAX_COMMAND_BYTES.saturating_sub(p.len() + b.len());
    let n = usize::from(u16::from_be_bytes(*n)).min(room / unit);
    let line = format!("{p}{}{b}{}", a.repeat(n), c.repeat(n));
    if line.len() > MAX_COMMAND_BYTES {
        return;
    }
    let rules = RuleSet::from_bash(
        &["rm:*", "git push:*"],
        &[],
        &["ls:*", "git status:*", "git log:*"],
    );
    for (host, rules) in [
        (Agent::Claude, &rules),
        (Agent::OpenClaw, &RuleSet::default()),
    ] {
        let start = cpu();
        let d = decide(&line, host, rules);
        let spent = cpu().saturating_sub(start);
        assert!(
            spent <= SLOW_LIMIT,
            "{host:?}: {} ms of CPU for a {}-byte line ({p:?} + {a:?}×{n} + {b:?} + {c:?}×{n})",
            spent.as_millis(),
            line.len(),
        );
        if let Err(why) = check_decision(&line, &d) {
            panic!("{why}");
        }
    }
});
