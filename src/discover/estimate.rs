//! From Bash calls to "missed savings": which calls rtk would have rewritten (asked of a
//! [`Rewriter`], so tests inject a fake one), grouped by command family, each family's output
//! tokens multiplied by a savings ratio.
//!
//! The ratio is the history database's observed ratio for that family when it has at least
//! [`MIN_OBSERVED_RUNS`] runs, else the conservative default table below (rounded down from
//! reductions measured on real runs of upstream rtk 0.16, not from advertised figures), else
//! [`FALLBACK_RATIO`]. Every figure says where its ratio came from.

use std::collections::HashMap;

use serde::Serialize;

use super::transcript::{BashCall, Scan};
use crate::tracking::command;
use crate::tracking::query::Group;

/// Answers "what would rtk rewrite this line to?" (None: left alone).
pub trait Rewriter {
    fn rewrite(&self, line: &str) -> Option<String>;
}

impl<F: Fn(&str) -> Option<String>> Rewriter for F {
    fn rewrite(&self, line: &str) -> Option<String> {
        self(line)
    }
}

/// History runs a family needs before its observed ratio replaces the default.
pub const MIN_OBSERVED_RUNS: u64 = 5;
/// Ratio for a rewritable family absent from the table and the history.
pub const FALLBACK_RATIO: f64 = 0.3;

/// Share of output tokens saved, by family key or program (first match wins).
const DEFAULT_RATIOS: &[(&str, f64)] = &[
    ("git status", 0.6),
    ("git log", 0.8),
    ("git diff", 0.5),
    ("git show", 0.5),
    ("git add", 0.8),
    ("git commit", 0.8),
    ("git push", 0.8),
    ("git pull", 0.8),
    ("git fetch", 0.8),
    ("git", 0.4),
    ("cargo test", 0.7),
    ("cargo build", 0.6),
    ("cargo check", 0.6),
    ("cargo clippy", 0.6),
    ("pytest", 0.8),
    ("python -m pytest", 0.8),
    ("python3 -m pytest", 0.8),
    ("go test", 0.7),
    ("ls", 0.6),
    ("grep", 0.6),
    ("rg", 0.6),
    ("find", 0.35),
    ("tree", 0.0),
];

/// Missed savings of one command family.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Family {
    pub family: String,
    /// Calls rtk would have rewritten.
    pub calls: u64,
    /// Estimated tokens of their output (calls with a recorded result).
    pub output_tokens: u64,
    pub ratio: f64,
    /// `history (N runs)`, `default table` or `fallback`.
    pub ratio_source: String,
    pub est_saved_tokens: u64,
}

/// A command family rtk left alone, by count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unhandled {
    pub family: String,
    pub calls: u64,
    pub output_tokens: u64,
}

/// The whole `rtk discover` answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub files: u64,
    pub lines: u64,
    pub skipped_lines: u64,
    pub unreadable_files: Vec<String>,
    pub bash_calls: u64,
    pub already_rtk: u64,
    pub rewritable_calls: u64,
    pub est_saved_tokens: u64,
    pub token_method: &'static str,
    pub families: Vec<Family>,
    pub unhandled: Vec<Unhandled>,
    /// The Read hook's estimate (`super::reads`), when it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read: Option<super::reads::ReadReport>,
}

/// Where rtk inserts itself in `original` to get `rewritten`: the family of the first
/// rewritten segment (None when the rewrite is not an insertion of `rtk `).
pub fn family_of(original: &str, rewritten: &str) -> Option<String> {
    let common = original
        .bytes()
        .zip(rewritten.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    (0..=common)
        .filter(|&i| rewritten.is_char_boundary(i) && original.is_char_boundary(i))
        .find(|&i| {
            rewritten[i..].starts_with("rtk ")
                && original[..i]
                    .chars()
                    .last()
                    .is_none_or(|c| c.is_whitespace() || "&|;(".contains(c))
        })
        .map(|i| command::key(&original[i..]))
}

fn default_ratio(family: &str) -> Option<f64> {
    let program = family.split_whitespace().next().unwrap_or("");
    DEFAULT_RATIOS
        .iter()
        .find(|(k, _)| *k == family)
        .or_else(|| DEFAULT_RATIOS.iter().find(|(k, _)| *k == program))
        .map(|(_, r)| *r)
}

fn ratio_for(family: &str, observed: &[Group]) -> (f64, String) {
    if let Some(g) = observed
        .iter()
        .find(|g| g.key == family && g.runs >= MIN_OBSERVED_RUNS && g.raw_tokens > 0)
    {
        let saved = g.raw_tokens.saturating_sub(g.emitted_tokens) as f64;
        return (
            (saved / g.raw_tokens as f64).clamp(0.0, 1.0),
            format!("history ({} runs)", g.runs),
        );
    }
    match default_ratio(family) {
        Some(r) => (r, "default table".into()),
        None => (FALLBACK_RATIO, "fallback".into()),
    }
}

fn is_rtk(command: &str) -> bool {
    let first = command.split_whitespace().next().unwrap_or("");
    first == "rtk" || first.ends_with("/rtk")
}

/// Aggregates a scan: `observed` are the history's per-command groups (may be empty).
pub fn analyze(scan: &Scan, rewriter: &dyn Rewriter, observed: &[Group], limit: usize) -> Report {
    let mut families: HashMap<String, (u64, u64)> = HashMap::new();
    let mut unhandled: HashMap<String, (u64, u64)> = HashMap::new();
    let (mut already, mut rewritable) = (0, 0);
    for BashCall {
        command,
        output_tokens,
    } in &scan.calls
    {
        let tokens = output_tokens.unwrap_or(0);
        if is_rtk(command) {
            already += 1;
            continue;
        }
        let family = rewriter
            .rewrite(command)
            .filter(|r| r != command)
            .and_then(|r| family_of(command, &r));
        let (map, key) = match family {
            Some(f) => {
                rewritable += 1;
                (&mut families, f)
            }
            None => (&mut unhandled, command::key(command)),
        };
        let e = map.entry(key).or_default();
        e.0 += 1;
        e.1 += tokens;
    }
    let mut fams: Vec<Family> = families
        .into_iter()
        .map(|(family, (calls, output_tokens))| {
            let (ratio, ratio_source) = ratio_for(&family, observed);
            Family {
                est_saved_tokens: (output_tokens as f64 * ratio).round() as u64,
                family,
                calls,
                output_tokens,
                ratio,
                ratio_source,
            }
        })
        .collect();
    let total = fams.iter().map(|f| f.est_saved_tokens).sum();
    fams.sort_by(|a, b| {
        b.est_saved_tokens
            .cmp(&a.est_saved_tokens)
            .then(b.calls.cmp(&a.calls))
            .then(a.family.cmp(&b.family))
    });
    fams.truncate(limit);
    let mut unh: Vec<Unhandled> = unhandled
        .into_iter()
        .filter(|(k, _)| !k.is_empty())
        .map(|(family, (calls, output_tokens))| Unhandled {
            family,
            calls,
            output_tokens,
        })
        .collect();
    unh.sort_by(|a, b| b.calls.cmp(&a.calls).then(a.family.cmp(&b.family)));
    unh.truncate(limit);
    Report {
        files: scan.files,
        lines: scan.lines,
        skipped_lines: scan.skipped_lines,
        unreadable_files: scan
            .unreadable_files
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        bash_calls: scan.calls.len() as u64,
        already_rtk: already,
        rewritable_calls: rewritable,
        est_saved_tokens: total,
        token_method: crate::tracking::TOKEN_METHOD,
        families: fams,
        unhandled: unh,
        read: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rewrites `git …`, `cargo …` and `ls …` segments the way the real engine does.
    fn fake(line: &str) -> Option<String> {
        let mut changed = false;
        let out: Vec<String> = line
            .split(" && ")
            .map(|seg| {
                if ["git ", "cargo ", "ls"].iter().any(|p| seg.starts_with(p)) {
                    changed = true;
                    format!("rtk {seg}")
                } else {
                    seg.to_string()
                }
            })
            .collect();
        changed.then(|| out.join(" && "))
    }

    fn call(cmd: &str, tokens: Option<u64>) -> BashCall {
        BashCall {
            command: cmd.into(),
            output_tokens: tokens,
        }
    }

    #[test]
    fn family_is_where_rtk_went_in() {
        let cases = [
            ("git status", "rtk git status", Some("git status")),
            (
                "cd x && git log -5",
                "cd x && rtk git log -5",
                Some("git log"),
            ),
            ("rg foo", "rtk rg foo", Some("rg")),
            (
                "FOO=1 cargo test",
                "FOO=1 rtk cargo test",
                Some("cargo test"),
            ),
            ("git status", "something else", None),
        ];
        for (orig, rewritten, want) in cases {
            assert_eq!(family_of(orig, rewritten).as_deref(), want, "{orig}");
        }
    }

    #[test]
    fn aggregates_by_family_with_ratio_sources() {
        let scan = Scan {
            files: 2,
            lines: 10,
            skipped_lines: 1,
            calls: vec![
                call("git status", Some(100)),
                call("git status -s", Some(300)),
                call("cd a && cargo test", Some(1000)),
                call("ls -la", None),
                call("rtk git log", Some(50)),
                call("echo hi", Some(2)),
                call("echo there", Some(3)),
                call("git frobnicate", Some(10)),
            ],
            ..Scan::default()
        };
        let observed = vec![Group {
            key: "cargo test".into(),
            runs: 12,
            raw_tokens: 1000,
            emitted_tokens: 100,
            duration_ms: 0,
        }];
        let r = analyze(&scan, &fake, &observed, 10);
        assert_eq!((r.bash_calls, r.already_rtk, r.rewritable_calls), (8, 1, 5));
        assert_eq!(r.skipped_lines, 1);
        let by: HashMap<&str, &Family> =
            r.families.iter().map(|f| (f.family.as_str(), f)).collect();
        let cargo = by["cargo test"];
        assert_eq!(
            (cargo.calls, cargo.output_tokens, cargo.est_saved_tokens),
            (1, 1000, 900)
        );
        assert_eq!(cargo.ratio_source, "history (12 runs)");
        let status = by["git status"];
        assert_eq!(
            (status.calls, status.output_tokens, status.est_saved_tokens),
            (2, 400, 240)
        );
        assert_eq!(status.ratio_source, "default table");
        assert_eq!(by["git frobnicate"].ratio, 0.4); // program-level default
        assert_eq!(by["ls"].est_saved_tokens, 0); // no output recorded
        assert_eq!(r.est_saved_tokens, 900 + 240 + 4);
        assert_eq!(r.families[0].family, "cargo test");
        assert_eq!(
            r.unhandled,
            [Unhandled {
                family: "echo".into(),
                calls: 2,
                output_tokens: 5
            }]
        );
    }

    #[test]
    fn few_observed_runs_keep_the_default_and_unknown_families_fall_back() {
        let observed = vec![Group {
            key: "git status".into(),
            runs: 2,
            raw_tokens: 100,
            emitted_tokens: 0,
            duration_ms: 0,
        }];
        assert_eq!(
            ratio_for("git status", &observed),
            (0.6, "default table".into())
        );
        assert_eq!(
            ratio_for("make test", &[]),
            (FALLBACK_RATIO, "fallback".into())
        );
    }

    #[test]
    fn limit_truncates_lists_but_not_totals() {
        let scan = Scan {
            calls: vec![
                call("git status", Some(10)),
                call("git log", Some(10)),
                call("ls", Some(10)),
            ],
            ..Scan::default()
        };
        let r = analyze(&scan, &fake, &[], 1);
        assert_eq!(r.families.len(), 1);
        assert_eq!(r.rewritable_calls, 3);
        assert_eq!(r.est_saved_tokens, 6 + 8 + 6);
    }
}
