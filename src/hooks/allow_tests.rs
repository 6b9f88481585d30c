use super::*;
use std::path::Path;

fn why(line: &str) -> Option<String> {
    blocker(&crate::shell::parse(line))
}

#[test]
fn plain_lists_of_plain_commands_may_earn_an_allow() {
    for line in [
        "ls",
        "ls -la src",
        "git status && git diff",
        "git log --oneline | head -5",
        "cat README.md; wc -l src/main.rs",
        "git status || true",
        "grep -rn 'a b' src",
        "grep \"fix: x\" src",
        "git log --format='%h %s' -n 3",
        "git diff HEAD~1..HEAD",
        "git show HEAD^",
        "cargo test 2>&1",
        "ls 2>/dev/null",
        "ls >/dev/null 2>&1",
        "git log -- src/a.rs",
        "cd src && ls",
        "ls;",
        "find . -name '*.rs'",
        "find src -maxdepth 2 -iname '*.py' -path 'a/*'",
    ] {
        assert_eq!(why(line), None, "{line}");
    }
}

#[test]
fn structure_makes_a_line_not_plain() {
    for line in [
        "for PATH in bin; do ls; done",
        "for HOME in evilhome; do git status; done",
        "for x in a; do ls; done",
        "for x in a\ndo ls\ndone",
        "select x in a; do ls; done",
        "for i in a; do for j in b; do ls; done; done",
        "while true; do ls; done",
        "until false; do ls; done",
        "(ls)",
        "{ ls; }",
        "case x in x) ls;; esac",
        "if true; then ls; fi",
        "f() { ls; }",
        "ls &",
        "ls & git status",
        "ls |& head",
        "ls\ngit status",
        "! ls",
        "ls 1>&2-",
        "ls {fd}>&1",
        "ls 2>&-",
        "ls ~",
        "ls ~root",
        "ls $HOME",
        "ls ${x:-a}",
        "ls \"$HOME\"",
        "ls !$",
        "ls \"a!b\"",
        "find *",
        "ls *.rs",
        "ls a?",
        "ls [ab]",
        "ls {a,b}",
        "ls a\\ b",
        "ls # c",
        "PATH=bin ls",
        "HOME=x git status",
        "x=1",
        "[ -f x ]",
        "export A=1",
        "ls é",
    ] {
        assert!(why(line).is_some(), "{line:?} was plain");
    }
}

#[test]
fn paths_that_leave_the_working_directory_block_an_allow() {
    for line in [
        "cat /etc/shadow",
        "cat /root/.ssh/id_rsa",
        "cat ../../x",
        "cat /etc/hostname",
        "ls /",
        "ls ..",
        "ls src/../..",
        "find / -maxdepth 1",
        "diff -r . /etc",
        "head -n 3 /etc/passwd",
        "wc -l ../x",
        "stat /etc/passwd",
        "du -sh ..",
        "npm test && cat /etc/shadow",
        "cat '/etc/shadow'",
        "grep --file=/etc/passwd x",
        "grep -f/etc/passwd x",
        "git -C /tmp status",
        "git -C .. status",
        "cd && cat .ssh/id_rsa",
        "cd - && ls",
        "cd -P x && ls",
        "pushd x",
        "/usr/bin/cat x",
        "git show HEAD:/etc/passwd",
        // The differential run against Claude Code 2.1.332 (parity/differential.py).
        "find '~' -maxdepth 1",
        "stat \"~/.gitconfig\"",
        "grep -rn hello \"~/.gitconfig\"",
        "git diff && find \"*\" -maxdepth 2 -name '*.py'",
        "find . -name x '*'",
    ] {
        assert!(why(line).is_some(), "{line:?} was allowed");
    }
}

#[cfg(unix)]
#[test]
fn links_that_lead_out_of_the_working_directory_block_an_allow() {
    let dir = tempfile::tempdir().unwrap();
    let outside = dir.path().join("outside");
    let project = dir.path().join("project");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir_all(project.join("src")).unwrap();
    std::fs::write(outside.join("secret"), "s").unwrap();
    std::fs::write(project.join("src/a.rs"), "a").unwrap();
    crate::os::symlink(&outside, &project.join("out")).unwrap();
    crate::os::symlink(&outside.join("secret"), &project.join("src/s")).unwrap();
    crate::os::symlink(Path::new("a.rs"), &project.join("src/inner")).unwrap();
    let check = |line: &str| {
        let parsed = crate::shell::parse(line);
        blocker(&parsed).or_else(|| link_blocker(&parsed, &project))
    };
    for line in [
        "cat src/a.rs",
        "cat src/inner",
        "ls src",
        "cat src/missing",
        "cd src && cat inner",
    ] {
        assert_eq!(check(line), None, "{line}");
    }
    for line in [
        "cat out/secret",
        "ls out",
        "cat out/missing",
        "cat src/s",
        "cd src && cat s",
        "grep --file=out/secret x",
    ] {
        assert!(check(line).is_some(), "{line:?} was allowed");
    }
}
