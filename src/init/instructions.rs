//! Instruction-file hosts (no hook rtk can answer through): `rtk init` writes a short block
//! telling the model which commands to prefix with `rtk`, between two marker lines, into the
//! host's rules or context file (`.clinerules`, `QWEN.md`, `AGENTS.md`, …). Only the marked
//! block is ever added or removed; the user's text around it is kept byte for byte, and a file
//! left holding nothing but rtk's block is removed.
//!
//! The host matches its own allow and deny rules against the line the model types, so
//! `rtk git status` is judged as a different command from `git status`: the block names only
//! read-only commands, and `rtk init` says once, at install, which of the user's rules stop
//! matching ([`RULES_NOTE`]).

pub const BEGIN: &str = "<!-- rtk-instructions:begin -->";
pub const END: &str = "<!-- rtk-instructions:end -->";

/// The block rtk writes (markers included).
pub const BLOCK: &str = "<!-- rtk-instructions:begin -->
## rtk: compact command output

`rtk` runs a command and prints a shorter form of its output (same exit code, failures and
file:line kept). When you run one of these read-only commands in a shell, put `rtk` in front:

    rtk git status    rtk git log …    rtk git diff …    rtk git show …
    rtk ls …          rtk tree …       rtk find …        rtk grep …      rtk rg …
    rtk cat <file>    rtk head …       rtk tail …        rtk wc …

Run every other command as you would without rtk. If rtk's output is not enough, run the
command again without `rtk`.
<!-- rtk-instructions:end -->
";

/// Said once by `rtk init` when the block is installed.
pub const RULES_NOTE: &str = "the host matches its allow and deny rules against the line the \
model types: an allow (or auto-approve) rule for `git status` does not match `rtk git status` \
(the host asks where it ran without asking; add the rtk forms to its allow list if you want \
them to run unasked), and a deny rule for a command does not stop its rtk form (the block names \
only read-only commands; keep deny rules on rtk forms too if you deny any of them)";

/// The commands rtk's block names, as words (`["git", "status"]`, `["cat"]`), read from
/// [`BLOCK`] itself: each `rtk …` form of its indented lines, up to `…` or `<file>`.
fn forms() -> impl Iterator<Item = Vec<&'static str>> {
    BLOCK
        .lines()
        .filter(|l| l.starts_with("    rtk "))
        .flat_map(|l| l.split("rtk ").skip(1))
        .map(|form| {
            form.split_whitespace()
                .take_while(|w| *w != "…" && !w.starts_with('<'))
                .collect()
        })
}

/// Whether rtk's block asks the model to type `rtk` in front of `cmd` (one command): its first
/// words are one of the block's forms.
pub fn names(cmd: &str) -> bool {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    forms().any(|form| !form.is_empty() && words.starts_with(&form))
}

/// Where rtk's block starts and ends in `text` (end exclusive, trailing newline included).
/// Err when a marker appears without its partner or out of order.
fn span(text: &str) -> Result<Option<std::ops::Range<usize>>, String> {
    let (b, e) = (text.find(BEGIN), text.find(END));
    match (b, e) {
        (None, None) => Ok(None),
        (Some(b), Some(e)) if b < e => {
            let mut end = e + END.len();
            if text[end..].starts_with('\n') {
                end += 1;
            }
            if text[end..].contains(BEGIN) || text[end..].contains(END) {
                return Err("holds rtk's instruction markers more than once".into());
            }
            Ok(Some(b..end))
        }
        _ => Err("holds one of rtk's instruction markers without the other".into()),
    }
}

pub fn is_installed(text: &str) -> Result<bool, String> {
    Ok(span(text)?.is_some())
}

/// The text with rtk's block (replacing an older one), or `None` when the current block is
/// already there.
pub fn install(text: &str) -> Result<Option<String>, String> {
    if let Some(r) = span(text)? {
        if &text[r.clone()] == BLOCK {
            return Ok(None);
        }
        let mut out = text.to_string();
        out.replace_range(r, BLOCK);
        return Ok(Some(out));
    }
    let mut out = text.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(BLOCK);
    Ok(Some(out))
}

/// The text without rtk's block (and the blank line install put before it), or `None` when
/// there was none.
pub fn uninstall(text: &str) -> Result<Option<String>, String> {
    let Some(r) = span(text)? else {
        return Ok(None);
    };
    let before = &text[..r.start];
    let before = before
        .strip_suffix("\n\n")
        .map_or(before, |b| &before[..b.len() + 1]);
    Ok(Some(format!("{before}{}", &text[r.end..])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_keeps_user_text_and_is_idempotent() {
        for user in ["", "# Project rules\n\nUse tabs.\n", "no newline at end"] {
            let with = install(user).unwrap().unwrap();
            assert!(with.ends_with(BLOCK));
            assert_eq!(install(&with).unwrap(), None);
            let back = uninstall(&with).unwrap().unwrap();
            let want = if user.ends_with('\n') || user.is_empty() {
                user.to_string()
            } else {
                format!("{user}\n")
            };
            assert_eq!(back, want);
            assert_eq!(uninstall(user).unwrap(), None);
        }
        // Text after the block stays where it was.
        let text = format!("a\n\n{BLOCK}b\n");
        assert_eq!(uninstall(&text).unwrap().unwrap(), "a\nb\n");
    }

    #[test]
    fn an_older_block_is_replaced_in_place() {
        let old = format!("top\n\n{BEGIN}\nold words\n{END}\nbottom\n");
        let new = install(&old).unwrap().unwrap();
        assert_eq!(new, format!("top\n\n{BLOCK}bottom\n"));
    }

    #[test]
    fn broken_markers_are_refused() {
        assert!(install(&format!("{BEGIN}\nx\n")).is_err());
        assert!(install(&format!("{END}\n{BEGIN}\n")).is_err());
        assert!(uninstall(&format!("{BLOCK}{BLOCK}")).is_err());
    }

    #[test]
    fn the_block_names_only_read_only_commands() {
        const READ_ONLY: &[&str] = &[
            "git status",
            "git log",
            "git diff",
            "git show",
            "ls",
            "tree",
            "find",
            "grep",
            "rg",
            "cat",
            "head",
            "tail",
            "wc",
        ];
        let named: Vec<String> = forms().map(|f| f.join(" ")).collect();
        assert_eq!(named.len(), READ_ONLY.len(), "{named:?}");
        for c in &named {
            assert!(
                READ_ONLY.contains(&c.as_str()),
                "{c:?} is not a read-only command"
            );
        }
    }

    #[test]
    fn a_command_is_named_when_it_starts_with_a_form() {
        for cmd in [
            "git status",
            "git status -s",
            "ls",
            "ls -la src",
            "cat README.md",
            "wc -l a",
        ] {
            assert!(names(cmd), "{cmd}");
        }
        for cmd in [
            "git push",
            "git",
            "lsof",
            "cargo test",
            "rtk git status",
            "",
        ] {
            assert!(!names(cmd), "{cmd}");
        }
    }
}
