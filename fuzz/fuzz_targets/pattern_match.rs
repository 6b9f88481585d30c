//! The pattern matcher: `<specifier> NUL <command>` (the first byte picks the host syntax).
//! - never panics, never hangs (linear-time matching);
//! - a Grant (allow) match implies a Restrict (deny/ask) match: an unclear rule is read
//!   narrowly for allow and broadly for deny;
//! - whitespace runs in the command do not change the answer (the matcher's contract is that
//!   callers pass [`normalize`]d text, as `RuleSet::judge` does; so this checks that spreading
//!   the command's spaces into tabs and runs normalizes back to the same text and answer);
//! - `*` matches everything; `x:*` matches `x` and `x <anything>`; a wildcard-free Claude
//!   specifier matches itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtk::hooks::pattern::{normalize, MatchUse, Pattern};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if text.len() > 2048 {
        return;
    }
    let (spec, cmd) = text.split_once('\0').unwrap_or((text, ""));
    let pattern = match sel % 3 {
        0 => Pattern::claude(spec),
        1 => Pattern::cursor(spec),
        _ => Pattern::droid(spec),
    };
    let norm = normalize(cmd);
    let spread = cmd.replace(' ', " \t  ");
    let spread_norm = normalize(&spread);
    assert_eq!(
        norm, spread_norm,
        "normalize is not whitespace-insensitive: {cmd:?}"
    );
    for usage in [MatchUse::Grant, MatchUse::Restrict] {
        assert_eq!(
            pattern.matches(&norm, usage),
            pattern.matches(&spread_norm, usage),
            "whitespace changed the answer: {spec:?} {cmd:?} {usage:?}"
        );
    }
    let cmd: &str = &norm;
    if pattern.matches(cmd, MatchUse::Grant) {
        assert!(
            pattern.matches(cmd, MatchUse::Restrict),
            "grant without restrict: {spec:?} {cmd:?}"
        );
    }
    for usage in [MatchUse::Grant, MatchUse::Restrict] {
        assert!(Pattern::claude("*").matches(cmd, usage));
    }
    let simple = |s: &str| {
        !s.trim().is_empty()
            && !s.contains(['*', '\\', ':', '?', '[', '(', ')', '\r'])
            && !s
                .chars()
                .any(|c| c.is_whitespace() && !matches!(c, ' ' | '\t' | '\n'))
    };
    if simple(spec) {
        let spec_norm = normalize(spec);
        let exact = Pattern::claude(spec);
        assert!(
            exact.matches(&spec_norm, MatchUse::Grant),
            "{spec:?} does not match itself"
        );
        let prefix = Pattern::claude(&format!("{spec}:*"));
        assert!(
            prefix.matches(&spec_norm, MatchUse::Grant),
            "{spec:?}:* misses bare {spec:?}"
        );
        let longer = normalize(&format!("{spec} {cmd}")).into_owned();
        assert!(
            prefix.matches(&longer, MatchUse::Restrict),
            "{spec:?}:* misses {longer:?}"
        );
    }
});
