//! The forms of `ps` and `df` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::procs`).

use super::Scope;

/// Forms printed as they are: help, no header, `ps`'s forest (its indentation is in the
/// last column), `df --output` (any columns).
pub fn passes_through<S: AsRef<str>>(program: &str, args: &[S]) -> bool {
    args.iter().map(AsRef::as_ref).any(|a| {
        matches!(a, "--help" | "--version")
            || match program {
                // `-h`: no header (and `ps -V` is its version).
                "ps" => {
                    matches!(
                        a,
                        "-h" | "-V" | "--forest" | "-H" | "--no-headers" | "--no-heading"
                    ) || (!a.starts_with('-') && a.contains('f'))
                }
                _ => a.starts_with("--output"),
            }
    })
}

/// `ps` with a header rtk can read (no forest, no-header forms, help).
pub const PS: Scope = Scope::check(|w| !passes_through("ps", w.args));

/// `df` with its standard columns (no `--output`, help).
pub const DF: Scope = Scope::check(|w| !passes_through("df", w.args));
