//! The forms of `prove` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::prove`).

use super::Scope;

/// Whether `args` are a plain prove run: the flags above and test files or directories.
pub fn plain_form(args: &[&str]) -> bool {
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        // `-lv`: single-letter flags of PLAIN together.
        let cluster = a.len() > 2
            && a.starts_with('-')
            && a[1..].chars().all(|c| "vrlbsqQmfocwWtT".contains(c));
        if PLAIN.contains(&a) || cluster || !a.starts_with('-') && a != "::" {
            i += 1;
        } else if VALUED.contains(&a) {
            if i + 1 >= args.len() {
                return false;
            }
            i += 2;
        } else if (a.starts_with("-I") || a.starts_with("-j")) && a.len() > 2
            || ["--jobs=", "--exec=", "--ext=", "--state="]
                .iter()
                .any(|p| a.starts_with(p))
        {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// prove flags alone that keep the default report.
pub const PLAIN: &[&str] = &[
    "-v",
    "--verbose",
    "-r",
    "--recurse",
    "-l",
    "--lib",
    "-b",
    "--blib",
    "-s",
    "--shuffle",
    "-q",
    "--quiet",
    "-Q",
    "--QUIET",
    "-m",
    "--merge",
    "-f",
    "--failures",
    "-o",
    "--comments",
    "--norc",
    "--nocolor",
    "-c",
    "--color",
    "-w",
    "-W",
    "-t",
    "-T",
    "--reverse",
    "--ignore-exit",
];

/// prove flags that take the next word as their value.
pub const VALUED: &[&str] = &["-I", "-j", "--jobs", "-e", "--exec", "--ext", "--state"];

/// `prove` with only the enumerated flags and test files/directories.
pub const SCOPE: Scope = Scope::check(|w| plain_form(w.args));
