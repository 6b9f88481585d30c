//! `gh pr|issue|run list|view|checks|status`, and GitLab's `glab mr|issue list|view|diff`
//! (the same shapes when not on a terminal: [`Glab`] is the same filter under its own name). Lists are tab-separated already when piped and
//! are only stripped of trailing blank lines; `view` drops empty metadata fields
//! (`labels:` with no value), HTML comments in the body (PR templates) and runs of blank
//! lines; `--json` output is minified (values untouched). `--web`, create/edit/merge and any
//! other action pass through.

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};
use crate::json;

pub struct Gh;
pub struct Glab;

impl Filter for Glab {
    fn name(&self) -> &'static str {
        "glab"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        Gh.plan(inv)
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Gh.compact(inv, out)
    }
}

fn action<'a>(inv: &Invocation<'a>) -> Option<&'a str> {
    inv.rest()
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str)
}

impl Filter for Gh {
    fn name(&self) -> &'static str {
        "gh"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        // Which actions (`list`, `view`, …) and never `--web`: the route's scope.
        let watch = inv
            .rest()
            .iter()
            .any(|a| a == "--watch" || a == "--log" || a == "--help");
        if watch {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }.scoped(inv)
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        if let Some(min) = json::minify(out.stdout) {
            return Ok(Compacted::stdout(min));
        }
        if action(inv) != Some("view") {
            return Ok(Compacted::raw(out));
        }
        let mut text = String::new();
        let mut dropped = 0;
        let mut in_comment = false;
        let mut blank = false;
        for line in out.stdout.lines() {
            if in_comment || line.trim_start().starts_with("<!--") {
                in_comment = !line.contains("-->");
                dropped += 1;
                continue;
            }
            let empty_field = line
                .strip_suffix(':')
                .or_else(|| line.strip_suffix(":\t"))
                .is_some_and(|k| !k.is_empty() && !k.contains(' '));
            if empty_field {
                dropped += 1;
                continue;
            }
            if line.trim().is_empty() {
                if blank {
                    dropped += 1;
                    continue;
                }
                blank = true;
            } else {
                blank = false;
            }
            text.push_str(line);
            text.push('\n');
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: (dropped > 0)
                .then(|| format!("{dropped} empty fields, HTML comments and blank lines")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glab(case: &str) -> Compacted {
        let read = |ext: &str| {
            let p = format!(
                "{}/tests/fixtures/glab/{case}.{ext}",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
        };
        let args: Vec<String> = read("argv").lines().skip(1).map(String::from).collect();
        let inv = Invocation {
            program: "glab",
            args: &args,
            sub: Some(0),
        };
        assert_eq!(Glab.plan(&inv), Plan::Capture { stderr: false }, "{case}");
        let stdout = read("out");
        let out = Output {
            stdout: &stdout,
            stderr: "",
            code: 0,
        };
        Glab.compact(&inv, &out).unwrap()
    }

    #[test]
    fn glab_view_drops_empty_fields_and_template_comments() {
        let got = glab("mr_view").stdout;
        assert!(
            !got.contains("<!--") && !got.contains("assignees:"),
            "{got}"
        );
        for kept in [
            "title:\tFix cart rounding",
            "reviewers:\tgrace",
            "Rounding now happens once, at checkout, instead of per line item.",
            "Closes #17",
        ] {
            assert!(got.contains(kept), "lost {kept:?}:\n{got}");
        }
    }

    #[test]
    fn glab_json_is_minified_and_lists_stay() {
        let got = glab("issue_view_json").stdout;
        assert!(
            got.starts_with("{\"id\":1402,\"iid\":17,") && got.lines().count() == 1,
            "{got}"
        );
        assert_eq!(
            glab("mr_list").stdout,
            std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/glab/mr_list.out"
            ))
            .unwrap()
        );
    }
}
