//! C/C++ compilers compiling (`gcc`, `g++`, `cc`, `c++`, `clang`, `clang++`): their stderr
//! diagnostics (`file:line:col: error|warning|fatal error: message [-Wflag]`) become [`Diag`]s
//! rendered by [`Report`] (grouped by file, locations, severity and flag kept); each `note:`
//! stays under the problem it explains, its location kept. The source excerpts under a
//! diagnostic (gcc's `  5 | code` / `    |   ^~~` gutter, clang's source line and caret line) and
//! gcc's `file: In function ‘f’:` context lines go to the tee file. Every other line (include
//! chains, `N errors generated.`, `compilation terminated.`, linker errors, `collect2: …`)
//! stays as it is; stdout is untouched. Preprocessing, dependency output, help, version and
//! machine-readable diagnostic forms pass through.

use std::sync::LazyLock;

use regex::Regex;

use super::diag::{Diag, Report};
use super::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Cc;

/// `file:line[:col]: severity: message`.
static DIAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([^\s:][^:]*):(\d+(?::\d+)?): (fatal error|error|warning|note): (.*)$").unwrap()
});

/// A trailing ` [-Wflag]` / ` [-Werror,-Wflag]`.
static FLAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.*?) (\[-[A-Za-z][^\]]*\])$").unwrap());

/// gcc's `cart.c: In function ‘main’:` / `At top level:` context line.
static CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[^\s:][^:]*: (?:In (?:static |member )?(?:function|constructor|destructor|lambda function|instantiation of)|At (?:top level|global scope))\b.*:$").unwrap()
});

/// gcc's excerpt gutter: `   14 |     code`, `      |     ^~~`, `  +++ |+#include …`.
static GUTTER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ *(?:\d+|\+\+\+)? \|").unwrap());

/// clang's caret line under an excerpt: only spaces, `^` and `~`, with a `^` or `~`.
fn caret_line(l: &str) -> bool {
    l.contains(['^', '~']) && l.chars().all(|c| matches!(c, ' ' | '^' | '~'))
}

impl Filter for Cc {
    fn name(&self) -> &'static str {
        "cc"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stderr);
        let lines: Vec<&str> = text.lines().collect();
        if !lines.iter().any(|l| DIAG.is_match(l)) {
            return Ok(Compacted::raw(out));
        }
        let mut report = Report::default();
        let (mut excerpts, mut contexts) = (0, 0);
        // Whether the lines read since the last diagnostic are still its excerpt.
        let mut in_excerpt = false;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            i += 1;
            if let Some(c) = DIAG.captures(line) {
                in_excerpt = true;
                let (message, flag) = match FLAG.captures(&c[4]) {
                    Some(f) => (f.get(1).map_or("", |m| m.as_str()), &c[4][f[1].len() + 1..]),
                    None => (&c[4], ""),
                };
                if &c[3] == "note" && report.in_diag() {
                    let last = report.last().map(|d| d.file.clone()).unwrap_or_default();
                    let file = c[1].strip_prefix("./").unwrap_or(&c[1]);
                    let at = if file == last {
                        c[2].to_string()
                    } else {
                        format!("{file}:{}", &c[2])
                    };
                    report.note(&format!("note {at}: {}", c[4].trim_end()));
                } else {
                    report.diag(Diag::new(&c[1], c[2].to_string(), &c[3], flag, message));
                }
            } else if in_excerpt
                && (GUTTER.is_match(line)
                    || caret_line(line)
                    // clang's source line, its caret line next.
                    || lines.get(i).is_some_and(|next| caret_line(next)))
            {
                excerpts += 1;
            } else if CONTEXT.is_match(line) {
                contexts += 1;
                in_excerpt = false;
            } else {
                in_excerpt = false;
                report.line(line);
            }
        }
        let mut what = Vec::new();
        if excerpts > 0 {
            what.push(format!("{excerpts} source excerpt lines"));
        }
        if contexts > 0 {
            what.push(format!("{contexts} `In function` context lines"));
        }
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(report.render()),
            elided: (!what.is_empty()).then(|| what.join(", ")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;

    fn run(args: &[&str], stderr: &str) -> Compacted {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let inv = Invocation {
            program: "gcc",
            args: &args,
            sub: None,
        };
        assert_eq!(Cc.plan(&inv), Plan::Capture { stderr: true });
        let out = Output {
            stdout: "",
            stderr,
            code: 1,
        };
        Cc.compact(&inv, &out).unwrap()
    }

    #[test]
    fn gcc_excerpts_and_context_go_locations_and_notes_stay() {
        let err = "a.c: In function ‘main’:\n\
                   a.c:4:5: error: too few arguments to function ‘f’\n    4 |     f();\n      |     ^\n\
                   a.c:1:5: note: declared here\n    1 | int f(int);\n      |     ^\n\
                   a.c:6:9: warning: unused variable ‘x’ [-Wunused-variable]\n    6 |  int x;\n      |      ^\n";
        let c = run(&["-c", "a.c"], err);
        let got = c.stderr.unwrap();
        assert_eq!(
            got,
            "a.c:\n4:5 too few arguments to function ‘f’\n  note 1:5: declared here\n\
             6:9 warning [-Wunused-variable] unused variable ‘x’\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("6 source excerpt lines, 1 `In function` context lines")
        );
    }

    #[test]
    fn clang_source_and_caret_lines_go_summary_and_linker_lines_stay() {
        let err = "b.c:2:10: error: use of undeclared identifier 'y'\n  return y;\n         ^\n\
                   1 error generated.\n";
        let got = run(&["-c", "b.c"], err).stderr.unwrap();
        assert_eq!(
            got,
            "b.c:2:10 use of undeclared identifier 'y'\n1 error generated.\n"
        );
        let link = "/usr/bin/ld: /tmp/x.o: in function `main':\nlink.c:(.text+0xa): undefined reference to `helper'\n\
                    collect2: error: ld returned 1 exit status\n";
        let c = run(&["link.c", "-o", "link"], link);
        assert_eq!(c.stderr, None, "no diagnostics: printed as it is");
    }

    #[test]
    fn other_forms_pass_through() {
        for a in [
            "-E",
            "-MM",
            "--version",
            "-v",
            "-fdiagnostics-format=json",
            "@args",
        ] {
            let args = vec![a.to_string(), "a.c".to_string()];
            let inv = Invocation {
                program: "gcc",
                args: &args,
                sub: None,
            };
            assert_eq!(Cc.plan(&inv), Plan::Passthrough, "{a}");
        }
    }
}
