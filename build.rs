//! Build script: stamps `rtk --version` with the git commit and the build target, for bug
//! reports (`rtk 1.2.0 (6394597 x86_64-unknown-linux-musl)`). The commit comes from
//! `RTK_GIT_COMMIT` when set (a packager building from a tarball), else from `git` when the crate
//! sits in its own git checkout (a `.git` beside Cargo.toml), else it is `unknown`: a source
//! tarball without `.git` still builds. Runs again only when HEAD or the branch it names moves
//! (or this file, or `RTK_GIT_COMMIT`, changes).

use std::path::Path;
use std::process::Command;

// The build script runs `git` at build time, outside rtk: src/exec's rule is for rtk itself.
#[allow(clippy::disallowed_methods)]
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&dir);
    println!("cargo:rerun-if-env-changed=RTK_GIT_COMMIT");
    let from_env = std::env::var("RTK_GIT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty());
    // Only our own checkout: a tarball unpacked inside some other repository must not take
    // that repository's commit.
    let own_checkout = dir.join(".git").exists();
    let commit = from_env.or_else(|| {
        if !own_checkout {
            return None;
        }
        // HEAD, the branch file it points at, and packed-refs (worktrees keep HEAD apart).
        for name in ["HEAD", "packed-refs"] {
            if let Some(p) = git(dir, &["rev-parse", "--git-path", name]) {
                println!("cargo:rerun-if-changed={}", dir.join(p).display());
            }
        }
        if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
            if let Some(p) = git(dir, &["rev-parse", "--git-path", &branch]) {
                println!("cargo:rerun-if-changed={}", dir.join(p).display());
            }
        }
        git(dir, &["rev-parse", "--short=9", "HEAD"])
    });
    let commit = commit.unwrap_or_else(|| "unknown".to_owned());
    let target = std::env::var("TARGET").expect("cargo sets TARGET for build scripts");
    println!("cargo:rustc-env=RTK_GIT_COMMIT={}", commit.trim());
    println!("cargo:rustc-env=RTK_BUILD_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
