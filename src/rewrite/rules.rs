//! Pipeline facts the program table does not hold: which consumers only display what they
//! receive, and when a final `grep`/`rg` stage may be rewritten. Every program with an rtk
//! form, its routes and its rewrite facts are in the program table
//! ([`crate::filters::table`]); [`RULES`] is that table.

pub use crate::programs::{rule_for, PipeSafety, Program as Rule, PROGRAMS as RULES};

/// How a display-only pipeline stage selects what it receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consumer {
    /// `cat`, `cat -`: all of it.
    Whole,
    /// `head`: the first lines or bytes.
    Head,
    /// `tail`: the last this many lines (None: bytes, or from a line on with `+N`).
    Tail(Option<u64>),
}

impl Consumer {
    /// What it keeps of a filter's output when `lines` lines of the runner's own follow it
    /// (`mise run`'s banner and its `[task] ERROR task failed`).
    pub fn before(self, lines: u64) -> Consumer {
        match self {
            Consumer::Tail(n) => Consumer::Tail(n.map(|n| n.saturating_sub(lines))),
            other => other,
        }
    }
}

/// A pipeline stage that only displays what it receives (its output goes to the agent), and
/// how it selects.
pub fn display_consumer(program: &str, args: &[&str]) -> Option<Consumer> {
    match program {
        "cat" => args.iter().all(|a| *a == "-").then_some(Consumer::Whole),
        "head" | "tail" => {
            let mut i = 0;
            while i < args.len() {
                let a = args[i];
                if a == "-n" || a == "--lines" || a == "-c" || a == "--bytes" {
                    i += 2;
                    continue;
                }
                let ok = a.starts_with("--lines=")
                    || a.starts_with("-n")
                    || matches!(a, "-q" | "-v" | "--quiet" | "--silent")
                    || (a.len() > 1
                        && a.starts_with('-')
                        && a[1..].bytes().all(|b| b.is_ascii_digit()));
                if !ok {
                    return None;
                }
                i += 1;
            }
            Some(if program == "head" {
                Consumer::Head
            } else {
                Consumer::Tail(tail_lines(args))
            })
        }
        _ => None,
    }
}

/// How many last lines `tail args` prints (10 by default); None for bytes (`-c`) or `+N`.
fn tail_lines(args: &[&str]) -> Option<u64> {
    let mut lines = Some(10);
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let value = match a {
            "-c" | "--bytes" => return None,
            "-n" | "--lines" => {
                i += 1;
                args.get(i).copied()
            }
            _ if a.starts_with("--bytes=") || (a.starts_with("-c") && a.len() > 2) => return None,
            _ => a
                .strip_prefix("--lines=")
                .or_else(|| a.strip_prefix("-n"))
                .or_else(|| {
                    a.strip_prefix('-')
                        .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
                }),
        };
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            lines = if v.starts_with('+') {
                None
            } else {
                v.parse().ok()
            };
        }
        i += 1;
    }
    lines
}

/// Whether `filter`'s output, selected by `consumer`, keeps the facts the raw output selected
/// the same way shows (issue 36): `cat` keeps everything either way; no filter's first lines
/// are the raw output's first lines (each regroups, reorders or drops them); a test runner's
/// last lines are its failures and summary, raw and filtered ([`crate::programs::SUMMARY_AT_END`]),
/// when `tail` keeps at least the summary and the filter's closing note.
pub fn keeps_facts(consumer: Consumer, filter: Option<&str>) -> bool {
    match consumer {
        Consumer::Whole => true,
        Consumer::Head => false,
        // Three lines at least: the filter ends with its summary and a `--- note:` line.
        Consumer::Tail(lines) => {
            lines.is_some_and(|n| n >= 3)
                && filter.is_some_and(|f| crate::programs::SUMMARY_AT_END.contains(&f))
        }
    }
}

/// `grep`/`rg` as a final stage: not when patterns come from a file.
pub fn final_stage_ok(program: &str, args: &[&str]) -> bool {
    match program {
        "grep" | "egrep" | "fgrep" | "rg" => !args
            .iter()
            .any(|a| *a == "-f" || a.starts_with("--file") || (a.starts_with("-f") && a.len() > 2)),
        _ => true,
    }
}
