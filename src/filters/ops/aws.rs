//! `aws <service> describe-*|list-*|get-*` (read-only calls; which ones is the
//! route's scope, `programs::scope::aws`): JSON output is minified with every key, value, escape and order kept
//! ([`json::minify`]); `--output table` loses its borders and padding (one line per row, cells
//! joined by ` | `; the title row stays). Errors go to stderr untouched; any other output (text,
//! nested tables) is printed raw.

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};
use crate::json;

pub struct Aws;

impl Filter for Aws {
    fn name(&self) -> &'static str {
        "aws"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let stdout = json::minify(out.stdout)
            .or_else(|| table(out.stdout))
            .ok_or_else(|| Unparsed("aws: neither JSON nor a flat table".into()))?;
        Ok(Compacted {
            stdout,
            stderr: None,
            // Minifying and unboxing drop no information: no note for it.
            elided: None,
        })
    }
}

/// An `--output table` report without borders: `None` unless it is one flat table (a title
/// row, a border, rows of cells).
fn table(text: &str) -> Option<String> {
    let mut lines = text.lines();
    let top = lines.next()?;
    if !(top.len() > 2 && top.chars().all(|c| c == '-')) {
        return None;
    }
    let mut out = String::new();
    for l in lines {
        if l.starts_with("+") && l.chars().all(|c| matches!(c, '+' | '-')) {
            continue;
        }
        let inner = l.strip_prefix('|')?.strip_suffix('|')?;
        if inner.starts_with('|') || inner.starts_with('+') {
            return None; // a nested table
        }
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        out.push_str(&cells.join(" | "));
        out.push('\n');
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(case: &str) -> (String, Result<Compacted, Unparsed>) {
        let read = |ext: &str| {
            let p = format!(
                "{}/tests/fixtures/aws/{case}.{ext}",
                env!("CARGO_MANIFEST_DIR")
            );
            std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
        };
        let args: Vec<String> = read("argv").lines().skip(1).map(String::from).collect();
        let inv = Invocation {
            program: "aws",
            args: &args,
            sub: None,
        };
        let stdout = read("out");
        let out = Output {
            stdout: &stdout,
            stderr: "",
            code: read("code").trim().parse().unwrap(),
        };
        let c = Aws.compact(&inv, &out);
        (stdout, c)
    }

    #[test]
    fn json_is_minified_with_every_value() {
        for case in ["ec2_instances", "iam_users", "s3_objects", "sts_identity"] {
            let (raw, c) = run(case);
            let got = c.unwrap().stdout;
            let a: serde_json::Value = serde_json::from_str(&raw).unwrap();
            let b: serde_json::Value = serde_json::from_str(&got).unwrap();
            assert_eq!(a, b, "{case}");
            // Indentation is most of a large listing; a five-line answer saves less.
            let most = if raw.len() > 500 {
                raw.len() * 3 / 4
            } else {
                raw.len()
            };
            assert!(got.len() < most, "{case}: {} of {}", got.len(), raw.len());
            assert_eq!(got.lines().count(), 1, "{case}");
        }
    }

    #[test]
    fn table_rows_lose_their_borders() {
        let (raw, c) = run("ec2_instances_table");
        let got = c.unwrap().stdout;
        assert!(got.starts_with("DescribeInstances\n"), "{got}");
        let ids: Vec<&str> = raw.lines().filter(|l| l.contains("i-")).collect();
        assert_eq!(ids.len(), 3);
        for l in ids {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            assert!(got.contains(&cells.join(" | ")), "{l}\n{got}");
        }
        assert_eq!(got.lines().count(), 4);
    }

    #[test]
    fn errors_and_other_shapes_are_raw() {
        let (_, c) = run("s3_missing");
        assert!(c.is_err());
        assert!(table("|  a  |\n").is_none());
        assert!(table("-----\n|  T  |\n||  nested ||\n").is_none());
    }
}
