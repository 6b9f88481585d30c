//! Pipeline facts the program table does not hold: which consumers only display what they
//! receive, and when a final `grep`/`rg` stage may be rewritten. Every program with an rtk
//! form, its routes and its rewrite facts are in the program table
//! ([`crate::filters::table`]); [`RULES`] is that table.

pub use crate::programs::{rule_for, PipeSafety, Program as Rule, PROGRAMS as RULES};

/// A pipeline stage that only displays what it receives (its output goes to the agent).
pub fn display_consumer(program: &str, args: &[&str]) -> bool {
    match program {
        "cat" => args.iter().all(|a| *a == "-"),
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
                    return false;
                }
                i += 1;
            }
            true
        }
        _ => false,
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
