//! The forms of `procs` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::ops::procs`): written once, here.

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
