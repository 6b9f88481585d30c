//! `rtk <program> …` driven as a process: the exit-code matrix (success, failure, not found,
//! signals), exact bytes where exactness is the contract, the elision note + tee file, the
//! large-output and non-UTF-8 fallbacks, and broken pipes.

use std::path::Path;

use assert_cmd::Command;

use crate::common::TestEnv;

const IDENTITY: &[(&str, &str)] = &[
    ("GIT_AUTHOR_NAME", "Test"),
    ("GIT_AUTHOR_EMAIL", "t@example.com"),
    ("GIT_COMMITTER_NAME", "Test"),
    ("GIT_COMMITTER_EMAIL", "t@example.com"),
    ("GIT_CONFIG_NOSYSTEM", "1"),
];

fn git(t: &TestEnv, dir: &Path, args: &[&str]) -> Vec<u8> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("HOME", t.home())
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .envs(IDENTITY.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A TestEnv whose work dir holds a.txt, b.txt and `repo/` (3 commits incl. a merge, a
/// modified file, an untracked file).
fn setup() -> TestEnv {
    let t = TestEnv::new();
    t.write("work/a.txt", "hello\nworld\n");
    t.write("work/b.txt", "hello\nthere\n");
    let repo = t.work().join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    git(&t, &repo, &["init", "-q", "-b", "main"]);
    let lines: String = (1..=60)
        .map(|i| format!("line {i} of a file long enough to be worth compacting\n"))
        .collect();
    std::fs::write(repo.join("f.txt"), &lines).unwrap();
    git(&t, &repo, &["add", "f.txt"]);
    git(&t, &repo, &["commit", "-qm", "first"]);
    git(&t, &repo, &["checkout", "-qb", "side"]);
    std::fs::write(repo.join("side.txt"), "side\n").unwrap();
    git(&t, &repo, &["add", "side.txt"]);
    git(&t, &repo, &["commit", "-qm", "side work"]);
    git(&t, &repo, &["checkout", "-q", "main"]);
    git(&t, &repo, &["merge", "-q", "--no-ff", "--no-edit", "side"]);
    std::fs::write(
        repo.join("f.txt"),
        lines
            .replace("line 10 of", "line ten of")
            .replace("line 40 of", "line forty of"),
    )
    .unwrap();
    std::fs::write(repo.join("new.txt"), "untracked\n").unwrap();
    t
}

fn rtk(t: &TestEnv, dir: &str, args: &[&str]) -> std::process::Output {
    let mut c = t.rtk();
    c.args(args).envs(IDENTITY.iter().copied());
    if !dir.is_empty() {
        c.current_dir(t.work().join(dir));
    }
    c.output().unwrap()
}

fn on_path(prog: &str) -> bool {
    std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|d| d.join(prog).is_file())
}

#[test]
fn exit_code_matrix() {
    let t = setup();
    // (cwd under work/, argv, exit code, text expected on stdout or stderr)
    let cases: &[(&str, &[&str], i32, &str)] = &[
        ("repo", &["git", "status"], 0, "f.txt"),
        ("", &["git", "status"], 128, "not a git repository"),
        ("repo", &["git", "log", "nosuchrev"], 128, "nosuchrev"),
        ("repo", &["git", "log"], 0, "side work"),
        ("repo", &["git", "diff"], 0, "+line ten of"),
        ("repo", &["git", "diff", "--exit-code"], 1, "-line 10 of"),
        ("repo", &["git", "diff", "--stat"], 0, "f.txt"),
        ("repo", &["git", "show", "HEAD^2"], 0, "side work"),
        ("repo", &["git", "show", "nosuchrev"], 128, "nosuchrev"),
        (
            "repo",
            &["git", "commit", "-m", "x", "--", "nosuchpath"],
            1,
            "nosuchpath",
        ),
        (
            "repo",
            &["git", "checkout", "nosuchbranch"],
            1,
            "nosuchbranch",
        ),
        ("repo", &["git", "branch"], 0, "* main"),
        ("repo", &["git", "stash", "list"], 0, ""),
        (
            "repo",
            &["git", "push", "nosuchremote"],
            128,
            "nosuchremote",
        ),
        ("repo", &["git", "nosuchsub"], 1, "not a git command"),
        ("", &["grep", "-rn", "hello", "."], 0, "hello"),
        ("", &["grep", "-rn", "zzz-none", "."], 1, ""),
        ("", &["grep", "-rn", "x", "nosuchdir"], 2, "nosuchdir"),
        ("", &["grep", "-c", "hello", "a.txt"], 0, "1"),
        ("", &["ls", "-la"], 0, "a.txt"),
        ("", &["ls", "-la", "nope"], 2, "nope"),
        ("", &["ls", "nope"], 2, "nope"),
        ("", &["cat", "a.txt"], 0, "hello\nworld\n"),
        ("", &["cat", "nope"], 1, "nope"),
        ("", &["head", "-1", "a.txt"], 0, "hello"),
        ("", &["tail", "-n", "1", "a.txt"], 0, "world"),
        (
            "",
            &["find", ".", "-name", "*.txt"],
            0,
            "./repo/: f.txt new.txt side.txt",
        ),
        ("", &["find", "nope"], 1, "nope"),
        ("", &["wc", "-l", "a.txt"], 0, "2 a.txt"),
        ("", &["wc", "nope"], 1, "nope"),
        ("", &["diff", "a.txt", "b.txt"], 1, "> there"),
        ("", &["diff", "-u", "a.txt", "b.txt"], 1, "+there"),
        ("", &["diff", "a.txt", "a.txt"], 0, ""),
        ("", &["diff", "a.txt", "nope"], 2, "nope"),
        (
            "",
            &["rtk-no-such-program"],
            127,
            "rtk: rtk-no-such-program: command not found",
        ),
        ("", &["sh", "-c", "exit 7"], 7, ""),
        ("", &["sh", "-c", "kill -TERM $$"], 143, ""),
    ];
    let mut rows: Vec<(&str, Vec<&str>, i32, &str)> = cases
        .iter()
        .map(|(d, a, c, s)| (*d, a.to_vec(), *c, *s))
        .collect();
    if on_path("rg") {
        rows.push(("", vec!["rg", "-n", "hello", "."], 0, "hello"));
        rows.push(("", vec!["rg", "zzz-none", "."], 1, ""));
        rows.push(("", vec!["rg", "x", "nosuchdir"], 2, "nosuchdir"));
    }
    if on_path("tree") {
        rows.push(("", vec!["tree"], 0, "a.txt"));
    }
    for (dir, argv, code, text) in rows {
        let out = rtk(&t, dir, &argv);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(code), "{argv:?}: {all}");
        assert!(all.contains(text), "{argv:?}: missing {text:?} in {all}");
    }
}

#[test]
fn read_and_passthrough_are_byte_exact() {
    let t = setup();
    let bytes: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    std::fs::write(t.work().join("bin.dat"), &bytes).unwrap();
    assert_eq!(rtk(&t, "", &["cat", "bin.dat"]).stdout, bytes);
    let repo = t.work().join("repo");
    for args in [
        &["rev-parse", "HEAD"][..],
        &["status", "--short"],
        &["log", "--oneline"],
        &["show", "HEAD~1:f.txt"],
    ] {
        let mut argv = vec!["git"];
        argv.extend_from_slice(args);
        assert_eq!(
            rtk(&t, "repo", &argv).stdout,
            git(&t, &repo, args),
            "{args:?}"
        );
    }
}

/// The tee file an elision note names.
fn tee_path(note: &str) -> &str {
    note.split("full output: ")
        .nth(1)
        .expect("a note with a path")
        .trim_end_matches(']')
}

#[test]
fn elision_note_names_a_tee_file_with_the_full_output() {
    let t = setup();
    let out = rtk(&t, "repo", &["git", "diff"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let note = text.lines().last().unwrap();
    assert!(note.starts_with("[rtk: elided "), "{text}");
    let path = tee_path(note);
    assert!(
        path.starts_with(t.root.path().join("xdg-data/rtk/tee").to_str().unwrap()),
        "{path}"
    );
    let raw = git(&t, &t.work().join("repo"), &["diff"]);
    assert_eq!(std::fs::read(path).unwrap(), raw);
    assert!(text.len() < raw.len() + note.len());
    for change in [
        "-line 10 of",
        "+line ten of",
        "-line 40 of",
        "+line forty of",
    ] {
        assert!(text.contains(change), "{text}");
    }
}

/// A diff of several MiB: its tee file is written while diff runs (the filter elides from the
/// first hunk on) and must still hold exactly what diff printed, and old tee files are pruned.
#[test]
fn tee_file_written_while_the_command_runs_is_the_whole_output() {
    let t = setup();
    let (mut a, mut b) = (String::new(), String::new());
    for i in 0..120_000 {
        let line = format!("line {i}: value {} of the table\n", i * 7 % 1000);
        a.push_str(&line);
        b.push_str(if i % 10 == 3 { "changed line\n" } else { &line });
    }
    t.write("work/big_a.txt", &a);
    t.write("work/big_b.txt", &b);
    let tee_dir = t.root.path().join("xdg-data/rtk/tee");
    std::fs::create_dir_all(&tee_dir).unwrap();
    for i in 0..60 {
        std::fs::write(tee_dir.join(format!("{i:010}_1_old.log")), "old").unwrap();
    }
    let raw = Command::new("diff")
        .args(["-u", "big_a.txt", "big_b.txt"])
        .current_dir(t.work())
        .output()
        .unwrap();
    assert!(raw.stdout.len() > 2 << 20, "{}", raw.stdout.len());
    let out = rtk(&t, "", &["diff", "-u", "big_a.txt", "big_b.txt"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let note = text.lines().last().unwrap();
    assert!(note.starts_with("[rtk: elided "), "{note}");
    let path = tee_path(note);
    assert_eq!(std::fs::read(path).unwrap(), raw.stdout);
    let kept = std::fs::read_dir(&tee_dir).unwrap().count();
    assert_eq!(kept, 50, "the newest 50 tee files stay");
    assert!(!tee_dir.join(format!("{:010}_1_old.log", 0)).exists());
}

#[test]
fn no_rtk_text_when_nothing_was_elided() {
    let t = setup();
    for argv in [
        &["git", "status"][..],
        &["grep", "-rn", "hello", "."],
        &["wc", "-l", "a.txt"],
    ] {
        let dir = if argv[0] == "git" { "repo" } else { "" };
        let out = rtk(&t, dir, argv);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains("rtk"), "{argv:?}: {all}");
    }
}

#[test]
fn git_log_shows_every_commit_and_labels_merges() {
    let t = setup();
    let repo = t.work().join("repo");
    let hashes = String::from_utf8(git(&t, &repo, &["log", "--format=%H"])).unwrap();
    let out = String::from_utf8(rtk(&t, "repo", &["git", "log"]).stdout).unwrap();
    for h in hashes.lines() {
        assert!(out.contains(&h[..10]), "missing {h}: {out}");
    }
    assert!(out.contains("[merge "), "{out}");
    let two = String::from_utf8(rtk(&t, "repo", &["git", "log", "-n", "2"]).stdout).unwrap();
    // Two commit lines (a header line `<date> <author>:` may stand above them).
    let is_commit = |l: &&str| {
        l.get(..10)
            .is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
    };
    assert_eq!(two.lines().filter(is_commit).count(), 2, "{two}");
}

#[test]
fn large_and_non_utf8_output_falls_back_to_raw_bytes() {
    let t = setup();
    // > 16 MiB of grep output: streamed raw past the cap, byte for byte.
    let line = "match this line with some padding text to make it long enough\n";
    let big: String = line.repeat(300_000);
    std::fs::create_dir_all(t.work().join("big")).unwrap();
    std::fs::write(t.work().join("big/a.txt"), &big).unwrap();
    std::fs::write(t.work().join("big/b.txt"), b"match \xff\xfe not utf-8\n").unwrap();
    let out = rtk(&t, "big", &["grep", "-r", "match", "."]);
    assert_eq!(out.status.code(), Some(0));
    let raw = Command::new("grep")
        .args(["-r", "match", "."])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .current_dir(t.work().join("big"))
        .output()
        .unwrap();
    assert_eq!(out.stdout.len(), raw.stdout.len());
    assert!(out.stdout == raw.stdout);
    // Small but not UTF-8: raw.
    let out = rtk(&t, "big", &["grep", "-r", "not", "b.txt", "a.txt"]);
    assert_eq!(out.stdout, b"b.txt:match \xff\xfe not utf-8\n");
}

#[test]
fn broken_pipe_is_quiet() {
    let t = setup();
    std::fs::write(t.work().join("big.txt"), "y\n".repeat(2_000_000)).unwrap();
    let rtk_bin = assert_cmd::cargo::cargo_bin("rtk");
    for argv in ["cat big.txt", "grep -r y ."] {
        let script =
            format!("set -o pipefail; \"$RTK\" {argv} | head -c 10 >/dev/null; echo rc=$?");
        let out = Command::new("bash")
            .args(["-c", &script])
            .env("RTK", &rtk_bin)
            .env("XDG_DATA_HOME", t.root.path().join("xdg-data"))
            .current_dir(t.work())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("rc=0") || stdout.contains("rc=141"),
            "{argv}: {stdout}"
        );
        assert!(
            out.stderr.is_empty(),
            "{argv}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn signal_death_of_a_captured_child_is_128_plus_signal() {
    let t = setup();
    // git runs GIT_EXTERNAL_DIFF for each changed file; this one kills git itself.
    let killer = t.write("work/kill-parent.sh", "#!/bin/sh\nkill -TERM $PPID\n");
    std::fs::set_permissions(&killer, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = t
        .rtk()
        .args(["git", "diff"])
        .env("GIT_EXTERNAL_DIFF", &killer)
        .current_dir(t.work().join("repo"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(143), "{out:?}");
}
