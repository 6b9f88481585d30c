//! Properties shared by the fuzz targets. Each returns `Err(why)` on a violation; the targets
//! panic with that message so libFuzzer records the input as a crash.

use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::{evaluate, Decision, Outcome};

/// Longest line the targets feed the engine (longer ones only test the length guard).
pub const MAX_LINE: usize = 4096;

/// True when `output` is `input` with zero or more `rtk ` words inserted (and nothing else).
/// States are (input index, inserts so far); the output index is `i + 4·k`.
pub fn only_inserts_rtk(input: &str, output: &str) -> bool {
    let (a, b) = (input.as_bytes(), output.as_bytes());
    if b.len() < a.len() || (b.len() - a.len()) % 4 != 0 {
        return false;
    }
    let max_k = (b.len() - a.len()) / 4;
    // reachable[k] for the current i.
    let mut reachable = vec![false; max_k + 1];
    reachable[0] = true;
    for i in 0..=a.len() {
        // Close under insertions at position i.
        for k in 0..max_k {
            if reachable[k] && b[i + 4 * k..].starts_with(b"rtk ") {
                reachable[k + 1] = true;
            }
        }
        if i == a.len() {
            break;
        }
        let mut next = vec![false; max_k + 1];
        for k in 0..=max_k {
            let j = i + 4 * k;
            if reachable[k] && j < b.len() && b[j] == a[i] {
                next[k] = true;
            }
        }
        if !next.iter().any(|x| *x) {
            return false;
        }
        reachable = next;
    }
    reachable[max_k]
}

/// Decides `line` for `host` with `rules` and no rtk config.
pub fn decide(line: &str, host: Agent, rules: &RuleSet) -> Decision {
    evaluate(line, rtk::hosts::of(host), rules, &HooksConfig::default())
}

/// The invariants every decision must keep, whatever the rules.
pub fn check_decision(line: &str, d: &Decision) -> Result<(), String> {
    match (d.outcome, &d.rewritten) {
        (Outcome::AllowRewrite | Outcome::AskRewrite, Some(r)) => {
            if !only_inserts_rtk(line, r) {
                return Err(format!(
                    "rewrite changed more than `rtk ` words: {line:?} -> {r:?}"
                ));
            }
        }
        (Outcome::AllowRewrite | Outcome::AskRewrite, None) => {
            return Err(format!("{:?} without a rewrite for {line:?}", d.outcome));
        }
        (_, Some(r)) => {
            return Err(format!(
                "{:?} carries a rewrite {r:?} for {line:?}",
                d.outcome
            ));
        }
        _ => {}
    }
    Ok(())
}

/// A command word simple enough to be a `Bash(<word>:*)` rule (no pattern metacharacters).
pub fn plain_word(w: &str) -> bool {
    !w.is_empty()
        && w.len() <= 64
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'/' | b'+'))
}

#[cfg(test)]
mod tests {
    use super::only_inserts_rtk;

    #[test]
    fn insert_check() {
        for (i, o, ok) in [
            ("git status", "rtk git status", true),
            ("rx", "rtk rx", true),
            ("a && b", "rtk a && rtk b", true),
            ("a", "a", true),
            ("a", "rtk a ", false),
            ("git status", "rtk git  status", false),
            ("git status", "git status", true),
            ("ls", "rtk rtk ls", true),
            ("ls", "rtk lss", false),
        ] {
            assert_eq!(only_inserts_rtk(i, o), ok, "{i:?} {o:?}");
        }
    }
}
