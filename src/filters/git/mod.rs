//! git: one filter per subcommand family (`blame`, `grep`, `ls-files` included). Global options before the subcommand
//! (`-C dir`, `-c k=v`, `--no-pager`, …: [`crate::recognise::GIT`]) are understood so
//! `git -C x status` finds its filter; any other leading option (`git --version`) means no
//! filter (pass through).
//!
//! Shared rule: when git fails (non-zero exit) its output is printed in full, untouched,
//! except `git diff`, whose exit 1 under `--exit-code` only means "there are differences".

pub mod blame;
pub mod diff;
pub mod files;
pub mod log;
pub mod show;
pub mod simple;
pub mod status;

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
