//! Tests of [`super`]: the shell's folder, the project and the repository check.

use super::*;

/// A checkout `proj/` (`.git/` by hand) holding `src/`, a nested checkout `vendor/` (its
/// `.git` a file, as in submodules and worktrees), a bare repository as plain files `evil/`,
/// and a folder `outside/` beside the project.
fn tree() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let proj = dir.path().join("proj");
    for d in [".git", "src", "vendor", "evil/objects", "evil/refs", "half"] {
        std::fs::create_dir_all(proj.join(d)).unwrap();
    }
    std::fs::create_dir_all(dir.path().join("outside")).unwrap();
    std::fs::write(proj.join("vendor/.git"), "gitdir: ../.git/modules/vendor\n").unwrap();
    std::fs::write(proj.join("evil/HEAD"), "ref: refs/heads/master\n").unwrap();
    std::fs::write(proj.join("evil/config"), "[core]\n").unwrap();
    // `HEAD` alone is not a repository to git.
    std::fs::write(proj.join("half/HEAD"), "x\n").unwrap();
    (dir, proj)
}

fn why(proj: &Path, cwd: &str, line: &str) -> Option<String> {
    let place = Place {
        cwd: proj.join(cwd),
        project: proj.to_path_buf(),
        home: None,
        vars: Vec::new(),
    };
    blocker(&crate::shell::parse(line), &place)
}

/// Issue 36 class 2 and the moves a line makes itself: (shell folder, line, stepped aside).
#[test]
fn git_must_use_the_projects_repository() {
    let (_d, proj) = tree();
    let table: &[(&str, &str, bool)] = &[
        ("vendor", "git status", true),
        ("evil", "git log -p -1", true),
        ("evil", "git show", true),
        ("evil", "git diff HEAD~1 HEAD", true),
        ("", "cd vendor && git status", true),
        ("", "cd evil && git show", true),
        ("", "git -C vendor status", true),
        ("", "git -C evil log", true),
        ("", "git --git-dir=evil log", true),
        ("", "git --work-tree vendor status", true),
        ("", "GIT_DIR=evil git log", true),
        ("src", "cd ../vendor && git status", true),
        ("../outside", "ls", true),
        ("..", "ls", true),
        ("", "git status", false),
        ("src", "git status", false),
        ("half", "git status", false),
        ("", "git -C src status", false),
        ("", "cd src && git status", false),
        ("vendor", "ls", false),
        ("", "cd vendor && ls", false),
        ("", "git log -- vendor", false),
    ];
    for (cwd, line, aside) in table {
        assert_eq!(
            why(&proj, cwd, line).is_some(),
            *aside,
            "in {cwd:?}: {line}"
        );
    }
}

/// A folder that cannot be resolved (gone, or never there) cannot be matched to the project.
#[test]
fn an_unknown_folder_steps_aside() {
    let (_d, proj) = tree();
    assert!(why(&proj, "missing", "ls").is_some());
    assert!(why(&proj, "", "cd missing && git status").is_some());
}
