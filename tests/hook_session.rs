//! Issue 36 (part A) through the `rtk hook claude` binary: Claude's `Read(…)` rules on the
//! files a Bash command reads, the session's current directory (the payload's `cwd`) with
//! Claude's repository check, the project never taken from the payload, and
//! `dangerouslyDisableSandbox`. Every example of the issue, in the setting it names, gets no
//! allow and no rewrite (the host judges the original); the lines that touch no denied path,
//! in the project's repository, keep their allow.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common::TestEnv;

/// A trusted project `work/proj` (a git checkout: `.git/` laid out by hand, no git run) with
/// `.env`, `secrets/key.txt`, `a.txt`, `src/m.rs`, a nested checkout `vendor/` whose config
/// sets `core.fsmonitor`, and a bare repository committed as plain files in `evil/` (a
/// textconv driver in its config). `permissions` is the project's settings.
fn project(permissions: Value) -> (TestEnv, PathBuf) {
    project_with(|_| permissions)
}

/// [`project`], its settings made from the project's path.
fn project_with(permissions: impl FnOnce(&Path) -> Value) -> (TestEnv, PathBuf) {
    let t = TestEnv::new();
    let proj = t.work().join("proj");
    t.write("work/proj/.git/HEAD", "ref: refs/heads/master\n");
    std::fs::create_dir_all(proj.join(".git/objects")).unwrap();
    std::fs::create_dir_all(proj.join(".git/refs")).unwrap();
    t.write("work/proj/.env", "API_KEY=secret\n");
    t.write("work/proj/secrets/key.txt", "KEY\n");
    t.write("work/proj/a.txt", "a\n");
    t.write("work/proj/src/m.rs", "fn main() {}\n");
    t.write(
        "work/proj/vendor/.git/config",
        "[core]\n\tfsmonitor = touch /tmp/pwned\n",
    );
    t.write("work/proj/vendor/.git/HEAD", "ref: refs/heads/master\n");
    t.write("work/proj/evil/HEAD", "ref: refs/heads/master\n");
    t.write(
        "work/proj/evil/config",
        "[diff \"x\"]\n\ttextconv = touch /tmp/pwned\n",
    );
    std::fs::create_dir_all(proj.join("evil/objects")).unwrap();
    std::fs::create_dir_all(proj.join("evil/refs/heads")).unwrap();
    t.write(
        "work/proj/.claude/settings.json",
        &json!({ "permissions": permissions(&proj) }).to_string(),
    );
    let trust = json!({"projects": {proj.to_str().unwrap(): {"hasTrustDialogAccepted": true}}});
    t.write("home/.claude.json", &trust.to_string());
    (t, proj)
}

/// The allow rules that, without issue 36's checks, let every example line run.
fn allow_all_examples() -> Vec<&'static str> {
    vec![
        "Bash(cat:*)",
        "Bash(head:*)",
        "Bash(grep:*)",
        "Bash(rg:*)",
        "Bash(ls:*)",
        "Bash(find:*)",
        "Bash(wc:*)",
        "Bash(git status)",
        "Bash(git diff:*)",
        "Bash(git log:*)",
        "Bash(git show:*)",
        "Bash(git push:*)",
    ]
}

/// `rtk hook claude`'s stdout for `input` (the tool input) with the payload's `cwd`, run in
/// `proc_cwd` with `CLAUDE_PROJECT_DIR` when given (as Claude Code 2.1.332 runs its hooks).
fn hook(t: &TestEnv, input: Value, cwd: &Path, proc_cwd: &Path, project: Option<&Path>) -> String {
    let payload = json!({
        "hook_event_name": "PreToolUse",
        "permission_mode": "default",
        "tool_name": "Bash",
        "tool_input": input,
        "cwd": cwd.to_str().unwrap(),
    });
    let mut c = t.rtk();
    c.current_dir(proc_cwd)
        .env("AI_AGENT", "claude-code_2-1-332_harness")
        .args(["hook", "claude"]);
    if let Some(p) = project {
        c.env("CLAUDE_PROJECT_DIR", p);
    }
    let out = c.write_stdin(payload.to_string()).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8(out.stdout).unwrap()
}

/// A session in the project: the shell in `cwd`, rtk run as Claude runs it.
fn call(t: &TestEnv, proj: &Path, cwd: &Path, cmd: &str) -> String {
    hook(t, json!({ "command": cmd }), cwd, proj, Some(proj))
}

fn allowed(out: &str) -> bool {
    out.contains(r#""permissionDecision":"allow""#)
}

/// Issue 36 class 1: with `Read(./.env)` and `Read(./secrets/**)` denied, Claude refuses
/// these; rtk steps aside (no answer at all), under allow rules for every program…
#[test]
fn read_deny_rules_cover_the_files_bash_commands_read() {
    let mut allow = allow_all_examples();
    allow.push("Bash(git -C:*)");
    let (t, proj) = project(json!({
        "allow": allow,
        "deny": ["Read(./.env)", "Read(./secrets/**)"],
    }));
    for cmd in [
        "cat .env",
        "head -1 .env",
        "grep API .env",
        "rg SECRET .env",
        "ls -la .env",
        "cat secrets/key.txt",
        "ls secrets",
        "find secrets",
        "grep -rn KEY secrets",
        "git diff secrets",
        "cat ./.env",
        "cat src/../.env",
        "cat se*/key.txt",
        "rg KEY",
        "grep -rn KEY",
        "find . -name key.txt",
        "ls -R",
        "git show HEAD:.env",
        "cd src && cat ../.env",
    ] {
        assert_eq!(call(&t, &proj, &proj, cmd), "", "{cmd}");
    }
    // From a sub-folder the shell moved to, `../.env` is the denied file too.
    assert_eq!(call(&t, &proj, &proj.join("src"), "cat ../.env"), "");
    // …and the lines that name no denied path keep their allow (the savings).
    for cmd in [
        "cat a.txt",
        "ls",
        "git status",
        "git diff",
        "git log -1",
        "wc -l a.txt src/m.rs",
    ] {
        assert!(allowed(&call(&t, &proj, &proj, cmd)), "{cmd}");
    }
    // `./.env` matches a `.env` at any depth, as `.env` does (Claude Code 2.1.332 refuses
    // `cat sub/.env`: parity/README.md, the differential's read-rule lines), so a folder read
    // may hold one: rtk steps aside there and Claude judges the line.
    for cmd in [
        "cat src/.env",
        "ls src",
        "grep -rn KEY src",
        "find src -name m.rs",
    ] {
        assert_eq!(call(&t, &proj, &proj, cmd), "", "{cmd}");
    }
}

/// The same with `Read(**/.env)`: a `.env` at any depth, so any folder named may hold one.
#[test]
fn read_deny_at_any_depth_covers_every_folder_read() {
    let (t, proj) = project(json!({
        "allow": allow_all_examples(),
        "deny": ["Read(**/.env)"],
    }));
    for cmd in [
        "cat .env",
        "head -1 .env",
        "grep API .env",
        "rg SECRET .env",
        "ls -la .env",
        "cat src/.env",
        "ls src",
        "grep -rn KEY src",
    ] {
        assert_eq!(call(&t, &proj, &proj, cmd), "", "{cmd}");
    }
    for cmd in ["cat a.txt", "ls", "git status", "wc -l a.txt"] {
        assert!(allowed(&call(&t, &proj, &proj, cmd)), "{cmd}");
    }
}

/// Without any allow rule, Claude's own read-only auto-approval would run `cat .env`; a Read
/// deny makes Claude refuse it, so rtk's read-only allow must not be given either. Ask rules
/// count as deny rules do, and `Edit(…)` rules cover the files a command names.
#[test]
fn file_rules_close_the_read_only_table_ask_and_edit_too() {
    let (t, proj) = project(json!({"deny": ["Read(./.env)"]}));
    assert_eq!(call(&t, &proj, &proj, "cat .env"), "");
    assert!(allowed(&call(&t, &proj, &proj, "cat a.txt")));
    // An absolute pattern (`//…`), as an ask rule.
    let (t, proj) = project_with(
        |p| json!({"ask": [format!("Read(/{}/a.txt)", p.display())], "allow": ["Bash(cat:*)"]}),
    );
    assert_eq!(call(&t, &proj, &proj, "cat a.txt"), "");
    assert!(allowed(&call(&t, &proj, &proj, "cat src/m.rs")));
    let (t, proj) = project(json!({"deny": ["Edit(./a.txt)"], "allow": ["Bash(cat:*)"]}));
    assert_eq!(call(&t, &proj, &proj, "cat a.txt"), "");
    assert!(allowed(&call(&t, &proj, &proj, "cat src/m.rs")));
}

/// Issue 36 class 2: after `cd vendor` (a nested checkout with `core.fsmonitor`) and `cd evil`
/// (a bare repository laid out as plain files), git would use a repository Claude cannot
/// match to the project: Claude asks, rtk steps aside. In the project's own repository,
/// from a sub-folder, the allow stays.
#[test]
fn git_in_another_repository_after_a_cd_is_not_allowed() {
    let (t, proj) = project(json!({"allow": allow_all_examples()}));
    let vendor = proj.join("vendor");
    let evil = proj.join("evil");
    assert_eq!(call(&t, &proj, &vendor, "git status"), "");
    for cmd in ["git log -p -1", "git show", "git diff HEAD~1 HEAD"] {
        assert_eq!(call(&t, &proj, &evil, cmd), "", "{cmd}");
    }
    // The same moves inside one line, and git's own `-C`.
    for cmd in [
        "cd vendor && git status",
        "cd evil && git show",
        "git -C vendor status",
        "git --git-dir=evil log",
    ] {
        assert_eq!(call(&t, &proj, &proj, cmd), "", "{cmd}");
    }
    // The project's repository: allowed from its root and from a sub-folder.
    assert!(allowed(&call(&t, &proj, &proj, "git status")));
    assert!(allowed(&call(&t, &proj, &proj.join("src"), "git status")));
    // A shell folder outside the project: nothing is judged from there.
    let outside = t.work().join("elsewhere");
    std::fs::create_dir_all(&outside).unwrap();
    assert_eq!(call(&t, &proj, &outside, "cat a.txt"), "");
}

/// Issue 36 "Also": with `CLAUDE_PROJECT_DIR` absent, a payload `cwd` pointing at a folder
/// with permissive settings does not make it the project: the hook's own directory (where
/// Claude runs it) does.
#[test]
fn the_payload_cwd_never_names_the_project() {
    let (t, open) = project(json!({"allow": ["Bash"]}));
    let strict = t.work().join("strict");
    std::fs::create_dir_all(strict.join(".git")).unwrap();
    let push = json!({"command": "git push origin master"});
    // rtk run in the strict folder, the payload pointing at the permissive one.
    assert!(!allowed(&hook(&t, push.clone(), &open, &strict, None)));
    assert!(!allowed(&hook(
        &t,
        push.clone(),
        &open,
        &strict,
        Some(&strict)
    )));
    // Where Claude itself says the permissive folder is the project, its allow applies.
    assert!(allowed(&hook(&t, push.clone(), &open, &open, Some(&open))));
    assert!(allowed(&hook(&t, push, &open, &open, None)));
}

/// Issue 36 "Also": a call with `dangerouslyDisableSandbox: true` gets no allow (and no
/// rewrite); `false` changes nothing.
#[test]
fn dangerously_disable_sandbox_is_never_allowed() {
    let (t, proj) = project(json!({"allow": allow_all_examples()}));
    for cmd in ["git status", "cat a.txt", "git push origin master"] {
        let on = json!({"command": cmd, "dangerouslyDisableSandbox": true});
        assert_eq!(hook(&t, on, &proj, &proj, Some(&proj)), "", "{cmd}");
        let off = json!({"command": cmd, "dangerouslyDisableSandbox": false});
        assert!(allowed(&hook(&t, off, &proj, &proj, Some(&proj))), "{cmd}");
    }
}
