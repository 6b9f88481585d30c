//! `pip list` and `pip install` (also `pip3`, `python -m pip` is not routed).
//!
//! list: the padded two-column table becomes `name version` lines (the dash rule goes).
//! install: `Requirement already satisfied` lines fold into a count; `Collecting`,
//! `Downloading`, `Using cached` and progress bars go; `Successfully installed …`, every
//! warning and error stay. `--format`, `-o`/`--outdated` tables and other subcommands pass
//! through.

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Pip;

impl Filter for Pip {
    fn name(&self) -> &'static str {
        "pip"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let rest = inv.rest();
        if rest
            .iter()
            .any(|a| a.starts_with("--format") || a == "--help" || a == "-h")
        {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let sub = inv.sub.map_or("", |i| inv.args[i].as_str());
        if sub == "list" {
            return list(out);
        }
        let mut text = String::new();
        let mut satisfied = 0;
        let mut dropped = 0;
        for line in out.stdout.lines() {
            let t = line.trim();
            // Dependencies' lines (`(from pkg)`) fold; the packages asked for stay.
            if t.starts_with("Requirement already satisfied:") && t.contains(" (from ") {
                satisfied += 1;
            } else if t.is_empty()
                || t.starts_with("Collecting ")
                || t.starts_with("Downloading ")
                || t.starts_with("Using cached ")
                || t.starts_with("Obtaining ")
                || t.starts_with("Installing collected packages:")
                || t.starts_with("Preparing metadata")
                || t.starts_with("Getting requirements")
                || t.starts_with("Installing build dependencies")
                || t.starts_with("Building wheel")
                || t.starts_with("Created wheel")
                || t.starts_with("Stored in directory")
                || t.starts_with('━')
            {
                dropped += 1;
            } else {
                text.push_str(line);
                text.push('\n');
            }
        }
        if satisfied > 0 {
            text.push_str(&format!(
                "pip: {satisfied} requirements already satisfied\n"
            ));
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: (dropped + satisfied > 0).then(|| {
                format!("{dropped} download/progress lines, {satisfied} 'already satisfied' lines of dependencies")
            }),
        })
    }
}

fn list(out: &Output<'_>) -> Result<Compacted, Unparsed> {
    let mut lines = out.stdout.lines();
    let header = lines.next().unwrap_or("");
    let rule = lines.next().unwrap_or("");
    if !header.starts_with("Package") || !rule.starts_with("---") {
        return Err(Unparsed("not a pip list table".into()));
    }
    let mut text = String::new();
    let mut n = 0;
    for line in lines {
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells.is_empty() {
            continue;
        }
        n += 1;
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.push_str(&format!("pip list: {n} packages\n"));
    Ok(Compacted {
        stdout: text,
        stderr: None,
        elided: None,
    })
}
