//! `gh pr|issue|run list|view|checks|status`, and GitLab's `glab mr|issue list|view|diff`
//! (the same shapes when not on a terminal: [`Glab`] is the same filter under its own name). Lists are tab-separated already when piped and
//! are only stripped of trailing blank lines; `view` drops empty metadata fields
//! (`labels:` with no value), lines of HTML comments in the body (PR templates: [`Markdown`])
//! and runs of blank lines; `--json` output is minified (values untouched). `--web`, create/edit/merge and any
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
        let mut md = Markdown::default();
        let mut fields = 0;
        for line in out.stdout.lines() {
            let empty_field = line
                .strip_suffix(':')
                .or_else(|| line.strip_suffix(":\t"))
                .is_some_and(|k| !k.is_empty() && !k.contains(' '));
            if empty_field && !md.in_comment() {
                fields += 1;
                continue;
            }
            md.line(line);
        }
        let (text, dropped) = md.finish();
        let dropped = dropped + fields;
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: (dropped > 0)
                .then(|| format!("{dropped} empty fields, HTML comments and blank lines")),
        })
    }
}

/// A comment left open for more lines than this is kept: it is not one the body closes.
const COMMENT_SPAN: usize = 40;

/// Markdown bodies as gh prints them, line by line: lines that hold only HTML comments (PR
/// templates' hints, bots' markers; a comment over several lines too) and runs of blank lines
/// are left out. A comment not closed within [`COMMENT_SPAN`] lines, or one with text beside
/// it on its lines, is kept.
#[derive(Default)]
struct Markdown<'a> {
    text: String,
    comment: Vec<&'a str>,
    blank: bool,
    dropped: usize,
}

impl<'a> Markdown<'a> {
    /// Whether the lines so far end inside an open HTML comment.
    fn in_comment(&self) -> bool {
        !self.comment.is_empty()
    }

    /// The next line (without its `\n`).
    fn line(&mut self, line: &'a str) {
        if self.comment.is_empty() && !line.trim_start().starts_with("<!--") {
            return self.keep(line);
        }
        self.comment.push(line);
        if line.contains("-->") {
            if only_comments(&self.comment.join("\n")) {
                self.dropped += self.comment.len();
                self.comment.clear();
            } else {
                self.release();
            }
        } else if self.comment.len() > COMMENT_SPAN {
            self.release();
        }
    }

    /// The text kept and how many lines were left out.
    fn finish(mut self) -> (String, usize) {
        self.release();
        (self.text, self.dropped)
    }

    fn release(&mut self) {
        for line in std::mem::take(&mut self.comment) {
            self.keep(line);
        }
    }

    fn keep(&mut self, line: &str) {
        let blank = line.trim().is_empty();
        if blank && self.blank {
            self.dropped += 1;
            return;
        }
        self.blank = blank;
        self.text.push_str(line);
        self.text.push('\n');
    }
}

/// Whether `s` is nothing but closed HTML comments and whitespace.
fn only_comments(mut s: &str) -> bool {
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return true;
        }
        let Some(end) = s
            .strip_prefix("<!--")
            .and_then(|r| r.find("-->").map(|i| i + 7))
        else {
            return false;
        };
        s = &s[end..];
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
    fn only_whole_closed_comments_are_left_out() {
        let body = "a\n<!-- one -->\n<!-- two\nlines -->\n\n\n\nb <!-- beside --> b\n<!-- x --> text\n<!-- never closed\nc\n";
        let mut md = Markdown::default();
        for line in body.lines() {
            md.line(line);
        }
        let (text, dropped) = md.finish();
        assert_eq!(
            text,
            "a\n\nb <!-- beside --> b\n<!-- x --> text\n<!-- never closed\nc\n"
        );
        assert_eq!(dropped, 5);
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
