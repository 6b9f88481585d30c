//! `tsc`: `file(line,col): error TSxxxx: message` diagnostics grouped by file (`file:` then
//! `  line:col TSxxxx message`, continuation lines kept under their diagnostic), with a count
//! line. A clean run prints one line. Anything else (pretty output, `--help`) is kept as is.

use std::sync::LazyLock;

use regex::Regex;

use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Tsc;

static DIAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$").unwrap()
});

impl Filter for Tsc {
    fn name(&self) -> &'static str {
        "tsc"
    }
    fn routes(&self) -> &'static [Route] {
        const R: &[Route] = &[Route {
            program: "tsc",
            sub: None,
        }];
        R
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
            return Ok(Compacted {
                stdout: "tsc: no errors\n".into(),
                stderr: None,
                elided: None,
            });
        }
        let mut files: Vec<(String, Vec<String>)> = Vec::new();
        let mut other = String::new();
        let mut count = 0;
        for line in text.lines() {
            if let Some(c) = DIAG.captures(line) {
                count += 1;
                let entry = format!("  {}:{} {}: {}", &c[2], &c[3], &c[5], &c[6]);
                let entry = if &c[4] == "error" {
                    entry
                } else {
                    format!("{entry} ({})", &c[4])
                };
                match files.iter_mut().find(|(f, _)| f == &c[1]) {
                    Some((_, v)) => v.push(entry),
                    None => files.push((c[1].to_string(), vec![entry])),
                }
            } else if line.starts_with(' ') && !files.is_empty() {
                if let Some((_, v)) = files.last_mut() {
                    v.push(format!("  {line}"));
                }
            } else if !line.trim().is_empty() && !line.starts_with("Found ") {
                other.push_str(line);
                other.push('\n');
            }
        }
        if count == 0 {
            return Err(Unparsed("no tsc diagnostics".into()));
        }
        let mut s = other;
        for (f, v) in &files {
            s.push_str(&format!("{f}:\n"));
            for e in v {
                s.push_str(e);
                s.push('\n');
            }
        }
        s.push_str(&format!(
            "tsc: {count} error{} in {} file{}\n",
            if count == 1 { "" } else { "s" },
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        ));
        Ok(Compacted {
            stdout: s,
            stderr: None,
            elided: None,
        })
    }
}
