//! `wc`: the same numbers and names without the column padding (`  12  40 300 f` → `12 40 300 f`).

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Wc;

impl Filter for Wc {
    fn name(&self) -> &'static str {
        "wc"
    }
    fn plan(&self, _inv: &Invocation<'_>) -> Plan {
        Plan::Capture { stderr: false }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut text = String::with_capacity(out.stdout.len());
        for line in out.stdout.lines() {
            // Numbers come first, then the name (which may contain spaces: keep it as is).
            let mut rest = line.trim_start();
            let mut nums = Vec::new();
            while let Some(end) = rest
                .find(|c: char| !c.is_ascii_digit())
                .or(Some(rest.len()))
            {
                if end == 0 {
                    break;
                }
                nums.push(&rest[..end]);
                rest = rest[end..].trim_start_matches(' ');
                if rest.is_empty() {
                    break;
                }
            }
            if nums.is_empty() {
                return Err(Unparsed(format!("not a wc line: {line}")));
            }
            text.push_str(&nums.join(" "));
            if !rest.is_empty() {
                text.push(' ');
                text.push_str(rest);
            }
            text.push('\n');
        }
        Ok(Compacted::stdout(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_padding_only() {
        let out = Output {
            stdout: " 2  2 12 README.md\n 10 a b.txt\n 12 total\n",
            stderr: "",
            code: 0,
        };
        let inv = Invocation {
            program: "wc",
            args: &[],
            sub: None,
        };
        let c = Wc.compact(&inv, &out).unwrap();
        assert_eq!(c.stdout, "2 2 12 README.md\n10 a b.txt\n12 total\n");
    }
}
