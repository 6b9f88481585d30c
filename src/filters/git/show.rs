//! `git show <commit>`: the commit header as in [`super::log`] (hash, date, author, merge
//! parents, subject, a few body lines), then its diff as in [`super::diff`]. Anything that is not
//! a commit (a blob `HEAD:file`, a tree, a tag) is printed exactly as git printed it.

use super::log;
use crate::filters::args::Spec;
use crate::filters::unified;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Show;

const SPEC: Spec = Spec {
    short_with_value: "USGO",
    long_with_value: &["output"],
};

const RAW_LONG: &[&str] = &[
    "oneline",
    "pretty",
    "format",
    "color",
    "color-words",
    "word-diff",
    "binary",
    "ext-diff",
    "output",
    "textconv",
    "show-signature",
    "notes",
    "show-notes",
    "raw",
    "cc",
    "combined",
    "no-prefix",
    "src-prefix",
    "dst-prefix",
    "line-prefix",
    "diff-merges",
    "remerge-diff",
];

impl Filter for Show {
    fn name(&self) -> &'static str {
        "git-show"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if SPEC.has(inv.rest(), "zmc", RAW_LONG) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 || !out.stdout.starts_with("commit ") {
            return Ok(Compacted::raw(out));
        }
        let context =
            (!super::diff::wants_full_context(inv.rest())).then_some(super::diff::CONTEXT);
        let lines: Vec<&str> = out.stdout.split_inclusive('\n').collect();
        let bare: Vec<&str> = lines.iter().map(|l| l.trim_end_matches('\n')).collect();
        let mut text = String::with_capacity(out.stdout.len() / 2);
        let mut body = 0;
        let mut el = unified::Elided::default();
        let mut i = 0;
        while i < lines.len() {
            // Each commit: header + message, then its diff up to the next `commit ` line.
            let c = log::commit(&bare, i)?;
            text.push_str(&c.text);
            body += c.dropped_body;
            let end = (c.next..lines.len())
                .find(|&j| bare[j].starts_with("commit ") && j > 0 && bare[j - 1].is_empty())
                .unwrap_or(lines.len());
            let (diff, e) = unified::compact(&lines[c.next..end].concat(), context)?;
            text.push_str(&diff);
            el.context += e.context;
            el.index += e.index;
            i = end;
        }
        let mut parts = vec!["author emails and commit times".to_string()];
        if body > 0 {
            parts.push(format!("{body} message body lines"));
        }
        parts.extend(el.describe());
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: Some(parts.join(", ")),
        })
    }
}
