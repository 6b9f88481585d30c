//! cargo's stderr (build, check, clippy, test): progress lines (`Compiling x v1.2`,
//! `Finished`, `Running`…) are dropped; every error block is kept in full (message, code,
//! location, snippet, help); each warning becomes one line `file:line:col: [code] message
//! [lint]` under an `N warnings:` line, grouped by file and deduplicated (cargo test builds a
//! crate twice). Lines the parser does not know are kept as they are.

use std::sync::LazyLock;

use regex::Regex;

use super::{strip_ansi, Sink};

static STATUS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^\s+(Compiling|Checking|Downloading|Downloaded|Updating|Locking|Adding|Blocking|Fresh|Documenting|Finished|Running|Doc-tests|Packaging|Verifying|Archiving|Installing|Installed|Replacing|Removing|Dirty|Unpacking|Migrating|Fetching|Building|Scraping)\b",
    )
    .unwrap()
});
static HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(error|warning)(\[[A-Za-z0-9_:]+\])?: (.*)$").unwrap());
static LINT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"#\[(?:warn|deny|forbid)\(([\w:]+)\)\]").unwrap());

/// One diagnostic from rustc as cargo prints it.
struct Block {
    lines: Vec<String>,
}

impl Block {
    fn header(&self) -> &str {
        &self.lines[0]
    }
    fn location(&self) -> Option<&str> {
        self.lines
            .iter()
            .find_map(|l| l.trim_start().strip_prefix("--> "))
            .map(str::trim)
    }
    /// The warning as one line, or `None` when it is a summary (`generated 2 warnings`).
    fn warning_line(&self) -> Option<(String, String)> {
        let caps = HEADER.captures(self.header())?;
        let code = caps.get(2).map_or("", |m| m.as_str());
        let msg = caps.get(3).map_or("", |m| m.as_str());
        let lint = self
            .lines
            .iter()
            .find_map(|l| LINT.captures(l).map(|c| c[1].to_string()));
        let lint = lint.map(|l| format!(" [{l}]")).unwrap_or_default();
        let loc = self.location()?;
        let file = loc.split(':').next().unwrap_or(loc).to_string();
        let code = code.trim_start_matches('[').trim_end_matches(']');
        let code = if code.is_empty() {
            String::new()
        } else {
            format!("{code} ")
        };
        Some((file, format!("{loc}: {code}{msg}{lint}")))
    }
}

/// Lines rustc/cargo print that carry no information once the errors are shown.
fn is_noise(l: &str) -> bool {
    STATUS.is_match(l)
        || l.starts_with("Some errors have detailed explanations")
        || l.starts_with("For more information about this error")
        || l.starts_with("For more information about an error")
        || l == "warning: build failed, waiting for other jobs to finish..."
        || (l.starts_with("warning: `") && l.contains(" generated ") && l.contains(" warning"))
}

/// Compacts cargo's stderr. Returns the text and how many lines were left out.
pub fn compact(stderr: &str) -> Sink {
    let clean = strip_ansi(stderr);
    let mut sink = Sink::default();
    let mut warnings: Vec<(String, String)> = Vec::new();
    let mut block: Option<Block> = None;
    let mut flush = |block: &mut Option<Block>, sink: &mut Sink| {
        let Some(b) = block.take() else { return };
        let is_warning = b.header().starts_with("warning");
        match b.warning_line().filter(|_| is_warning) {
            Some(w) => {
                sink.dropped += b.lines.len().saturating_sub(1);
                if warnings.contains(&w) {
                    sink.dropped += 1;
                } else {
                    warnings.push(w);
                }
            }
            None => {
                for l in &b.lines {
                    sink.line(l);
                }
            }
        }
    };
    for line in clean.lines() {
        if is_noise(line) {
            flush(&mut block, &mut sink);
            sink.drop_line();
            continue;
        }
        if HEADER.is_match(line) {
            flush(&mut block, &mut sink);
            block = Some(Block {
                lines: vec![line.to_string()],
            });
            continue;
        }
        match block.as_mut() {
            Some(b) if !line.is_empty() => b.lines.push(line.to_string()),
            Some(_) => {
                flush(&mut block, &mut sink);
                sink.drop_line();
            }
            None if line.is_empty() => sink.drop_line(),
            None => sink.line(line),
        }
    }
    flush(&mut block, &mut sink);
    if !warnings.is_empty() {
        let mut files: Vec<&str> = Vec::new();
        for (f, _) in &warnings {
            if !files.contains(&f.as_str()) {
                files.push(f);
            }
        }
        let n = warnings.len();
        sink.line(&format!("{n} warning{}:", if n == 1 { "" } else { "s" }));
        for f in &files {
            for (_, w) in warnings.iter().filter(|(wf, _)| wf == f) {
                sink.line(w);
            }
        }
    }
    sink
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_in_full_warnings_one_line_progress_dropped() {
        let raw = "   Compiling demo v0.1.0 (/x)\nwarning: unused variable: `u`\n --> src/lib.rs:1:5\n  |\n1 | let u = 1;\n  |     ^\n  |\n  = note: `#[warn(unused_variables)]` on by default\n\nerror[E0425]: cannot find value `m`\n --> src/lib.rs:2:9\n  |\n2 | m\n  | ^ not found\n\nwarning: `demo` (lib) generated 1 warning\nerror: could not compile `demo` (lib) due to 1 previous error\n";
        let s = compact(raw);
        assert!(!s.text.contains("Compiling"));
        assert!(s
            .text
            .contains("error[E0425]: cannot find value `m`\n --> src/lib.rs:2:9\n"));
        assert!(s.text.contains("2 | m\n"));
        assert!(s
            .text
            .contains("src/lib.rs:1:5: unused variable: `u` [unused_variables]"));
        assert!(s.text.contains("error: could not compile `demo`"));
        assert!(!s.text.contains("generated 1 warning"));
    }

    #[test]
    fn duplicate_warnings_are_counted_once() {
        let w = "warning: x\n --> a.rs:1:1\n\n";
        let s = compact(&format!("{w}{w}"));
        assert_eq!(s.text.matches("a.rs:1:1: x").count(), 1);
        assert!(s.text.starts_with("1 warning:\n"));
    }
}
