//! `yarn test` / `yarn run <script>` (yarn 1): yarn prints `yarn run vX`, `$ <the script's
//! command>`, then the command's own output, then `Done in Ns.` or its failure lines. The
//! command's output goes through that tool's filter (jest, tsc, eslint…), under the `$ cmd`
//! line; yarn's version and timing lines go, its `error Command failed…` line is kept. A
//! script whose tool has no filter (or that the tool's filter would pass through) prints raw.

use crate::filters::{lookup, Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct YarnScript;

impl Filter for YarnScript {
    fn name(&self) -> &'static str {
        "yarn-script"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if inv
            .rest()
            .iter()
            .any(|a| matches!(a.as_str(), "--watch" | "--help" | "-h"))
        {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: true }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut lines = out.stdout.split_inclusive('\n');
        let (Some(version), Some(dollar)) = (lines.next(), lines.next()) else {
            return Ok(Compacted::raw(out));
        };
        let Some(command) = dollar.trim_end().strip_prefix("$ ") else {
            return Ok(Compacted::raw(out));
        };
        if !version.starts_with("yarn run v") {
            return Ok(Compacted::raw(out));
        }
        let words = crate::filters::dev::js::script_words(command);
        let Some((filter, inner)) = words
            .split_first()
            .and_then(|(first, rest)| lookup(first, rest))
        else {
            return Ok(Compacted::raw(out));
        };
        let Plan::Capture { stderr: both } = filter.plan(&inner) else {
            return Ok(Compacted::raw(out));
        };
        let body = &out.stdout[version.len() + dollar.len()..];
        let body = strip_last_line(body, |l| {
            (l.starts_with("Done in ") && l.ends_with("s."))
                || l.starts_with("info Visit https://yarnpkg.com/")
        });
        let (tool_err, yarn_err) = match out.stderr.trim_end().rsplit_once('\n') {
            Some((head, last)) if last.starts_with("error Command failed") => {
                (&out.stderr[..head.len() + 1], &out.stderr[head.len() + 1..])
            }
            _ if out.stderr.starts_with("error Command failed") => ("", out.stderr),
            _ => (out.stderr, ""),
        };
        let inner_out = Output {
            stdout: body,
            stderr: if both { tool_err } else { "" },
            code: out.code,
        };
        let mut c = filter.compact(&inner, &inner_out)?;
        c.stdout = format!("$ {command}\n{}", c.stdout);
        // yarn's own version and timing lines are left out too.
        let yarn = "yarn's version and timing lines";
        c.elided = Some(
            c.elided
                .map_or_else(|| yarn.to_string(), |e| format!("{e}; {yarn}")),
        );
        let err = c.stderr.take().unwrap_or_else(|| tool_err.to_string());
        c.stderr = Some(format!("{err}{yarn_err}"));
        Ok(c)
    }
}

/// `text` without its last line when `is_trailer` says so.
fn strip_last_line(text: &str, is_trailer: impl Fn(&str) -> bool) -> &str {
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let start = trimmed.rfind('\n').map_or(0, |i| i + 1);
    if is_trailer(&trimmed[start..]) {
        &text[..start]
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture;
    use super::*;

    fn run(case: &str) -> (String, String) {
        let args: Vec<String> = vec!["test".into()];
        let inv = Invocation {
            program: "yarn",
            args: &args,
            sub: Some(0),
        };
        let (stdout, stderr) = (
            fixture("yarn", &format!("{case}.out")),
            fixture("yarn", &format!("{case}.err")),
        );
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code: fixture("yarn", &format!("{case}.code"))
                .trim()
                .parse()
                .unwrap(),
        };
        let c = YarnScript.compact(&inv, &out).unwrap();
        (c.stdout, c.stderr.unwrap_or(stderr))
    }

    #[test]
    fn jest_script_goes_through_jest_filter() {
        let (out, err) = run("test_pass");
        let shown = format!("{out}{err}");
        assert!(out.starts_with("$ jest\n"), "{out}");
        assert!(
            shown.contains("Tests:       6 passed, 6 total") || shown.contains("6 passed"),
            "{shown}"
        );
        assert!(
            !shown.contains("yarn run v")
                && !shown.contains("Done in")
                && !shown.contains("PASS ./calc"),
            "{shown}"
        );
        let (out, err) = run("test_fail");
        let shown = format!("{out}{err}");
        for fact in [
            "● applies discount",
            "Expected: 28",
            "Received: 27",
            "cart.test.js:10:33",
            "error Command failed with exit code 1.",
        ] {
            assert!(shown.contains(fact), "lost {fact:?}:\n{shown}");
        }
    }

    #[test]
    fn unfiltered_script_is_raw() {
        let (out, _) = run("run_other");
        assert_eq!(out, fixture("yarn", "run_other.out"));
    }

    #[test]
    fn trailer() {
        assert_eq!(
            strip_last_line("a\nDone in 1s.\n", |l| l.starts_with("Done")),
            "a\n"
        );
        assert_eq!(strip_last_line("a\n", |l| l.starts_with("Done")), "a\n");
    }
}
