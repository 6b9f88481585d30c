//! `rubocop` (default progress formatter): `Inspecting N files`, the progress marks, the
//! `Offenses:` header, and each offense's source excerpt with its `^^^` marker go; every
//! offense line (`file:line:col: C: [Correctable] Cop/Name: message`) and the
//! `N files inspected, …` summary are kept. Other formatters, autocorrect listings
//! (`--auto-gen-config`), list/help/version forms pass through.

use super::{progress, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Rubocop;

impl Filter for Rubocop {
    fn name(&self) -> &'static str {
        "rubocop"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let lines: Vec<&str> = out.stdout.lines().collect();
        if !lines.iter().any(|l| summary(l)) {
            return Err(Unparsed("rubocop: no files-inspected summary".into()));
        }
        let mut sink = Sink::default();
        let mut i = 0;
        let mut head = true;
        while i < lines.len() {
            let l = lines[i];
            i += 1;
            let noise = l.is_empty()
                || l == "Offenses:"
                || (head && l.starts_with("Inspecting ") && l.ends_with(['e', 's']))
                || (head && progress(l, &['.', 'C', 'W', 'E', 'F', 'R', 'I']));
            if noise {
                sink.drop_line();
                continue;
            }
            head = false;
            sink.line(l);
            // The excerpt under an offense: its source line, then a line of `^` marks.
            if offense(l) && lines.get(i + 1).is_some_and(|m| caret(m)) {
                sink.drop_line();
                sink.drop_line();
                i += 2;
            }
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("progress marks and source excerpts under offenses"),
        })
    }
}

/// `2 files inspected, 19 offenses detected…` / `1 file inspected, no offenses detected`.
fn summary(l: &str) -> bool {
    l.contains(" inspected, ") && (l.contains(" offense") || l.contains("no offenses"))
}

/// `path:line:col: C: …` (severity letter after the location).
fn offense(l: &str) -> bool {
    let mut parts = l.splitn(5, ':');
    let (_, line, col, sev) = (parts.next(), parts.next(), parts.next(), parts.next());
    line.is_some_and(|n| n.parse::<u64>().is_ok())
        && col.is_some_and(|n| n.parse::<u64>().is_ok())
        && sev.is_some_and(|s| matches!(s.trim(), "C" | "W" | "E" | "F" | "R" | "I"))
}

/// A marker line: spaces then one or more `^`.
fn caret(l: &str) -> bool {
    let t = l.trim_start();
    !t.is_empty() && t.chars().all(|c| c == '^')
}

#[cfg(test)]
mod tests {
    use super::super::{compact_fixture, fixture};
    use super::*;

    fn compact(case: &str) -> String {
        compact_fixture(&Rubocop, "rubocop", case).unwrap().stdout
    }

    #[test]
    fn offenses_kept_excerpts_dropped() {
        let raw = fixture("rubocop", "offenses.out");
        let got = compact("offenses");
        let offenses: Vec<&str> = raw.lines().filter(|l| offense(l)).collect();
        assert_eq!(offenses.len(), 19);
        let kept: Vec<&str> = got.lines().filter(|l| offense(l)).collect();
        assert_eq!(kept, offenses);
        assert!(
            got.ends_with("2 files inspected, 19 offenses detected, 10 offenses autocorrectable\n")
        );
        assert_eq!(got.lines().count(), 20, "{got}");
    }

    #[test]
    fn clean_is_its_summary() {
        assert_eq!(compact("clean"), "1 file inspected, no offenses detected\n");
    }

    #[test]
    fn excerpt_only_under_an_offense() {
        assert!(offense("lib/a.rb:1:1: C: [Correctable] Style/X: m"));
        assert!(!offense("lib/a.rb:1: note"));
        assert!(caret("   ^^^"));
        assert!(!caret("   ^ x"));
    }
}
