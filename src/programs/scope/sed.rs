//! The forms of `sed` rtk handles: a read of line ranges of named files, `sed -n '1,120p' FILE`
//! (how Codex reads a file). Only scripts made of print (`p`) and quit (`q`) commands on line
//! addresses are taken; the read filter streams their output byte for byte. Everything else
//! stays with sed: a script that writes (`w`, `W`, `s///w`), runs commands (`e`, `s///e`),
//! edits in place (`-i`), reads a script file (`-f`), substitutes or edits text (`s`, `y`, `a`,
//! `i`, `c`, `d`…), regex addresses, any other option (`-s`, `-z`, `-E`, `--debug`…), stdin.

use super::Scope;

/// `sed -n` whose every script is a print/quit range script (see [`range_script`]), with at
/// least one named file and no stdin operand.
pub const SCOPE: Scope = Scope::check(|w| print_ranges(w.args));

/// `-n` (`--quiet`, `--silent`) is given; every script (`-e S`, `--expression=S`, or the first
/// operand when no `-e`) is a [`range_script`]; one or more files, none of them `-`. Any other
/// option anywhere (GNU sed reads options after operands too) leaves the line to sed.
pub fn print_ranges(args: &[impl AsRef<str>]) -> bool {
    let mut quiet = false;
    let mut scripts = 0;
    let mut operands: Vec<&str> = Vec::new();
    let mut options_done = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_ref();
        if options_done || a == "-" || !a.starts_with('-') {
            operands.push(a);
        } else if a == "--" {
            options_done = true;
        } else if matches!(a, "-n" | "--quiet" | "--silent") {
            quiet = true;
        } else if matches!(a, "-e" | "-ne" | "--expression") {
            quiet |= a == "-ne";
            match args.get(i + 1).map(AsRef::as_ref) {
                Some(s) if range_script(s) => scripts += 1,
                _ => return false,
            }
            i += 1;
        } else if let Some(s) = a.strip_prefix("--expression=") {
            if !range_script(s) {
                return false;
            }
            scripts += 1;
        } else {
            return false;
        }
        i += 1;
    }
    let files = if scripts == 0 {
        match operands.split_first() {
            Some((script, files)) if range_script(script) => files,
            _ => return false,
        }
    } else {
        &operands[..]
    };
    quiet && !files.is_empty() && !files.contains(&"-")
}

/// A script of `;`- or newline-separated commands, each `p` or `q` after at most two line
/// addresses: `1,120p`, `200,$p`, `$p`, `10,+5p`, `1~2p`, `1,40p;40q`. No regex address, no
/// other command, no exit code after `q`, no braces.
pub fn range_script(script: &str) -> bool {
    let mut any = false;
    for command in script.split([';', '\n']) {
        let c = command.trim_matches(BLANK);
        if c.is_empty() {
            continue;
        }
        let Some(body) = c.strip_suffix(['p', 'q']) else {
            return false;
        };
        let quit = c.ends_with('q');
        let body = body.trim_end_matches(BLANK);
        let ok = match body.split_once(',') {
            None => body.is_empty() || address(body) || step(body),
            // `q` takes one address only.
            Some((from, to)) => {
                let (from, to) = (from.trim_end_matches(BLANK), to.trim_start_matches(BLANK));
                !quit && address(from) && (address(to) || offset(to))
            }
        };
        if !ok {
            return false;
        }
        any = true;
    }
    any
}

/// The blanks sed skips around addresses and commands.
const BLANK: [char; 2] = [' ', '\t'];

/// A line number or `$`.
fn address(a: &str) -> bool {
    a == "$" || digits(a)
}

/// `+N` (GNU: N lines after the first address) or `~N` (up to a multiple of N).
fn offset(a: &str) -> bool {
    a.strip_prefix(['+', '~']).is_some_and(digits)
}

/// `first~step` (GNU).
fn step(a: &str) -> bool {
    a.split_once('~')
        .is_some_and(|(first, step)| digits(first) && digits(step))
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_and_quit_ranges_only() {
        for s in [
            "1,120p",
            "200,$p",
            "$p",
            "5p",
            "10,+5p",
            "1~2p",
            "3,~4p",
            "1,40p;40q",
            "1,5p; 9,12p",
            "1,5p\n9,12p",
            " 1 , 5 p ",
            " 1,3p ; 7p",
            "p",
            "5q",
        ] {
            assert!(range_script(s), "{s:?}");
        }
        for s in [
            "",
            ";",
            "1,5",
            "1,5d",
            "1,5w out.txt",
            "1,5p w",
            "s/a/b/w out",
            "s/a/b/e",
            "1e",
            "/fn/p",
            "/a/,/b/p",
            "1,/x/p",
            "1,5{p}",
            "1,5!p",
            "5q1",
            "1,5q",
            "1,5P",
            "1,5pp",
            "0x1p",
            "1,5p;s/x/y/",
            "=",
            "1,5l",
        ] {
            assert!(!range_script(s), "{s:?}");
        }
    }

    #[test]
    fn quiet_print_of_named_files_only() {
        for args in [
            &["-n", "1,120p", "src/main.rs"][..],
            &["-n", "1,5p", "a.rs", "b.rs"],
            &["1,5p", "-n", "a.rs"],
            &["-n", "-e", "1,5p", "-e", "9p", "a.rs"],
            &["-ne", "1,5p", "a.rs"],
            &["--quiet", "--expression=1,5p", "a.rs"],
            &["--silent", "--expression", "1,5p", "a.rs"],
            &["-n", "1,5p", "--", "-dash.rs"],
        ] {
            assert!(print_ranges(args), "{args:?}");
        }
        for args in [
            &["1,120p", "src/main.rs"][..],
            &["-n", "1,120p"],
            &["-n", "1,120p", "-"],
            &["-n", "-e", "1,5p"],
            &["-n", "-i", "1,5p", "a.rs"],
            &["-n", "1,5p", "a.rs", "-i"],
            &["-i", "-n", "1,5p", "a.rs"],
            &["-n", "-f", "script.sed", "a.rs"],
            &["-n", "-s", "1,5p", "a.rs", "b.rs"],
            &["-n", "-z", "1,5p", "a.rs"],
            &["-n", "-E", "1,5p", "a.rs"],
            &["-n", "--debug", "1,5p", "a.rs"],
            &["-n", "1,5w out", "a.rs"],
            &["-n", "s/x/y/w out", "a.rs"],
            &["-n", "1e date", "a.rs"],
            &["-n", "/fn/p", "a.rs"],
            &["-n", "-e", "1,5p", "-e", "s/a/b/", "a.rs"],
            &["-nl", "5", "1,5p", "a.rs"],
        ] {
            assert!(!print_ranges(args), "{args:?}");
        }
    }
}
