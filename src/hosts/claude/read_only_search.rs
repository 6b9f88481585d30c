//! The search commands of Claude Code's read-only table (`grep`, `egrep`, `fgrep`, `rg`): the
//! forms rtk calls read-only, a subset of the 2.1.332 bundle's safe-flag tables checked by
//! `parity/probe.py` on every release in [`super::read_only::MEASURED`]
//! (`parity/claude-readonly-<version>.txt`).
//!
//! Claude accepts a word that is a flag of the program's table (a flag taking a value with its
//! value, a run of single-letter flags that take none), and any other word as an operand. rtk
//! keeps less: flags that take no value, the context and count flags with a number, `rg`'s
//! file type by name; a pattern or a path as a plain word (the caller has already refused
//! quotes, globs, expansions and paths leaving the working directory). A pattern file
//! (`-f`), an explicit pattern (`-e`), include/exclude globs and every other valued flag are
//! left to Claude.

/// `grep` flags that take no value in the 2.1.332 table.
const GREP_BARE: &[&str] = &[
    "-F",
    "--fixed-strings",
    "-G",
    "--basic-regexp",
    "-E",
    "--extended-regexp",
    "-P",
    "--perl-regexp",
    "-i",
    "--ignore-case",
    "--no-ignore-case",
    "-v",
    "--invert-match",
    "-w",
    "--word-regexp",
    "-x",
    "--line-regexp",
    "-c",
    "--count",
    "-L",
    "--files-without-match",
    "-l",
    "--files-with-matches",
    "-o",
    "--only-matching",
    "-q",
    "--quiet",
    "--silent",
    "-s",
    "--no-messages",
    "-b",
    "--byte-offset",
    "-H",
    "--with-filename",
    "-h",
    "--no-filename",
    "-n",
    "--line-number",
    "-T",
    "--initial-tab",
    "-Z",
    "--null",
    "-a",
    "--text",
    "-I",
    "-r",
    "--recursive",
    "-R",
    "--dereference-recursive",
    "--no-group-separator",
];

/// `grep` flags whose value is a number in the 2.1.332 table.
const GREP_NUMBER: &[&str] = &[
    "-m",
    "--max-count",
    "-A",
    "--after-context",
    "-B",
    "--before-context",
    "-C",
    "--context",
];

/// `rg` flags that take no value in the 2.1.332 table.
const RG_BARE: &[&str] = &[
    "-i",
    "--ignore-case",
    "-S",
    "--smart-case",
    "-F",
    "--fixed-strings",
    "-w",
    "--word-regexp",
    "-v",
    "--invert-match",
    "-c",
    "--count",
    "-l",
    "--files-with-matches",
    "--files-without-match",
    "-n",
    "--line-number",
    "-o",
    "--only-matching",
    "-H",
    "-h",
    "--heading",
    "--no-heading",
    "-q",
    "--quiet",
    "--column",
    "--hidden",
    "--no-ignore",
    "-u",
    "-a",
    "--text",
    "-L",
    "--follow",
];

/// `rg` flags whose value is a number in the 2.1.332 table.
const RG_NUMBER: &[&str] = &[
    "-A",
    "--after-context",
    "-B",
    "--before-context",
    "-C",
    "--context",
    "-m",
    "--max-count",
    "-d",
    "--max-depth",
];

/// `rg` flags whose value is a file type name (`-t py`).
const RG_TYPE: &[&str] = &["-t", "--type", "-T", "--type-not"];

/// Whether `program args` is a search form rtk calls read-only (None: not a search program).
pub fn safe(program: &str, args: &[&str]) -> Option<bool> {
    let (bare, number, typed): (&[&str], &[&str], &[&str]) = match program {
        "grep" | "egrep" | "fgrep" => (GREP_BARE, GREP_NUMBER, &[]),
        "rg" => (RG_BARE, RG_NUMBER, RG_TYPE),
        _ => return None,
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    let type_name = |s: &str| {
        !s.is_empty()
            && s.len() <= 20
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    let mut operands = 0;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let next = args.get(i + 1).copied();
        if bare.contains(&a) {
            i += 1;
        } else if (number.contains(&a) && next.is_some_and(digits))
            || (typed.contains(&a) && next.is_some_and(type_name))
        {
            i += 2;
        } else if let Some(glued) = short_with_number(a, number) {
            if !digits(glued) {
                return Some(false);
            }
            i += 1;
        } else if a.starts_with("--") || a == "-" {
            return Some(false);
        } else if let Some(letters) = a.strip_prefix('-') {
            // A run of single-letter flags, each taking no value (`-rn`, `-il`).
            let each = |c: char| bare.contains(&format!("-{c}").as_str());
            if !letters.chars().all(each) {
                return Some(false);
            }
            i += 1;
        } else {
            operands += 1;
            i += 1;
        }
    }
    // grep with no pattern is an error, not a read; rg alone searches the folder.
    Some(operands > 0 || program == "rg")
}

/// The digits glued to a numbered short flag (`-A3` → `3`), as Claude reads grep and rg.
fn short_with_number<'a>(a: &'a str, number: &[&str]) -> Option<&'a str> {
    if a.starts_with("--") || a.len() <= 2 {
        return None;
    }
    let flag = a.get(..2)?;
    number.contains(&flag).then(|| &a[2..])
}

#[cfg(test)]
mod tests {
    use super::safe;

    fn s(line: &str) -> Option<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        safe(words[0], &words[1..])
    }

    #[test]
    fn checked_forms_are_safe() {
        for line in [
            "grep -rn hello .",
            "grep -rni hello src",
            "grep -A 2 hello README.md",
            "grep -B1 -n hello README.md",
            "grep --line-number --recursive hello src",
            "egrep -c hello README.md",
            "rg hello",
            "rg",
            "rg -n -t py print src",
            "rg -C1 --no-heading hello",
            "rg -uu hello",
        ] {
            assert_eq!(s(line), Some(true), "{line}");
        }
    }

    #[test]
    fn valued_flags_unknown_letters_and_missing_patterns_are_not() {
        for line in [
            "grep -f patterns.txt .",
            "grep -e hello README.md",
            "grep --include=x hello .",
            "grep -A x hello README.md",
            "grep -Ax hello README.md",
            "grep -rnf p .",
            "grep -rn",
            "grep --color=always hello .",
            "rg --files",
            "rg --pre cat hello",
            "rg -t Py hello",
            "rg -g x hello",
            "rg -z hello",
        ] {
            assert_eq!(s(line), Some(false), "{line}");
        }
        assert_eq!(s("ls -la"), None);
    }
}
