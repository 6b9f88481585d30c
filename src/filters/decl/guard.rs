//! The error lines a declarative filter never drops: a sample of each shape the built-in
//! filters and the fidelity checks (bench/src/devbench.rs, devfacts.rs) keep — compiler errors
//! with file:line, failing test names and assertion messages, tool failures — checked against
//! every rule set at load ([`SAMPLES`]), and a pattern every line is checked against at run
//! time ([`is_error`]), so a line of that shape stays even when no sample looked like it.
//!
//! Invariant: keeping too much is safe, dropping an error is not; the pattern errs wide.

use std::sync::OnceLock;

use regex::Regex;

/// One line of each error shape. A rule set whose `drop`, `noise` or `fold` rules match any
/// of them is rejected at load.
pub const SAMPLES: &[&str] = &[
    "error[E0308]: mismatched types",
    "  --> src/m1.rs:12:5",
    "src/m1.rs:12:5: error: expected `;`",
    "error: could not compile `demo` (lib) due to 1 previous error",
    "test tests::scales_2 ... FAILED",
    "FAILED tests/test_m1.py::test_scale_1 - AssertionError: scale 1x1",
    "E       assert 2 == 3",
    "AssertionError: scale 1x1",
    "Traceback (most recent call last):",
    "ModuleNotFoundError: No module named 'missing_mod'",
    "--- FAIL: TestScale (0.00s)",
    "FAIL\texample.com/demo\t0.004s",
    "panic: runtime error: index out of range [3] with length 3",
    "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "src/a.ts:3:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
    "  ● scale › by 2x3",
    "  ✕ scale › by 2x3 (3 ms)",
    "main.go:11:2: undefined: missingThing",
    "make: *** [Makefile:3: all] Error 1",
    "fatal: not a git repository (or any of the parent directories): .git",
    " ! [rejected]        main -> main (fetch first)",
    "CONFLICT (content): Merge conflict in src/lib.rs",
    "npm ERR! code ELIFECYCLE",
    "npm error code E404",
    "ERROR: Could not find a version that satisfies the requirement nosuchpkg",
    "Error response from daemon: No such container: web",
    "error: failed to push some refs to 'origin'",
    "Exception in thread \"main\" java.lang.NullPointerException",
    "Permission denied (publickey).",
    "2 failed, 10 passed in 0.12s",
    "Tests: 1 failed, 4 passed, 5 total",
];

/// The run-time pattern: words that mark a failure, and `file.ext:line` locations.
const PATTERN: &str = concat!(
    r"(?i)\b\w*(error|errors|exception)\b|\berr!|\b(fatal|fail|failed|fails|failure|failures|panic|panicked|",
    r"traceback|denied|rejected|conflict|aborted|abort|unable to|cannot)\b",
    r"|[\w./-]+\.\w+:\d+",
    r"|[\w./-]+\.\w+\(\d+,\d+\)",
    r"|^E\s",
    r"|[✕✗✘●]",
);

/// Whether a line looks like an error, a failure or a location: such a line is always kept.
pub fn is_error(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(PATTERN).expect("guard pattern"))
        .is_match(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_is_an_error_line() {
        for s in SAMPLES {
            assert!(is_error(s), "{s}");
        }
    }

    #[test]
    fn plain_progress_and_info_lines_are_not() {
        for s in [
            "Enumerating objects: 5, done.",
            "remote: Counting objects: 100% (3/3), done.",
            "Collecting requests",
            "   a1b2c3d..e4f5a6b  main -> main",
            "Downloading requests-2.31.0-py3-none-any.whl (62 kB)",
            "make[1]: Entering directory '/src'",
        ] {
            assert!(!is_error(s), "{s}");
        }
    }
}
