//! `make`: stderr (compiler errors, `make: *** […] Error 1`, warnings) is never touched.
//! stdout loses `make[N]: Entering/Leaving directory` lines and the recipe command echoes
//! (`cc -c x.c -o x.o`), except the last echo of a failed run (the command that failed);
//! everything a recipe printed is kept.

use super::Sink;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Make;

/// First words of the commands recipes echo.
const ECHOED: &[&str] = &[
    "cc",
    "gcc",
    "g++",
    "c++",
    "clang",
    "clang++",
    "ld",
    "ar",
    "ranlib",
    "as",
    "rm",
    "mkdir",
    "cp",
    "mv",
    "install",
    "ln",
    "touch",
    "sed",
    "strip",
    "objcopy",
    "make",
    "gmake",
    "cargo",
    "go",
    "rustc",
    "javac",
    "python",
    "python3",
    "npm",
    "tsc",
    "echo",
    "printf",
    "cd",
    "test",
    "[",
    "cmake",
    "ninja",
    "libtool",
    "gfortran",
    "nasm",
    "yasm",
    "pkg-config",
];

impl Filter for Make {
    fn name(&self) -> &'static str {
        "make"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let dry = [
            "-n",
            "--dry-run",
            "--just-print",
            "-p",
            "--print-data-base",
            "--help",
            "-v",
            "--version",
        ];
        if inv.args.iter().any(|a| dry.contains(&a.as_str())) {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: false }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let lines: Vec<&str> = out.stdout.lines().collect();
        let last_echo = (out.code != 0)
            .then(|| lines.iter().rposition(|l| is_echo(l)))
            .flatten();
        let mut sink = Sink::default();
        for (i, l) in lines.iter().enumerate() {
            let dir = l.starts_with("make")
                && (l.contains("]: Entering directory") || l.contains("]: Leaving directory"));
            if dir || (is_echo(l) && Some(i) != last_echo) {
                sink.drop_line();
            } else {
                sink.line(l);
            }
        }
        if out.code == 0 && sink.text.is_empty() {
            sink.line("make: done");
        }
        Ok(Compacted {
            stdout: sink.text.clone(),
            stderr: None,
            elided: sink.elided("recipe command echoes and directory changes"),
        })
    }
}

fn is_echo(l: &str) -> bool {
    let first = l.split_whitespace().next().unwrap_or("");
    let prog = first.rsplit('/').next().unwrap_or(first);
    ECHOED.contains(&prog) && l.split_whitespace().count() > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_dropped_output_kept_last_echo_on_failure() {
        let argv: Vec<String> = vec![];
        let inv = Invocation {
            program: "make",
            args: &argv,
            sub: None,
        };
        let out = Output {
            stdout: "make[1]: Entering directory '/x'\ncc -c a.c\nbuilt a\ncc -c b.c\n",
            stderr: "",
            code: 2,
        };
        let c = Make.compact(&inv, &out).unwrap();
        assert_eq!(c.stdout, "built a\ncc -c b.c\n");
        let ok = Output { code: 0, ..out };
        assert_eq!(Make.compact(&inv, &ok).unwrap().stdout, "built a\n");
    }
}
