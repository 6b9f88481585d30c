use super::*;

fn c(line: &str) -> ReadOnly {
    let words: Vec<&str> = line.split_whitespace().collect();
    classify(&words, true)
}

/// The first simple command of `line` as rtk's shell parser sees it.
fn parsed(line: &str) -> ReadOnly {
    classify_command(&crate::shell::parse(line).commands[0])
}

#[test]
fn the_measured_read_only_forms_are_yes() {
    // Each ran without asking in Copilot CLI 1.0.102, no rules, `copilot -p`.
    for cmd in [
        "git status",
        "git status -s",
        "git log --oneline -5",
        "git log -n 3",
        "git diff",
        "git diff HEAD~1",
        "git diff --cached",
        "git show --stat HEAD",
        "git branch",
        "git branch -a",
        "git branch -D feature",
        "ls",
        "ls -la src",
        "cat README.md",
        "head -5 README.md",
        "tail -3 README.md",
        "grep -n hello README.md",
        "grep -rn hello .",
        "rg hello",
        "rg -l hello src",
        "wc -l README.md",
        "git remote -v",
        "git blame README.md",
        "git show HEAD",
        "git log -3",
        "gh pr list",
        "gh pr view 1",
        "gh run list",
        "diff -u README.md notes.txt",
    ] {
        assert_eq!(c(cmd), ReadOnly::Yes, "{cmd}");
    }
}

#[test]
fn the_measured_asking_forms_are_no() {
    // Each asked (was denied for want of a user) in Copilot CLI 1.0.102.
    for cmd in [
        "git push origin master",
        "git push --force origin master",
        "git fetch",
        "git add README.md",
        "git commit -m x",
        "git stash list",
        "touch new.txt",
        "tree",
        "env",
        "cargo test",
        "npm run build",
        "docker ps -a",
        "kubectl get pods",
        "mkdir build",
        "rm -f notes.txt",
        "cp README.md copy.md",
        "python3 --version",
        "gh pr create",
        "pnpm test",
        "git checkout -b feature",
    ] {
        assert_eq!(c(cmd), ReadOnly::No, "{cmd}");
    }
}

#[test]
fn writes_execs_and_unmeasured_forms_are_never_yes() {
    for cmd in [
        // Measured as asking; rtk cannot tell them from the safe flags, so: unknown.
        "find . -name x -exec cat {} ;",
        "find . -name x -delete",
        "sed -i s/a/b/ README.md",
        // Not measured: unknown, the hook steps aside.
        "rg --pre cat hello",
        "git log --output=log.txt",
        "git diff --output=d.txt",
        "sort -o out.txt README.md",
        "uniq a b",
        "npx jest",
        "uv run pytest",
        "git",
        "git -C /x status",
        "ls ~/x",
        "cat *.rs",
        // Paths outside the session's folder: Copilot's path permissions may ask.
        "cat /etc/hostname",
        "ls /tmp",
        "cd ..",
        // Issue 27: `cd` moves the later commands' paths; `git remote` beyond `-v` writes.
        "cd sub",
        "cd",
        "git remote set-url origin x",
        "git remote add x y",
        "git remote",
        "rg hello ../other",
        "git diff ../x",
    ] {
        assert_ne!(c(cmd), ReadOnly::Yes, "{cmd}");
    }
    assert_eq!(c("find . -delete"), ReadOnly::Unknown);
    assert_eq!(c("npx jest"), ReadOnly::Unknown);
}

#[test]
fn redirects_substitutions_and_assignments_are_never_yes() {
    for line in [
        "git status > out.txt",
        "git status 2>/dev/null",
        "ls $(pwd)",
        "cat `echo README.md`",
        "LC_ALL=C ls",
        "cat <in.txt",
    ] {
        assert_eq!(parsed(line), ReadOnly::Unknown, "{line}");
    }
    assert_eq!(parsed("git status"), ReadOnly::Yes);
    // Inside a substitution, a read-only command is not the command Copilot judges.
    let p = crate::shell::parse("echo $(git status)");
    assert!(p
        .commands
        .iter()
        .any(|s| s.context != crate::shell::Context::TopLevel
            && classify_command(s) == ReadOnly::Unknown));
}

/// Issue 29: the table agrees with every measured release. Each version in [`MEASURED`] has its
/// measurement (`parity/copilot-readonly-<version>.txt`, made by `parity/probe.py --host
/// copilot`): every line the table calls read-only ran on it, and every line it says Copilot
/// asks for asked. A re-probe that disagrees with the table fails this test.
#[test]
fn the_table_agrees_with_every_measured_release() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for version in MEASURED {
        let path = root.join(format!("parity/copilot-readonly-{version}.txt"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let (mut yes, mut no) = (0, 0);
        for row in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (decision, line) = row.split_once('\t').expect("decision<TAB>line");
            let ro: Vec<ReadOnly> = crate::shell::parse(line)
                .commands
                .iter()
                .map(classify_command)
                .collect();
            if !ro.is_empty() && ro.iter().all(|r| *r == ReadOnly::Yes) {
                yes += 1;
                assert_eq!(
                    decision, "ran",
                    "{version}: `{line}` is read-only in the table"
                );
            }
            if ro.first() == Some(&ReadOnly::No) && ro.len() == 1 {
                no += 1;
                assert_eq!(decision, "ask", "{version}: `{line}` asks in the table");
            }
            if decision == "ask" {
                assert!(
                    ro.iter().any(|r| *r != ReadOnly::Yes),
                    "{version}: `{line}` asked"
                );
            }
        }
        assert!(
            yes >= 40 && no >= 40,
            "{version}: only {yes} read-only and {no} asking forms measured"
        );
    }
}

mod gate {
    use super::*;

    fn env(vars: &[(&str, &str)], home: &Path, cwd: &Path) -> Env {
        let mut all: Vec<(String, std::ffi::OsString)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect();
        all.push(("HOME".into(), home.as_os_str().to_owned()));
        Env::new(all, cwd)
    }

    /// Issue 29: on an unmeasured Copilot CLI newer than the oldest measured one (a fake newer
    /// version, one between two measured ones) the table applies, holding only rows that held
    /// on every measured version; an older version, or one rtk cannot read, closes it.
    #[test]
    fn an_unmeasured_version_gets_only_what_held_on_every_measured_one() {
        let dir = tempfile::tempdir().unwrap();
        let (home, repo) = (dir.path().join("home"), dir.path().join("repo"));
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        let at = |v: &str| gate(&env(&[(VERSION_VAR, v)], &home, &repo), true);
        for v in MEASURED {
            assert_eq!(at(v), None, "{v}");
        }
        for newer in ["1.0.103", "1.1.0", "2.0.0", "1.0.90"] {
            assert_eq!(at(newer), None, "{newer}");
            let status = version_status(&env(&[(VERSION_VAR, newer)], &home, &repo));
            assert!(status.contains("not measured"), "{status}");
        }
        for closed in ["1.0.81", "0.9.200", "1.0", "1.0.102-beta", "x", ""] {
            assert!(at(closed).is_some(), "{closed}");
        }
        let status = version_status(&env(&[(VERSION_VAR, "1.0.102")], &home, &repo));
        assert!(status.contains("(measured)"), "{status}");
        let status = version_status(&env(&[(VERSION_VAR, "1.0")], &home, &repo));
        assert!(status.contains("not readable"), "{status}");
    }

    #[test]
    fn open_only_under_the_measured_copilot_with_its_command_line_read_and_no_permission_settings()
    {
        let dir = tempfile::tempdir().unwrap();
        let (home, repo) = (dir.path().join("home"), dir.path().join("repo"));
        std::fs::create_dir_all(home.join(".copilot")).unwrap();
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        let measured = [(VERSION_VAR, COPILOT_CLI_VERSION)];
        assert_eq!(gate(&env(&measured, &home, &repo), true), None);
        // Not under Copilot CLI, another version, its command line unread.
        assert!(gate(&env(&[], &home, &repo), true).is_some());
        assert!(gate(&env(&measured, &home, &repo), false).is_some());
        // Settings without permissions keep it open; with permissions (user or repo) close it.
        std::fs::write(home.join(".copilot/settings.json"), r#"{"banner":"never"}"#).unwrap();
        assert_eq!(gate(&env(&measured, &home, &repo), true), None);
        std::fs::create_dir_all(repo.join(".github/copilot")).unwrap();
        std::fs::write(
            repo.join(".github/copilot/settings.local.json"),
            r#"{"permissions":{"deny":["shell(rg)"]}}"#,
        )
        .unwrap();
        let why = gate(&env(&measured, &home, &repo), true).unwrap();
        assert!(why.contains("settings.local.json"), "{why}");
        std::fs::remove_file(repo.join(".github/copilot/settings.local.json")).unwrap();
        std::fs::write(home.join(".copilot/settings.json"), r#"{"permissions":{}}"#).unwrap();
        assert!(gate(&env(&measured, &home, &repo), true).is_some());
        // COPILOT_HOME moves the user settings.
        let moved = dir.path().join("copilot-home");
        std::fs::create_dir_all(&moved).unwrap();
        let with_home = [
            (VERSION_VAR, COPILOT_CLI_VERSION),
            ("COPILOT_HOME", moved.to_str().unwrap()),
        ];
        assert_eq!(gate(&env(&with_home, &home, &repo), true), None);
    }
}
