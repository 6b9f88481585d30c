//! `ls -l` family: one entry per line as `name  size` (`name/` for directories, `name*` for
//! executables, `name -> target` for links); `.`/`..`, `total`, permissions, owners, link counts
//! and dates are dropped (said in the elision note). Folder headers of several paths / `-R`
//! are kept. Lines are compacted as ls prints them ([`Listing`] is the filter's [`Incremental`]).
//!
//! Listings without `-l` (one name a line, as ls prints to a pipe): each folder's names on one
//! line (more lines past `GROUP_LINE_CAP`), joined by a space (`Cargo.toml README.md src`),
//! every name whole; folder headers
//! (`src:`) and the blank line between folders stay. A name holding a space or a tab would not
//! be copyable from such a line: then the listing prints as ls printed it ([`Names`]). Forms
//! that print something else than names (columns `-C`/`-x`, `-m`, sizes `-s`, inodes `-i`,
//! quoting styles, colours, `--zero`) stream through unchanged.

use crate::filters::args::Spec;
use crate::filters::{
    Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed, GROUP_LINE_CAP,
};

pub struct Ls;

const SPEC: Spec = Spec {
    short_with_value: "ITw",
    long_with_value: &[
        "ignore",
        "hide",
        "tabsize",
        "width",
        "format",
        "sort",
        "time",
        "block-size",
    ],
};

impl Filter for Ls {
    fn name(&self) -> &'static str {
        "ls"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let a = inv.args;
        let other_layout = SPEC.has(
            a,
            "isgoGZnmxCQbNFp",
            &[
                "inode",
                "size",
                "full-time",
                "time-style",
                "context",
                "color",
                "format",
                "quoting-style",
                "zero",
                "dired",
                "numeric-uid-gid",
                "classify",
                "file-type",
                "indicator-style",
                "hyperlink",
            ],
        );
        if (SPEC.has(a, "l", &[]) && !other_layout) || names_only(a) {
            Plan::Capture { stderr: false }
        } else {
            Plan::Stream
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let mut i = self.incremental(inv).expect("incremental");
        i.feed(out.stdout, 0)?;
        i.finish(out)
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        if names_only(inv.args) {
            Some(Box::<Names>::default())
        } else {
            Some(Box::<Listing>::default())
        }
    }
}

/// Whether ls prints one name a line (optionally with a `-F`/`-p` indicator): no long format
/// (`-l`, `-g`, `-o`, `-n`, `--full-time`), no columns or commas, no sizes, inodes, contexts,
/// quoting, colours or NUL ends.
fn names_only(args: &[String]) -> bool {
    !SPEC.has(
        args,
        "lgonCxmsiZQbk",
        &[
            "format",
            "full-time",
            "time-style",
            "inode",
            "size",
            "context",
            "color",
            "colour",
            "quoting-style",
            "escape",
            "quote-name",
            "zero",
            "dired",
            "hyperlink",
            "width",
            "tabsize",
            "help",
            "version",
        ],
    )
}

/// One line of names per folder (see the module header), built as ls prints.
#[derive(Default)]
struct Names {
    text: String,
    /// Names on the current line, and its length in bytes.
    row: usize,
    width: usize,
    /// At the start of a folder's block (the output's start, or after a blank line).
    block_start: bool,
    started: bool,
}

impl Incremental for Names {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        for line in lines.lines() {
            let at_start = !self.started || self.block_start;
            self.started = true;
            if line.is_empty() {
                self.end_row();
                self.text.push('\n');
                self.block_start = true;
                continue;
            }
            if line.contains(char::is_whitespace) {
                return Err(Unparsed(format!("a name with a space: {line}")));
            }
            self.block_start = false;
            if at_start && line.ends_with(':') {
                // A folder header (`ls a b`, `ls -R`); in ls's own output a name ending in `:`
                // at a block's start reads the same way, so it is kept on its own line too.
                self.text.push_str(line);
                self.text.push('\n');
                continue;
            }
            // Past the cap the names go on on a new line (never one starting with a name that
            // ends in `:`, which would read as a folder header).
            if self.row > 0 && self.width + 1 + line.len() > GROUP_LINE_CAP && !line.ends_with(':')
            {
                self.end_row();
            }
            if self.row > 0 {
                self.text.push(' ');
                self.width += 1;
            }
            self.text.push_str(line);
            self.width += line.len();
            self.row += 1;
        }
        Ok(())
    }
    fn finish(mut self: Box<Self>, _out: &Output<'_>) -> Result<Compacted, Unparsed> {
        self.end_row();
        Ok(Compacted::stdout(self.text))
    }
}

impl Names {
    fn end_row(&mut self) {
        if self.row > 0 {
            self.text.push('\n');
            self.row = 0;
            self.width = 0;
        }
    }
}

/// The compact listing, built line by line as ls prints.
#[derive(Default)]
struct Listing {
    text: String,
    entries: usize,
}

impl Listing {
    fn feed(&mut self, lines: &str) -> Result<(), Unparsed> {
        let text = &mut self.text;
        text.reserve(lines.len() / 2);
        for line in lines.lines() {
            if line.is_empty() || line.starts_with("total ") {
                continue;
            }
            let Some(e) = parse_long(line) else {
                if line.ends_with(':') {
                    text.push_str(line);
                    text.push('\n');
                    continue;
                }
                return Err(Unparsed(format!("not an ls -l line: {line}")));
            };
            let (kind, perms, size, name) = (e.kind, e.perms, e.size, e.name);
            self.entries += 1;
            if name == "." || name == ".." {
                continue;
            }
            text.push_str(name);
            match kind {
                "d" => text.push('/'),
                "l" => {}
                "-" => {
                    if perms.contains(['x', 's', 't']) {
                        text.push('*');
                    }
                    text.push_str("  ");
                    text.push_str(size);
                }
                other => {
                    text.push_str("  (");
                    text.push_str(other);
                    text.push(')');
                }
            }
            text.push('\n');
        }
        Ok(())
    }
}

impl Incremental for Listing {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        Listing::feed(self, lines)
    }
    fn eliding(&self) -> bool {
        self.entries > 0
    }
    fn finish(self: Box<Self>, _out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let entries = self.entries;
        Ok(Compacted {
            stdout: self.text,
            stderr: None,
            elided: (entries > 0)
                .then(|| format!("permissions, owners, dates of {entries} entries")),
        })
    }
}

/// The fields of one `ls -l` line that the compact form keeps.
#[derive(Debug, PartialEq, Eq)]
struct Entry<'a> {
    kind: &'a str,
    perms: &'a str,
    size: &'a str,
    name: &'a str,
}

/// Parses `<type><9 perms>[.+@] links owner group size|maj, min month day time|year name`,
/// exactly the lines the pattern in the tests accepts. By hand: the pattern cost ~130
/// instructions a byte (a backtracking search per line), this a few.
fn parse_long(line: &str) -> Option<Entry<'_>> {
    let b = line.as_bytes();
    if b.len() < 10
        || !b"-bcdlpsDw?".contains(&b[0])
        || !b[1..10].iter().all(|c| b"-rwxsStTlL?".contains(c))
    {
        return None;
    }
    let mut c = Cursor { b, i: 10 };
    if matches!(b.get(10), Some(b'.' | b'+' | b'@')) {
        c.i += 1;
    }
    c.spaces()?;
    c.run(|x| x.is_ascii_digit())?;
    c.spaces()?;
    c.run(|x| x != b' ')?; // owner
    c.spaces()?;
    c.run(|x| x != b' ')?; // group
    c.spaces()?;
    let size = c.size()?;
    c.spaces()?;
    if !b.get(c.i)?.is_ascii_alphabetic() {
        return None;
    }
    c.run(|x| x != b' ')?; // month
    c.spaces()?;
    let day = c.run(|x| x.is_ascii_digit())?;
    if day.len() > 2 {
        return None;
    }
    c.spaces()?;
    let head = c.run(|x| x.is_ascii_digit())?;
    let time_ok = if b.get(c.i) == Some(&b':') {
        c.i += 1;
        head.len() <= 2 && c.run(|x| x.is_ascii_digit()).is_some_and(|m| m.len() == 2)
    } else {
        head.len() == 4
    };
    if !time_ok || b.get(c.i) != Some(&b' ') {
        return None;
    }
    Some(Entry {
        kind: &line[..1],
        perms: &line[1..10],
        size,
        name: &line[c.i + 1..],
    })
}

/// A position in an ASCII-led line.
struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cursor<'a> {
    /// One or more bytes matching `f`, as text.
    fn run(&mut self, f: impl Fn(u8) -> bool) -> Option<&'a str> {
        let start = self.i;
        while self.b.get(self.i).is_some_and(|&x| f(x)) {
            self.i += 1;
        }
        // The line is a str and the run stops before a byte `f` rejects: a char boundary for
        // every `f` used here (ASCII tests, or "not a space").
        (self.i > start).then(|| std::str::from_utf8(&self.b[start..self.i]).ok())?
    }
    fn spaces(&mut self) -> Option<()> {
        self.run(|x| x == b' ').map(drop)
    }
    /// `maj, min` (a device) or a size (`4096`, `1.5K`, `12,345`).
    fn size(&mut self) -> Option<&'a str> {
        let start = self.i;
        if self.run(|x| x.is_ascii_digit()).is_some() && self.b.get(self.i) == Some(&b',') {
            self.i += 1;
            while self.b.get(self.i) == Some(&b' ') {
                self.i += 1;
            }
            if self.run(|x| x.is_ascii_digit()).is_some() && self.b.get(self.i) == Some(&b' ') {
                return std::str::from_utf8(&self.b[start..self.i]).ok();
            }
        }
        self.i = start;
        self.run(|x| x.is_ascii_digit() || x == b'.' || x == b',')?;
        if self.b.get(self.i).is_some_and(|x| b"KMGTPEZY".contains(x)) {
            self.i += 1;
        }
        std::str::from_utf8(&self.b[start..self.i]).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(stdout: &str) -> Result<Compacted, Unparsed> {
        let args = vec!["-la".to_string()];
        let inv = Invocation {
            program: "ls",
            args: &args,
            sub: None,
        };
        Ls.compact(
            &inv,
            &Output {
                stdout,
                stderr: "",
                code: 0,
            },
        )
    }

    /// The pattern `parse_long` implements, as the regex it replaced.
    const PATTERN: &str = r"^([-bcdlpsDw?])([-rwxsStTlL?]{9})[.+@]? +[0-9]+ +[^ ]+ +[^ ]+ +([0-9]+, *[0-9]+|[0-9.,]+[KMGTPEZY]?) +[[:alpha:]][^ ]* +[0-9]{1,2} +(?:[0-9]{1,2}:[0-9]{2}|[0-9]{4}) (.*)$";

    #[test]
    #[allow(clippy::disallowed_methods)] // a test reading real listings, not a filter run
    fn parser_accepts_what_the_pattern_accepts() {
        let re = regex::Regex::new(PATTERN).unwrap();
        let lines = [
            "drwxr-xr-x 2 u g 4096 Jan  2  2026 .",
            "-rw-r--r-- 1 u g   12 Dec  2 11:36 a file.txt",
            "-rw-r--r--. 1 u g 1.5K Dec  2 1:36  lead space",
            "lrwxrwxrwx 1 u g    9 Jan  2  2026 l -> a file.txt",
            "crw-rw-rw- 1 u g 1, 3 Jan  2  2026 null",
            "brw-rw---- 1 u g 8,0 Jan  2  2026 sda",
            "crw-rw-rw- 1 u g 1,   3 Jan  2 09:00 tty",
            "-rw-r--r--+ 10 user staff 12,345 déc.  2 11:36 é.txt",
            "-rw-r--r--@ 1 u g 12 Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 12 Dec 123 11:36 x",
            "-rw-r--r-- 1 u g 12 Dec 2 111:36 x",
            "-rw-r--r-- 1 u g 12 Dec 2 11:3 x",
            "-rw-r--r-- 1 u g 12 Dec 2 11:366 x",
            "-rw-r--r-- 1 u g 12 Dec 2 20261 x",
            "-rw-r--r-- 1 u g 12 Dec 2 2026",
            "-rw-r--r-- 1 u g 12 Dec 2 2026 ",
            "-rw-r--r-- 1 u 12 Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 12K Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 12Q Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 1, Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 12 9ec 2 11:36 x",
            "-rw-r--r-- x u g 12 Dec 2 11:36 x",
            "-rw-r--r--1 u g 12 Dec 2 11:36 x",
            "xrw-r--r-- 1 u g 12 Dec 2 11:36 x",
            "-rw-r--r-- 1 u g 12 Dec 2 11:36\tx",
            "-rw-r--r-- 1 u g 12 Dec 2  11:36 x",
            "-rw-r--r-- 1 u g 12 Dec  2 11:36  two",
            "total 8",
            "",
            "-rw-r--r--",
            "src:",
        ];
        let mut accepted = 0;
        for line in lines {
            accepted += usize::from(re.is_match(line));
            let want = re.captures(line).map(|c| {
                (
                    c[1].to_string(),
                    c[2].to_string(),
                    c[3].to_string(),
                    c[4].to_string(),
                )
            });
            let got = parse_long(line).map(|e| {
                (
                    e.kind.to_string(),
                    e.perms.to_string(),
                    e.size.to_string(),
                    e.name.to_string(),
                )
            });
            assert_eq!(got, want, "{line:?}");
        }
        assert!(
            (8..lines.len() - 8).contains(&accepted),
            "{accepted} accepted"
        );
        // And every line of real listings on this machine.
        for dir in ["/", "/usr/bin", "/dev", "/etc"] {
            let Ok(o) = std::process::Command::new("ls").args(["-la", dir]).output() else {
                continue;
            };
            for line in String::from_utf8_lossy(&o.stdout).lines() {
                let want = re.captures(line).map(|c| c[4].to_string());
                assert_eq!(
                    parse_long(line).map(|e| e.name.to_string()),
                    want,
                    "{line:?}"
                );
            }
        }
    }

    #[test]
    fn entries_table() {
        let raw = "total 8\n\
drwxr-xr-x 2 u g 4096 Jan  2  2026 .\n\
-rw-r--r-- 1 u g   12 Dec  2 11:36 a file.txt\n\
-rwxr-xr-x 1 u g   19 Jan  2  2026 run.sh\n\
lrwxrwxrwx 1 u g    9 Jan  2  2026 l -> a file.txt\n\
crw-rw-rw- 1 u g 1, 3 Jan  2  2026 null\n";
        let c = compact(raw).unwrap();
        assert_eq!(
            c.stdout,
            "a file.txt  12\nrun.sh*  19\nl -> a file.txt\nnull  (c)\n"
        );
        assert!(c.elided.is_some());
    }

    fn names(args: &[&str], stdout: &str) -> Result<Compacted, Unparsed> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let inv = Invocation {
            program: "ls",
            args: &args,
            sub: None,
        };
        Ls.compact(
            &inv,
            &Output {
                stdout,
                stderr: "",
                code: 0,
            },
        )
    }

    #[test]
    fn a_long_row_of_names_goes_on_on_a_new_line() {
        let raw: String = (0..100).map(|i| format!("{i:030}\n")).collect();
        let out = names(&[], &raw).unwrap().stdout;
        assert!(out.lines().count() > 5, "{out}");
        assert!(out.lines().all(|l| l.len() <= GROUP_LINE_CAP), "{out}");
        let got: Vec<&str> = out.split_whitespace().collect();
        let want: Vec<&str> = raw.lines().collect();
        assert_eq!(got, want);
    }

    #[test]
    fn names_of_a_folder_share_a_line_whole() {
        let c = names(&[], "Cargo.lock\nCargo.toml\nsrc\nx:y.rs\n").unwrap();
        assert_eq!(c.stdout, "Cargo.lock Cargo.toml src x:y.rs\n");
        assert!(c.elided.is_none());
        // Several folders (`ls a b`, `ls -R`): headers and the blank line between them stay.
        let raw = "a.txt\n\nsrc:\nlib.rs\nmain.rs\n\nsrc/empty:\n\nz:\nq\n";
        let c = names(&["-R", "-a"], raw).unwrap();
        assert_eq!(
            c.stdout,
            "a.txt\n\nsrc:\nlib.rs main.rs\n\nsrc/empty:\n\nz:\nq\n"
        );
        assert_eq!(
            names(&["-F"], "bin/\nrun*\n").unwrap().stdout,
            "bin/ run*\n"
        );
    }

    #[test]
    fn a_name_with_a_space_keeps_ls_lines() {
        assert!(names(&[], "a b.txt\nc\n").is_err());
        assert!(names(&[], "a\tb\n").is_err());
        assert!(names(&[], "nbsp\u{a0}name\n").is_err());
    }

    #[test]
    fn only_one_name_a_line_forms_are_joined() {
        for args in [
            &[][..],
            &["-a"],
            &["-1"],
            &["-R", "src"],
            &["-AtrF"],
            &["--sort=size"],
        ] {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            assert!(names_only(&args), "{args:?}");
        }
        for args in [
            &["-C"][..],
            &["-x"],
            &["-m"],
            &["-s"],
            &["-i"],
            &["-Q"],
            &["-l"],
            &["-1g"],
            &["--color=always"],
            &["--format=commas"],
            &["--zero"],
            &["--quoting-style=shell"],
        ] {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            assert!(!names_only(&args), "{args:?}");
        }
    }

    #[test]
    fn other_date_styles_are_unparsed_not_misread() {
        let iso = "-rw-r--r-- 1 u g 12 2026-01-02 03:04 empty dir\n";
        assert!(compact(iso).is_err());
    }
}
