//! `dotnet build`, `dotnet test` and `dotnet restore` (MSBuild's console logger and VSTest, as
//! printed when the output is not a terminal): the MSBuild and test-tool banners, restore
//! progress (`Restored …` stays for `restore`), `Project -> path.dll` output lines, VSTest's
//! start lines, xUnit's `[FAIL]` echoes, `Time Elapsed` and blank lines go, and so does the
//! second listing of every warning and error in MSBuild's summary. Diagnostics
//! (`file(line,col): error CS0103: …`) are rendered grouped by file without their project
//! suffix; a failing test keeps its name, its `Error Message:` and the stack frames that carry
//! a `file:line N` (every frame when none does). `Build succeeded.|FAILED.`, the
//! `N Warning(s)`/`N Error(s)` counts, the `Passed!|Failed!  - Failed: n, Passed: n, …` summary
//! and every line the filter does not know stay. Help and the terminal logger pass through;
//! output without a build, test or restore result is printed raw.

use std::sync::LazyLock;

use regex::Regex;

use crate::filters::dev::diag::{Diag, Report};
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Dotnet;

/// `origin(line[,col]): error|warning CODE: text [project]` (MSBuild's canonical format).
static DIAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(.+?)\((\d+)(?:,(\d+))?\): (error|warning) ([A-Za-z]+\d+): (.*?)(?: \[[^\[\]]+\])?$",
    )
    .unwrap()
});

/// Lines printed on every run, as prefixes of the trimmed line.
const NOISE: &[&str] = &[
    "MSBuild version ",
    "Microsoft (R) Build Engine version ",
    "Copyright (C) Microsoft Corporation",
    "Copyright (c) Microsoft Corporation",
    "Determining projects to restore...",
    "Time Elapsed ",
    "Test run for ",
    "Microsoft (R) Test Execution Command Line Tool Version ",
    "Starting test execution, please wait...",
    "Workload updates are available.",
];

impl Filter for Dotnet {
    fn name(&self) -> &'static str {
        "dotnet"
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let restore = inv.sub.is_some_and(|i| inv.args[i] == "restore");
        let result = |l: &str| {
            let t = l.trim();
            t == "Build succeeded."
                || t == "Build FAILED."
                || t.starts_with("Passed!  - ")
                || t.starts_with("Failed!  - ")
                || (restore && t == "Determining projects to restore...")
        };
        if !text.lines().any(result) {
            return Err(Unparsed("dotnet: no build, test or restore result".into()));
        }
        let lines: Vec<&str> = text.lines().collect();
        let mut report = Report::default();
        let mut seen: Vec<(String, String, String, String)> = Vec::new();
        let mut dropped = 0;
        let mut i = 0;
        while i < lines.len() {
            let l = lines[i];
            let t = l.trim();
            if t == "Stack Trace:" {
                report.line(l);
                let frames: Vec<&str> = lines[i + 1..]
                    .iter()
                    .take_while(|f| f.trim_start().starts_with("at "))
                    .copied()
                    .collect();
                let located = |f: &&str| f.contains(" in ") && f.contains(":line ");
                let any_located = frames.iter().any(located);
                for f in &frames {
                    if !any_located || located(f) {
                        report.line(f);
                    } else {
                        dropped += 1;
                    }
                }
                i += 1 + frames.len();
                continue;
            }
            if let Some(c) = DIAG.captures(l) {
                let loc = match c.get(3) {
                    Some(col) => format!("{}:{}", &c[2], col.as_str()),
                    None => c[2].to_string(),
                };
                let key = (
                    c[1].to_string(),
                    loc.clone(),
                    c[5].to_string(),
                    c[6].to_string(),
                );
                if seen.contains(&key) {
                    dropped += 1;
                } else {
                    report.diag(Diag::new(&c[1], loc, &c[4], &c[5], &c[6]));
                    seen.push(key);
                }
                i += 1;
                continue;
            }
            let quiet = t.is_empty()
                || NOISE.iter().any(|p| t.starts_with(p))
                || t == "All projects are up-to-date for restore."
                || (!restore && t.starts_with("Restored ") && t.ends_with(" ms)."))
                || artifact(l)
                || (t.starts_with("A total of ") && t.ends_with(" matched the specified pattern."))
                || (t.starts_with("[xUnit.net ") && t.ends_with(" [FAIL]"));
            if quiet {
                dropped += 1;
            } else {
                report.line(l);
            }
            i += 1;
        }
        Ok(Compacted {
            stdout: report.render(),
            stderr: None,
            elided: (dropped > 0).then(|| {
                format!(
                    "{dropped} lines: banners, restore and output-path lines, repeated \
                     diagnostics, framework stack frames"
                )
            }),
        })
    }
}

/// `  Shop -> /src/Shop/bin/Debug/net8.0/Shop.dll`: a project's output path.
fn artifact(l: &str) -> bool {
    l.strip_prefix("  ")
        .and_then(|t| t.split_once(" -> "))
        .is_some_and(|(project, path)| {
            !project.is_empty()
                && !project.contains(' ')
                && (path.starts_with('/') || path.contains(":\\"))
        })
}

#[cfg(test)]
mod tests {
    use super::super::fixture;
    use super::*;
    use crate::filters::Plan;

    /// What the filter prints for fixture `tests/fixtures/dotnet/<case>` (DOC-FORMAT).
    fn compact(case: &str) -> Result<String, Unparsed> {
        let args: Vec<String> = fixture("dotnet", &format!("{case}.argv"))
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        let inv = Invocation {
            program: "dotnet",
            args: &args,
            sub: Some(0),
        };
        let stdout = fixture("dotnet", &format!("{case}.out"));
        let code = fixture("dotnet", &format!("{case}.code"))
            .trim()
            .parse()
            .unwrap();
        Dotnet
            .compact(
                &inv,
                &Output {
                    stdout: &stdout,
                    stderr: "",
                    code,
                },
            )
            .map(|c| c.stdout)
    }

    #[test]
    fn build_errors_once_grouped_by_file_with_counts() {
        assert_eq!(
            compact("build_errors").unwrap(),
            "/src/Shop/Cart.cs:12:17 warning CS0168 The variable 'unused' is declared but never used\n\
             /src/Shop/Checkout.cs:\n\
             5:23 CS1061 'Cart' does not contain a definition for 'Totl' and no accessible extension method 'Totl' accepting a first argument of type 'Cart' could be found (are you missing a using directive or an assembly reference?)\n\
             6:26 CS0029 Cannot implicitly convert type 'int' to 'string'\n\
             /src/Shop/Receipt.cs:9:13 CS0103 The name 'total' does not exist in the current context\n\
             Build FAILED.\n    1 Warning(s)\n    3 Error(s)\n"
        );
    }

    #[test]
    fn build_success_keeps_warnings_and_counts() {
        assert_eq!(
            compact("build_ok").unwrap(),
            "/src/Shop/Cart.cs:12:17 warning CS0168 The variable 'unused' is declared but never used\n\
             Build succeeded.\n    1 Warning(s)\n    0 Error(s)\n"
        );
    }

    #[test]
    fn failing_tests_keep_message_and_located_frames() {
        let got = compact("test_fail").unwrap();
        assert_eq!(
            got,
            "  Failed Shop.Tests.CartTests.AppliesDiscount [4 ms]\n  Error Message:\n   Assert.Equal() Failure: Values differ\n\
             Expected: 28\nActual:   30\n  Stack Trace:\n     at Shop.Tests.CartTests.AppliesDiscount() in /src/Shop.Tests/CartTests.cs:line 15\n\
             \x20 Failed Shop.Tests.CartTests.AverageOfNothing [1 ms]\n  Error Message:\n   System.DivideByZeroException : Attempted to divide by zero.\n\
             \x20 Stack Trace:\n     at Shop.Cart.Average(Int32[] prices) in /src/Shop/Cart.cs:line 18\n\
             \x20  at Shop.Tests.CartTests.AverageOfNothing() in /src/Shop.Tests/CartTests.cs:line 21\n\
             Failed!  - Failed:     2, Passed:    10, Skipped:     0, Total:    12, Duration: 31 ms - Shop.Tests.dll (net8.0)\n"
        );
    }

    #[test]
    fn passing_tests_are_the_summary() {
        assert_eq!(
            compact("test_pass").unwrap(),
            "Passed!  - Failed:     0, Passed:    12, Skipped:     0, Total:    12, Duration: 27 ms - Shop.Tests.dll (net8.0)\n"
        );
    }

    #[test]
    fn restore_keeps_each_project_and_error() {
        assert_eq!(
            compact("restore").unwrap(),
            "  Restored /src/Shop/Shop.csproj (in 112 ms).\n  Restored /src/Shop.Tests/Shop.Tests.csproj (in 431 ms).\n"
        );
        let got = compact("restore_missing").unwrap();
        assert!(
            got.contains("error NU1101: Unable to find package Acme.Nope."),
            "{got}"
        );
        assert!(
            got.contains("Failed to restore /src/Shop/Shop.csproj"),
            "{got}"
        );
    }

    #[test]
    fn unknown_output_is_raw_and_other_forms_pass_through() {
        let args: Vec<String> = vec!["build".into()];
        let inv = Invocation {
            program: "dotnet",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout: "MSBUILD : error MSB1003: Specify a project or solution file.\n",
            stderr: "",
            code: 1,
        };
        assert!(Dotnet.compact(&inv, &out).is_err());
        for form in [&["build", "--help"][..], &["test", "-tl:on"]] {
            let args: Vec<String> = form.iter().map(|s| s.to_string()).collect();
            let inv = Invocation {
                program: "dotnet",
                args: &args,
                sub: Some(0),
            };
            assert_eq!(Dotnet.plan(&inv), Plan::Passthrough, "{form:?}");
        }
    }
}
