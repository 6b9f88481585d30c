//! Tests of [`super`]: which files a command names and which Read/Edit/Write rules cover them.

use super::*;

/// A project in a temp folder: `.env`, `secrets/key.txt`, `a.txt`, `src/m.rs`, `src/deep/.env`,
/// a home folder beside it with `notes/x`, and a link `src/s` to `../.env`.
fn tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let proj = dir.path().join("proj");
    let home = dir.path().join("home");
    for (f, text) in [
        (".env", "K=1"),
        ("secrets/key.txt", "k"),
        ("a.txt", "a"),
        ("src/m.rs", "m"),
        ("src/deep/.env", "K=2"),
    ] {
        let p = proj.join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    std::fs::create_dir_all(home.join("notes")).unwrap();
    std::fs::write(home.join("notes/x"), "x").unwrap();
    #[cfg(unix)]
    crate::os::symlink(Path::new("../.env"), &proj.join("src/s")).unwrap();
    (dir, proj, home)
}

/// Whether `line`, run in `cwd` (relative to the project), is stepped aside from under `spec`.
fn covered(proj: &Path, home: &Path, spec: &str, cwd: &str, line: &str) -> bool {
    let source = proj.join(".claude/settings.json");
    let rules = vec![file_rule(spec, &source).expect(spec)];
    let cwd = proj.join(cwd);
    let at = Where {
        cwd: &cwd,
        project: proj,
        home: Some(home),
    };
    blocker(&crate::shell::parse(line), &rules, &at).is_some()
}

/// Every pattern form of Claude's docs, the example lines of issue 36 (class 1) and the lines
/// that keep their allow: (rule, folder, line, covered).
#[test]
fn file_rules_cover_what_a_command_names() {
    let (_d, proj, home) = tree();
    let table: &[(&str, &str, &str, bool)] = &[
        // Issue 36, class 1, with Read(./.env) and Read(./secrets/**).
        ("Read(./.env)", "", "cat .env", true),
        ("Read(./.env)", "", "head -1 .env", true),
        ("Read(./.env)", "", "grep API .env", true),
        ("Read(./.env)", "", "rg SECRET .env", true),
        ("Read(./.env)", "", "ls -la .env", true),
        ("Read(./secrets/**)", "", "cat secrets/key.txt", true),
        ("Read(./secrets/**)", "", "ls secrets", true),
        ("Read(./secrets/**)", "", "find secrets", true),
        ("Read(./secrets/**)", "", "grep -rn KEY secrets", true),
        ("Read(./secrets/**)", "", "git diff secrets", true),
        ("Read(**/.env)", "", "cat .env", true),
        ("Read(**/.env)", "", "cat src/deep/.env", true),
        // The same file by another name: `..`, a link, a glob, a `cd`, git's `rev:path`,
        // an option's value, a glued short option.
        ("Read(./.env)", "src", "cat ../.env", true),
        ("Read(./.env)", "", "cat src/../.env", true),
        ("Read(./.env)", "", "cat src/s", cfg!(unix)),
        ("Read(./.env)", "", "cat .en*", true),
        ("Read(./.env)", "", "cd src && cat ../.env", true),
        ("Read(./.env)", "", "git show HEAD:.env", true),
        ("Read(./.env)", "", "grep --file=.env x", true),
        ("Read(./.env)", "", "grep -f.env x", true),
        // Folders that may hold a covered file, named or read without a path.
        ("Read(**/.env)", "", "ls src", true),
        ("Read(**/.env)", "", "grep -rn KEY src", true),
        ("Read(./.env)", "", "rg KEY", true),
        ("Read(./.env)", "", "grep -r KEY", true),
        ("Read(./.env)", "", "find -name x", true),
        ("Read(./.env)", "", "ls -R", true),
        ("Read(./.env)", "", "git grep KEY", true),
        ("Read(./.env)", "src", "ls ..", true),
        // Other forms: `//abs`, `~/…`, `/…` (from the project), a bare name (any depth),
        // a bare tool name (every file), Edit rules.
        ("Read(~/notes/**)", "", "cat ~/notes/x", true),
        ("Read(/secrets/**)", "src", "cat ../secrets/key.txt", true),
        ("Read(.env)", "", "cat src/deep/.env", true),
        ("Read", "", "cat a.txt", true),
        ("Edit(./a.txt)", "", "cat a.txt", true),
        ("Read(./secrets)", "", "cat secrets/key.txt", true),
        // A value assigned in front; the shell's folder itself covered.
        ("Read(./.env)", "", "X=.env git log", true),
        ("Read(./secrets/**)", "secrets", "ls", true),
        ("Read(./secrets/**)", "secrets", "git status", true),
        ("Read(./secrets/**)", "", "cd secrets && ls", true),
        // Lines that name no covered path keep their allow.
        ("Read(./.env)", "", "cat a.txt", false),
        ("Read(./.env)", "", "ls", false),
        ("Read(./.env)", "", "git status", false),
        ("Read(./.env)", "", "git diff", false),
        ("Read(./.env)", "", "git log -1", false),
        ("Read(./.env)", "", "cat src/m.rs", false),
        ("Read(./secrets/**)", "", "ls src", false),
        ("Read(./secrets/**)", "", "grep -rn KEY src", false),
        ("Read(./secrets/**)", "", "find src -name m.rs", false),
        ("Read(./secrets/**)", "", "git diff src", false),
        ("Read(./secrets/**)", "", "ls -la", false),
        // `./` counts from the shell's folder as well as from the project.
        ("Read(./.env)", "src", "cat .env", true),
        // `./.env` floats as `.env` does (the differential, Claude Code 2.1.332: `cat sub/.env`
        // refused under Read(./.env)); a `/` inside anchors the pattern (gitignore).
        ("Read(./.env)", "", "cat src/deep/.env", true),
        ("Read(./.env)", "", "ls src/deep/.env", true),
        // and so a folder that may hold one (`src/deep/.env`) is covered when read.
        ("Read(./.env)", "", "grep -rn KEY src", true),
        ("Read(./.env)", "", "find src -name m.rs", true),
        ("Read(./.env)", "", "ls src", true),
        ("Read(.env)", "", "cat src/deep/.env", true),
        (
            "Read(./secrets/key.txt)",
            "",
            "cat src/secrets/key.txt",
            false,
        ),
        ("Read(/.env)", "", "cat src/deep/.env", false),
        ("Read(./.env)", "src", "cat m.rs", false),
        ("Read(~/notes/**)", "", "cat a.txt", false),
        ("Read(/secrets/**)", "", "cat a.txt", false),
        ("Write(./secrets/**)", "", "wc -l a.txt src/m.rs", false),
        ("Bash(cat:*)", "", "cat .env", false),
    ];
    for (spec, cwd, line, want) in table {
        if spec.starts_with("Bash") {
            assert_eq!(file_rule(spec, Path::new("x")), None);
            continue;
        }
        assert_eq!(
            covered(&proj, &home, spec, cwd, line),
            *want,
            "{spec} in {cwd:?}: {line}"
        );
    }
}

#[test]
fn entries_are_read_from_deny_and_ask_only() {
    let perms = serde_json::json!({
        "deny": ["Read(./.env)", "Bash(rm:*)", 5],
        "ask": ["Edit(src/**)", "Write"],
        "allow": ["Read(./secrets/**)"],
    });
    let mut out = Vec::new();
    read_file_rules(&perms, Path::new("/p/.claude/settings.json"), &mut out);
    let specs: Vec<&str> = out.iter().map(|r| r.spec.as_str()).collect();
    assert_eq!(specs, ["./.env", "src/**", "**"]);
    assert_eq!(out[0].text, "Read(./.env)");
}

#[test]
fn glob_names() {
    for (pat, name, want) in [
        ("*.env", "a.env", true),
        ("*.env", "a.txt", false),
        (".env*", ".env.local", true),
        ("?", "a", true),
        ("?", "ab", false),
        ("[ab]x", "cx", true), // a class matches any one character: wider, never narrower
        ("\\*", "*", true),
        ("\\*", "a", false),
    ] {
        assert_eq!(match_name(pat, name), want, "{pat} {name}");
    }
}

/// A line naming more paths than rtk checks (or than it checks in its time) steps aside under
/// file rules (bounded hook time); the same word repeated is one path; without file rules
/// nothing is checked.
#[test]
fn too_many_paths_step_aside() {
    let (_d, proj, home) = tree();
    let names: Vec<String> = (0..=MAX_PATHS).map(|i| format!("f{i}")).collect();
    let line = format!("ls {}", names.join(" "));
    assert!(covered(&proj, &home, "Read(./.env)", "", &line));
    let repeated = format!("ls {}", "a.txt ".repeat(MAX_PATHS * 2));
    assert!(!covered(&proj, &home, "Read(./.env)", "", &repeated));
    let at = Where {
        cwd: &proj,
        project: &proj,
        home: None,
    };
    assert_eq!(blocker(&crate::shell::parse(&line), &[], &at), None);
}
