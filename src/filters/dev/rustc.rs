//! cargo's stderr (build, check, clippy, test): progress lines (`Compiling x v1.2`,
//! `Finished`, `Running`…) are dropped; every error block is kept whole (message, code, every
//! location, source line, label, note and help) with the drawing of its source view left out
//! (`  |` rulers, caret runs, connectors; see [`gutter`]); each warning becomes one line `file:line:col: [code] message
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
    /// The warning, or `None` when it is a summary (`generated 2 warnings`).
    fn warning(&self) -> Option<Warning> {
        let caps = HEADER.captures(self.header())?;
        let code = caps.get(2).map_or("", |m| m.as_str());
        let lint = self
            .lines
            .iter()
            .find_map(|l| LINT.captures(l).map(|c| c[1].to_string()));
        let loc = self.location()?.to_string();
        Some(Warning {
            file: loc.split(':').next().unwrap_or(&loc).to_string(),
            loc,
            code: code
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            msg: caps.get(3).map_or("", |m| m.as_str()).to_string(),
            lint,
        })
    }
}

/// One warning, reduced to what it says and where.
#[derive(PartialEq)]
struct Warning {
    file: String,
    loc: String,
    code: String,
    msg: String,
    /// The lint named by rustc's `#[warn(…)]` note (printed once per lint, on its first warning).
    lint: Option<String>,
}

impl Warning {
    /// The message with each `quoted` part replaced by `…`, and the quoted parts.
    fn shape(&self) -> (String, Vec<&str>) {
        let mut shape = String::new();
        let mut args = Vec::new();
        for (i, part) in self.msg.split('`').enumerate() {
            if i % 2 == 1 {
                shape.push_str("`…`");
                args.push(part);
            } else {
                shape.push_str(part);
            }
        }
        if args.len() * 2 + 1 != self.msg.split('`').count() {
            // An unpaired backtick: the message is its own shape.
            return (self.msg.clone(), Vec::new());
        }
        (shape, args)
    }
}

/// Renders the warnings, ordered by file: one line each, except that warnings with the same
/// message shape (`unused variable: `…``) share a header line and list `loc: args` under it.
fn render_warnings(warnings: &[Warning], sink: &mut Sink) {
    let mut files: Vec<&str> = Vec::new();
    for w in warnings {
        if !files.contains(&w.file.as_str()) {
            files.push(&w.file);
        }
    }
    let ordered: Vec<&Warning> = files
        .iter()
        .flat_map(|f| warnings.iter().filter(move |w| w.file == *f))
        .collect();
    let mut groups: Vec<((&str, String), Vec<&Warning>)> = Vec::new();
    for w in &ordered {
        let key = (w.code.as_str(), w.shape().0);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(w),
            None => groups.push((key, vec![w])),
        }
    }
    let n = warnings.len();
    sink.line(&format!("{n} warning{}:", if n == 1 { "" } else { "s" }));
    let code = |c: &str| {
        if c.is_empty() {
            String::new()
        } else {
            format!("{c} ")
        }
    };
    for ((c, shape), members) in &groups {
        let lint = members
            .iter()
            .find_map(|w| w.lint.as_deref())
            .map(|l| format!(" [{l}]"))
            .unwrap_or_default();
        if let [w] = members.as_slice() {
            sink.line(&format!("{}: {}{}{lint}", w.loc, code(c), w.msg));
            continue;
        }
        sink.line(&format!("{}× {}{shape}{lint}:", members.len(), code(c)));
        for w in members {
            let args = w.shape().1;
            if args.is_empty() {
                sink.line(&format!("  {}", w.loc));
            } else {
                let quoted: Vec<String> = args.iter().map(|a| format!("`{a}`")).collect();
                sink.line(&format!("  {}: {}", w.loc, quoted.join(", ")));
            }
        }
    }
}

/// A line of a diagnostic's source view, rendered without the drawing.
enum Gutter {
    /// What the line says, in fewer characters.
    Keep(String),
    /// Only drawing (`  |`, carets without a label, connectors): nothing to say.
    Drawing,
}

/// Reads one line of rustc's source view (`  --> f.rs:1:2`, `12 |     code`, `   |  ^^^ label`,
/// `   = note: …`); `None` for lines that are not part of it (headers, `help:` lines, text).
/// Source lines lose their indentation, labels keep their text behind `^` (the primary span)
/// or `-` (a secondary one).
fn gutter(line: &str) -> Option<Gutter> {
    let t = line.trim_start();
    if t.starts_with("--> ") || t.starts_with("::: ") {
        return Some(Gutter::Keep(format!(" {}", t.trim_end())));
    }
    if t.starts_with("= ") {
        return Some(Gutter::Keep(format!("  {}", t.trim_end())));
    }
    if t == "..." {
        return Some(Gutter::Keep(t.to_string()));
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        // `12 | code`, or a suggestion's `12 + code` / `12 - code` / `12 ~ code`.
        let rest = &t[digits..];
        let rest = rest.strip_prefix(' ')?.trim_start();
        let marker = rest.chars().next().filter(|c| "|+-~".contains(*c))?;
        let code = rest[1..].trim();
        return Some(Gutter::Keep(format!("{} {marker} {code}", &t[..digits])));
    }
    let rest = t.strip_prefix('|')?;
    // Drawing is whole words of `|^-_~+/\`; the label starts at the first other word.
    let mut label = rest.trim_start();
    let mut mark = '-';
    while let Some(word) = label.split(' ').next().filter(|w| !w.is_empty()) {
        if !word.chars().all(|c| "|^-_~+/\\".contains(c)) {
            break;
        }
        if word.contains('^') {
            mark = '^';
        }
        label = label[word.len()..].trim_start();
    }
    if label.is_empty() {
        return Some(Gutter::Drawing);
    }
    Some(Gutter::Keep(format!("  {mark} {}", label.trim_end())))
}

/// Lines rustc/cargo print that carry no information once the errors are shown.
pub fn is_noise(l: &str) -> bool {
    STATUS.is_match(l)
        || l.starts_with("Some errors have detailed explanations")
        || l.starts_with("For more information about this error")
        || l.starts_with("For more information about an error")
        || l == "warning: build failed, waiting for other jobs to finish..."
        || (l.starts_with("warning: `") && l.contains(" generated ") && l.contains(" warning"))
}

/// Compacts cargo's stderr. Returns the text and how many lines of information were left out
/// (warning detail); progress, hints, blank lines and source-view drawing are not counted.
pub fn compact(stderr: &str) -> Sink {
    let clean = strip_ansi(stderr);
    let mut sink = Sink::default();
    let mut warnings: Vec<Warning> = Vec::new();
    let mut block: Option<Block> = None;
    let mut flush = |block: &mut Option<Block>, sink: &mut Sink| {
        let Some(b) = block.take() else { return };
        let is_warning = b.header().starts_with("warning");
        match b.warning().filter(|_| is_warning) {
            Some(w) => {
                // The warning's source view, notes and help: detail an agent may want back.
                sink.dropped += b.lines.len().saturating_sub(1);
                // A duplicate (cargo test builds a crate twice) says nothing new.
                if !warnings.contains(&w) {
                    warnings.push(w);
                }
            }
            None => {
                for l in &b.lines {
                    match gutter(l) {
                        Some(Gutter::Keep(k)) => sink.line(&k),
                        // Pure drawing says nothing: not counted as elided.
                        Some(Gutter::Drawing) => {}
                        None => sink.line(l),
                    }
                }
            }
        }
    };
    for line in clean.lines() {
        // Progress, explanation hints and blank lines carry nothing once the errors are
        // shown: dropped without counting them as elided (no tee note for them alone).
        if is_noise(line) {
            flush(&mut block, &mut sink);
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
            Some(_) => flush(&mut block, &mut sink),
            None if line.is_empty() => {}
            None => sink.line(line),
        }
    }
    flush(&mut block, &mut sink);
    if !warnings.is_empty() {
        render_warnings(&warnings, &mut sink);
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

    #[test]
    fn source_view_loses_its_drawing_and_keeps_every_word() {
        let raw = "error[E0308]: mismatched types\n  --> src/a.rs:22:9\n   |\n18 |     fn d() -> i32 {\n   |               --- expected `i32` because of return type\n...\n22 |         \"two\"\n   |         ^^^^^ -1 is not `&str`\n   |         |\n   |         hanging label\n   |\n   = note: a note\nhelp: consider this\n   |\n22 |         2\n   |         +\n";
        let s = compact(raw);
        assert_eq!(
            s.text,
            "error[E0308]: mismatched types\n --> src/a.rs:22:9\n18 | fn d() -> i32 {\n  - expected `i32` because of return type\n...\n22 | \"two\"\n  ^ -1 is not `&str`\n  - hanging label\n  = note: a note\nhelp: consider this\n22 | 2\n"
        );
        // Only drawing went: nothing to recover, no elision counted.
        assert_eq!(s.dropped, 0);
    }

    #[test]
    fn warnings_of_one_shape_share_a_header() {
        let w = |name: &str, file: &str, note: &str| {
            format!("warning: unused variable: `{name}`\n --> {file}:3:9\n  |\n{note}\n")
        };
        let raw = [
            w(
                "a",
                "src/x.rs",
                "  = note: `#[warn(unused_variables)]` on by default",
            ),
            w("b", "src/y.rs", "  |"),
            "warning: function `f` is never used\n --> src/x.rs:9:4\n\n".to_string(),
            w("c", "src/x.rs", "  |"),
        ]
        .concat();
        let s = compact(&raw);
        assert_eq!(
            s.text,
            "4 warnings:\n3× unused variable: `…` [unused_variables]:\n  src/x.rs:3:9: `a`\n  src/x.rs:3:9: `c`\n  src/y.rs:3:9: `b`\nsrc/x.rs:9:4: function `f` is never used\n"
        );
    }
}
