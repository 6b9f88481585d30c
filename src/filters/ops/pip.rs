//! `pip list` (also `pip3`; `python -m pip` is not routed): the padded two-column table
//! becomes `name version` lines (the dash rule goes). `--format` and help pass through.
//! `pip install` is a line filter: `pip-install` in src/filters/decl/builtin/pip.toml.

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
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        list(out)
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
    Ok(Compacted::stdout(text))
}
