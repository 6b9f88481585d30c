//! The forms of `cmake --build` and `ctest` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::cmake`).

use super::Scope;

/// Whether `args` are `--build <dir> …` without verbose, help or an unknown form.
pub fn build_form(args: &[&str]) -> bool {
    args.first() == Some(&"--build")
        && args.len() > 1
        && !args
            .iter()
            .any(|a| matches!(*a, "-v" | "--verbose" | "--help" | "-h" | "--version"))
}

/// Whether `args` are a plain ctest run: only the flags above (values given), so never
/// verbose, progress, dashboard/script modes, help or version.
pub fn ctest_form(args: &[&str]) -> bool {
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if CTEST_PLAIN.contains(&a) {
            i += 1;
        } else if CTEST_VALUED.contains(&a) {
            if i + 1 >= args.len() {
                return false;
            }
            i += 2;
        } else if a.starts_with("-j") && a[2..].bytes().all(|b| b.is_ascii_digit())
            || CTEST_VALUED
                .iter()
                .any(|f| f.starts_with("--") && a.starts_with(&format!("{f}=")))
            || a.starts_with("--no-tests=")
        {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// ctest flags alone that keep the default report.
pub const CTEST_PLAIN: &[&str] = &[
    "--output-on-failure",
    "--rerun-failed",
    "--stop-on-failure",
    "--schedule-random",
    "--no-compress-output",
    "-Q",
    "--quiet",
    "--no-label-summary",
    "--no-subproject-summary",
];

/// ctest flags that take a value as the next word.
pub const CTEST_VALUED: &[&str] = &[
    "-j",
    "--parallel",
    "-R",
    "--tests-regex",
    "-E",
    "--exclude-regex",
    "-L",
    "--label-regex",
    "-LE",
    "--label-exclude",
    "-C",
    "--build-config",
    "--test-dir",
    "--timeout",
    "--repeat",
    "--preset",
    "-I",
    "--tests-information",
    "--output-junit",
    "-O",
    "--output-log",
    "--stop-time",
    "--repeat-until-fail",
];

/// `cmake --build <dir> …` (no verbose, help or version).
pub const BUILD: Scope = Scope::check(|w| build_form(w.args));

/// `ctest` with only the enumerated selection/parallelism/output flags.
pub const CTEST: Scope = Scope::check(|w| ctest_form(w.args));
