//! Diagnostic lists — the one rendering shared by type checkers, linters and vet (tsc, eslint,
//! ruff, flake8, mypy, pyright, go vet/build): each problem is a [`Diag`] (file, location,
//! severity, code, message, note lines) and the other lines of the report stay as they are.
//!
//! Rendering: each run of consecutive problems is grouped by file in order of first appearance,
//! as `rg --heading` does (`file:` on a line, then `12:5 CODE message` lines, unindented; a file
//! with a single problem stays on one line, `file:12:5 CODE message`); notes go under their
//! problem, indented by two spaces. One message (same severity, code and text, no notes) at
//! several locations becomes one line listing every location at the place of its first
//! appearance — `3:7,10:44,other.ts:4:1,9:2 …`: a location is in the file last named before it
//! on the line, else in the file of its group. Errors carry no severity word; anything else
//! (`warning`, `note`) is named. Every location, code and message text is printed; only the
//! repeated file paths, repeated messages, severity words of errors, indentation and column
//! padding go.

/// One problem of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diag {
    pub file: String,
    /// `line:col` or `line`.
    pub loc: String,
    /// Empty for an error; else the tool's word (`warning`, `note`, `info`).
    pub severity: String,
    /// The tool's code or rule (`TS2322`, `F401`, `[assignment]`, `no-undef`); may be empty.
    pub code: String,
    pub message: String,
    /// Lines that belong to this problem (notes, hints, continuation lines), each printed
    /// under it, stripped of their indentation.
    pub notes: Vec<String>,
}

impl Diag {
    pub fn new(file: &str, loc: String, severity: &str, code: &str, message: &str) -> Self {
        let severity = if severity == "error" { "" } else { severity };
        Diag {
            file: file.strip_prefix("./").unwrap_or(file).to_string(),
            loc,
            severity: severity.to_string(),
            code: code.to_string(),
            message: message.trim_end().to_string(),
            notes: Vec::new(),
        }
    }

    /// What follows the location: `[severity ]code message`.
    fn body(&self) -> String {
        let mut s = String::new();
        for part in [&self.severity, &self.code, &self.message] {
            if !part.is_empty() {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(part);
            }
        }
        s
    }
}

/// A report: problems and the tool's other lines (headers, summaries), in order.
#[derive(Debug, Default)]
pub struct Report {
    items: Vec<Item>,
    /// How many problems were added.
    pub count: usize,
}

#[derive(Debug)]
enum Item {
    Diag(Diag),
    Line(String),
}

impl Report {
    pub fn diag(&mut self, d: Diag) {
        self.count += 1;
        self.items.push(Item::Diag(d));
    }
    /// A line kept as it is (it also ends the current run of problems).
    pub fn line(&mut self, l: &str) {
        self.items.push(Item::Line(l.to_string()));
    }
    /// A note line of the last problem; a plain line when there is none right before it.
    pub fn note(&mut self, l: &str) {
        match self.items.last_mut() {
            Some(Item::Diag(d)) => d.notes.push(l.trim().to_string()),
            _ => self.line(l),
        }
    }
    /// The last item, when it is a problem.
    pub fn last(&self) -> Option<&Diag> {
        match self.items.last() {
            Some(Item::Diag(d)) => Some(d),
            _ => None,
        }
    }
    /// Whether the last item is a problem (notes would attach to it).
    pub fn in_diag(&self) -> bool {
        matches!(self.items.last(), Some(Item::Diag(_)))
    }
    /// Number of distinct files among the problems.
    pub fn files(&self) -> usize {
        let mut seen: Vec<&str> = Vec::new();
        for i in &self.items {
            if let Item::Diag(d) = i {
                if !seen.contains(&d.file.as_str()) {
                    seen.push(&d.file);
                }
            }
        }
        seen.len()
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut run: Vec<&Diag> = Vec::new();
        for item in &self.items {
            match item {
                Item::Diag(d) => run.push(d),
                Item::Line(l) => {
                    render_run(&run, &mut out);
                    run.clear();
                    out.push_str(l);
                    out.push('\n');
                }
            }
        }
        render_run(&run, &mut out);
        out
    }
}

/// One printed line: the problem and every (file, location) it was reported at.
struct Entry<'a> {
    diag: &'a Diag,
    at: Vec<(&'a str, &'a str)>,
}

/// The run's problems folded: one entry per distinct problem (same severity, code and message,
/// no notes), its locations in print order (files in order of first appearance, then the
/// tool's order within each file).
fn fold<'a>(files: &[(&'a str, Vec<&'a Diag>)]) -> Vec<Entry<'a>> {
    let mut entries: Vec<Entry<'a>> = Vec::new();
    for (file, diags) in files {
        for d in diags {
            let same = |e: &&mut Entry<'_>| {
                let f = e.diag;
                d.notes.is_empty()
                    && f.notes.is_empty()
                    && f.message == d.message
                    && f.code == d.code
                    && f.severity == d.severity
            };
            match entries.iter_mut().find(|e| same(e)) {
                Some(e) => e.at.push((file, &d.loc)),
                None => entries.push(Entry {
                    diag: d,
                    at: vec![(file, &d.loc)],
                }),
            }
        }
    }
    entries
}

fn render_run(run: &[&Diag], out: &mut String) {
    let mut files: Vec<(&str, Vec<&Diag>)> = Vec::new();
    for d in run {
        match files.iter_mut().find(|(f, _)| *f == d.file) {
            Some((_, v)) => v.push(d),
            None => files.push((&d.file, vec![d])),
        }
    }
    let entries = fold(&files);
    for (file, _) in &files {
        // The entries first reported in this file; a file whose problems were all printed
        // with an earlier file's gets no line of its own.
        let owned: Vec<&Entry<'_>> = entries.iter().filter(|e| e.at[0].0 == *file).collect();
        match owned.as_slice() {
            [] => continue,
            [e] if e.at.len() == 1 => {
                out.push_str(file);
                out.push(':');
            }
            _ => {
                out.push_str(file);
                out.push_str(":\n");
            }
        }
        for e in owned {
            // Each location is in the file last named on the line (at first the group's).
            let mut current: &str = file;
            for (i, (f, loc)) in e.at.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if *f != current {
                    out.push_str(f);
                    out.push(':');
                    current = f;
                }
                out.push_str(loc);
            }
            let body = e.diag.body();
            if !body.is_empty() {
                out.push(' ');
                out.push_str(&body);
            }
            out.push('\n');
            for n in &e.diag.notes {
                out.push_str("  ");
                out.push_str(n);
                out.push('\n');
            }
        }
    }
}

/// `count problem(s) in files file(s)`, e.g. `11 errors in 3 files`.
pub fn count_line(count: usize, what: &str, files: usize) -> String {
    format!(
        "{count} {what}{} in {files} file{}",
        if count == 1 { "" } else { "s" },
        if files == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(file: &str, loc: &str, sev: &str, code: &str, msg: &str) -> Diag {
        Diag::new(file, loc.into(), sev, code, msg)
    }

    #[test]
    fn grouped_by_file_in_order_of_first_appearance_with_folding() {
        let mut r = Report::default();
        r.line("# pkg");
        r.diag(d("./b.go", "3:1", "error", "", "x is bad"));
        r.diag(d("a.go", "1:2", "error", "E1", "same"));
        r.diag(d("b.go", "9:9", "warning", "W", "other"));
        r.diag(d("a.go", "4:5", "error", "E1", "same"));
        r.diag(d("a.go", "5:5", "error", "E1", "different"));
        r.line("Found 5 problems");
        r.diag(d("c.go", "7", "error", "", "alone"));
        r.note("    note: see here");
        assert_eq!(r.count, 6);
        assert_eq!(r.files(), 3);
        assert_eq!(
            r.render(),
            "# pkg\nb.go:\n3:1 x is bad\n9:9 warning W other\na.go:\n1:2,4:5 E1 same\n5:5 E1 different\nFound 5 problems\nc.go:7 alone\n  note: see here\n"
        );
    }

    #[test]
    fn one_message_in_several_files_is_one_line() {
        let mut r = Report::default();
        r.diag(d("a.ts", "1:1", "error", "T1", "same"));
        r.diag(d("a.ts", "2:2", "error", "T2", "own"));
        r.diag(d("b.ts", "3:3", "error", "T1", "same"));
        r.diag(d("c.ts", "4:4", "error", "T1", "same"));
        r.diag(d("c.ts", "5:5", "error", "T1", "same"));
        r.diag(d("d.ts", "6:6", "error", "T1", "same"));
        r.diag(d("d.ts", "7:7", "error", "T3", "last"));
        assert_eq!(
            r.render(),
            "a.ts:\n1:1,b.ts:3:3,c.ts:4:4,5:5,d.ts:6:6 T1 same\n2:2 T2 own\nd.ts:7:7 T3 last\n"
        );
    }

    #[test]
    fn problems_with_notes_are_never_folded() {
        let mut r = Report::default();
        r.diag(d("a.py", "1", "error", "[x]", "m"));
        r.note("hint");
        r.diag(d("a.py", "2", "error", "[x]", "m"));
        r.diag(d("a.py", "3", "error", "[x]", "m"));
        assert_eq!(r.render(), "a.py:\n1 [x] m\n  hint\n2,3 [x] m\n");
    }

    #[test]
    fn a_note_without_a_problem_is_a_line() {
        let mut r = Report::default();
        r.note("  stray");
        assert!(!r.in_diag());
        assert_eq!(r.render(), "  stray\n");
        assert_eq!(count_line(1, "error", 1), "1 error in 1 file");
        assert_eq!(count_line(2, "error", 3), "2 errors in 3 files");
    }
}
