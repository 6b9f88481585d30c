//! Package-manager front ends: `npm test|t|run|run-script <script>`, `pnpm test|run`,
//! `bun run <script>`, `npx <tool>` and `pnpm exec|dlx <tool>`.
//!
//! `npx <tool> …` is the tool's own filter (jest, vitest, tsc, eslint…) planned and compacted
//! over the words after the tool; no filter → passthrough. `npm test` / `npm run x` capture
//! both streams; the script's command is read from the banner the package manager prints
//! before running it — npm's `> cmd` on stdout (the banner shrinks to the `> cmd` line), or
//! bun's and pnpm 12's `$ cmd` as stderr's first line (kept) — and the output goes through that
//! tool's filter. The package manager's own failure lines (`npm error …`, bun's `error: script
//! "x" exited with code N`, pnpm's `[ELIFECYCLE] …` block) are kept whole. A script whose tool
//! has no filter, or whose tool's filter would pass it through, prints raw; so does a run with
//! no banner (`bun run file.ts` runs a file, not a script).

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
            return dollar_script(out);
        };
        let words = script_words(command);
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

/// A script announced as stderr's first line, `$ cmd` (bun, pnpm 12): the tool's filter sees
/// both streams without that line and without the package manager's failure lines at the end.
fn dollar_script(out: &Output<'_>) -> Result<Compacted, Unparsed> {
    let Some((first, body)) = out.stderr.split_once('\n') else {
        return Ok(Compacted::raw(out));
    };
    let Some(command) = first.strip_prefix("$ ") else {
        return Ok(Compacted::raw(out));
    };
    announced(out, first, &script_words(command), body, runner_failure)
}

/// A command a runner announced on stderr's first line (`first`, kept whole), whose words
/// are `words`: that tool's filter over stdout and the rest of stderr (`body`) up to the
/// runner's own closing lines (from the first `is_trailer` accepts, kept whole). A tool with
/// no filter, or whose filter would not capture this form, prints raw.
pub(crate) fn announced(
    out: &Output<'_>,
    first: &str,
    words: &[String],
    body: &str,
    is_trailer: impl Fn(&str) -> bool,
) -> Result<Compacted, Unparsed> {
    let Some((filter, inner)) = words
        .split_first()
        .and_then(|(first, rest)| lookup(first, rest))
    else {
        return Ok(Compacted::raw(out));
    };
    let Plan::Capture { stderr: both } = filter.plan(&inner) else {
        return Ok(Compacted::raw(out));
    };
    let trailer_at = body
        .split_inclusive('\n')
        .scan(0, |pos, l| {
            let at = *pos;
            *pos += l.len();
            Some((at, l))
        })
        .find(|(_, l)| is_trailer(l))
        .map_or(body.len(), |(at, _)| at);
    let (tool_err, trailer) = body.split_at(trailer_at);
    let inner_out = Output {
        stdout: out.stdout,
        stderr: if both { tool_err } else { "" },
        code: out.code,
    };
    let mut c = filter.compact(&inner, &inner_out)?;
    let err = c.stderr.take().unwrap_or_else(|| tool_err.to_string());
    c.stderr = Some(format!("{first}\n{err}{trailer}"));
    Ok(c)
}

/// The first of the lines a package manager prints when the script failed: bun's `error:
/// script "test" exited with code 1`, pnpm's `[ELIFECYCLE] Test failed. …` and what follows.
fn runner_failure(line: &str) -> bool {
    line.starts_with("error: script \"")
        || line.starts_with("[ELIFECYCLE]")
        || line.starts_with(" ELIFECYCLE ")
        || line.starts_with("Error: ERR_PNPM_")
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

/// The words of a script's command line as its banner shows it, leading `NAME=value`
/// assignments dropped: the tool whose filter reads the output comes first (npm's `> cmd`,
/// bun's and pnpm's `$ cmd`, yarn's `$ cmd`).
pub(crate) fn script_words(command: &str) -> Vec<String> {
    command
        .split_whitespace()
        .skip_while(|w| w.contains('=') && !w.starts_with('-'))
        .map(String::from)
        .collect()
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

    fn script(stdout: &str, stderr: &str) -> Compacted {
        let args = vec!["run".to_string(), "x".to_string()];
        let inv = Invocation {
            program: "bun",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout,
            stderr,
            code: 1,
        };
        Script.compact(&inv, &out).unwrap()
    }

    #[test]
    fn dollar_banner_goes_through_the_tool_and_keeps_the_runner_failure() {
        let err = "$ tsc --noEmit\nerror: script \"x\" exited with code 1\n";
        let c = script("a.ts(1,7): error TS2322: Bad.\n", err);
        assert!(c.stdout.contains("1:7 TS2322 Bad."), "{}", c.stdout);
        assert_eq!(c.stderr.as_deref(), Some(err));
    }

    #[test]
    fn no_dollar_banner_or_unknown_tool_is_raw() {
        for err in ["hello\n", "$ ./serve.sh\nlistening\n", ""] {
            let c = script("out\n", err);
            assert_eq!(
                (c.stdout.as_str(), c.stderr, c.elided),
                ("out\n", None, None)
            );
        }
    }
}
