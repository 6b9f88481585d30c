//! `cargo bench`: stderr goes through [`super::rustc`] (build progress dropped, errors whole,
//! warnings one line each) and loses criterion's progress lines (`Benchmarking name`, `…:
//! Warming up for`, `…: Collecting N samples`, `…: Analyzing`), which the result lines repeat.
//! stdout keeps every result whole: libtest's `test name ... bench: N ns/iter (+/- M)` lines
//! and its `test result:` line, criterion's `name  time: [low mid high]` with its `change:`,
//! `thrpt:`, verdict and outlier lines; only the padding between a name and its numbers goes,
//! (criterion's verdict lines lose their indentation), with blank lines, `running N tests`
//! headers and passing `#[test]`s run in bench mode (counted in `test result:`). Failures
//! (`FAILED`, `---- name stdout ----` blocks, panics) are kept as printed.

use std::sync::LazyLock;

use regex::Regex;

use super::{rustc, strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

/// `cargo bench`.
pub struct Bench;

/// `test name ... bench:      1,234.56 ns/iter (+/- 7.80)` and its padding.
static LIBTEST_BENCH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^test (\S+) +\.\.\. bench: +(.+)$").unwrap());
/// A criterion result (`group/name    time:   [1.2 µs 1.3 µs 1.4 µs]`) or its continuation
/// (`                        change: [...]`).
static CRITERION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S.*?|) {2,}(time|change|thrpt): +(\[.*)$").unwrap());

impl Filter for Bench {
    fn name(&self) -> &'static str {
        "cargo-bench"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let err = strip_ansi(out.stderr);
        let mut progress = 0;
        let kept: String = err
            .lines()
            .filter(|l| {
                let p = l.starts_with("Benchmarking ");
                progress += usize::from(p);
                !p
            })
            .flat_map(|l| [l, "\n"])
            .collect();
        let err = rustc::compact(&kept);
        let (stdout, dropped) = compact_stdout(&strip_ansi(out.stdout));
        let n = progress + err.dropped + dropped;
        Ok(Compacted {
            stdout,
            stderr: Some(err.text.clone()),
            elided: (n > 0).then(|| {
                format!("{n} lines: build and benchmark progress, passing tests, padding")
            }),
        })
    }
}

/// The indentation criterion lines its continuation lines up with (24 columns).
const CRITERION_COLUMN: &str = "                ";

/// The results on stdout, padding squeezed; the text and how many lines went.
fn compact_stdout(stdout: &str) -> (String, usize) {
    let mut sink = Sink::default();
    for line in stdout.lines() {
        let header =
            line.starts_with("running ") && (line.ends_with(" tests") || line.ends_with(" test"));
        let passed = line.starts_with("test ")
            && (line.ends_with(" ... ok") || line.ends_with(" ... ignored"));
        if line.trim().is_empty() || header || passed {
            sink.drop_line();
        } else if let Some(c) = LIBTEST_BENCH.captures(line) {
            sink.line(&format!("test {} ... bench: {}", &c[1], &c[2]));
        } else if let Some(c) = CRITERION.captures(line) {
            let name = &c[1];
            let sep = if name.is_empty() { "" } else { " " };
            sink.line(&format!("{name}{sep}{}: {}", &c[2], &c[3]));
        } else if line.starts_with(CRITERION_COLUMN) {
            // criterion's verdict under a result (`No change in performance detected.`).
            sink.line(line.trim_start());
        } else {
            sink.line(line);
        }
    }
    (sink.text, sink.dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_names_and_numbers_and_lose_padding() {
        let raw = "\nrunning 2 tests\ntest add_one         ... bench:          16.06 ns/iter (+/- 31.92)\ntest t::ok ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored; 1 measured; 0 filtered out; finished in 0.50s\ncart/total 1000         time:   [328.49 ns 381.07 ns 471.18 ns]\n                        change: [-1.2% +0.1% +1.3%] (p = 0.87 > 0.05)\n                        No change in performance detected.\nFound 2 outliers among 10 measurements (20.00%)\n  2 (20.00%) high mild\n";
        let (text, dropped) = compact_stdout(raw);
        assert_eq!(
            text,
            "test add_one ... bench: 16.06 ns/iter (+/- 31.92)\ntest result: ok. 1 passed; 0 failed; 0 ignored; 1 measured; 0 filtered out; finished in 0.50s\ncart/total 1000 time: [328.49 ns 381.07 ns 471.18 ns]\nchange: [-1.2% +0.1% +1.3%] (p = 0.87 > 0.05)\nNo change in performance detected.\nFound 2 outliers among 10 measurements (20.00%)\n  2 (20.00%) high mild\n"
        );
        // The blank lines around the suite, its header and the passing test.
        assert_eq!(dropped, 4);
    }

    #[test]
    fn failures_stay_as_printed() {
        let raw = "test big ... FAILED\n\nfailures:\n\n---- big stdout ----\nthread 'big' panicked at benches/b.rs:3:5:\nattempt to add with overflow\n";
        let (text, _) = compact_stdout(raw);
        assert_eq!(
            text,
            "test big ... FAILED\nfailures:\n---- big stdout ----\nthread 'big' panicked at benches/b.rs:3:5:\nattempt to add with overflow\n"
        );
    }
}
