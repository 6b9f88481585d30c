//! `jq`: pretty-printed JSON becomes one compact value per line, exactly what `jq -c` prints
//! (every value, key order, number and string escape kept; only the indentation goes, so
//! nothing is elided). Raw, joined, ASCII, tab/indent, sequence, stream or colour output
//! (`-r`, `-j`, `-a`, `--tab`, `--seq`, `--stream`, `-C`…) and `-c` itself pass through;
//! a failing run or output that is not a stream of JSON values is printed raw.

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};
use crate::json;

pub struct Jq;

/// Long options that change how values are written.
const FORMAT: &[&str] = &[
    "--raw-output",
    "--raw-output0",
    "--join-output",
    "--ascii-output",
    "--compact-output",
    "--color-output",
    "--tab",
    "--indent",
    "--seq",
    "--stream",
    "--stream-errors",
    "--help",
    "--version",
];

/// Whether `args` ask for a format other than jq's default pretty print. Errs towards yes:
/// a word that only looks like a flag (an `--arg` value) means passthrough, never a change.
fn formatted(args: &[String]) -> bool {
    args.iter().any(|a| {
        FORMAT.contains(&a.as_str())
            || (a.len() > 1
                && a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].contains(['r', 'j', 'a', 'c', 'C', 'h', 'V']))
    })
}

impl Filter for Jq {
    fn name(&self) -> &'static str {
        "jq"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if formatted(inv.args) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        if out.code != 0 {
            return Ok(Compacted::raw(out));
        }
        Ok(Compacted::stdout(compact_stream(out.stdout)?))
    }
}

/// Every JSON value of `text`, each minified on a line of its own.
fn compact_stream(text: &str) -> Result<String, Unparsed> {
    let mut out = String::with_capacity(text.len());
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    let mut start = 0;
    while let Some(v) = values.next() {
        v.map_err(|e| Unparsed(format!("jq output: {e}")))?;
        let end = values.byte_offset();
        let value = text[start..end].trim();
        match json::minify(value) {
            Some(min) => out.push_str(&min),
            None => out.push_str(value),
        }
        out.push('\n');
        start = end;
    }
    if !text[start..].trim().is_empty() {
        return Err(Unparsed("jq output: trailing text".into()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let p = format!("{}/tests/fixtures/jq/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    #[test]
    fn pretty_output_becomes_what_jq_c_prints() {
        for case in ["pretty", "stream"] {
            let out = Output {
                stdout: &fixture(&format!("{case}.out")),
                stderr: "",
                code: 0,
            };
            let got = Jq.compact(&inv(&[]), &out).unwrap();
            assert_eq!(got.stdout, fixture(&format!("{case}_c.out")), "{case}");
            assert_eq!(got.elided, None);
        }
    }

    fn inv(args: &'static [String]) -> Invocation<'static> {
        Invocation {
            program: "jq",
            args,
            sub: None,
        }
    }

    #[test]
    fn scalars_and_non_json() {
        assert_eq!(
            compact_stream("1\n\"a b\"\nnull\n").unwrap(),
            "1\n\"a b\"\nnull\n"
        );
        assert_eq!(compact_stream("").unwrap(), "");
        assert!(compact_stream("{\"a\": 1}\nnot json\n").is_err());
    }

    #[test]
    fn format_flags_pass_through() {
        let plan = |line: &str| {
            let args: Vec<String> = line.split_whitespace().map(String::from).collect();
            Jq.plan(&Invocation {
                program: "jq",
                args: &args,
                sub: None,
            })
        };
        for line in [". f", "-S . f", "--arg x y .a f", "-n 1", "-s . a b"] {
            assert_eq!(plan(line), Plan::Capture { stderr: false }, "{line}");
        }
        for line in [
            "-r .a f",
            "-rc . f",
            "-c . f",
            "--tab . f",
            "-C .",
            "--seq .",
            "-j .",
        ] {
            assert_eq!(plan(line), Plan::Passthrough, "{line}");
        }
    }
}
