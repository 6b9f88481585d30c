//! `cargo tree`: the dependency tree with cargo's box-drawing branches (`│   ├── `, four
//! characters a level, `--charset ascii` too) written as two spaces a level. Every crate line
//! after its branches — name, version, path or source, `(*)`, `(proc-macro)`, the
//! `[dev-dependencies]` headers — is kept byte for byte, in order. `--prefix none|depth`,
//! `-e`/`--edges` and `--format` keep cargo's output as it is (it is not drawn then, or drawn
//! the same: only the leading branches are touched either way).

use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct CargoTree;

const SPEC: Spec = Spec {
    short_with_value: "pieF",
    long_with_value: &[
        "package",
        "manifest-path",
        "invert",
        "edges",
        "features",
        "target",
        "depth",
        "prefix",
        "charset",
        "format",
        "exclude",
        "prune",
        "color",
        "config",
        "lockfile-path",
    ],
};

/// One level of cargo's branches, in its UTF-8 and ASCII charsets.
const BRANCHES: &[&str] = &["├── ", "└── ", "│   ", "    ", "|-- ", "`-- ", "|   "];

impl Filter for CargoTree {
    fn name(&self) -> &'static str {
        "cargo-tree"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if SPEC.has(inv.rest(), "h", &["help"]) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut text = String::with_capacity(out.stdout.len() / 2);
        for line in out.stdout.split_inclusive('\n') {
            let mut rest = line;
            let mut depth = 0;
            while let Some(r) = BRANCHES.iter().find_map(|b| rest.strip_prefix(b)) {
                rest = r;
                depth += 1;
            }
            if depth > 0 && rest.trim().is_empty() {
                // A line of nothing but branches: keep it as cargo printed it.
                text.push_str(line);
                continue;
            }
            for _ in 0..depth {
                text.push_str("  ");
            }
            text.push_str(rest);
        }
        Ok(Compacted::stdout(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_become_indents_and_crate_lines_stay() {
        let raw = "rtk v1.2.0 (/w)\n├── anyhow v1.0.105\n│   └── x v1 (*)\n└── clap v4\n    `-- y v2 (proc-macro)\n[dev-dependencies]\n└── z v0.1.0\n\nother v1\n";
        let out = Output {
            stdout: raw,
            stderr: "",
            code: 0,
        };
        let inv = Invocation {
            program: "cargo",
            args: &[],
            sub: None,
        };
        assert_eq!(
            CargoTree.compact(&inv, &out).unwrap().stdout,
            "rtk v1.2.0 (/w)\n  anyhow v1.0.105\n    x v1 (*)\n  clap v4\n    y v2 (proc-macro)\n[dev-dependencies]\n  z v0.1.0\n\nother v1\n"
        );
    }
}
