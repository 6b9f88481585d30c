//! `gh pr|issue|run list|view|checks|status`. Lists are tab-separated already when piped and
//! are only stripped of trailing blank lines; `view` drops empty metadata fields
//! (`labels:` with no value), HTML comments in the body (PR templates) and runs of blank
//! lines; `--json` output is minified (values untouched). `--web`, create/edit/merge and any
//! other action pass through.

use super::json;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Gh;

const READS: &[&str] = &["list", "view", "checks", "status", "diff"];

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
        let rest = inv.rest();
        let web = rest
            .iter()
            .any(|a| a == "--web" || a == "-w" || a == "--watch" || a == "--log" || a == "--help");
        match action(inv) {
            Some(a) if READS.contains(&a) && !web => Plan::Capture { stderr: false },
            _ => Plan::Passthrough,
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        if let Some(min) = json::minify(out.stdout) {
            return Ok(Compacted {
                stdout: min,
                stderr: None,
                elided: None,
            });
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
