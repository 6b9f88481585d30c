//! The forms of `find`, `cat`, `head` and `tail` rtk handles.

use super::Scope;
use crate::programs::Words;

/// `find` without actions that run, delete or print in another format.
pub const FIND: Scope = Scope::without(&[
    "-exec", "-execdir", "-ok", "-okdir", "-delete", "-printf", "-fprintf", "-print0", "-fprint",
    "-fprint0", "-fls", "-ls",
]);

/// `cat` of named files, plain or numbered (`-n`: the read filter streams every byte, so the
/// numbers are cat's own); no other option, no stdin.
pub const CAT: Scope = Scope::check(cat);

/// `head`: line-count options and file operands.
pub const HEAD: Scope = Scope::check(|w| line_reader(w.args, false));

/// `tail`: line-count options (`+N` too) and file operands; never follow.
pub const TAIL: Scope = Scope::check(|w| line_reader(w.args, true));

fn cat(w: &Words<'_>) -> bool {
    let mut files = 0;
    let mut options_done = false;
    for a in w.args {
        if !options_done && *a == "--" {
            options_done = true;
        } else if !options_done && matches!(*a, "-n" | "--number") {
        } else if a.starts_with('-') {
            return false;
        } else {
            files += 1;
        }
    }
    files > 0
}

/// `head`/`tail` options: line counts only. False on anything else or no file.
fn line_reader(args: &[&str], allow_plus: bool) -> bool {
    let count = |v: &str| {
        let v = if allow_plus {
            v.strip_prefix('+').unwrap_or(v)
        } else {
            v
        };
        !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
    };
    let mut files = 0;
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let a = args[i];
        if options_done || !a.starts_with('-') || a == "-" {
            if a == "-" {
                return false;
            }
            files += 1;
        } else if a == "--" {
            options_done = true;
        } else if a == "-n" || a == "--lines" {
            if !args.get(i + 1).is_some_and(|v| count(v)) {
                return false;
            }
            i += 1;
        } else if let Some(v) = a.strip_prefix("--lines=").or_else(|| a.strip_prefix("-n")) {
            if !count(v) {
                return false;
            }
        } else if matches!(a, "-q" | "-v" | "--quiet" | "--silent" | "--verbose") {
        } else if !count(&a[1..]) {
            return false;
        }
        i += 1;
    }
    files > 0
}
