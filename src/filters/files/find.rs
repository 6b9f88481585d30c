//! `find`: every path kept, grouped by directory (`./src/a/: one.rs two.rs`) in order of first
//! appearance. Actions (`-exec`, `-delete`, `-printf`, `-print0`, `-ls`, …) pass through: find
//! itself runs them. Names containing whitespace → the raw list (grouping would be ambiguous).

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Find;

const ACTIONS: &[&str] = &[
    "-exec", "-execdir", "-ok", "-okdir", "-delete", "-print0", "-printf", "-fprint", "-fprint0",
    "-fprintf", "-ls", "-fls",
];

impl Filter for Find {
    fn name(&self) -> &'static str {
        "find"
    }
    fn routes(&self) -> &'static [Route] {
        &[Route {
            program: "find",
            sub: None,
        }]
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if inv.args.iter().any(|a| ACTIONS.contains(&a.as_str())) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.stdout.lines().any(|l| l.contains(char::is_whitespace)) {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted {
            stdout: group_paths(out.stdout),
            stderr: None,
            elided: None,
        })
    }
}

/// Groups paths by parent directory; paths without `/` stay on their own lines.
pub fn group_paths(text: &str) -> String {
    let mut order: Vec<&str> = Vec::new();
    let mut groups: std::collections::HashMap<&str, Vec<&str>> = std::collections::HashMap::new();
    for line in text.lines() {
        let (dir, name) = match line.rfind('/') {
            Some(i) if i + 1 < line.len() => (&line[..=i], &line[i + 1..]),
            _ => ("", line),
        };
        let g = groups.entry(dir).or_insert_with(|| {
            order.push(dir);
            Vec::new()
        });
        g.push(name);
    }
    let mut out = String::with_capacity(text.len());
    for dir in order {
        let names = &groups[dir];
        if dir.is_empty() {
            for n in names {
                out.push_str(n);
                out.push('\n');
            }
        } else {
            out.push_str(dir);
            out.push(':');
            for n in names {
                out.push(' ');
                out.push_str(n);
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_keep_every_path() {
        let raw = ".\n./a\n./a/x.rs\n./b/y.rs\n./a/z.rs\n/abs\n";
        assert_eq!(
            group_paths(raw),
            ".\n./: a\n./a/: x.rs z.rs\n./b/: y.rs\n/: abs\n"
        );
    }
}
