//! `tsc` (and `vue-tsc`, same report): `file(line,col): error TSxxxx: message` diagnostics rendered as a [`Report`] (grouped
//! by file, one message at several places of a file on one line, continuation lines kept under
//! their diagnostic), with tsc's `Found N errors in M files.` line when it printed none. A clean run prints one line. Anything else (pretty output, `--help`) is kept as is.

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{count_line, Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Tsc;

static DIAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$").unwrap()
});

impl Filter for Tsc {
    fn name(&self) -> &'static str {
        "tsc"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let watch = ["-w", "--watch", "--help", "-h", "--init", "--version", "-v"];
        if inv.rest().iter().any(|a| watch.contains(&a.as_str())) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if out.code == 0 && text.trim().is_empty() {
            return Ok(Compacted::stdout("tsc: no errors\n".into()));
        }
        let mut report = Report::default();
        let mut summary = false;
        for line in text.lines() {
            if let Some(c) = DIAG.captures(line) {
                let loc = format!("{}:{}", &c[2], &c[3]);
                report.diag(Diag::new(&c[1], loc, &c[4], &c[5], &c[6]));
            } else if line.starts_with(' ') && report.in_diag() {
                report.note(line);
            } else if !line.trim().is_empty() {
                summary |= line.starts_with("Found ");
                report.line(line);
            }
        }
        if report.count == 0 {
            return Err(Unparsed("no tsc diagnostics".into()));
        }
        let mut s = report.render();
        if !summary {
            // tsc's own summary line, which it prints only with `--pretty`.
            let count = count_line(report.count, "error", report.files());
            s.push_str(&format!("Found {count}.\n"));
        }
        Ok(Compacted::stdout(s))
    }
}
