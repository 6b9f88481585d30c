//! `ls -l` family: one entry per line as `name  size` (`name/` for directories, `name*` for
//! executables, `name -> target` for links); `.`/`..`, `total`, permissions, owners, link counts
//! and dates are dropped (said in the elision note). Folder headers of several paths / `-R`
//! are kept. Listings without `-l` are already one name per line and stream through unchanged.

use std::sync::OnceLock;

use regex::Regex;

use crate::filters::args::Spec;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Route, Unparsed};

pub struct Ls;

const SPEC: Spec = Spec {
    short_with_value: "ITw",
    long_with_value: &[
        "ignore",
        "hide",
        "tabsize",
        "width",
        "format",
        "sort",
        "time",
        "block-size",
    ],
};

impl Filter for Ls {
    fn name(&self) -> &'static str {
        "ls"
    }
    fn routes(&self) -> &'static [Route] {
        &[Route {
            program: "ls",
            sub: None,
        }]
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let a = inv.args;
        let other_layout = SPEC.has(
            a,
            "isgoGZnmxCQbNFp",
            &[
                "inode",
                "size",
                "full-time",
                "time-style",
                "context",
                "color",
                "format",
                "quoting-style",
                "zero",
                "dired",
                "numeric-uid-gid",
                "classify",
                "file-type",
                "indicator-style",
                "hyperlink",
            ],
        );
        if SPEC.has(a, "l", &[]) && !other_layout {
            Plan::Capture { stderr: false }
        } else {
            Plan::Stream
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        static ENTRY: OnceLock<Regex> = OnceLock::new();
        let re = ENTRY.get_or_init(|| {
            Regex::new(
                r"^([-bcdlpsDw?])([-rwxsStTlL?]{9})[.+@]?\s+\d+\s+\S+\s+\S+\s+(\d+,\s*\d+|[\d.,]+[KMGTPEZY]?)\s+\S+\s+\S+\s+\S+ (.*)$",
            )
            .expect("valid regex")
        });
        let mut text = String::with_capacity(out.stdout.len() / 2);
        let mut entries = 0;
        for line in out.stdout.lines() {
            if line.is_empty() || line.starts_with("total ") {
                continue;
            }
            let Some(c) = re.captures(line) else {
                if line.ends_with(':') {
                    text.push_str(line);
                    text.push('\n');
                    continue;
                }
                return Err(Unparsed(format!("not an ls -l line: {line}")));
            };
            let (kind, perms, size, name) = (&c[1], &c[2], &c[3], &c[4]);
            if name == "." || name == ".." {
                entries += 1;
                continue;
            }
            entries += 1;
            text.push_str(name);
            match kind {
                "d" => text.push('/'),
                "l" => {}
                "-" => {
                    if perms.contains(['x', 's', 't']) {
                        text.push('*');
                    }
                    text.push_str("  ");
                    text.push_str(size);
                }
                other => {
                    text.push_str("  (");
                    text.push_str(other);
                    text.push(')');
                }
            }
            text.push('\n');
        }
        Ok(Compacted {
            stdout: text,
            stderr: None,
            elided: (entries > 0)
                .then(|| format!("permissions, owners, dates of {entries} entries")),
        })
    }
}
