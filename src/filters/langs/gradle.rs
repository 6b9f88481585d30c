//! `gradle` / `./gradlew` task runs (`build`, `test`, `check`, `assemble`, compile tasks): the
//! task lines that did nothing or succeeded (`:compileJava`, `> Task :jar UP-TO-DATE`,
//! `NO-SOURCE`, `FROM-CACHE`, `SKIPPED`), daemon start notices, console progress bars, the
//! "Deprecated Gradle features" paragraph, the `* Try:` advice (`--stacktrace`, `--info`,
//! `--scan`), the help link, Debian's launcher printing the JVM banner and the JVM's
//! `setSecurityManager` warning about Gradle's own test worker go. Every failed task
//! (`:test FAILED`), every failing test with its exception and `File.java:line`, compiler
//! errors and warnings (their source excerpt and caret folded into the location,
//! `File.java:5:23: error: …`) with their symbol lines, the `N tests completed, M failed` count, the
//! `What went wrong` report, `BUILD SUCCESSFUL|FAILED in Ns` and `N actionable tasks` stay, and
//! so does every line the filter does not know. Help, version, continuous and build-scan runs
//! pass through; output without a `BUILD` line is printed raw.

use super::Sink;
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Gradle;

/// Task outcomes that say nothing an agent needs.
const QUIET_OUTCOMES: &[&str] = &["UP-TO-DATE", "NO-SOURCE", "FROM-CACHE", "SKIPPED"];

/// Lines Gradle prints on every run, whole or as a prefix.
const NOISE: &[&str] = &[
    "Starting a Gradle Daemon",
    "Daemon will be stopped at the end of the build",
    "To honour the JVM settings for this build a single-use Daemon process will be forked.",
    "Deprecated Gradle features were used in this build",
    "You can use '--warning-mode all' to show the individual deprecation warnings",
    "For more on this, please refer to https://docs.gradle.org/",
    "* Get more help at https://help.gradle.org",
    "Run with --stacktrace option to get the stack trace.",
    "> Run with --stacktrace option to get the stack trace.",
    "> Run with --info or --debug option to get more log output.",
    "> Run with --scan to get full insights.",
    "> Get more help at https://help.gradle.org.",
];

/// The JVM warning (four lines) about the security manager Gradle's test worker installs.
const SECURITY_MANAGER: [&str; 4] = [
    "WARNING: A terminally deprecated method in java.lang.System has been called",
    "WARNING: System::setSecurityManager has been called by org.gradle.",
    "WARNING: Please consider reporting this to the maintainers of org.gradle.",
    "WARNING: System::setSecurityManager will be removed in a future release",
];

/// The banner `java -version` prints (Debian's launcher probes the JVM on every run).
const JVM_BANNER: &[&str] = &[
    "openjdk version \"",
    "java version \"",
    "OpenJDK Runtime Environment (",
    "Java(TM) SE Runtime Environment (",
    "OpenJDK 64-Bit Server VM (",
    "Java HotSpot(TM) 64-Bit Server VM (",
];

impl Filter for Gradle {
    fn name(&self) -> &'static str {
        "gradle"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let stdout = strip_ansi(out.stdout);
        let stderr = strip_ansi(out.stderr);
        let result = |l: &str| l.starts_with("BUILD SUCCESSFUL") || l.starts_with("BUILD FAILED");
        if !stdout.lines().chain(stderr.lines()).any(result) {
            return Err(Unparsed("gradle: no BUILD SUCCESSFUL/FAILED line".into()));
        }
        let mut out_sink = Sink::default();
        compact_stream(&stdout, &mut out_sink);
        let mut err_sink = Sink::default();
        compact_stream(&stderr, &mut err_sink);
        let dropped = out_sink.dropped + err_sink.dropped;
        Ok(Compacted {
            stdout: out_sink.text,
            stderr: Some(err_sink.text),
            elided: (dropped > 0).then(|| {
                format!(
                    "{dropped} lines: task lines without failure, progress, daemon and \
                     deprecation notices, Gradle's advice"
                )
            }),
        })
    }
}

/// A task line (`:app:jar`, `> Task :test UP-TO-DATE`) that did not fail.
fn quiet_task(l: &str) -> bool {
    let t = l.strip_prefix("> Task ").unwrap_or(l);
    let (path, outcome) = t.split_once(' ').unwrap_or((t, ""));
    let path_ok = path.len() > 1
        && path.starts_with(':')
        && path[1..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ':' | '_' | '-' | '.'));
    path_ok && (outcome.is_empty() || QUIET_OUTCOMES.contains(&outcome))
}

/// A console progress line (`<===--> 40% EXECUTING [3s]`, `> IDLE`).
fn progress(l: &str) -> bool {
    let t = l.trim();
    t == "> IDLE"
        || (t.starts_with('<')
            && t.split_once("> ").is_some_and(|(bar, rest)| {
                bar[1..].chars().all(|c| matches!(c, '=' | '-'))
                    && rest
                        .split_once('%')
                        .is_some_and(|(n, _)| n.parse::<u8>().is_ok())
            }))
}

/// The `* Try:` section (up to the next blank line) when it holds only Gradle's standard
/// advice; its length in lines, header included.
fn try_section(lines: &[&str]) -> Option<usize> {
    if lines.first() != Some(&"* Try:") {
        return None;
    }
    let body = lines[1..].iter().take_while(|l| !l.trim().is_empty());
    let mut n = 1;
    for l in body {
        if !NOISE.iter().any(|p| l.starts_with(p)) {
            return None;
        }
        n += 1;
    }
    Some(n)
}

/// A javac diagnostic (`File.java:5: error: msg`, the source line, a caret line) as one line
/// with the caret's column: `File.java:5:23: error: msg`.
fn javac_located(lines: &[&str]) -> Option<String> {
    let [head, _source, caret, ..] = lines else {
        return None;
    };
    let (file, rest) = head.split_once(".java:")?;
    let (line, message) = rest.split_once(": ")?;
    let kind_ok = message.starts_with("error: ") || message.starts_with("warning: ");
    let caret_ok = caret.trim() == "^";
    if !(kind_ok && caret_ok && !line.is_empty() && line.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let col = caret.chars().take_while(|c| *c != '^').count() + 1;
    Some(format!("{file}.java:{line}:{col}: {message}"))
}

fn compact_stream(text: &str, sink: &mut Sink) {
    let lines: Vec<&str> = text.lines().collect();
    let banner = lines
        .iter()
        .take_while(|l| JVM_BANNER.iter().any(|p| l.starts_with(p)))
        .count();
    sink.dropped += banner;
    let mut i = banner;
    while i < lines.len() {
        let l = lines[i];
        if lines.len() - i >= 4
            && lines[i..i + 4]
                .iter()
                .zip(SECURITY_MANAGER)
                .all(|(l, p)| l.starts_with(p))
        {
            sink.dropped += 4;
            i += 4;
            continue;
        }
        if let Some(located) = javac_located(&lines[i..]) {
            sink.line(&located);
            sink.dropped += 2;
            i += 3;
            continue;
        }
        if let Some(n) = try_section(&lines[i..]) {
            sink.dropped += n;
            i += n;
            continue;
        }
        if l.trim().is_empty()
            || quiet_task(l)
            || progress(l)
            || NOISE.iter().any(|p| l.starts_with(p))
        {
            sink.drop_line();
        } else {
            sink.line(l);
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture;
    use super::*;
    use crate::filters::Plan;

    /// The filter's (stdout, stderr) for fixture `tests/fixtures/gradle/<case>`.
    fn compact(case: &str) -> (String, String) {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: "gradle",
            args: &args,
            sub: None,
        };
        let stdout = fixture("gradle", &format!("{case}.out"));
        let stderr = fixture("gradle", &format!("{case}.err"));
        let code = fixture("gradle", &format!("{case}.code"))
            .trim()
            .parse()
            .unwrap();
        let c = Gradle
            .compact(
                &inv,
                &Output {
                    stdout: &stdout,
                    stderr: &stderr,
                    code,
                },
            )
            .unwrap();
        (c.stdout, c.stderr.unwrap())
    }

    #[test]
    fn success_is_result_and_task_count() {
        for case in ["build_pass", "build_uptodate", "assemble_pass"] {
            let (out, err) = compact(case);
            assert!(out.starts_with("BUILD SUCCESSFUL in 3s\n"), "{case}: {out}");
            assert_eq!(out.lines().count(), 2, "{case}: {out}");
            assert!(out.contains(" actionable task"), "{case}: {out}");
            assert_eq!(err, "", "{case}");
        }
    }

    #[test]
    fn failing_tests_kept() {
        let (out, err) = compact("test_fail");
        assert_eq!(
            out,
            "shop.CartTest > appliesDiscount FAILED\n    java.lang.AssertionError at CartTest.java:15\n\
             shop.CartTest > averageOfNothing FAILED\n    java.lang.ArithmeticException at CartTest.java:20\n\
             :test FAILED\n3 actionable tasks: 3 executed\n"
        );
        for fact in [
            "6 tests completed, 2 failed",
            "FAILURE: Build failed with an exception.",
            "Execution failed for task ':test'.",
            "> There were failing tests. See the report at: file:///SCRATCH/failing/build/reports/tests/test/index.html",
            "BUILD FAILED in 3s",
        ] {
            assert!(err.contains(fact), "lost {fact:?}:\n{err}");
        }
        for gone in [
            "openjdk version",
            "WARNING:",
            "* Try:",
            "--stacktrace",
            "help.gradle.org",
        ] {
            assert!(!err.contains(gone), "kept {gone:?}:\n{err}");
        }
    }

    #[test]
    fn compile_errors_kept() {
        let (out, err) = compact("compile_error");
        assert_eq!(out, ":compileJava FAILED\n1 actionable task: 1 executed\n");
        for fact in [
            "/SCRATCH/broken/src/main/java/shop/Checkout.java:5:23: error: cannot find symbol\n  symbol:   method totl(int[])\n  location: variable cart of type Cart\n",
            "/SCRATCH/broken/src/main/java/shop/Checkout.java:6:26: error: incompatible types: int cannot be converted to String\n2 errors\n",
            "2 errors",
            "Execution failed for task ':compileJava'.",
            "BUILD FAILED in 3s",
        ] {
            assert!(err.contains(fact), "lost {fact:?}:\n{err}");
        }
        assert!(!err.contains("int due = cart.totl(prices);"), "{err}");
    }

    /// Newer Gradle's rich-console shapes (task lines with `> Task`, the deprecation paragraph,
    /// the bulleted `* Try:` advice), as Gradle's user manual shows them.
    #[test]
    fn newer_console_shapes() {
        let mut sink = Sink::default();
        compact_stream(
            "> Task :app:compileJava UP-TO-DATE\n> Task :app:test FAILED\n\
             <=====--------> 40% EXECUTING [3s]\n> IDLE\n\
             Deprecated Gradle features were used in this build, making it incompatible with Gradle 9.0.\n\n\
             You can use '--warning-mode all' to show the individual deprecation warnings and determine if they come from your own scripts or plugins.\n\n\
             For more on this, please refer to https://docs.gradle.org/8.5/userguide/command_line_interface.html#sec:command_line_warnings in the Gradle documentation.\n\
             * Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get more log output.\n\
             > Run with --scan to get full insights.\n> Get more help at https://help.gradle.org.\n\n\
             * Try:\n> Rerun with --continue to see the other failures.\n\n\
             BUILD FAILED in 2s\n",
            &mut sink,
        );
        assert_eq!(
            sink.text,
            "> Task :app:test FAILED\n* Try:\n> Rerun with --continue to see the other failures.\nBUILD FAILED in 2s\n"
        );
    }

    #[test]
    fn unknown_output_is_raw_and_other_forms_pass_through() {
        let inv_of = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for a in [&["--version"][..], &["test", "-t"], &["build", "--scan"]] {
            let args = inv_of(a);
            let inv = Invocation {
                program: "gradle",
                args: &args,
                sub: None,
            };
            assert_eq!(Gradle.plan(&inv), Plan::Passthrough, "{a:?}");
        }
        let args = inv_of(&["test"]);
        let inv = Invocation {
            program: "gradle",
            args: &args,
            sub: None,
        };
        assert_eq!(Gradle.plan(&inv), Plan::Capture { stderr: true });
        let out = Output {
            stdout: ":compileJava\n",
            stderr: "Killed\n",
            code: 137,
        };
        assert!(Gradle.compact(&inv, &out).is_err());
    }
}
