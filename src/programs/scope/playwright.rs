//! The forms of `playwright` rtk handles, read by the rewrite's narrowing (`programs::narrow`)
//! and by the filter (`filters::langs::playwright`): written once, here.

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
