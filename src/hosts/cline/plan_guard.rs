//! Cline's plan-mode command guard, as far as rtk must know it. In plan mode Cline 3.x
//! (`core.plan-mode-command-guard` in the CLI 3.0.65's `@cline/core`) refuses a `run_commands`
//! call when one of its commands "can modify files": an output redirection to anything but
//! `/dev/null` or a temp folder, or a segment whose program is a file writer (`rm`, `touch`,
//! `cp`, …), a package manager's install verb (`git commit`, `npm install`, `cargo add`, …),
//! `tee`, `sed -i`, `perl -i`, `awk -i inplace`, `sort -o`, `curl -o`, `wget`, `pip install`,
//! or `find -delete`/`-exec` with one of those. It looks at the program name only (after
//! assignments, shell keywords and wrappers such as `sudo`, `env`, `timeout`, `xargs`), so
//! `rtk git commit` is not refused where `git commit` is.
//!
//! The guard judges the line the PreToolUse hook handed back (measured: parity/README.md,
//! Cline), and the payload does not say whether the session is in plan mode. So rtk keeps a
//! rewrite only where [`could_refuse`] says the guard could refuse neither form. It
//! over-approximates: every word of every segment is taken as a possible program name, and
//! any `>` not followed by `&`, `/dev/null` or a temp path counts as a redirection; a line it
//! flags is left to Cline unrewritten (savings lost, never a verdict changed).

/// Programs the guard refuses whatever their arguments.
const WRITERS: &[&str] = &[
    "rm",
    "rmdir",
    "unlink",
    "mv",
    "cp",
    "dd",
    "touch",
    "mkdir",
    "ln",
    "link",
    "chmod",
    "chown",
    "chgrp",
    "truncate",
    "shred",
    "install",
    "patch",
    "rsync",
    "mkfifo",
    "mknod",
    "del",
    "erase",
    "move",
    "ren",
    "rename",
    "md",
    "rd",
    "mklink",
    "copy",
    "xcopy",
    "robocopy",
    "new-item",
    "ni",
    "remove-item",
    "move-item",
    "copy-item",
    "rename-item",
    "set-content",
    "add-content",
    "clear-content",
    "out-file",
    "mi",
    "ri",
    "cpi",
    "rni",
    "ac",
    "clc",
    "tee",
    "wget",
    "curl",
    "yarn",
];

const GIT: &[&str] = &[
    "add",
    "am",
    "apply",
    "checkout",
    "cherry-pick",
    "clean",
    "clone",
    "commit",
    "init",
    "merge",
    "mv",
    "pull",
    "push",
    "rebase",
    "reset",
    "restore",
    "revert",
    "rm",
    "stash",
    "submodule",
    "switch",
    "worktree",
];
const NODE: &[&str] = &[
    "install",
    "i",
    "ci",
    "add",
    "remove",
    "rm",
    "uninstall",
    "unlink",
    "link",
    "update",
    "up",
    "upgrade",
    "dedupe",
    "prune",
    "publish",
];
const PIP: &[&str] = &["install", "uninstall", "add", "remove"];
const CARGO: &[&str] = &[
    "add",
    "remove",
    "rm",
    "install",
    "uninstall",
    "update",
    "new",
    "init",
    "publish",
];
const SYSTEM: &[&str] = &[
    "install",
    "reinstall",
    "remove",
    "purge",
    "uninstall",
    "upgrade",
    "autoremove",
    "add",
    "del",
];

/// The verbs of each package manager the guard refuses.
fn verbs(program: &str) -> Option<&'static [&'static str]> {
    Some(match program {
        "git" => GIT,
        "npm" | "pnpm" | "yarn" | "bun" => NODE,
        "pip" | "pip3" | "pipx" | "uv" => PIP,
        "cargo" => CARGO,
        "apt" | "apt-get" | "dnf" | "yum" | "apk" | "brew" | "snap" => SYSTEM,
        "gem" => &["install", "uninstall", "update", "cleanup"],
        "composer" => &["install", "require", "remove", "update"],
        "go" => &["install", "get"],
        "dotnet" => &["add", "remove"],
        "winget" => &["install", "uninstall", "upgrade"],
        "nuget" => &["install", "update", "delete", "push"],
        _ => return None,
    })
}

/// The guard's name for a program word: its last path component, quotes removed, lower case,
/// without `.exe`.
fn program_name(word: &str) -> String {
    let w = word.replace(['"', '\''], "");
    let last = w.rsplit(['/', '\\']).next().unwrap_or(&w).to_lowercase();
    last.strip_suffix(".exe").unwrap_or(&last).to_string()
}

/// Whether `program` followed by `args` could be refused (over-approximated).
fn refuses(program: &str, args: &[String]) -> bool {
    let has = |set: &[&str]| args.iter().any(|a| set.contains(&a.as_str()));
    if WRITERS.contains(&program) {
        return true;
    }
    if let Some(set) = verbs(program) {
        if has(set) {
            return true;
        }
    }
    let in_place = |a: &String| {
        a.starts_with("--in-place")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains('i'))
    };
    match program {
        "sed" | "gsed" | "perl" => args.iter().any(in_place),
        "awk" | "gawk" | "nawk" | "mawk" => args.iter().any(|a| a.contains("inplace")),
        "sort" => args
            .iter()
            .any(|a| a.starts_with("-o") || a.starts_with("--output") || a.contains("compress")),
        "find" => has(&["-delete", "-exec", "-execdir", "-ok", "-okdir"]),
        p if p.starts_with("python") => has(&["pip", "pip3"]),
        _ => false,
    }
}

/// A redirection target the guard lets through.
fn harmless_target(t: &str) -> bool {
    let t = t.replace(['"', '\''], "");
    if t.starts_with('&') {
        return true; // a descriptor (`2>&1`)
    }
    if matches!(
        t.as_str(),
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty"
    ) {
        return true;
    }
    !t.contains("..") && (t.starts_with("/tmp/") || t.starts_with("/var/tmp/"))
}

/// True when Cline's plan-mode guard could refuse `line` (over-approximated: see the module
/// header).
pub fn could_refuse(line: &str) -> bool {
    let mut rest = line;
    while let Some(at) = rest.find('>') {
        let after = rest[at + 1..].trim_start_matches('>').trim_start();
        let target: String = after
            .chars()
            .take_while(|c| !c.is_whitespace() && !";|()<>".contains(*c))
            .collect();
        if !harmless_target(&target) {
            return true;
        }
        rest = &rest[at + 1..];
    }
    line.split(['\n', ';', '|', '&', '(', ')', '`', '<', '>', '{', '}', '$'])
        .any(|segment| {
            let words: Vec<String> = segment.split_whitespace().map(program_name).collect();
            (0..words.len()).any(|i| refuses(&words[i], &words[i + 1..]))
        })
}

#[cfg(test)]
mod tests {
    use super::could_refuse;

    #[test]
    fn reads_pass() {
        for line in [
            "git status",
            "git log --oneline -20",
            "git show --stat HEAD",
            "ls -la src/hooks",
            "cat src/hooks/decision.rs",
            "head -40 Cargo.toml",
            "grep -rn Decision src/hooks",
            "rg -n Outcome src/hooks",
            "cargo test 2>&1",
            "git diff > /dev/null",
            "ls > /tmp/listing",
            "find . -name '*.rs'",
            "rtk git status",
        ] {
            assert!(!could_refuse(line), "{line}");
        }
    }

    #[test]
    fn writers_are_flagged_in_both_forms() {
        for line in [
            "touch x",
            "git commit -m x",
            "git push origin master",
            "npm install",
            "cargo add serde",
            "sed -i s/a/b/ f",
            "find . -delete",
            "find . -exec rm {} +",
            "echo hi > out.txt",
            "ls >> ../out",
            "sudo rm -rf build",
            "x=1 git stash",
            "python3 -m pip install foo",
            "git status && rm a",
            "echo $(touch x)",
            "wget http://localhost/x",
        ] {
            assert!(could_refuse(line), "{line}");
            assert!(could_refuse(&format!("rtk {line}")), "rtk {line}");
        }
    }
}
