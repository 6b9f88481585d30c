//! `phpstan analyse` in its default `table` error format: each file's table becomes problems
//! of a [`Report`] (grouped by file: `line identifier message`, a wrapped message joined back
//! into one line, tips (`💡`) kept under their error); rows of the `Error` table (errors tied to
//! no file) stay, trimmed; the table rules, padding, blank lines, the progress bar and the
//! `Note: Using configuration file` line go; `[ERROR] Found N errors` / `[OK] No errors` stay.
//! Other error formats, help and version pass through; output with no `[OK]`/`[ERROR]` result is
//! printed raw.

use crate::filters::dev::diag::{Diag, Report};
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Phpstan;

impl Filter for Phpstan {
    fn name(&self) -> &'static str {
        "phpstan"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        let result = |l: &str| {
            let t = l.trim();
            t.starts_with("[OK] ") || t.starts_with("[ERROR] ")
        };
        if !text.lines().any(result) {
            return Err(Unparsed("phpstan: no [OK] or [ERROR] result".into()));
        }
        let mut dropped = 0;
        let report = tables(&text, &mut dropped);
        let mut err = String::new();
        for l in strip_ansi(out.stderr).lines() {
            let t = l.trim();
            if t.is_empty() || t.starts_with("Note: Using configuration file ") || progress(t) {
                dropped += 1;
            } else {
                err.push_str(l);
                err.push('\n');
            }
        }
        Ok(Compacted {
            stdout: report.render(),
            stderr: Some(err),
            elided: (dropped > 0).then(|| {
                format!("{dropped} lines: table rules and padding, progress bar, config note")
            }),
        })
    }
}

/// ` 3/3 [▓▓▓▓▓▓] 100%`: the progress bar.
fn progress(t: &str) -> bool {
    t.split_once(" [").is_some_and(|(count, rest)| {
        count
            .split_once('/')
            .is_some_and(|(a, b)| a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok())
            && rest.ends_with('%')
    })
}

/// One error of a file table being read: line, message, identifier, tips.
struct Row {
    line: String,
    message: String,
    identifier: String,
    tips: Vec<String>,
}

fn tables(text: &str, dropped: &mut usize) -> Report {
    let mut report = Report::default();
    let mut file: Option<String> = None;
    let mut row: Option<Row> = None;
    let flush = |row: &mut Option<Row>, file: &Option<String>, report: &mut Report| {
        if let (Some(r), Some(f)) = (row.take(), file) {
            let mut d = Diag::new(f, r.line, "error", &r.identifier, &r.message);
            d.notes = r.tips;
            report.diag(d);
        }
    };
    for l in text.lines() {
        let t = l.trim();
        let rule = !t.is_empty() && t.chars().all(|c| c == '-' || c == ' ');
        if t.is_empty() || rule {
            *dropped += 1;
            continue;
        }
        if let Some(f) = t.strip_prefix("Line ") {
            flush(&mut row, &file, &mut report);
            file = Some(f.trim().to_string());
            *dropped += 1;
            continue;
        }
        if t == "Error" {
            flush(&mut row, &file, &mut report);
            file = None;
            *dropped += 1;
            continue;
        }
        if file.is_some() {
            let (first, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            let numbered = first == "-" || first.bytes().all(|b| b.is_ascii_digit());
            if numbered && !rest.trim().is_empty() && l.starts_with("  ") && !l.starts_with("   ") {
                flush(&mut row, &file, &mut report);
                row = Some(Row {
                    line: first.to_string(),
                    message: rest.trim().to_string(),
                    identifier: String::new(),
                    tips: Vec::new(),
                });
                continue;
            }
            if let Some(r) = row.as_mut() {
                *dropped += 1;
                if let Some(id) = t.strip_prefix("🪪") {
                    r.identifier = id.trim().to_string();
                } else if t.starts_with('💡') {
                    r.tips.push(t.to_string());
                } else {
                    r.message.push(' ');
                    r.message.push_str(t);
                }
                continue;
            }
        }
        flush(&mut row, &file, &mut report);
        report.line(t);
    }
    flush(&mut row, &file, &mut report);
    report
}

#[cfg(test)]
mod tests {
    use super::super::fixture;
    use super::*;
    use crate::filters::Plan;

    fn compact(case: &str) -> (String, String) {
        let args: Vec<String> = vec!["analyse".into()];
        let inv = Invocation {
            program: "phpstan",
            args: &args,
            sub: Some(0),
        };
        let stdout = fixture("phpstan", &format!("{case}.out"));
        let stderr = fixture("phpstan", &format!("{case}.err"));
        let c = Phpstan
            .compact(
                &inv,
                &Output {
                    stdout: &stdout,
                    stderr: &stderr,
                    code: 1,
                },
            )
            .unwrap();
        (c.stdout, c.stderr.unwrap())
    }

    #[test]
    fn tables_become_located_errors_with_identifiers() {
        let (out, err) = compact("analyse_errors");
        assert_eq!(
            out,
            "src/Cart.php:\n\
             12 return.type Method Shop\\Cart::total() should return int but returns string.\n\
             18 method.notFound Call to an undefined method Shop\\Cart::totl().\n\
             25 argument.type Parameter #1 $prices of method Shop\\Cart::average() expects array<int>, array<int, string> given.\n\
             \x20 💡 Type #1 from the union: string is not a subtype of int.\n\
             src/Checkout.php:9 variable.undefined Undefined variable: $total\n\
             Ignored error pattern #^Access to an undefined property# was not matched\n\
             in reported errors.\n\
             [ERROR] Found 5 errors\n"
        );
        assert_eq!(err, "");
    }

    #[test]
    fn clean_run_is_ok_line() {
        assert_eq!(
            compact("analyse_ok"),
            ("[OK] No errors\n".into(), String::new())
        );
    }

    #[test]
    fn other_formats_pass_through_and_unknown_output_is_raw() {
        for form in [
            &["analyse", "--error-format=json"][..],
            &["analyse", "--error-format", "github"],
            &["analyse", "--help"],
        ] {
            let args: Vec<String> = form.iter().map(|s| s.to_string()).collect();
            let inv = Invocation {
                program: "phpstan",
                args: &args,
                sub: Some(0),
            };
            assert_eq!(Phpstan.plan(&inv), Plan::Passthrough, "{form:?}");
        }
        let args: Vec<String> = vec!["analyse".into(), "--error-format=table".into()];
        let inv = Invocation {
            program: "phpstan",
            args: &args,
            sub: Some(0),
        };
        assert_eq!(Phpstan.plan(&inv), Plan::Capture { stderr: true });
        let out = Output {
            stdout: "PHP Fatal error:  Allowed memory size exhausted\n",
            stderr: "",
            code: 255,
        };
        assert!(Phpstan.compact(&inv, &out).is_err());
    }
}
