//! `mise run <task> [args]`: mise announces the task on stderr's first line, `[task] $ cmd`
//! (cut to the terminal's width with `…`; only the first line of a multi-line script), then
//! runs it, and closes a failure with `[task] ERROR task failed`. When the task's definition
//! in the project's config (`crate::misetasks`) is one plain command that the banner shows, the task's
//! output goes through that tool's filter (`go test`, `pytest`, `cargo test`…) as for
//! `npm run` (`js::announced`): the banner and mise's own closing lines are kept whole.
//! Anything else prints raw: a tool without a filter, a multi-line script, a file task, a
//! task with dependencies (their output comes `[name] `-prefixed, with `Finished in` lines a
//! task could print too), mise's `prefix` output mode, a banner that is not the definition's.

use super::js::{announced, script_words};
use crate::env::Env;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};
use crate::misetasks;

pub struct MiseRun;

impl Filter for MiseRun {
    fn name(&self) -> &'static str {
        "mise-run"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let env = Env::from_process();
        let site = misetasks::Site::new(env.cwd(), env.home().as_deref(), |v| {
            env.var_os_set(v).map(String::from)
        });
        through_task(inv, out, |task| misetasks::command(&site, task))
    }
}

/// The compaction, with the task's defined command from `command_of`.
fn through_task(
    inv: &Invocation<'_>,
    out: &Output<'_>,
    command_of: impl Fn(&str) -> Option<String>,
) -> Result<Compacted, Unparsed> {
    let Some((task, args)) = inv.rest().split_first() else {
        return Ok(Compacted::raw(out));
    };
    let Some((first, body)) = out.stderr.split_once('\n') else {
        return Ok(Compacted::raw(out));
    };
    let Some(shown) = first.strip_prefix(&format!("[{task}] $ ")) else {
        return Ok(Compacted::raw(out));
    };
    let Some(run) = command_of(task) else {
        return Ok(Compacted::raw(out));
    };
    // mise runs the task's command with the arguments after the task appended.
    let command = std::iter::once(run.as_str())
        .chain(args.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    // Cut to the terminal's width: what shows (the program's name whole, at least) starts it.
    let shows_it = shown == command
        || shown
            .strip_suffix('…')
            .is_some_and(|cut| cut.contains(' ') && command.starts_with(cut));
    // mise's `prefix` output (`MISE_TASK_OUTPUT`, `task_output`, `-o`) tags the task's own
    // lines `[task] `: its tool's filter would not read them.
    let tag = format!("[{task}] ");
    let tagged = out
        .stdout
        .lines()
        .chain(body.lines().filter(|l| !mise_closing(task, l)))
        .any(|l| l.starts_with(&tag));
    if !misetasks::plain_command(&command) || !shows_it || tagged {
        return Ok(Compacted::raw(out));
    }
    announced(out, first, &script_words(&command), body, |l| {
        mise_closing(task, l)
    })
}

/// mise's own lines after a task: `[task] ERROR task failed`, `mise ERROR …`, `mise WARN …`,
/// its timing (`Finished in 1.2s`, `[task] Finished in 3ms`).
fn mise_closing(task: &str, line: &str) -> bool {
    let own = line
        .strip_prefix('[')
        .and_then(|l| l.strip_prefix(task))
        .and_then(|l| l.strip_prefix("] "));
    let l = own.unwrap_or(line);
    (own.is_some() && l.starts_with("ERROR "))
        || line.starts_with("mise ERROR ")
        || line.starts_with("mise WARN ")
        || l.starts_with("Finished in ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::langs::fixture;
    use crate::misetasks::defined;

    /// A captured case of `tests/fixtures/mise/`: its argv (after `mise`), output, and the
    /// compaction with the task's definition read from the captured project's `mise.toml`.
    fn run(case: &str) -> (String, String, String, String) {
        let argv = fixture("mise", &format!("{case}.argv"));
        let args: Vec<String> = argv.lines().skip(1).map(String::from).collect();
        let inv = Invocation {
            program: "mise",
            args: &args,
            sub: Some(0),
        };
        let (stdout, stderr) = (
            fixture("mise", &format!("{case}.out")),
            fixture("mise", &format!("{case}.err")),
        );
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code: fixture("mise", &format!("{case}.code"))
                .trim()
                .parse()
                .unwrap(),
        };
        let toml = fixture("mise", "mise.toml");
        let c = through_task(&inv, &out, |t| defined(&toml, t).flatten()).unwrap();
        let err = c.stderr.clone().unwrap_or_else(|| stderr.clone());
        (c.stdout, err, stdout, stderr)
    }

    #[test]
    fn a_passing_pytest_task_goes_through_pytest() {
        let (out, err, raw_out, _) = run("test_pass");
        assert!(out.len() < raw_out.len(), "{out}");
        assert!(out.contains("6 passed"), "{out}");
        assert!(!out.contains("PASSED"), "{out}");
        assert_eq!(err, "[test] $ python3 -m pytest -v tests\n");
    }

    #[test]
    fn a_failing_task_keeps_the_failure_and_mise_s_lines() {
        let (out, err, raw_out, _) = run("test_fail");
        assert!(out.len() < raw_out.len(), "{out}");
        for fact in [
            "test_cart.py::test_discount",
            "assert (30 * 0.9) == 28",
            "tests_fail/test_cart.py:7",
            "1 failed",
        ] {
            assert!(out.contains(fact), "lost {fact:?}:\n{out}");
        }
        assert!(err.starts_with("[test:fail] $ python3 -m pytest -v tests_fail\n"));
        assert!(err.ends_with("[test:fail] ERROR task failed\n"), "{err}");
    }

    #[test]
    fn arguments_after_the_task_are_part_of_the_command() {
        let (out, err, raw_out, _) = run("args");
        assert!(out.len() < raw_out.len() && out.contains("passed"), "{out}");
        assert!(
            err.starts_with("[pytest] $ python3 -m pytest -v tests\n"),
            "{err}"
        );
    }

    #[test]
    fn dependencies_multi_line_scripts_prefixed_output_and_other_tools_print_raw() {
        for case in ["deps", "multi_line", "other_tool", "quiet", "prefixed"] {
            let (out, err, raw_out, raw_err) = run(case);
            assert_eq!((out, err), (raw_out, raw_err), "{case}");
        }
    }

    #[test]
    fn a_banner_that_is_not_the_definition_is_raw() {
        let args: Vec<String> = vec!["run".into(), "t".into()];
        let inv = Invocation {
            program: "mise",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout: "..\n2 passed in 0.01s\n",
            stderr: "[t] $ python3 -m pytest -q\n",
            code: 0,
        };
        for def in [None, Some("python3 -m pytest -q tests"), Some("pytest -q")] {
            let c = through_task(&inv, &out, |_| def.map(String::from)).unwrap();
            assert_eq!((c.stdout.as_str(), c.stderr), (out.stdout, None), "{def:?}");
        }
        // Cut to the terminal's width: the definition says what follows the `…`.
        let cut = Output {
            stderr: "[t] $ python3 -m pytest -q tes…\n",
            ..out
        };
        let c = through_task(&inv, &cut, |_| Some("python3 -m pytest -q tests".into())).unwrap();
        assert_eq!(c.stderr.as_deref(), Some(cut.stderr));
        let name_cut = Output {
            stderr: "[t] $ pyth…\n",
            ..out
        };
        let c = through_task(&inv, &name_cut, |_| Some("python3 -m pytest -q".into())).unwrap();
        assert_eq!((c.stdout.as_str(), c.stderr), (out.stdout, None));
    }

    #[test]
    fn closing_lines() {
        assert!(mise_closing("test", "[test] ERROR task failed\n"));
        assert!(mise_closing("test", "mise ERROR Run with --verbose\n"));
        assert!(mise_closing("test", "Finished in 3.35s\n"));
        assert!(!mise_closing("test", "[lint] ERROR task failed\n"));
        assert!(!mise_closing("test", "ERROR something\n"));
    }
}
