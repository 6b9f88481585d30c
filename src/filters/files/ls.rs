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
                // ASCII classes: Unicode `\d`/`\s`/`\S` made compiling this one pattern cost ~1 ms, more
                // than the rest of an `rtk ls` run.
                r"^([-bcdlpsDw?])([-rwxsStTlL?]{9})[.+@]? +[0-9]+ +[^ ]+ +[^ ]+ +([0-9]+, *[0-9]+|[0-9.,]+[KMGTPEZY]?) +[[:alpha:]][^ ]* +[0-9]{1,2} +(?:[0-9]{1,2}:[0-9]{2}|[0-9]{4}) (.*)$",
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

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(stdout: &str) -> Result<Compacted, Unparsed> {
        let args = vec!["-la".to_string()];
        let inv = Invocation {
            program: "ls",
            args: &args,
            sub: None,
        };
        Ls.compact(
            &inv,
            &Output {
                stdout,
                stderr: "",
                code: 0,
            },
        )
    }

    #[test]
    fn entries_table() {
        let raw = "total 8\n\
drwxr-xr-x 2 u g 4096 Jan  2  2026 .\n\
-rw-r--r-- 1 u g   12 Dec  2 11:36 a file.txt\n\
-rwxr-xr-x 1 u g   19 Jan  2  2026 run.sh\n\
lrwxrwxrwx 1 u g    9 Jan  2  2026 l -> a file.txt\n\
crw-rw-rw- 1 u g 1, 3 Jan  2  2026 null\n";
        let c = compact(raw).unwrap();
        assert_eq!(
            c.stdout,
            "a file.txt  12\nrun.sh*  19\nl -> a file.txt\nnull  (c)\n"
        );
        assert!(c.elided.is_some());
    }

    #[test]
    fn other_date_styles_are_unparsed_not_misread() {
        let iso = "-rw-r--r-- 1 u g 12 2026-01-02 03:04 empty dir\n";
        assert!(compact(iso).is_err());
    }
}
