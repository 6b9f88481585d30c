//! Fault injection on rtk's own books: the history read-only, on a full disk, a folder or
//! garbage in its place, locked; the tee folder read-only; the whole data folder read-only (a
//! host's sandbox). Each case runs `rtk grep -n` and the bare `grep -n` under the fault and
//! checks the exit code and the output are the command's (as without the fault), then clears
//! the fault and checks every row made meanwhile is in the history, and what `rtk gain` tells
//! the user. The table it prints is docs/reliability.md's.
//!
//! Modes mean nothing to root: when the suite runs as root, the commands run as `nobody`
//! (`setpriv`), in a test folder handed to that user. A full disk is a file-size limit
//! (`ulimit -f`, with SIGXFSZ ignored so a write fails with EFBIG as on a full disk): no
//! privileges needed.

#![cfg(target_os = "linux")]
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::TestEnv;

/// The user the commands run as when the suite runs as root.
const NOBODY: &str = "65534";

fn euid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").unwrap().uid()
}

/// One test folder: inputs in `work`, rtk's data in `xdg-data`, the temp dir `tmp`.
struct Fx {
    t: TestEnv,
}

impl Fx {
    fn new(lines: usize) -> Fx {
        let t = TestEnv::new();
        for name in ["a.txt", "b.txt"] {
            let text: String = (0..lines).map(|i| format!("line {i}: value\n")).collect();
            t.write(Path::new("work").join(name), &text);
        }
        let fx = Fx { t };
        fx.hand_over();
        fx
    }

    fn root(&self) -> &Path {
        self.t.root.path()
    }

    fn data(&self) -> PathBuf {
        self.root().join("xdg-data/rtk")
    }

    fn db(&self) -> PathBuf {
        self.data().join("history.db")
    }

    /// As root, gives the whole folder to the user the commands run as.
    fn hand_over(&self) {
        if euid() == 0 {
            let st = Command::new("chown")
                .args(["-R", &format!("{NOBODY}:{NOBODY}")])
                .arg(self.root())
                .status()
                .unwrap();
            assert!(st.success());
        }
    }

    /// `argv` in the test's environment (as `nobody` when root), under `shell` (text run by
    /// `sh -c` before `exec "$@"`: a `ulimit`, say).
    fn command(&self, shell: &str, argv: &[&str]) -> Command {
        let script = format!("{shell}\nexec \"$@\"");
        let mut c = if euid() == 0 {
            let mut c = Command::new("setpriv");
            c.args([
                &format!("--reuid={NOBODY}"),
                &format!("--regid={NOBODY}"),
                "--clear-groups",
                "--",
                "sh",
            ]);
            c
        } else {
            Command::new("sh")
        };
        c.args(["-c", &script, "sh"]).args(argv);
        let r = self.root();
        c.env_clear()
            .env("HOME", r.join("home"))
            .env("XDG_CONFIG_HOME", r.join("xdg-config"))
            .env("XDG_DATA_HOME", r.join("xdg-data"))
            .env("TMPDIR", r.join("tmp"))
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("RTK_CLAUDE_CMDLINE", "")
            .current_dir(r.join("work"))
            .stdin(Stdio::null());
        c
    }

    fn rtk_path() -> String {
        assert_cmd::cargo::cargo_bin("rtk")
            .to_string_lossy()
            .into_owned()
    }

    /// `rtk grep -n value a.txt b.txt` (or the bare grep) under `shell`.
    fn grep(&self, shell: &str, via_rtk: bool) -> Output {
        let rtk = Fx::rtk_path();
        let mut argv: Vec<&str> = if via_rtk { vec![&rtk] } else { vec![] };
        argv.extend(["grep", "-n", "value", "a.txt", "b.txt"]);
        self.command(shell, &argv).output().unwrap()
    }

    /// Runs recorded in the history, as `rtk gain` reports them (spooled rows imported), and
    /// what `rtk gain` says about trouble.
    fn rows(&self) -> (u64, String) {
        let rtk = Fx::rtk_path();
        let out = self
            .command("", &[&rtk, "gain", "--format", "json"])
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "gain: {e}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let told = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| l.starts_with("  "))
            .map(|l| l.trim().to_string())
            .collect::<Vec<_>>()
            .join(" / ");
        (json["summary"]["runs"].as_u64().unwrap(), told)
    }

    fn chmod(&self, mode: &str, p: &Path) {
        assert!(Command::new("chmod")
            .arg(mode)
            .arg(p)
            .status()
            .unwrap()
            .success());
    }
}

/// One row of the table.
struct Row {
    fault: &'static str,
    code_kept: bool,
    /// "compacted" (as without the fault), "whole, not compacted" (raw, with rtk's one line
    /// saying why), or "no".
    output: &'static str,
    rows: String,
    told: String,
}

/// A fault: set up (after one clean run made the history), the shell text the faulty runs
/// use, then cleared.
struct Fault {
    name: &'static str,
    set: fn(&Fx),
    shell: &'static str,
    clear: fn(&Fx),
}

fn no_op(_: &Fx) {}

const FAULTS: &[Fault] = &[
    Fault {
        name: "history read-only (file and folder)",
        set: |f| {
            for side in ["-wal", "-shm"] {
                let p = PathBuf::from(format!("{}{side}", f.db().display()));
                if p.exists() {
                    f.chmod("444", &p);
                }
            }
            f.chmod("444", &f.db());
            f.chmod("555", &f.data());
        },
        shell: "",
        clear: |f| {
            f.chmod("755", &f.data());
            f.chmod("644", &f.db());
            for side in ["-wal", "-shm"] {
                let p = PathBuf::from(format!("{}{side}", f.db().display()));
                if p.exists() {
                    f.chmod("644", &p);
                }
            }
        },
    },
    Fault {
        name: "full disk (file-size limit 2 KiB)",
        set: no_op,
        shell: "trap '' XFSZ; ulimit -f 4",
        clear: no_op,
    },
    Fault {
        name: "a folder in the history's place",
        set: |f| {
            for side in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{side}", f.db().display()));
            }
            std::fs::create_dir(f.db()).unwrap();
            std::fs::write(f.db().join("kept.txt"), "someone's file\n").unwrap();
            f.hand_over();
        },
        shell: "",
        clear: no_op,
    },
    Fault {
        name: "garbage in the history",
        set: |f| {
            for side in ["-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{side}", f.db().display()));
            }
            std::fs::write(f.db(), vec![b'x'; 8192]).unwrap();
            f.hand_over();
        },
        shell: "",
        clear: no_op,
    },
    Fault {
        name: "tee folder read-only (output elided)",
        set: |f| f.chmod("555", &f.data().join("tee")),
        shell: "",
        clear: |f| f.chmod("755", &f.data().join("tee")),
    },
    Fault {
        name: "data folder read-only (a sandbox's HOME)",
        set: |f| {
            f.chmod("555", &f.data().join("tee"));
            f.chmod("555", &f.data());
            f.chmod("555", &f.root().join("xdg-data"));
        },
        shell: "",
        clear: |f| {
            f.chmod("755", &f.root().join("xdg-data"));
            f.chmod("755", &f.data());
            f.chmod("755", &f.data().join("tee"));
        },
    },
];

/// Lines in each input: enough for the tee cases to elide.
const LINES: usize = 3000;

/// The output with the tee file's path taken out of the note (it differs per run).
fn without_tee_path(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| match l.split_once("; full output: ") {
            // A tee file in the temp dir comes with the command that prints it all.
            Some((head, _)) => head
                .trim_end_matches(
                    "; `rtk proxy <the same command>` prints all of it if this temp file is gone",
                )
                .to_string(),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn run_fault(f: &Fault) -> Row {
    let fx = Fx::new(LINES);
    // A clean run: the history, the tee folder, and the output to compare with.
    let clean = fx.grep("", true);
    let bare_clean = fx.grep("", false);
    assert_eq!(clean.status.code(), Some(0));
    assert!(fx.db().is_file() && fx.data().join("tee").is_dir());
    let (before, _) = fx.rows();
    (f.set)(&fx);
    let bare = fx.grep(f.shell, false);
    let faulty: Vec<Output> = (0..2).map(|_| fx.grep(f.shell, true)).collect();
    (f.clear)(&fx);
    let code_kept = faulty
        .iter()
        .all(|o| o.status.code() == bare.status.code() && bare.status.code() == Some(0));
    let compacted = faulty.iter().all(|o| {
        without_tee_path(&o.stdout) == without_tee_path(&clean.stdout) && o.stderr.is_empty()
    });
    let whole = faulty.iter().all(|o| {
        let why = String::from_utf8_lossy(&o.stderr);
        o.stdout == bare_clean.stdout
            && why.lines().count() == 1
            && why.starts_with("[rtk: full output shown, nothing elided")
    });
    let output = match (bare.stdout == bare_clean.stdout, compacted, whole) {
        (true, true, _) => "compacted",
        (true, _, true) => "whole, not compacted",
        _ => "no",
    };
    // The elided output names a tee file that exists.
    for o in &faulty {
        let text = String::from_utf8_lossy(&o.stdout);
        if let Some((_, path)) = text
            .lines()
            .last()
            .and_then(|l| l.split_once("; full output: "))
        {
            let path = path.trim_end_matches(']');
            assert!(
                Path::new(path).is_file(),
                "{}: the note names {path}, which is not there",
                f.name
            );
        }
    }
    let after = fx.grep("", true);
    assert_eq!(after.status.code(), Some(0));
    let (runs, told) = fx.rows();
    // Both faulty runs and the run after, added to the rows before (which a damaged history
    // takes with it when it is set aside).
    let set_aside = f.name.contains("place") || f.name.contains("garbage");
    let want = if set_aside { 3 } else { before + 3 };
    Row {
        fault: f.name,
        code_kept,
        output,
        rows: format!("{runs} of {want}"),
        told: if told.is_empty() {
            "nothing".into()
        } else {
            told
        },
    }
}

#[test]
fn faults_keep_the_exit_code_the_output_and_every_row() {
    let _heavy = crate::common::heavy();
    let mut table = String::from(
        "| fault | exit code kept | output | rows after it clears | what `rtk gain` says |\n\
         |---|---|---|---|---|\n",
    );
    let mut wrong = Vec::new();
    for f in FAULTS {
        let row = run_fault(f);
        table.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            row.fault,
            yes(row.code_kept),
            row.output,
            row.rows,
            row.told.replace('|', "\\|")
        ));
        let (got, want) = row.rows.split_once(" of ").unwrap();
        if !row.code_kept || row.output == "no" || got != want {
            wrong.push(row.fault);
        }
    }
    eprintln!("{table}");
    assert!(wrong.is_empty(), "{wrong:?}\n{table}");
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// A lock held by another process while runs end: rows are spooled, and imported once the lock
/// is gone.
#[test]
fn a_lock_spools_and_the_rows_come_back() {
    let fx = Fx::new(3);
    assert_eq!(fx.grep("", true).status.code(), Some(0));
    let lock = rusqlite::Connection::open(fx.db()).unwrap();
    lock.execute_batch("PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;")
        .unwrap();
    let clean = fx.grep("", false);
    for _ in 0..3 {
        let o = fx.grep("", true);
        assert_eq!(o.status.code(), clean.status.code());
        assert!(
            o.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    drop(lock);
    let (runs, told) = fx.rows();
    assert_eq!(runs, 4, "{told}");
    assert_eq!(told, "", "a lock is said nothing about");
}
