//! The forms of `nl` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::files::nl`).

use super::Scope;

/// Only `-ba` / `-b a` / `--body-numbering=a` and file operands.
pub fn plain_numbering(args: &[impl AsRef<str>]) -> bool {
    let mut numbered_all = false;
    let mut files = 0;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_ref() {
            "-ba" | "--body-numbering=a" => numbered_all = true,
            "-b" if args.get(i + 1).is_some_and(|a| a.as_ref() == "a") => {
                numbered_all = true;
                i += 1;
            }
            "-" => return false,
            a if a.starts_with('-') => return false,
            _ => files += 1,
        }
        i += 1;
    }
    numbered_all && files > 0
}

/// `nl -ba` of named files.
pub const SCOPE: Scope = Scope::check(|w| plain_numbering(w.args));
