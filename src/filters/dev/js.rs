//! Package-manager front ends: `npm test|t|run|run-script <script>`, `pnpm test|run`,
//! `npx <tool>` and `pnpm exec|dlx <tool>`.
//!
//! `npx <tool> …` is the tool's own filter (jest, vitest, tsc, eslint…) planned and compacted
//! over the words after the tool; no filter → passthrough. `npm test` / `npm run x` capture
//! both streams; the script's command is read from npm's `> cmd` banner and the output goes
//! through that tool's filter (the banner shrinks to the `> cmd` line; `npm error` lines are
//! kept). A script whose tool has no filter prints raw.

use crate::filters::{lookup, Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Npx;
pub struct Script;

/// The tool an `npx`-like invocation runs: (tool, its args), skipping npx's own options.
fn tool_words<'a>(inv: &Invocation<'a>) -> Option<(&'a String, &'a [String])> {
    let args = inv.rest();
    let i = args.iter().position(|a| !a.starts_with('-'))?;
    // `npx -p pkg tool` / `--package pkg`: the word after -p is a package, not the tool.
    if i > 0 && matches!(args[i - 1].as_str(), "-p" | "--package" | "-c" | "--call") {
        return None;
    }
    Some((&args[i], &args[i + 1..]))
}

impl Filter for Npx {
    fn name(&self) -> &'static str {
        "npx"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        match tool_words(inv).and_then(|(t, rest)| lookup(t, rest)) {
            Some((f, inner)) if f.name() != self.name() => f.plan(&inner),
            _ => Plan::Passthrough,
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        match tool_words(inv).and_then(|(t, rest)| lookup(t, rest)) {
            Some((f, inner)) if f.name() != self.name() => f.compact(&inner, out),
            _ => Ok(Compacted::raw(out)),
        }
    }
}

impl Filter for Script {
    fn name(&self) -> &'static str {
        "npm-script"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let sub = inv.sub.map_or("", |i| inv.args[i].as_str());
        let rest = inv.rest();
        // `npm run` alone lists the scripts.
        if (sub == "run" || sub == "run-script") && !rest.iter().any(|a| !a.starts_with('-')) {
            return Plan::Passthrough;
        }
        if rest
            .iter()
            .any(|a| a == "--watch" || a == "--help" || a == "-h")
        {
            return Plan::Passthrough;
        }
        Plan::Capture { stderr: true }
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let Some((banner_end, command)) = banner(out.stdout) else {
            return Ok(Compacted::raw(out));
        };
        let words: Vec<String> = command
            .split_whitespace()
            .skip_while(|w| w.contains('=') && !w.starts_with('-'))
            .map(String::from)
            .collect();
        let Some((first, rest)) = words.split_first() else {
            return Ok(Compacted::raw(out));
        };
        let Some((filter, inner)) = lookup(first, rest) else {
            return Ok(Compacted::raw(out));
        };
        let body = &out.stdout[banner_end..];
        let inner_out = Output {
            stdout: body,
            stderr: out.stderr,
            code: out.code,
        };
        let mut c = filter.compact(&inner, &inner_out)?;
        c.stdout = format!("> {command}\n{}", c.stdout);
        Ok(c)
    }
}

/// npm's script banner: a blank line, `> pkg@1.0.0 script`, `> the command`, a blank line.
/// Returns where the script's own output starts and the command.
fn banner(stdout: &str) -> Option<(usize, &str)> {
    let mut pos = 0;
    let mut seen = Vec::new();
    for line in stdout.split_inclusive('\n') {
        let t = line.trim_end_matches('\n');
        pos += line.len();
        if t.is_empty() && seen.len() < 2 {
            continue;
        }
        match t.strip_prefix("> ") {
            Some(rest) if seen.len() < 2 => seen.push(rest),
            _ => {
                if t.is_empty() {
                    break;
                }
                return None;
            }
        }
        if seen.len() == 2 {
            // Swallow the blank line that follows, if any.
            let after = &stdout[pos..];
            if after.starts_with('\n') {
                pos += 1;
            }
            return Some((pos, seen[1]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banner_is_found() {
        let s = "\n> demo@1.0.0 test\n> jest --ci\n\nrest\n";
        let (end, cmd) = banner(s).unwrap();
        assert_eq!(cmd, "jest --ci");
        assert_eq!(&s[end..], "rest\n");
        assert_eq!(banner("no banner\n"), None);
    }
}
