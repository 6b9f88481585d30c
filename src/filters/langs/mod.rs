//! Builds, test runners and linters of the JVM, .NET, Ruby, PHP and browser-test ecosystems:
//! Maven, Gradle, sbt, dotnet, RSpec, minitest (`rake test`, `rails test`), RuboCop, PHPUnit, Pest
//! (`php artisan test`), PHP_CodeSniffer, PHPStan, Playwright Test, `bun test`, `yarn test|run`;
//! the JavaScript package managers' installs (npm, pnpm, yarn, bun); `deno test|lint|check`; `next build`; and
//! environment runners (`bundle exec`, `uv run`,
//! `poetry run`, `pipenv run`) that hand their tool to its own filter.
//!
//! Invariants for every filter here (as for `dev`): a success collapses to its summary line;
//! a failure keeps every failing test's name, message and file:line and every offense with its
//! location, cop and message; only progress marks, timings, banners and source excerpts go;
//! output with no summary line the filter knows is [`Unparsed`](super::Unparsed) (printed raw).

pub mod bun;
pub mod deno;
pub mod dotnet;
pub mod gradle;
pub mod jsinstall;
pub mod maven;
pub mod minitest;
pub mod next;
pub mod pest;
pub mod phpcs;
pub mod phpstan;
pub mod phpunit;
pub mod playwright;
pub mod rspec;
pub mod rubocop;
pub mod runner;
pub mod sbt;
pub mod yarn;

use super::dev::Sink;

/// A line made only of a runner's progress marks (`..F*`, `..FES`, `CW.`).
fn progress(line: &str, marks: &[char]) -> bool {
    !line.is_empty() && line.chars().all(|c| marks.contains(&c))
}

/// What `filter` makes of fixture `tests/fixtures/<tool>/<case>.{out,err,code}` (both
/// streams), run as `<tool> <sub>`: (stdout, stderr as printed).
#[cfg(test)]
fn compact_fixture_both(
    filter: &dyn super::Filter,
    tool: &str,
    sub: &str,
    case: &str,
) -> (String, String) {
    let (stdout, stderr) = (
        fixture(tool, &format!("{case}.out")),
        fixture(tool, &format!("{case}.err")),
    );
    let code = fixture(tool, &format!("{case}.code"))
        .trim()
        .parse()
        .unwrap();
    let args: Vec<String> = vec![sub.to_string()];
    let inv = super::Invocation {
        program: tool,
        args: &args,
        sub: Some(0),
    };
    let out = super::Output {
        stdout: &stdout,
        stderr: &stderr,
        code,
    };
    let c = filter.compact(&inv, &out).unwrap();
    (c.stdout, c.stderr.unwrap_or(stderr))
}

/// What `filter` makes of the captured stdout of fixture `tests/fixtures/<tool>/<case>.out`.
#[cfg(test)]
fn compact_fixture(
    filter: &dyn super::Filter,
    tool: &str,
    case: &str,
) -> Result<super::Compacted, super::Unparsed> {
    let stdout = fixture(tool, &format!("{case}.out"));
    let code = fixture(tool, &format!("{case}.code"))
        .trim()
        .parse()
        .unwrap();
    let args: Vec<String> = Vec::new();
    let inv = super::Invocation {
        program: tool,
        args: &args,
        sub: None,
    };
    let out = super::Output {
        stdout: &stdout,
        stderr: "",
        code,
    };
    filter.compact(&inv, &out)
}

/// Test fixtures of this family, read by the unit tests of each filter.
#[cfg(test)]
pub(crate) fn fixture(tool: &str, name: &str) -> String {
    let p = format!(
        "{}/tests/fixtures/{tool}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_and_flags() {
        assert!(progress("..F*", &['.', 'F', '*']));
        assert!(!progress("", &['.']));
        assert!(!progress("Failures:", &['.', 'F']));
        let args: Vec<String> = ["--format=json", "x"].map(String::from).to_vec();
        assert!(crate::programs::args::has_any(&args, &["--format"]));
        assert!(!crate::programs::args::has_any(&args, &["-f"]));
    }
}
