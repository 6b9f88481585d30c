//! `cargo fmt --check`: rustfmt prints, per file, `Diff in /abs/path/file.rs:LINE:` and the
//! lines it would change, in colour. Kept: every diff line as printed (without colour codes)
//! and each header, shortened to `Diff in src/file.rs:LINE:` for a file under the working
//! directory. A clean check prints nothing, and so does rtk.

use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct FmtCheck;

impl Filter for FmtCheck {
    fn name(&self) -> &'static str {
        "cargo-fmt-check"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let cwd = std::env::current_dir().ok();
        let prefix = cwd
            .as_deref()
            .and_then(|d| d.to_str())
            .filter(|d| d.len() > 1)
            .map(|d| format!("Diff in {d}/"));
        let mut stdout = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            match prefix.as_deref().and_then(|p| line.strip_prefix(p)) {
                Some(rest) => {
                    stdout.push_str("Diff in ");
                    stdout.push_str(rest);
                }
                None => stdout.push_str(line),
            }
        }
        Ok(Compacted {
            stdout,
            stderr: None,
            elided: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;

    #[test]
    fn colour_goes_and_every_diff_line_stays() {
        let raw = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/cargo/fmt_check_diff.out"
        ))
        .unwrap();
        let args: Vec<String> = vec!["fmt".into(), "--check".into()];
        let inv = Invocation {
            program: "cargo",
            args: &args,
            sub: Some(0),
        };
        assert_eq!(FmtCheck.plan(&inv), Plan::Capture { stderr: false });
        let out = Output {
            stdout: &raw,
            stderr: "",
            code: 1,
        };
        let c = FmtCheck.compact(&inv, &out).unwrap();
        assert!(!c.stdout.contains('\u{1b}'));
        assert_eq!(c.stdout, strip_ansi(&raw));
        assert!(c.stdout.starts_with(
            "Diff in /SCRATCH/shop/src/cart.rs:1:\n-pub struct Cart { pub items: Vec<String> }\n+pub struct Cart {\n"
        ));
        assert_eq!(c.stdout.matches("Diff in ").count(), 3);
        let fmt: Vec<String> = vec!["fmt".into()];
        let inv = Invocation {
            program: "cargo",
            args: &fmt,
            sub: Some(0),
        };
        assert_eq!(FmtCheck.plan(&inv), Plan::Passthrough);
    }
}
