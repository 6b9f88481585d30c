//! The forms of `playwright test` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::langs::playwright`).

use super::Scope;

pub const OTHER_FORMS: &[&str] = &[
    "--ui",
    "--debug",
    "--list",
    "-h",
    "--help",
    "--ui-host",
    "--ui-port",
];

/// Whether `--reporter` is absent or names the list or dot reporter.
pub fn default_reporter<S: AsRef<str>>(args: &[S]) -> bool {
    let mut reporter = None;
    for (i, a) in args.iter().enumerate() {
        let a = a.as_ref();
        if let Some(r) = a.strip_prefix("--reporter=") {
            reporter = Some(r);
        } else if a == "--reporter" {
            reporter = Some(args.get(i + 1).map_or("", AsRef::as_ref));
        }
    }
    reporter.is_none_or(|r| r == "list" || r == "dot")
}

/// `playwright test` with the list or dot reporter, never its UI, debug or watch modes.
pub const TEST: Scope = Scope {
    no_watch: true,
    check: Some(|w| default_reporter(w.args)),
    ..Scope::without(OTHER_FORMS)
};
