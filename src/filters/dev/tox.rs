//! `tox` (run): each env's install steps (`env: install_deps> …`) and command echoes
//! (`env: commands[0]> …`) go, and so does the output of every env that passed but the last
//! line of each of its commands, after the env name (a test runner's counts; the env's result stays in the
//! summary); a failing env's output, its `exit N … cmd` and `FAIL` lines, every
//! other line and the closing summary (each env's result, `congratulations`/`evaluation
//! failed`) stay. An env with no recorded result keeps its output. Output with no tox step
//! line is [`Unparsed`].

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Tox;

/// A step echo: `env: install_deps> …`, `env: commands[0]> …`.
static STEP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^([\w.-]+): (?:install_deps|install_package|install_package_deps|packaging backend|commands(?:_pre|_post)?\[\d+\])> ",
    )
    .unwrap()
});
/// A passed env: its own `env: OK ✔ in …` line or its summary line `  env: OK (…)`.
static PASSED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:  )?([\w.-]+): OK(?: ✔ in | \()").unwrap());
/// A summary line: `  env: OK (…)`, `  env: FAIL code 1 (…)`, `  env: SKIP (…)`.
static SUMMARY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^  [\w.-]+: [A-Z]+ ").unwrap());

impl Filter for Tox {
    fn name(&self) -> &'static str {
        "tox"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text.lines().any(|l| STEP.is_match(l)) {
            return Err(Unparsed("no tox steps".into()));
        }
        let passed: Vec<&str> = text
            .lines()
            .filter_map(|l| PASSED.captures(l))
            .map(|c| c.get(1).map_or("", |m| m.as_str()))
            .collect();
        let mut sink = Sink::default();
        // The env whose command output the current lines are.
        let mut env: Option<&str> = None;
        // Output of a passed env's current command: only its last line (a test runner's
        // count summary) is kept, named by its env.
        let mut quiet: Vec<&str> = Vec::new();
        let settle = |quiet: &mut Vec<&str>, sink: &mut Sink, env: Option<&str>| {
            let last = quiet.iter().rposition(|l| !l.trim().is_empty());
            for (i, l) in quiet.drain(..).enumerate() {
                if Some(i) == last {
                    sink.line(&format!("{}: {l}", env.unwrap_or_default()));
                } else {
                    sink.drop_line();
                }
            }
        };
        for line in text.lines() {
            if let Some(c) = STEP.captures(line) {
                settle(&mut quiet, &mut sink, env);
                env = c.get(1).map(|m| m.as_str());
                sink.drop_line();
            } else if SUMMARY.is_match(line) || line.starts_with("  congratulations") {
                settle(&mut quiet, &mut sink, env);
                env = None;
                sink.line(line);
            } else if PASSED.is_match(line) {
                settle(&mut quiet, &mut sink, env);
                sink.drop_line();
            } else if env.is_some_and(|e| passed.contains(&e)) {
                quiet.push(line);
            } else {
                sink.line(line);
            }
        }
        settle(&mut quiet, &mut sink, env);
        let elided = sink.elided(
            "install steps, command echoes, output of passed envs but each command's last line",
        );
        Ok(Compacted {
            stdout: sink.text,
            stderr: None,
            elided,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(raw: &str, code: u8) -> Result<Compacted, Unparsed> {
        let inv = Invocation {
            program: "tox",
            args: &[],
            sub: None,
        };
        Tox.compact(
            &inv,
            &Output {
                stdout: raw,
                stderr: "",
                code,
            },
        )
    }

    #[test]
    fn passed_envs_shrink_to_their_summary_and_failures_stay() {
        let raw = "py: install_deps> python -I -m pip install pytest\npy: commands[0]> pytest\n6 passed\npy: OK ✔ in 1 seconds\nlint: commands[0]> flake8\na.py:1:1: F401 x\nlint: exit 1 (0.1 seconds) /p> flake8 pid=3\nlint: FAIL ✖ in 1 seconds\ndocs: commands[0]> sphinx\nbuilt\nnew: commands[0]> x\nnew output\n  py: OK (1=setup[0]+cmd[1] seconds)\n  lint: FAIL code 1 (1 seconds)\n  docs: OK (1 seconds)\n  evaluation failed :( (3 seconds)\n";
        let c = run(raw, 1).unwrap();
        assert_eq!(
            c.stdout,
            "py: 6 passed\na.py:1:1: F401 x\nlint: exit 1 (0.1 seconds) /p> flake8 pid=3\nlint: FAIL ✖ in 1 seconds\ndocs: built\nnew output\n  py: OK (1=setup[0]+cmd[1] seconds)\n  lint: FAIL code 1 (1 seconds)\n  docs: OK (1 seconds)\n  evaluation failed :( (3 seconds)\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("6 lines: install steps, command echoes, output of passed envs but each command's last line")
        );
        assert!(run("usage: tox\n", 2).is_err());
    }
}
