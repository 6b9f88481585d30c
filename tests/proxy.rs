//! The proxy is invisible: `rtk <cmd>` exits as `<cmd>` does whether rtk's stdout stays open
//! or breaks, and TERM/INT/HUP/QUIT sent to rtk reach the command (and everything it
//! started), in each of the three ways rtk runs a command: captured (held for a filter),
//! streamed (copied through) and passthrough (inherited stdio).
//!
//! The commands are small shell scripts installed under the names that pick each way:
//! `pytest` (captured), `grep -c` (streamed) and `h2tool` (no filter: passthrough).

#![cfg(unix)]
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::TestEnv;

/// The three ways rtk runs a command, and the argv that picks each.
const MODES: [(&str, &[&str]); 3] = [
    ("captured", &["pytest"]),
    ("streamed", &["grep", "-c", "x"]),
    ("passthrough", &["h2tool"]),
];

/// Installs the stubs: each runs the shell text in `$STUB`.
fn stubs(t: &TestEnv) -> PathBuf {
    let bin = t.root.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for name in ["pytest", "grep", "h2tool"] {
        let p = t.write(
            bin.join(name).strip_prefix(t.root.path()).unwrap(),
            "#!/bin/sh\neval \"$STUB\"\n",
        );
        std::process::Command::new("chmod")
            .args(["+x"])
            .arg(&p)
            .status()
            .unwrap();
    }
    bin
}

/// `rtk <argv>` (or the bare argv when `via_rtk` is false) as a std Command in `t`'s
/// hermetic environment, with the stubs first on PATH and `$STUB` set to `script`.
fn command(t: &TestEnv, bin: &Path, argv: &[&str], script: &str, via_rtk: bool) -> Command {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut c = if via_rtk {
        let mut c = Command::new(assert_cmd::cargo::cargo_bin("rtk"));
        c.args(argv);
        c
    } else {
        let mut c = Command::new(bin.join(argv[0]));
        c.args(&argv[1..]);
        c
    };
    c.env_clear()
        .env("HOME", t.home())
        .env("XDG_CONFIG_HOME", t.root.path().join("xdg-config"))
        .env("XDG_DATA_HOME", t.root.path().join("xdg-data"))
        .env("PATH", path)
        .env("STUB", script)
        .env("D", t.root.path())
        .current_dir(t.work())
        .stdin(Stdio::null());
    c
}

/// Writes 50,000 lines (far more than the pipes between the command, rtk and the test hold),
/// then ends as `end` says.
fn lines_then(end: &str) -> String {
    format!("i=0; while [ $i -lt 50000 ]; do echo \"line $i\"; i=$((i+1)); done; {end}")
}

/// Runs `c` with stdout open (read to the end) or closed before it starts; its exit code and
/// its stdout.
fn status(mut c: Command, stdout_open: bool) -> (i32, String) {
    let out = if stdout_open {
        c.stderr(Stdio::null()).output().unwrap()
    } else {
        // A pipe whose reader (`true`) is gone before the command starts.
        let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
        let writer = reader.stdin.take().unwrap();
        reader.wait().unwrap();
        let st = c.stdout(writer).stderr(Stdio::null()).status().unwrap();
        return (code_of(st), String::new());
    };
    (
        code_of(out.status),
        String::from_utf8_lossy(&out.stdout).into(),
    )
}

fn code_of(st: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    st.code().unwrap_or_else(|| 128 + st.signal().unwrap_or(0))
}

#[test]
fn exit_code_matrix_through_open_and_broken_stdout() {
    let _heavy = crate::common::heavy();
    let t = TestEnv::new();
    let bin = stubs(&t);
    let ends = [
        ("success", "exit 0"),
        ("failure", "exit 3"),
        ("signal", "kill -USR1 $$"),
    ];
    let mut table = String::from("| mode | command | stdout | plain cmd | rtk cmd |\n");
    table.push_str("|---|---|---|---|---|\n");
    let mut wrong = Vec::new();
    for (mode, argv) in MODES {
        for (end_name, end) in ends {
            let script = lines_then(end);
            let own = match end_name {
                "success" => 0,
                "failure" => 3,
                _ => 128 + 10,
            };
            for open in [true, false] {
                let (plain, _) = status(command(&t, &bin, argv, &script, false), open);
                let (got, out) = status(command(&t, &bin, argv, &script, true), open);
                // Without rtk a command that keeps writing into a closed pipe dies of SIGPIPE
                // (141). Streamed and passthrough runs meet the same broken pipe; a captured
                // run holds the output, so the command ends as it meant to and rtk returns that.
                let want = match (open, mode) {
                    (true, _) => own,
                    (false, "captured") => own,
                    (false, _) => 141,
                };
                if open {
                    assert!(out.contains("line 0\n"), "{mode} {end_name}: {out:.200}");
                    assert!(out.contains("line 49999\n"), "{mode} {end_name}");
                }
                if mode != "captured" || open {
                    assert_eq!(plain, want, "plain {mode} {end_name} open={open}");
                }
                let stdout = if open { "open" } else { "closed early" };
                table.push_str(&format!(
                    "| {mode} | {end_name} | {stdout} | {plain} | {got} |\n"
                ));
                if got != want {
                    wrong.push(format!(
                        "{mode} {end_name} {stdout}: rtk {got}, want {want}"
                    ));
                }
            }
        }
    }
    eprintln!("{table}");
    assert!(wrong.is_empty(), "{wrong:#?}\n{table}");
}

/// Whether `pid` is a live (not zombie) process.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit(')').next().map(|r| r.trim_start().to_string()))
        .is_some_and(|r| !r.starts_with('Z'))
}

fn read_pid(p: &Path) -> Option<u32> {
    std::fs::read_to_string(p).ok()?.trim().parse().ok()
}

/// Sends `sig` to a running `rtk <mode>` whose command traps it (or not), once the command
/// and its own child are running; returns rtk's exit code, its stdout, and both pids.
fn signalled(
    t: &TestEnv,
    bin: &Path,
    argv: &[&str],
    sig: &str,
    trapped: bool,
) -> (i32, String, u32, u32) {
    let d = t.root.path();
    let (child_pid, grand_pid) = (d.join("child.pid"), d.join("grandchild.pid"));
    let _ = std::fs::remove_file(&child_pid);
    let _ = std::fs::remove_file(&grand_pid);
    let trap = if trapped {
        format!("trap 'echo \"child got {sig}\"; exit 7' {sig};")
    } else {
        String::new()
    };
    let script = format!(
        "{trap} echo ready; echo $$ > \"$D/child.pid\"; \
         sh -c 'echo $$ > \"$D/grandchild.pid\"; exec sleep 30'; echo after"
    );
    let child = command(t, bin, argv, &script, true)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while read_pid(&grand_pid).is_none() {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    // The grandchild wrote its pid just before `exec sleep`: let the exec happen.
    std::thread::sleep(Duration::from_millis(50));
    let sent = Command::new("kill")
        .arg(format!("-{sig}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "rtk waited for the sleep"
    );
    (
        code_of(out.status),
        String::from_utf8_lossy(&out.stdout).into(),
        read_pid(&child_pid).unwrap(),
        read_pid(&grand_pid).unwrap(),
    )
}

#[test]
fn signals_sent_to_rtk_reach_the_command_and_leave_nothing_behind() {
    let t = TestEnv::new();
    let bin = stubs(&t);
    let numbers = [("TERM", 15), ("INT", 2), ("HUP", 1), ("QUIT", 3)];
    let mut table =
        String::from("| mode | signal | trapped | rtk exit | stdout |\n|---|---|---|---|---|\n");
    for (mode, argv) in MODES {
        for (sig, n) in numbers {
            for trapped in [true, false] {
                let (code, out, child, grand) = signalled(&t, &bin, argv, sig, trapped);
                table.push_str(&format!(
                    "| {mode} | {sig} | {trapped} | {code} | {:?} |\n",
                    out.trim_end()
                ));
                // Output so far is printed, and the command's own last words with it.
                assert!(out.contains("ready\n"), "{mode} {sig}: {out}");
                assert!(!out.contains("after"), "{mode} {sig}: {out}");
                if trapped {
                    assert!(
                        out.contains(&format!("child got {sig}\n")),
                        "{mode} {sig}: {out}"
                    );
                    assert_eq!(code, 7, "{mode} {sig} trapped");
                } else {
                    assert_eq!(code, 128 + n, "{mode} {sig} untrapped: {out}");
                }
                // No orphan: the command and the process it started are gone.
                let start = Instant::now();
                while alive(child) || alive(grand) {
                    assert!(
                        start.elapsed() < Duration::from_secs(2),
                        "{mode} {sig}: left running: child {} grandchild {}",
                        alive(child),
                        alive(grand)
                    );
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        }
    }
    eprintln!("{table}");
}

/// A SIGKILL of rtk (which rtk cannot catch or forward) ends the command too, in each mode: the
/// guard in the command's own process group sees rtk's end of its pipe close and kills the
/// group (on Linux the kernel also kills the command itself, PR_SET_PDEATHSIG). The same
/// under the `portable` feature (the choices rtk makes on macOS, which has no such tie).
#[test]
fn a_sigkill_of_rtk_ends_the_command_too() {
    let t = TestEnv::new();
    let bin = stubs(&t);
    let pid_file = t.root.path().join("child.pid");
    for (mode, argv) in MODES {
        let _ = std::fs::remove_file(&pid_file);
        let script = "echo $$ > \"$D/child.pid\"; exec sleep 30";
        let mut rtk = command(&t, &bin, argv, script, true)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        let child = loop {
            if let Some(pid) = read_pid(&pid_file) {
                break pid;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{mode}: never started"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        std::thread::sleep(Duration::from_millis(50));
        assert!(alive(child), "{mode}: the command is running");
        rtk.kill().unwrap(); // SIGKILL
        let st = rtk.wait().unwrap();
        assert_eq!(code_of(st), 128 + 9, "{mode}: rtk died of SIGKILL");
        let start = Instant::now();
        while alive(child) {
            assert!(
                start.elapsed() < Duration::from_secs(2),
                "{mode}: the command outlived a SIGKILL of rtk (pid {child})"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Mode bits of `p`.
fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// Two files with 3,000 lines each that `rtk grep -n` elides (and so tees).
fn grep_inputs(t: &TestEnv) {
    let a: String = (0..3000).map(|i| format!("line {i}: value\n")).collect();
    t.write("work/a.txt", &a);
    t.write("work/b.txt", &a);
}

/// `rtk grep -n line a.txt b.txt` over [`grep_inputs`].
fn grep_both(t: &TestEnv) -> std::process::Output {
    t.rtk()
        .args(["grep", "-n", "line", "a.txt", "b.txt"])
        .output()
        .unwrap()
}

#[test]
fn history_and_tee_files_are_private_even_in_an_old_wide_folder() {
    for existing in [false, true] {
        let t = TestEnv::new();
        let rtk_dir = t.root.path().join("xdg-data/rtk");
        if existing {
            // As an older rtk left it: a 0755 folder.
            std::fs::create_dir_all(rtk_dir.join("tee")).unwrap();
            for d in [&rtk_dir, &rtk_dir.join("tee")] {
                Command::new("chmod").arg("755").arg(d).status().unwrap();
            }
        }
        grep_inputs(&t);
        let out = t
            .rtk()
            .args(["grep", "-n", "line", "a.txt", "b.txt"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("full output: "), "{text}");
        let tee_dir = rtk_dir.join("tee");
        let tee_file = std::fs::read_dir(&tee_dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let name = tee_file.file_name().unwrap().to_string_lossy().into_owned();
        // The name is rtk's pid: nothing of the command line.
        let stem = name.strip_suffix(".log").unwrap_or("");
        assert!(
            !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit() || b == b'_'),
            "{name}"
        );
        assert_eq!(mode(&rtk_dir), 0o700, "existing={existing}");
        assert_eq!(mode(&tee_dir), 0o700, "existing={existing}");
        assert_eq!(mode(&tee_file), 0o600, "existing={existing}");
        for f in ["history.db", "history.db-wal", "history.db-shm"] {
            let p = rtk_dir.join(f);
            if p.exists() {
                assert_eq!(mode(&p), 0o600, "{f} existing={existing}");
            }
        }
        assert!(rtk_dir.join("history.db").exists());
    }
}

#[test]
fn a_relative_xdg_data_home_is_ignored() {
    let t = TestEnv::new();
    let out = t
        .rtk()
        .env("XDG_DATA_HOME", "rel")
        .args(["h2tool-missing"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(127));
    assert!(!t.work().join("rel").exists());
    assert!(t.home().join(".local/share/rtk/history.db").exists());
}

#[test]
fn secrets_never_reach_history_or_tee_names_or_notes() {
    let t = TestEnv::new();
    grep_inputs(&t);
    let bin = stubs(&t);
    // `grep` here is the stub: it runs the real grep on the files, whatever else it is given.
    let script = "exec /usr/bin/env -i PATH=/usr/bin:/bin grep -n line a.txt b.txt";
    let secret_argv = [
        "grep",
        "-n",
        "--password",
        "SECRET1",
        "-e",
        "http://bob:SECRET2@host/",
        "Authorization: Basic SECRET3",
        "line",
    ];
    let out = command(&t, &bin, &secret_argv, script, true)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("full output: "), "{text}");
    assert!(!text.contains("SECRET"), "{text}");
    let tee_dir = t.root.path().join("xdg-data/rtk/tee");
    for e in std::fs::read_dir(&tee_dir).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains("SECRET") && !name.contains("bob"), "{name}");
    }
    // Through `rtk gain` (which also adds a row the run may have spooled).
    let gain = t
        .rtk()
        .args(["gain", "--format", "json", "--history"])
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&gain.stdout).unwrap();
    let stored = j["history"][0]["command"].as_str().unwrap().to_string();
    assert!(!stored.contains("SECRET"), "{stored}");
    assert!(stored.contains("--password ***"), "{stored}");
    assert!(stored.contains("Authorization: Basic ***"), "{stored}");
}

#[test]
fn where_no_tee_file_can_be_written_the_note_names_the_command() {
    let t = TestEnv::new();
    grep_inputs(&t);
    // A file where the tee folder should be, and where the temp dir should be: the tee file
    // cannot be created anywhere (even as root), as in a read-only sandbox.
    t.write("xdg-data/rtk/tee", "not a folder");
    let _ = std::fs::remove_dir_all(t.root.path().join("tmp"));
    t.write("tmp", "not a folder");
    let out = grep_both(&t);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.lines().count() < 6000, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    let note = stdout.lines().last().unwrap();
    assert!(
        note.starts_with("[rtk: elided ")
            && note.ends_with("`rtk proxy <the same command>` prints all of it]"),
        "{note}"
    );
    // And it does.
    let all = t
        .rtk()
        .args(["proxy", "grep", "-n", "line", "a.txt", "b.txt"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&all.stdout).lines().count(), 6000);
}

/// The data folder cannot take the tee file (a sandbox's read-only HOME; here a file in the tee
/// folder's place): it goes to this user's private folder in `$TMPDIR`, and the output is
/// elided as anywhere else, the note naming that file.
#[test]
fn a_tee_file_the_data_folder_cannot_take_goes_to_the_temp_dir() {
    let t = TestEnv::new();
    grep_inputs(&t);
    t.write("xdg-data/rtk/tee", "not a folder");
    std::fs::create_dir_all(t.root.path().join("tmp")).unwrap();
    let out = grep_both(&t);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let note = stdout
        .lines()
        .find(|l| l.starts_with("[rtk: elided"))
        .unwrap_or_else(|| panic!("no elision: {}", String::from_utf8_lossy(&out.stderr)));
    let path = note.trim_end_matches(']').rsplit(": ").next().unwrap();
    let want = t
        .root
        .path()
        .join("tmp")
        .join(format!("rtk-{}", uid()))
        .join("tee");
    assert!(Path::new(path).starts_with(&want), "{note}");
    let kept = std::fs::read_to_string(path).unwrap();
    assert_eq!(kept.lines().count(), 6000);
    assert_eq!(mode(Path::new(path)), 0o600);
}

fn uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").unwrap().uid()
}

/// `[tee] enabled = false`: no tee file, so nothing is elided (the output goes raw) and
/// nothing is said about it (the user chose it: no line on every run).
#[test]
fn a_disabled_tee_elides_nothing_and_keeps_no_file() {
    let t = TestEnv::new();
    grep_inputs(&t);
    t.write("xdg-config/rtk/config.toml", "[tee]\nenabled = false\n");
    let out = grep_both(&t);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 6000);
    assert!(!stdout.contains("[rtk:"));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!t.root.path().join("xdg-data/rtk/tee").exists());
}

/// `[tee] max_files` and `max_bytes` bound the folder and each file.
#[test]
fn the_configured_tee_limits_are_kept() {
    let t = TestEnv::new();
    grep_inputs(&t);
    t.write(
        "xdg-config/rtk/config.toml",
        "[tee]\nmax_files = 2\nmax_bytes = 1000\n",
    );
    let tee_dir = t.root.path().join("xdg-data/rtk/tee");
    std::fs::create_dir_all(&tee_dir).unwrap();
    for i in 0..3 {
        t.write(format!("xdg-data/rtk/tee/000000000{i}_1_old.log"), "old\n");
    }
    let out = grep_both(&t);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let path = stdout
        .lines()
        .find_map(|l| {
            l.strip_prefix("[rtk: elided ")?
                .split("full output: ")
                .nth(1)
        })
        .unwrap_or_else(|| panic!("no note: {stdout}"))
        .trim_end_matches(']');
    let saved = std::fs::read_to_string(path).unwrap();
    assert!(saved.starts_with("a.txt:1:line 0: value\n"), "{saved}");
    assert!(
        saved.ends_with("\n[rtk: tee file cut at 1000 bytes]\n"),
        "{saved}"
    );
    assert_eq!(
        saved.len(),
        1000 + "\n[rtk: tee file cut at 1000 bytes]\n".len()
    );
    let mut left: Vec<String> = std::fs::read_dir(&tee_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left.len(), 2, "{left:?}");
    assert_eq!(left[0], "0000000002_1_old.log");
}

/// How long one recorded run's exit came after its command ended: `rtk sh -c 'date +%s%N'`
/// prints the command's last moment, and the test reads the clock once rtk has exited.
fn exit_delay(t: &TestEnv) -> Duration {
    let out = t.rtk().args(["sh", "-c", "date +%s%N"]).output().unwrap();
    let exited = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ended: u64 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    exited.saturating_sub(Duration::from_nanos(ended))
}

fn rows(db: &Path) -> i64 {
    let c = rusqlite::Connection::open(db).unwrap();
    c.query_row("SELECT count(*) FROM runs", [], |r| r.get(0))
        .unwrap()
}

/// Another process holds the history database locked for 10 s (a write transaction, then
/// exclusive locking mode, which also shuts readers out) while 20 runs finish: none is held
/// up by more than 250 ms, and every row is there once the lock is gone.
#[test]
fn a_locked_history_never_delays_the_exit_and_loses_no_row() {
    let _heavy = crate::common::heavy();
    for how in ["BEGIN EXCLUSIVE", "PRAGMA locking_mode=EXCLUSIVE"] {
        let t = TestEnv::new();
        let db = t.root.path().join("xdg-data/rtk/history.db");
        exit_delay(&t);
        let mut unlocked: Vec<Duration> = (0..5).map(|_| exit_delay(&t)).collect();
        unlocked.sort();
        let baseline = unlocked[2];
        let before = rows(&db);

        let lock = rusqlite::Connection::open(&db).unwrap();
        lock.execute_batch(how).unwrap();
        if how.starts_with("PRAGMA") {
            // The lock is taken by the first write and kept.
            lock.execute_batch("BEGIN; INSERT INTO meta VALUES ('lock', 'x'); COMMIT;")
                .unwrap();
        }
        let locked_at = Instant::now();
        let delays: Vec<Duration> = (0..20).map(|_| exit_delay(&t)).collect();
        let all_done = locked_at.elapsed();
        assert!(all_done < Duration::from_secs(10), "{all_done:?}");
        std::thread::sleep(Duration::from_secs(10) - all_done);
        drop(lock);

        // The next run imports what the 20 spooled.
        exit_delay(&t);
        assert_eq!(rows(&db), before + 21, "{how}");
        let spool = t.root.path().join("xdg-data/rtk/history.db-spool");
        assert_eq!(std::fs::read_dir(&spool).map_or(0, Iterator::count), 0);
        let longest = *delays.iter().max().unwrap();
        eprintln!(
            "{how}: 20 runs under a 10 s lock, rows stored {}/21, exit after the command: \
             unlocked median {baseline:?}, locked longest {longest:?}",
            rows(&db) - before
        );
        assert!(longest <= Duration::from_millis(250), "{how}: {longest:?}");
    }
}

/// The nice value (field 19 of a `/proc/<pid>/stat` line, after the parenthesised name).
const NICE_OF: &str = "sed 's/.*) //' \"$1\" | cut -d' ' -f17";

/// rtk's history recorder gives way (nice 10, Linux only: elsewhere, and under the
/// `portable` feature, a nice value is the whole process's) while the command it runs and its
/// other threads keep their priority. Seen from the command itself: it reads its parent's
/// (rtk's) threads in `/proc` until one is at 10, while this test holds the history database
/// locked so the recorder is still there. Only rtk's own threads are in that folder.
#[cfg(target_os = "linux")]
#[test]
fn only_the_recorder_thread_gives_way() {
    let t = TestEnv::new();
    let db = t.root.path().join("xdg-data/rtk/history.db");
    // A database never pruned: the recorder's first prune waits for the write lock held here
    // (until the run ends and it gives up), so it is still there to be seen.
    std::fs::create_dir_all(db.parent().unwrap()).unwrap();
    drop(rtk::tracking::db::Db::open_for_write(&db).unwrap());
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let script = format!(
        "nice_of() {{ {NICE_OF}; }}
         i=0
         while [ $i -lt 300 ]; do
           seen=$(for s in /proc/$PPID/task/*/stat; do nice_of \"$s\"; done | tr '\\n' ' ')
           case \" $seen\" in *' 10 '*) break ;; esac
           i=$((i + 1))
         done
         echo \"$seen\"
         nice_of /proc/$$/stat"
    );
    let out = t.rtk().args(["sh", "-c", &script]).output().unwrap();
    drop(lock);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let rtk: Vec<i32> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let command: i32 = lines.next().unwrap().trim().parse().unwrap();
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let ours: i32 = stat[stat.rfind(')').unwrap() + 2..]
        .split(' ')
        .nth(16)
        .unwrap()
        .parse()
        .unwrap();
    assert_ne!(
        ours, 10,
        "run the tests at another nice value than the recorder's"
    );
    // The command, and rtk's main thread, are at the test's own value.
    assert_eq!(command, ours, "{text}");
    assert!(rtk.contains(&ours), "{text}");
    let recorder_gave_way = rtk.contains(&10);
    assert_eq!(recorder_gave_way, cfg!(not(feature = "portable")), "{text}");
}

/// In the foreground of a terminal the command stays in rtk's process group: it can read the
/// terminal (in a group of its own it would be stopped), a ^C typed there reaches it, and an
/// INT sent to rtk alone is forwarded; rtk outlives both and exits as the command does. Run
/// under `script`, which gives rtk a terminal. (Whether a ^C is also forwarded a second time
/// cannot be seen from here: two INTs that close together reach a shell as one.)
#[test]
fn in_a_terminal_the_command_reads_it_and_interrupts_reach_it() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    }
    let t = TestEnv::new();
    let bin = stubs(&t);
    let d = t.root.path();
    let script = "n=0; trap 'n=$((n+1)); echo \"INT $n\"' INT; echo $PPID > \"$D/rtk.pid\"; \
                  read line; echo \"read $line\"; : > \"$D/read.ok\"; \
                  i=0; while [ $i -lt 50 ] && [ ! -e \"$D/stop\" ]; do sleep 0.1; i=$((i+1)); done; \
                  echo \"total $n\"; exit 5";
    let rtk = assert_cmd::cargo::cargo_bin("rtk");
    // `command` sets up the environment; `script` runs rtk in a terminal within it.
    let plain = command(&t, &bin, &["h2tool"], script, false);
    let mut c = Command::new("script");
    c.args([
        "-qefc",
        &format!("exec {} h2tool", rtk.display()),
        "/dev/null",
    ])
    .env_clear()
    .envs(plain.get_envs().filter_map(|(k, v)| Some((k, v?))))
    .current_dir(t.work());
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut tty = child.stdin.take().unwrap();
    // On failure `script` is ended: its terminal hangs up and takes the rest along.
    let mut wait_for = |f: &Path, what: &str| {
        let start = Instant::now();
        while !f.exists() {
            if start.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{what}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    wait_for(&d.join("rtk.pid"), "never started");
    use std::io::Write;
    tty.write_all(b"hello\n").unwrap();
    tty.flush().unwrap();
    wait_for(
        &d.join("read.ok"),
        "the command could not read its terminal",
    );
    // ^C typed at the terminal: the kernel sends INT to the foreground group.
    tty.write_all(b"\x03").unwrap();
    tty.flush().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    // INT sent to rtk alone.
    let rtk_pid = read_pid(&d.join("rtk.pid")).unwrap();
    Command::new("kill")
        .args(["-INT", &rtk_pid.to_string()])
        .status()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    std::fs::write(d.join("stop"), "").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("read hello"), "{text}");
    assert!(text.contains("INT 1") && text.contains("total 2"), "{text}");
    assert_eq!(out.status.code(), Some(5), "{text}");
}

/// An agent's hard timeout kills the caller's whole process group with SIGKILL (`timeout -s
/// KILL 2 rtk make …`): nothing the command started may survive it, in each mode, as nothing
/// survives it without rtk. rtk has no terminal here, so the command runs in a process group of
/// its own (signals rtk forwards then reach everything it started); a guard in that group ends
/// it when rtk dies.
#[test]
fn a_kill_of_the_callers_group_leaves_nothing_running() {
    use std::os::unix::process::CommandExt;
    let t = TestEnv::new();
    let bin = stubs(&t);
    let d = t.root.path();
    let (child_pid, grand_pid) = (d.join("child.pid"), d.join("grandchild.pid"));
    for via_rtk in [false, true] {
        for (mode, argv) in MODES {
            let _ = std::fs::remove_file(&child_pid);
            let _ = std::fs::remove_file(&grand_pid);
            let script = "echo $$ > \"$D/child.pid\"; \
                 sh -c 'echo $$ > \"$D/grandchild.pid\"; exec sleep 30'; echo after";
            let mut caller = command(&t, &bin, argv, script, via_rtk);
            caller
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0);
            let mut caller = caller.spawn().unwrap();
            let start = Instant::now();
            while read_pid(&grand_pid).is_none() {
                assert!(start.elapsed() < Duration::from_secs(10), "never started");
                std::thread::sleep(Duration::from_millis(10));
            }
            std::thread::sleep(Duration::from_millis(50));
            let (child, grand) = (read_pid(&child_pid).unwrap(), read_pid(&grand_pid).unwrap());
            let group = format!("-{}", caller.id());
            let sent = Command::new("kill")
                .args(["-KILL", "--", &group])
                .status()
                .unwrap();
            assert!(sent.success());
            assert_eq!(code_of(caller.wait().unwrap()), 128 + 9);
            let start = Instant::now();
            while alive(child) || alive(grand) {
                if start.elapsed() > Duration::from_secs(2) {
                    let left = (alive(child), alive(grand));
                    for pid in [child, grand] {
                        let _ = Command::new("kill")
                            .args(["-KILL", &pid.to_string()])
                            .status();
                    }
                    panic!(
                        "{mode} (rtk: {via_rtk}): left running after a group kill: \
                         command {} its child {}",
                        left.0, left.1
                    );
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}
