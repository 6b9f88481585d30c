//! `rtk rewrite` driven as a process: exit codes, stdout bytes, stderr messages.

use crate::common::TestEnv;

#[test]
fn unknown_host_is_exit_1_with_message() {
    let t = TestEnv::new();
    let out = t
        .rtk()
        .args(["rewrite", "--host", "nope", "git", "status"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown host 'nope'"), "{err}");
    assert!(err.contains("openclaw"), "{err}");
}

#[test]
fn empty_command_is_exit_1() {
    let t = TestEnv::new();
    for args in [vec!["rewrite"], vec!["rewrite", ""], vec!["rewrite", "   "]] {
        let out = t.rtk().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}
