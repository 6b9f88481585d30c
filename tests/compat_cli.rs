//! Upstream rtk 1.x's command names driven as a process: `bypass`/`proxy`, `run`, `read`,
//! `err`, `test`, `json`, `recall`, `hook opencode`, and `--version` against upstream's gates.

use crate::common::TestEnv;

fn out(t: &TestEnv, args: &[&str]) -> (Option<i32>, String, String) {
    let o = t.rtk().args(args).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn bypass_and_run_keep_streams_and_exit_codes() {
    let t = TestEnv::new();
    let script = "printf 'a  b\\n\\n\\n'; echo e >&2; exit 7";
    for cmd in ["bypass", "proxy"] {
        let (code, stdout, stderr) = out(&t, &[cmd, "sh", "-c", script]);
        assert_eq!(code, Some(7), "{cmd}");
        assert_eq!(stdout, "a  b\n\n\n", "{cmd}: unfiltered, byte for byte");
        assert_eq!(stderr, "e\n", "{cmd}");
    }
    let (code, stdout, _) = out(&t, &["run", "-c", "echo x && exit 3"]);
    assert_eq!((code, stdout.as_str()), (Some(3), "x\n"));
    let (code, stdout, _) = out(&t, &["run", "--shell", "bash", "-c", "echo $BASH_VERSION"]);
    assert_eq!(code, Some(0));
    assert!(!stdout.trim().is_empty());
    // argv kept: the hyphen word is the command's, not rtk's.
    let (code, stdout, _) = out(&t, &["run", "printf", "%s|", "-c", "x"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "-c|x|"));
    let (code, _, _) = out(&t, &["bypass", "no-such-program-rtk"]);
    assert_eq!(code, Some(127));
}

#[test]
fn err_and_test_are_the_filtered_run() {
    let t = TestEnv::new();
    for cmd in ["err", "test"] {
        let (code, stdout, _) = out(&t, &[cmd, "sh", "-c", "echo hello; exit 5"]);
        assert_eq!((code, stdout.as_str()), (Some(5), "hello\n"), "{cmd}");
    }
    let (code, _, stderr) = out(&t, &["err"]);
    assert_eq!(code, Some(2), "a command is required: {stderr}");
}

#[test]
fn read_and_json_go_through_the_reader() {
    let t = TestEnv::new();
    let lines: String = (1..=30).map(|i| format!("line {i}\n")).collect();
    t.write("work/a.txt", &lines);
    t.write("work/x.json", "{\n  \"a\": 1,\n  \"b\": [1, 2]\n}\n");
    let (code, stdout, _) = out(&t, &["read", "a.txt"]);
    assert_eq!((code, stdout.as_str()), (Some(0), lines.as_str()));
    let (_, head, _) = out(&t, &["read", "--max-lines", "2", "a.txt"]);
    assert_eq!(head, "line 1\nline 2\n");
    let (_, tail, _) = out(
        &t,
        &["read", "--tail-lines", "1", "-l", "aggressive", "a.txt"],
    );
    assert_eq!(tail, "line 30\n");
    let (code, json, _) = out(&t, &["json", "x.json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(v, serde_json::json!({"a": 1, "b": [1, 2]}));
    assert!(json.len() < 30, "compacted: {json}");
    let (code, _, _) = out(&t, &["read", "missing.txt"]);
    assert_eq!(code, Some(1), "cat's own exit code");
}

#[test]
fn recall_prints_a_tee_file_by_a_unique_part_of_its_name() {
    let t = TestEnv::new();
    let dir = "xdg-data/rtk/tee";
    t.write(
        format!("{dir}/1796200000_41_cargo_test.log"),
        "l1\nl2\nl3\n",
    );
    t.write(format!("{dir}/1796200100_42_git_diff.log"), "d\n");
    let (code, stdout, _) = out(&t, &["recall", "cargo_test"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "l1\nl2\nl3\n"));
    let (_, part, _) = out(&t, &["recall", "1796200000", "--from", "2", "--lines", "1"]);
    assert_eq!(part, "l2\n");
    let (_, list, _) = out(&t, &["recall", "--list"]);
    let names: Vec<&str> = list.lines().collect();
    assert_eq!(names.len(), 2);
    assert!(names[0].contains("git_diff"), "newest first: {list}");
    let (code, _, stderr) = out(&t, &["recall", "17962"]);
    assert_eq!(code, Some(1), "ambiguous");
    assert!(stderr.contains("matches 2 files"), "{stderr}");
    let (code, stdout, stderr) = out(&t, &["recall", "3f2a9c"]);
    assert_eq!(code, Some(1));
    assert!(stdout.is_empty());
    assert!(stderr.contains("rtk recall --list"), "{stderr}");
}

#[test]
fn hook_opencode_answers_like_rewrite() {
    let t = TestEnv::new();
    let (code, _, _) = out(&t, &["hook", "opencode", "--help"]);
    assert_eq!(code, Some(0), "upstream's plugin probes this");
    let (code, stdout, _) = out(&t, &["hook", "opencode", "--agent", "build", "git status"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout.trim(), r#"{"command":"rtk git status"}"#);
    for cmd in ["htop", "git status $(rm -rf /tmp/x)", "rtk git status", ""] {
        let (code, stdout, _) = out(&t, &["hook", "opencode", cmd]);
        assert_eq!((code, stdout.trim()), (Some(0), "{}"), "{cmd:?}");
    }
    // OpenCode re-judges the rewritten line with its own permission.bash rules: a line a
    // pattern could match stays as typed, so the pattern still decides.
    let (_, stdout, _) = out(&t, &["hook", "opencode", "git push origin main"]);
    assert_eq!(stdout.trim(), r#"{"command":"rtk git push origin main"}"#);
    t.write(
        "xdg-config/opencode/opencode.json",
        r#"{"permission":{"bash":{"*":"allow","git push*":"deny"}}}"#,
    );
    let (_, stdout, _) = out(&t, &["hook", "opencode", "git push origin main"]);
    assert_eq!(stdout.trim(), "{}");
    let (_, stdout, _) = out(&t, &["hook", "opencode", "git status"]);
    assert_eq!(stdout.trim(), r#"{"command":"rtk git status"}"#);
}

/// Upstream's Pi/OMP extensions refuse an rtk whose `--version` is 0.x below 0.23; older
/// upstream Claude hook scripts ask for at least 0.23.0. README "Upstream rtk 1.x users".
#[test]
fn version_passes_upstreams_gates() {
    let t = TestEnv::new();
    let (code, stdout, _) = out(&t, &["--version"]);
    assert_eq!(code, Some(0));
    // `rtk X.Y.Z (commit target)`: the gates read the first `X.Y.Z`.
    let v = stdout.trim().strip_prefix("rtk ").expect("`rtk <version>`");
    let (v, build) = v
        .split_once(' ')
        .expect("`rtk <version> (<commit> <target>)`");
    let build = build.strip_prefix('(').and_then(|b| b.strip_suffix(')'));
    let (commit, target) = build
        .and_then(|b| b.split_once(' '))
        .expect("(<commit> <target>)");
    assert!(
        !commit.is_empty() && target.matches('-').count() >= 2,
        "{stdout}"
    );
    let parts: Vec<u64> = v.split('.').map(|p| p.parse().unwrap()).collect();
    assert_eq!(parts.len(), 3, "{v}");
    assert!(parts[0] >= 1 || parts[1] >= 23, "{v}");
    assert!((parts[0], parts[1]) > (1, 1), "above upstream 1.1.0: {v}");
}
