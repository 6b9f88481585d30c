//! `curl` and `wget`.
//!
//! curl: a JSON body (alone, or after the headers with `-i`) is minified — whitespace outside
//! strings goes, every value stays byte for byte; any other body is printed unchanged; bytes
//! that are not UTF-8 never reach the filter (the runner prints them raw). The progress meter
//! on stderr is dropped, error lines (`curl: (7) …`) stay. Writing to a file (`-o`, `-O`,
//! `--output`…), `-I`/`--head`, verbose and trace modes pass through.
//! wget: its report is on stderr; the progress (dots or bar) and `Resolving`/`connected.` lines
//! are dropped; the URL, HTTP status, length, destination, `saved` line and every error stay.

use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};
use crate::json;

pub struct Curl;
pub struct Wget;

const CURL_TO_FILE: &[&str] = &[
    "-o",
    "--output",
    "-O",
    "--remote-name",
    "--remote-name-all",
    "-J",
    "--remote-header-name",
    "-I",
    "--head",
    "-v",
    "--verbose",
    "--trace",
    "--trace-ascii",
    "-D",
    "--dump-header",
    "--output-dir",
    "-#",
    "--progress-bar",
    "-h",
    "--help",
    "-V",
    "--version",
];

fn curl_short_flags(a: &str) -> bool {
    // `-sSLo file` style clusters: any of o, O, I, v, J, D in a short cluster.
    a.starts_with('-') && !a.starts_with("--") && a[1..].chars().any(|c| "oOIvJD#".contains(c))
}

impl Filter for Curl {
    fn name(&self) -> &'static str {
        "curl"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let to_file = inv.args.iter().any(|a| {
            let name = a.split('=').next().unwrap_or(a);
            CURL_TO_FILE.contains(&name) || curl_short_flags(a)
        });
        if to_file || inv.args.is_empty() {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: true }
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let include = inv.args.iter().any(|a| {
            a == "-i"
                || a == "--include"
                || (a.starts_with('-') && !a.starts_with("--") && a.contains('i'))
        });
        let (head, body) = if include {
            match out.stdout.find("\r\n\r\n") {
                Some(i) => out.stdout.split_at(i + 4),
                None => ("", out.stdout),
            }
        } else {
            ("", out.stdout)
        };
        let (stderr, meter) = strip_meter(out.stderr);
        let stdout = match json::minify(body) {
            Some(m) => format!("{head}{m}"),
            None => out.stdout.to_string(),
        };
        // Minifying drops no information (every value stays byte for byte): no note for it.
        let elided = meter.then(|| "the progress meter".to_string());
        Ok(Compacted {
            stdout,
            stderr: Some(stderr),
            elided,
        })
    }
}

/// curl's progress meter (header + `\r`-updated rows) removed from stderr.
fn strip_meter(stderr: &str) -> (String, bool) {
    let mut out = String::new();
    let mut found = false;
    for line in stderr.lines() {
        let kept: Vec<&str> = line
            .split('\r')
            .filter(|seg| {
                let t = seg.trim();
                let meter = t.starts_with("% Total")
                    || t.starts_with("Dload  Upload")
                    || (t.split_whitespace().count() >= 10
                        && t.split_whitespace()
                            .next()
                            .is_some_and(|w| w.parse::<u32>().is_ok())
                        && t.contains(':'));
                found |= meter;
                !meter && !t.is_empty()
            })
            .collect();
        if kept.is_empty() && !line.trim().is_empty() {
            continue;
        }
        out.push_str(&kept.join("\r"));
        out.push('\n');
    }
    (out, found)
}

impl Filter for Wget {
    fn name(&self) -> &'static str {
        "wget"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        // Quiet (`-q`, also inside clusters like `-qO-`) or writing the body to stdout
        // (`-O-`, `-O -`, `--output-document=-`): the raw stream is what was asked for.
        let short = |a: &str| a.starts_with('-') && !a.starts_with("--");
        let quiet_or_stdout = inv.args.iter().any(|a| {
            [
                "--quiet",
                "--help",
                "-h",
                "-V",
                "--version",
                "--output-document=-",
            ]
            .contains(&a.as_str())
                || (short(a) && (a.contains('q') || a.ends_with("O-")))
        }) || inv.args.windows(2).any(|w| {
            (short(&w[0]) && w[0].ends_with('O') || w[0] == "--output-document") && w[1] == "-"
        });
        if quiet_or_stdout || inv.args.is_empty() {
            Plan::Passthrough
        } else {
            Plan::Capture { stderr: true }
        }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut text = String::new();
        let mut dropped = 0;
        for line in out.stderr.lines() {
            let last = line.rsplit('\r').next().unwrap_or(line);
            let t = last.trim();
            let progress = is_dots(t)
                || (line.contains('\r') && t.contains('%'))
                || (t.contains("%[") && t.contains(']'));
            let chatter = t.starts_with("Resolving ") && !t.contains("failed")
                || t.starts_with("Connecting to ") && t.ends_with("connected.");
            if t.is_empty() || progress || chatter {
                dropped += 1;
            } else {
                text.push_str(last);
                text.push('\n');
            }
        }
        Ok(Compacted {
            stdout: out.stdout.to_string(),
            stderr: Some(text),
            elided: (dropped > 0).then(|| format!("{dropped} progress and connection lines")),
        })
    }
}

/// `     0K .......... .......... 50%  1.2M 0s` (wget's dot progress).
fn is_dots(t: &str) -> bool {
    let mut words = t.split_whitespace();
    words
        .next()
        .is_some_and(|w| w.ends_with('K') && w[..w.len() - 1].parse::<u64>().is_ok())
        && words
            .next()
            .is_some_and(|w| w.starts_with('.') || w.starts_with(','))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meter_goes_errors_stay() {
        let raw = "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0\r100  1234  100  1234    0     0  99999      0 --:--:-- --:--:-- --:--:-- 99999\ncurl: (7) Failed to connect\n";
        let (s, found) = strip_meter(raw);
        assert!(found);
        assert_eq!(s, "curl: (7) Failed to connect\n");
    }

    #[test]
    fn wget_dots_are_progress() {
        assert!(is_dots("0K .......... .......... 50% 1.2M 0s"));
        assert!(!is_dots("Length: 1234 (1.2K) [application/json]"));
    }
}
