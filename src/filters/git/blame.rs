//! `git blame` in its default format: each run of lines from one commit under one header that
//! names the commit as git printed it (`f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000)`),
//! then each line as `12) text` — the line number and the text after blame's `) ` byte for
//! byte. A line that is not in that format (porcelain, `-c`, `-t`, `--date=…`, a file column
//! from `-C`/`-M`/`-f`/`-n`, `--incremental`) makes the whole output print as git wrote it.

use std::sync::LazyLock;

use regex::Regex;

use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Blame;

/// `hash (author date time zone lineno) text`.
static LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(\^?[0-9a-f]{4,40}) \((.*?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}) +(\d+)\) (.*)$",
    )
    .unwrap()
});

const SPEC: Spec = Spec {
    short_with_value: "LSC",
    long_with_value: &[
        "contents",
        "date",
        "ignore-rev",
        "ignore-revs-file",
        "abbrev",
    ],
};

impl Filter for Blame {
    fn name(&self) -> &'static str {
        "git-blame"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let raw = SPEC.has(
            inv.rest(),
            "pctsnfe",
            &[
                "porcelain",
                "line-porcelain",
                "incremental",
                "show-name",
                "show-number",
                "show-email",
                "root",
            ],
        );
        if raw {
            Plan::Stream
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        let mut text = String::with_capacity(out.stdout.len() / 2);
        let mut last: Option<(&str, &str)> = None;
        for line in out.stdout.lines() {
            let c = LINE
                .captures(line)
                .ok_or_else(|| Unparsed(format!("not a blame line: {line}")))?;
            let (hash, who) = (c.get(1).unwrap().as_str(), c.get(2).unwrap().as_str());
            if last != Some((hash, who)) {
                text.push_str(hash);
                text.push_str(" (");
                text.push_str(who);
                text.push_str(")\n");
                last = Some((hash, who));
            }
            text.push_str(&c[3]);
            text.push_str(") ");
            text.push_str(c.get(4).unwrap().as_str());
            text.push('\n');
        }
        Ok(Compacted::stdout(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(raw: &str) -> Result<Compacted, Unparsed> {
        let inv = Invocation {
            program: "git",
            args: &[],
            sub: None,
        };
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 0,
        };
        Blame.compact(&inv, &out)
    }

    #[test]
    fn runs_share_a_header_and_every_line_stays() {
        let raw = "f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000  1) //! wc\n\
                   f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000  2) \n\
                   ^b3e0144 (Bo (ops) 2026-12-03 20:28:53 -0130 10)     x) y\n\
                   f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000 11) }\n";
        assert_eq!(
            run(raw).unwrap().stdout,
            "f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000)\n1) //! wc\n2) \n\
             ^b3e0144 (Bo (ops) 2026-12-03 20:28:53 -0130)\n10)     x) y\n\
             f0f820e1 (Ada Lovelace 2026-12-02 11:40:07 +0000)\n11) }\n"
        );
    }

    #[test]
    fn another_format_is_not_read() {
        assert!(run("f0f820e1 src/a.rs (Ada 2026-12-02 11:40:07 +0000 1) x\n").is_err());
        assert!(run("f0f820e1 (Ada 1733312570 +0000 1) x\n").is_err());
    }
}
