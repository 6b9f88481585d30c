//! Permission forms of one simple command, and the wrapper knowledge behind them: which words
//! are assignments, which programs run another program (`env`, `timeout`, `nice`, `nohup`,
//! `command`, `builtin`, `exec`, `time`, `stdbuf`, `xargs`, `sudo`, `find -exec`, a leading
//! `rtk`), and which are shells taking a `-c` script.
//!
//! Invariant: more variants only ever make deny/ask matching stricter, so when option parsing
//! is uncertain every plausible start of the inner command becomes a view.

use std::collections::HashSet;
use std::ops::Range;

use super::words::{brace_expand, collapse, has_brace_expansion};
use super::{PermissionForms, Word};

/// Views are followed this many wrappers deep.
const MAX_PEEL: usize = 16;
/// Words after a wrapper that may each start the inner command.
const WRAPPER_LOOKAHEAD: usize = 6;
/// Upper bound on brace-expanded words per command.
const BRACE_BUDGET: usize = 64;

/// Shells whose `-c` script rtk parses.
pub const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "posh", "rbash",
];
/// Shells whose scripts rtk cannot parse.
pub const FOREIGN_SHELLS: &[&str] = &["fish", "csh", "tcsh", "nu", "pwsh", "elvish", "xonsh"];

/// `/usr/bin/git` → `git`.
pub fn basename(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// `NAME=…` or `NAME+=…`.
pub fn is_assignment(word: &str) -> bool {
    let Some(eq) = word.find('=') else {
        return false;
    };
    let name = word[..eq].strip_suffix('+').unwrap_or(&word[..eq]);
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

fn is_option(w: &str) -> bool {
    w.len() > 1 && w.starts_with('-')
}

/// Options of a wrapper that take a separate argument.
fn takes_arg(wrapper: &str, opt: &str) -> bool {
    let list: &[&str] = match wrapper {
        "env" => &[
            "-u",
            "--unset",
            "-C",
            "--chdir",
            "-S",
            "--split-string",
            "-P",
        ],
        "sudo" | "doas" => &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-C",
            "--close-from",
            "-D",
            "--chdir",
            "-h",
            "--host",
            "-p",
            "--prompt",
            "-r",
            "--role",
            "-t",
            "--type",
            "-T",
            "--command-timeout",
            "-U",
            "--other-user",
            "-R",
            "--chroot",
        ],
        "timeout" => &["-s", "--signal", "-k", "--kill-after"],
        "nice" => &["-n", "--adjustment"],
        "exec" => &["-a"],
        "time" => &["-f", "--format", "-o", "--output"],
        "stdbuf" => &["-i", "-o", "-e", "--input", "--output", "--error"],
        "xargs" => &[
            "-I",
            "-L",
            "-n",
            "-s",
            "-P",
            "-d",
            "-E",
            "-a",
            "--arg-file",
            "--delimiter",
            "--max-args",
            "--max-procs",
            "--max-chars",
            "--max-lines",
            "--eof",
            "--process-slot-var",
        ],
        "ionice" => &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"],
        _ => &[],
    };
    list.contains(&opt)
}

/// Index of the inner command after the wrapper at `i` (best guess), or None if `prog` is not a
/// wrapper.
fn skip_wrapper(prog: &str, u: &[String], i: usize) -> Option<usize> {
    let mut j = i + 1;
    match prog {
        "nohup" | "builtin" | "setsid" | "coproc" | "rtk" => return Some(j),
        "env" | "sudo" | "doas" | "timeout" | "nice" | "exec" | "time" | "stdbuf" | "xargs"
        | "command" | "ionice" | "chrt" | "taskset" => {}
        _ => return None,
    }
    while j < u.len() {
        let w = u[j].as_str();
        if w == "--" {
            j += 1;
            break;
        }
        if is_option(w) {
            j += if !w.contains('=') && takes_arg(prog, w) {
                2
            } else {
                1
            };
            continue;
        }
        if (prog == "env" || prog == "sudo" || prog == "doas") && is_assignment(w) {
            j += 1;
            continue;
        }
        break;
    }
    // Positional arguments before the command.
    match prog {
        "timeout" | "chrt" | "taskset" => j += 1,
        "nice" if u.get(j).is_some_and(|w| w.parse::<i64>().is_ok()) => {}
        _ => {}
    }
    Some(j)
}

/// Ranges (into the words of a command, assignments included) of every view of the command:
/// the whole command, after assignments, after each wrapper, each `find -exec` command.
pub fn command_views(u: &[String]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    views_into(u, 0, u.len(), 0, &mut out);
    let mut seen = HashSet::new();
    out.retain(|r| seen.insert(r.clone()));
    out
}

fn views_into(u: &[String], start: usize, end: usize, depth: usize, out: &mut Vec<Range<usize>>) {
    if start >= end || depth > MAX_PEEL {
        return;
    }
    out.push(start..end);
    let mut i = start;
    while i < end && is_assignment(&u[i]) {
        i += 1;
    }
    if i >= end {
        return;
    }
    if i > start {
        out.push(i..end);
    }
    let prog = basename(&u[i]);
    if prog == "find" {
        find_exec_views(u, i + 1, end, depth, out);
        return;
    }
    let Some(next) = skip_wrapper(prog, &u[..end], i) else {
        return;
    };
    // Every plausible start of the inner command is a view (deny/ask only ever get stricter).
    let lookahead = if next == i + 1 { 0 } else { WRAPPER_LOOKAHEAD };
    let last = end.min(i + 1 + lookahead);
    for (k, w) in u.iter().enumerate().take(last).skip(i + 1) {
        if k != next && !is_option(w) {
            out.push(k..end);
        }
    }
    views_into(u, next, end, depth + 1, out);
}

fn find_exec_views(
    u: &[String],
    from: usize,
    end: usize,
    depth: usize,
    out: &mut Vec<Range<usize>>,
) {
    let mut j = from;
    while j < end {
        if matches!(u[j].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            let s = j + 1;
            let mut e = s;
            while e < end && u[e] != ";" && u[e] != "+" {
                e += 1;
            }
            views_into(u, s, e, depth + 1, out);
            j = e;
        }
        j += 1;
    }
}

/// What a shell program does with its arguments.
#[derive(Debug, PartialEq, Eq)]
pub enum ShellUse {
    /// `-c`: the word at this index is the script (None: missing).
    Script(Option<usize>),
    /// Reads commands from stdin (`sh`, `bash -s`, `curl … | sh`).
    Stdin,
    /// Runs a script file.
    File,
}

/// How the shell at `u[i]` is used.
pub fn shell_use(u: &[String], i: usize) -> ShellUse {
    let mut j = i + 1;
    let (mut has_c, mut stdin) = (false, false);
    while j < u.len() {
        let w = u[j].as_str();
        if w == "--" || w == "-" {
            j += 1;
            break;
        }
        if (w.starts_with('-') || w.starts_with('+')) && w.len() > 1 {
            if w.starts_with("--") {
                if matches!(w, "--rcfile" | "--init-file") {
                    j += 1;
                }
            } else {
                let flags = &w[1..];
                has_c |= flags.contains('c');
                stdin |= flags.contains('s');
                if flags.contains('o') || flags.contains('O') {
                    j += 1;
                }
            }
            j += 1;
            continue;
        }
        break;
    }
    if has_c {
        ShellUse::Script((j < u.len()).then_some(j))
    } else if stdin || j >= u.len() {
        ShellUse::Stdin
    } else {
        ShellUse::File
    }
}

/// The permission forms of a command whose words (assignments first) are `words`.
pub fn permission_forms(words: &[&Word]) -> PermissionForms {
    let typed: Vec<String> = words.iter().map(|w| collapse(&w.text)).collect();
    let values: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let exact = typed.join(" ");
    let mut variants: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut add = |s: String, variants: &mut Vec<String>| {
        let s = collapse(&s);
        if !s.is_empty() && s != exact && seen.insert(s.clone()) {
            variants.push(s);
        }
    };
    for r in command_views(&values) {
        for seq in [&typed, &values] {
            let view = &seq[r.clone()];
            add(view.join(" "), &mut variants);
            let base = basename(&values[r.start]);
            if base != values[r.start] && !base.is_empty() {
                let mut rest = vec![base.to_string()];
                rest.extend(view[1..].iter().cloned());
                add(rest.join(" "), &mut variants);
            }
        }
    }
    if words.iter().any(|w| has_brace_expansion(&w.text)) {
        let mut budget = BRACE_BUDGET;
        let expanded: Vec<String> = values
            .iter()
            .flat_map(|v| brace_expand(v, &mut budget))
            .collect();
        for r in command_views(&expanded) {
            add(expanded[r].join(" "), &mut variants);
        }
    }
    PermissionForms { exact, variants }
}

/// The command string a program hands to a shell: `watch [opts] cmd…` (joined, as watch does),
/// `su`/`runuser`/`flock`/`script … -c STRING`.
pub fn command_string(prog: &str, view: &[String]) -> Option<String> {
    let args = view.get(1..)?;
    if prog == "watch" {
        let mut i = 0;
        while i < args.len() && is_option(&args[i]) {
            let takes = matches!(args[i].as_str(), "-n" | "--interval" | "-q" | "--equexit");
            i += if takes { 2 } else { 1 };
        }
        let rest = args.get(i..).filter(|r| !r.is_empty())?;
        return Some(rest.join(" "));
    }
    let at = args.iter().position(|a| a == "-c" || a == "--command")?;
    args.get(at + 1).cloned()
}
