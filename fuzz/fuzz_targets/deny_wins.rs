//! A deny anywhere wins: pick a command word the parser reports for the line (the first
//! byte chooses which), deny `Bash(<word>:*)`, allow `Bash(*)`. The line must come out Deny
//! for every host that reads rules and for OpenClaw — never AllowRewrite, never a rewrite.
//! A line the grammar cannot attest (e.g. one holding a NUL byte) may instead come out
//! Passthrough: nothing is rewritten or allowed, and the host's own deny judges the original.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtk::agents::Agent;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::Outcome;
use rtk::shell::parse;
use rtk_fuzz::{decide, plain_word, MAX_LINE};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(line) = std::str::from_utf8(rest) else {
        return;
    };
    if line.len() > MAX_LINE {
        return;
    }
    let parsed = parse(line);
    let words: Vec<&str> = parsed
        .commands
        .iter()
        // The first word of the command as bash will run it (an invalid assignment such as
        // `4X=1` is the command word itself, whatever the grammar calls it).
        .filter_map(|c| c.forms.exact.split(' ').next())
        .filter(|w| plain_word(w))
        .collect();
    if words.is_empty() {
        return;
    }
    let word = words[pick as usize % words.len()];
    let spec = format!("{word}:*");
    let rules = RuleSet::from_bash(&[&spec], &[], &["*"]);
    for host in [Agent::Claude, Agent::OpenClaw] {
        let d = decide(line, host, &rules);
        assert_ne!(
            d.outcome,
            Outcome::AllowRewrite,
            "denied `{word}` allowed in {line:?}"
        );
        let attestable = parsed.unattestable.is_empty();
        assert!(
            d.outcome == Outcome::Deny || (!attestable && d.outcome == Outcome::Passthrough),
            "denied `{word}` not denied in {line:?}: {:?} {}",
            d.outcome,
            d.reason
        );
        assert_eq!(d.rewritten, None);
    }
});
