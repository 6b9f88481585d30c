//! `[hooks] exclude_commands` and `transparent_prefixes` from config, prepared once per line.
//! Regexes are compiled only when an entry starts with `^` and a segment needs checking.

use regex::Regex;

use crate::config::HooksConfig;
use crate::shell::basename;

/// Compiled exclusions.
pub struct Exclusions {
    literals: Vec<String>,
    regexes: Vec<Regex>,
}

impl Exclusions {
    /// Prepares the config's exclusions; problems become warnings.
    pub fn new(config: &HooksConfig, warnings: &mut Vec<String>) -> Exclusions {
        let mut ex = Exclusions {
            literals: Vec::new(),
            regexes: Vec::new(),
        };
        for raw in &config.exclude_commands {
            let p = raw.trim();
            if p.is_empty() || p == "^" {
                warnings.push(format!("ignoring trivial exclude_commands pattern '{raw}'"));
                continue;
            }
            if let Some(rest) = p.strip_prefix('^') {
                match Regex::new(p) {
                    Ok(r) => ex.regexes.push(r),
                    Err(e) => {
                        warnings.push(format!(
                            "invalid exclude_commands pattern '{p}': {e}; used as a literal prefix"
                        ));
                        ex.literals.push(words(rest));
                    }
                }
            } else {
                ex.literals.push(words(p));
            }
        }
        ex
    }

    /// Whether any of `texts` (the segment, and the segment from its program word on) is
    /// excluded.
    pub fn excludes(&self, texts: &[&str]) -> bool {
        texts.iter().any(|t| {
            let t = words(t);
            self.literals
                .iter()
                .any(|p| !p.is_empty() && (t == *p || t.starts_with(&format!("{p} "))))
                || self.regexes.iter().any(|r| r.is_match(&t))
        })
    }
}

fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Transparent prefixes as word lists, longest first.
pub fn transparent_prefixes(config: &HooksConfig) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = config
        .transparent_prefixes
        .iter()
        .map(|p| p.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|p| !p.is_empty())
        .collect();
    out.sort_by_key(|p| std::cmp::Reverse(p.len()));
    out.dedup();
    out
}

/// Length in words of the transparent prefix `values` starts with, if any.
pub fn match_prefix(prefixes: &[Vec<String>], values: &[&str]) -> Option<usize> {
    prefixes
        .iter()
        .find(|p| {
            p.len() < values.len()
                && p.iter().zip(values).enumerate().all(|(k, (a, b))| {
                    if k == 0 {
                        a == b || basename(b) == a
                    } else {
                        a == b
                    }
                })
        })
        .map(Vec::len)
}
