//! git: one filter per subcommand family. Global options before the subcommand
//! (`-C dir`, `-c k=v`, `--no-pager`, …) are understood so `git -C x status` finds its filter;
//! any other leading option (`git --version`) means no filter (pass through).
//!
//! Shared rule: when git fails (non-zero exit) its output is printed in full, untouched,
//! except `git diff`, whose exit 1 under `--exit-code` only means "there are differences".

pub mod diff;
pub mod log;
pub mod show;
pub mod simple;
pub mod status;

/// Global options that take the next word as their value.
const GLOBAL_WITH_VALUE: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--super-prefix",
    "--config-env",
];
/// Global options without a value that do not change what the subcommand prints.
const GLOBAL_FLAGS: &[&str] = &[
    "--no-pager",
    "-P",
    "--no-replace-objects",
    "--literal-pathspecs",
    "--no-optional-locks",
    "--bare",
    "--no-advice",
];

/// Index of the subcommand word, skipping global options; `None` for `git --version` etc.
pub fn subcommand_index(args: &[String]) -> Option<usize> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if GLOBAL_WITH_VALUE.contains(&a) {
            i += 2;
        } else if GLOBAL_FLAGS.contains(&a)
            || GLOBAL_WITH_VALUE
                .iter()
                .any(|g| g.starts_with("--") && a.starts_with(g) && a[g.len()..].starts_with('='))
        {
            i += 1;
        } else if a.starts_with('-') {
            return None;
        } else {
            return Some(i);
        }
    }
    None
}

/// Lines of git's own advice: `  (use "git add <file>..." to …)` and similar.
pub fn is_hint(line: &str) -> bool {
    let t = line.trim_start();
    (line.starts_with("  (")
        && t.ends_with(')')
        && (t.contains("\"git ") || t.starts_with("(use ")))
        || line.starts_with("hint: ")
        || line == "hint:"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn subcommand_table() {
        let cases: &[(&str, Option<usize>)] = &[
            ("status", Some(0)),
            ("-C dir status", Some(2)),
            ("-c a=b --no-pager log -n 1", Some(3)),
            ("--git-dir=/x status", Some(1)),
            ("--version", None),
            ("-p log", None),
            ("", None),
        ];
        for (args, want) in cases {
            assert_eq!(subcommand_index(&v(args)), *want, "{args}");
        }
    }

    #[test]
    fn hints() {
        assert!(is_hint(
            "  (use \"git add <file>...\" to update what will be committed)"
        ));
        assert!(is_hint("hint: Updates were rejected"));
        assert!(!is_hint("\tmodified:   (weird).txt"));
        assert!(!is_hint("On branch main"));
    }
}
