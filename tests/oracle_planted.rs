//! The oracle's live run (`oracle_live.rs`) on the planted cases of issue 27: the would-be-allowed
//! rewritten lines run as they are, whatever rtk decides for them, and each is flagged for the
//! reason planted; ordinary allowed lines pass.

#![cfg(target_os = "linux")]

use crate::oracle_live::Live;

#[test]
fn the_live_run_flags_hijacks_and_outside_reads() {
    let _heavy = crate::common::heavy();
    let mut live = Live::new();
    // Ordinary allowed lines pass (a `.gitconfig` read by cat is content, not configuration).
    for line in [
        "rtk ls",
        "rtk ls -la src",
        "rtk git status",
        "rtk git log --oneline -3",
        "rtk cat README.md",
        "rtk cat .gitconfig",
        "rtk git status && rtk cat src/main.rs",
    ] {
        let t = live.run_settled(line);
        assert!(!t.timed_out && t.findings.is_empty(), "{line}: {t:?}");
    }
    // The would-be-allowed rewritten lines of issue 27, run as they are (whatever rtk decides
    // for them): each must be flagged, and for the reason planted.
    let outside = live.outside().join("secret.txt").display().to_string();
    let abs = format!("rtk cat {outside}");
    let planted: &[(&str, &[&str])] = &[
        (
            "for PATH in bin; do rtk ls; done",
            &["bash started bin/rtk ", "with PATH=bin "],
        ),
        ("for PATH in bin; do ls; done", &["bash started bin/ls "]),
        (
            "for HOME in evilhome; do rtk git status; done",
            &[
                "with HOME=evilhome ",
                "evilhome/.gitconfig (git config",
                "project/bin/fsmon (a program",
            ],
        ),
        (
            "HOME=. rtk git status",
            &["project/.gitconfig (git config", "bin/fsmon (a program"],
        ),
        (
            "XDG_CONFIG_HOME=evilxdg rtk git status",
            &["evilxdg/git/config (git config"],
        ),
        (
            "GIT_CONFIG_GLOBAL=.gitconfig rtk git status",
            &["project/.gitconfig (git config"],
        ),
        (
            "for HOME in evilhome; do rtk ls; done",
            &["with HOME=evilhome "],
        ),
        (
            "rtk cat ../outside/secret.txt",
            &["outside/secret.txt outside the project"],
        ),
        (&abs, &["outside/secret.txt outside the project"]),
        (
            "rtk cat link-out",
            &["outside/secret.txt outside the project"],
        ),
        (
            "rtk cat ~/.gitconfig",
            &["home/.gitconfig outside the project"],
        ),
        ("rtk ls ~", &["home outside the project"]),
        ("rtk ls ..", &["outside the project"]),
        ("cat /proc/self/environ", &["/environ outside the project"]),
        ("cd trap && rtk find *", &["unlinkat "]),
    ];
    for (line, why) in planted {
        // A planted line is flagged on every run; a run that saw nothing at all (once in a few
        // full-suite runs under `--features portable`, cause not found, never alone) is run
        // again, at most twice: a line rtk lets through is flagged on each of the three.
        let mut t = live.run_settled(line);
        for _ in 0..2 {
            if !t.findings.is_empty() {
                break;
            }
            t = live.run_settled(line);
        }
        for w in *why {
            assert!(
                t.findings.iter().any(|f| f.contains(w)),
                "{line}: no finding holds {w:?} (timed out: {}): {:?}",
                t.timed_out,
                t.findings
            );
        }
    }
    assert!(
        live.project().join("trap/-delete").exists(),
        "the refused unlink must keep it"
    );
}
