//! The oracle's live run (issue 27): a line rtk allows is run for real — the rewritten line, as
//! the host runs it — by bash under `strace -f` in a throwaway git project with a throwaway HOME,
//! and the run fails on what the host's own checks would have refused to let happen silently:
//! - an exec of a program from outside the system's program folders (a PATH hijack): only
//!   `/usr/bin`, `/bin`, `/usr/local/bin`, `/usr/sbin`, `/sbin`, `/usr/local/sbin`, git's exec
//!   path and the rtk binary under test may be started (a PATH-search miss, ENOENT/ENOTDIR, is
//!   no start);
//! - a successful open for reading (file content or a folder listing; `O_PATH` and stat-family
//!   metadata calls excluded) of a file outside the project, judged on the path the kernel
//!   resolved (so a link leading out counts), unless it is one of the enumerated places a
//!   program needs to start (see [`read_allowed`]);
//! - configuration read from outside its normal places: a program started with an environment
//!   whose HOME, XDG or any other variable differs from the one the fixture gave bash (bash's
//!   own `_`, `PWD`, `OLDPWD`, `SHLVL` bookkeeping excepted), git reading a global config file
//!   (`.gitconfig`, `git/config`…) other than the fixture HOME's or the system's, rtk reading its
//!   own config from elsewhere than the fixture HOME;
//! - a write outside the project (the fixture HOME's rtk data folder excepted), or a file
//!   removed or renamed inside the project other than git's own bookkeeping under `.git/`.
//!
//! The destructive syscalls stay refused (EPERM) as in the dry run, so a wrongly allowed line
//! cannot remove anything. The fixture plants what an attacker would: executables `bin/ls`,
//! `bin/rtk`, `bin/git`, `bin/cat`; `evilhome/.gitconfig` and `evilxdg/git/config` whose
//! `core.fsmonitor` is a planted script; a `.gitconfig` at the project root; a link `link-out`
//! to a file in a sibling folder `outside/`; a folder `trap/` holding only a file named
//! `-delete` (`find *` there is `find -delete`).

#![cfg(target_os = "linux")]

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::oracle::{calls, find_program, normalize, path_args, resolved, tokens, Call, Tok};

/// A live run longer than this is killed.
const RUN_LIMIT: Duration = Duration::from_secs(5);

/// Folders whose programs a run may start.
const SYSTEM_BIN: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

/// Folders (and everything under them) any program may read: shared libraries, locale data,
/// terminfo, time zones, cgroup limits and online CPUs (Rust's and glibc's CPU counts).
const READ_TREES: &[&str] = &[
    "/lib/",
    "/lib64/",
    "/usr/lib/",
    "/usr/lib64/",
    "/usr/local/lib/",
    "/usr/share/locale/",
    "/usr/share/terminfo/",
    "/lib/terminfo/",
    "/etc/terminfo/",
    "/usr/share/zoneinfo/",
    "/sys/fs/cgroup/",
    "/sys/devices/system/cpu/",
];

/// Single files any program may read: the loader's cache, the user and name-service databases
/// bash and git consult, the system git config, devices.
const READ_FILES: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.preload",
    "/etc/nsswitch.conf",
    "/etc/passwd",
    "/etc/group",
    "/etc/localtime",
    "/etc/gitconfig",
    "/usr/local/etc/gitconfig",
    "/etc/inputrc",
    "/proc/filesystems",
    "/proc/meminfo",
    "/proc/stat",
    "/dev/null",
    "/dev/tty",
    "/dev/urandom",
];

/// A process's own files under /proc (resolved as `/proc/<pid>/…`) a program reads to start.
const PROC_SELF: &[&str] = &["maps", "cgroup", "mountinfo", "status", "stat"];

/// Variables bash itself sets for the programs it starts.
const BASH_BOOKKEEPING: &[&str] = &["_", "PWD", "OLDPWD", "SHLVL"];

/// Destructive syscalls: refused (EPERM) in the live run too.
const REFUSED: &str = "creat,truncate,unlink,unlinkat,rename,renameat,renameat2,rmdir,link,\
linkat,symlink,symlinkat,chmod,fchmodat,chown,lchown,fchownat,mknod,mknodat";
const TRACED: &str = "execve,execveat,open,openat,openat2,mkdir,mkdirat";

/// The throwaway project, HOME and the sibling `outside/` folder, rebuilt before every run.
pub struct Live {
    _root: tempfile::TempDir,
    root: PathBuf,
    rtk_link: PathBuf,
    rtk_binary: PathBuf,
    git_exec: PathBuf,
    bash: PathBuf,
    strace: PathBuf,
    env: BTreeMap<String, String>,
}

/// What one live run showed.
#[derive(Debug, Default)]
pub struct LiveTrace {
    pub findings: Vec<String>,
    pub timed_out: bool,
}

const PLANTED: &str = "#!/bin/sh\nexit 0\n";

#[allow(clippy::disallowed_methods)] // the oracle builds its fixture with git itself
fn git(dir: &Path, home: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("HOME", home)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "git {args:?} failed while building the oracle's fixture"
    );
}

fn write_exec(p: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// `from` copied to `to` (files with their modes, links as links).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (src, dst) = (e.path(), to.join(e.file_name()));
        let kind = e.file_type().unwrap();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&src).unwrap(), &dst).unwrap();
        } else if kind.is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

impl Live {
    pub fn new() -> Live {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(tmp.path()).expect("canonical tempdir");
        let (tp, th) = (root.join("template/project"), root.join("template/home"));
        let project = root.join("project");
        std::fs::create_dir_all(&th).unwrap();
        std::fs::write(
            th.join(".gitconfig"),
            "[user]\n\tname = Oracle\n\temail = oracle@example.invalid\n[init]\n\tdefaultBranch = main\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("outside")).unwrap();
        std::fs::write(root.join("outside/secret.txt"), "outside the project\n").unwrap();
        std::fs::create_dir_all(tp.join("src")).unwrap();
        std::fs::write(tp.join("README.md"), "# demo\n").unwrap();
        std::fs::write(tp.join("src/main.rs"), "fn main() {}\n").unwrap();
        git(&tp, &th, &["init", "-q"]);
        git(&tp, &th, &["add", "."]);
        git(&tp, &th, &["commit", "-qm", "init"]);
        for p in ["bin/ls", "bin/rtk", "bin/git", "bin/cat", "bin/fsmon"] {
            write_exec(&tp.join(p), PLANTED);
        }
        // The planted configs name the script at its place in the live project.
        let fsmon = format!(
            "[core]\n\tfsmonitor = {}\n",
            project.join("bin/fsmon").display()
        );
        for p in ["evilhome/.gitconfig", "evilxdg/git/config", ".gitconfig"] {
            std::fs::create_dir_all(tp.join(p).parent().unwrap()).unwrap();
            std::fs::write(tp.join(p), &fsmon).unwrap();
        }
        std::fs::create_dir_all(tp.join("trap")).unwrap();
        std::fs::write(tp.join("trap/-delete"), "").unwrap();
        std::os::unix::fs::symlink("../outside/secret.txt", tp.join("link-out")).unwrap();
        let rtk_binary = PathBuf::from(env!("CARGO_BIN_EXE_rtk"));
        let rtk_link = root.join("rtkbin/rtk");
        std::fs::create_dir_all(rtk_link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&rtk_binary, &rtk_link).unwrap();
        let mut path = vec![root.join("rtkbin").display().to_string()];
        path.extend(SYSTEM_BIN.iter().map(|s| s.to_string()));
        let git_exec = git_exec_path(&path.join(":"));
        let env: BTreeMap<String, String> = [
            ("PATH", path.join(":")),
            ("HOME", root.join("home").display().to_string()),
            ("LC_ALL", "C".to_string()),
            // rtk's own history database is not what the oracle judges (and costs a write per run).
            ("RTK_NO_TRACKING", "1".to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let live = Live {
            _root: tmp,
            root,
            rtk_link,
            rtk_binary,
            git_exec,
            bash: find_program("bash"),
            strace: find_program("strace"),
            env,
        };
        live.restore();
        live
    }

    /// The live project (where a line runs).
    pub fn project(&self) -> PathBuf {
        self.root.join("project")
    }

    /// The sibling folder outside the project, holding `secret.txt`.
    pub fn outside(&self) -> PathBuf {
        self.root.join("outside")
    }

    pub fn home(&self) -> PathBuf {
        self.root.join("home")
    }

    fn restore(&self) {
        for (t, d) in [("template/project", "project"), ("template/home", "home")] {
            let _ = std::fs::remove_dir_all(self.root.join(d));
            copy_tree(&self.root.join(t), &self.root.join(d));
        }
    }

    /// Puts back what a run created or wrote (the destructive calls were refused): each such
    /// path inside the project or HOME gets its template's copy back, or goes.
    fn undo(&self, calls: &[Call]) {
        let mut touched: Vec<PathBuf> = Vec::new();
        for c in calls {
            let ok = c
                .ret
                .trim_start()
                .starts_with(|ch: char| ch.is_ascii_digit());
            let made = match c.name.as_str() {
                "open" | "openat" | "openat2" => {
                    ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"]
                        .iter()
                        .any(|f| c.args.contains(f))
                }
                "mkdir" | "mkdirat" => true,
                _ => false,
            };
            if ok && made {
                touched.extend(resolved(&c.ret).or_else(|| path_args(&tokens(&c.args)).pop()));
            }
        }
        touched.sort_by_key(|p| std::cmp::Reverse(p.components().count()));
        touched.dedup();
        for p in touched {
            let Ok(rel) = p.strip_prefix(&self.root) else {
                continue;
            };
            if !(rel.starts_with("project") || rel.starts_with("home")) {
                continue;
            }
            let template = self.root.join("template").join(rel);
            if template.is_file() {
                let _ = std::fs::copy(&template, &p);
            } else if !template.exists() {
                let _ = std::fs::remove_file(&p).or_else(|_| std::fs::remove_dir_all(&p));
            }
        }
    }

    /// [`Live::run`], run again (at most twice more) while a run hit [`RUN_LIMIT`]: a run cut
    /// short by a loaded machine (the whole suite on two cores, under strace) shows only what
    /// ran before the cut, which is no verdict on the line.
    pub fn run_settled(&mut self, line: &str) -> LiveTrace {
        let mut t = self.run(line);
        for _ in 0..2 {
            if !t.timed_out {
                break;
            }
            t = self.run(line);
        }
        t
    }

    /// Runs `line` for real in the project and returns what the checks found.
    #[allow(clippy::disallowed_methods)] // the oracle runs bash itself, not an rtk filter
    pub fn run(&mut self, line: &str) -> LiveTrace {
        use std::os::unix::process::CommandExt;
        let out = self.root.join("strace.out");
        let mut child = Command::new(&self.strace)
            .args(["--seccomp-bpf", "-f", "-Y", "-qq", "-y", "-xx", "-v"])
            .args(["-s", "1048576", "-o"])
            .arg(&out)
            .args(["-e", &format!("trace={TRACED},{REFUSED}")])
            .args(["-e", &format!("inject={REFUSED}:error=EPERM")])
            .arg("--")
            .arg(&self.bash)
            .args(["-c", line])
            .env_clear()
            .envs(&self.env)
            .current_dir(self.project())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("spawn strace");
        let start = Instant::now();
        let mut t = LiveTrace::default();
        while child.try_wait().expect("wait").is_none() {
            if start.elapsed() > RUN_LIMIT {
                t.timed_out = true;
                if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
                    let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
                }
                let _ = child.wait();
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let text = std::fs::read(&out).unwrap_or_default();
        let calls = calls(&String::from_utf8_lossy(&text));
        for c in &calls {
            self.judge(c, &mut t.findings);
        }
        self.undo(&calls);
        let mut seen = std::collections::HashSet::new();
        t.findings.retain(|f| seen.insert(f.clone()));
        t
    }

    fn judge(&self, c: &Call, out: &mut Vec<String>) {
        let toks = tokens(&c.args);
        let who = &c.comm;
        match c.name.as_str() {
            "execve" | "execveat" => {
                let errno = c.ret.split_whitespace().nth(1).unwrap_or("");
                if matches!(errno, "ENOENT" | "ENOTDIR") {
                    return;
                }
                let path = path_args(&toks).into_iter().next().unwrap_or_default();
                if !self.exec_allowed(&path) {
                    out.push(format!(
                        "{who} started {} (a program from outside the system folders)",
                        path.display()
                    ));
                }
                if c.ret.trim() == "0" {
                    self.judge_env(who, &path, &toks, out);
                }
            }
            "open" | "openat" | "openat2" => {
                let writes = ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"]
                    .iter()
                    .any(|f| c.args.contains(f));
                if writes {
                    // The path as given and, when it opened, as the kernel resolved it (a link).
                    for p in path_args(&toks).into_iter().chain(resolved(&c.ret)) {
                        if !self.write_allowed(&p) {
                            out.push(format!("{who} opened {} for writing", p.display()));
                        }
                    }
                    return;
                }
                let Some(p) = resolved(&c.ret) else { return };
                if c.args.contains("O_PATH") {
                    return;
                }
                if !self.read_allowed(who, &p) {
                    out.push(format!("{who} read {} outside the project", p.display()));
                }
                if let Some(why) = self.config_misread(who, &p) {
                    out.push(format!("{who} read {} ({why})", p.display()));
                }
            }
            _ => {
                let inside_kept = |p: &Path| {
                    p.starts_with(self.project())
                        && (c.name.starts_with("mkdir")
                            || p.components().any(|x| x.as_os_str() == ".git"))
                };
                for p in path_args(&toks) {
                    if !inside_kept(&p) && !self.write_allowed_outside(&p) {
                        out.push(format!("{who}: {} {}", c.name, p.display()));
                    }
                }
            }
        }
    }

    /// The environment a started program sees, against the fixture's.
    fn judge_env(&self, who: &str, path: &Path, toks: &[Tok], out: &mut Vec<String>) {
        let mut depth = 0;
        let mut env: HashMap<String, String> = HashMap::new();
        for k in toks {
            match k {
                Tok::Open => depth += 1,
                Tok::Str(b) if depth == 2 => {
                    let s = String::from_utf8_lossy(b);
                    if let Some((k, v)) = s.split_once('=') {
                        env.insert(k.to_string(), v.to_string());
                    }
                }
                _ => {}
            }
        }
        let keys: std::collections::BTreeSet<&String> = env.keys().chain(self.env.keys()).collect();
        let git = who == "git" || who.starts_with("git-");
        for k in keys {
            if BASH_BOOKKEEPING.contains(&k.as_str()) || env.get(k) == self.env.get(k) {
                continue;
            }
            // What git itself sets for the helpers it starts (its exec path first on PATH).
            let own_path = format!("{}:{}", self.git_exec.display(), self.env["PATH"]);
            if git && (k.starts_with("GIT_") || (k == "PATH" && env.get(k) == Some(&own_path))) {
                continue;
            }
            out.push(format!(
                "{who} started {} with {k}={} (the fixture's: {})",
                path.display(),
                env.get(k).map(String::as_str).unwrap_or("<unset>"),
                self.env.get(k).map(String::as_str).unwrap_or("<unset>")
            ));
        }
    }

    fn exec_allowed(&self, p: &Path) -> bool {
        if p == self.rtk_link || p == self.rtk_binary {
            return true;
        }
        let p = normalize(p);
        p.is_absolute()
            && p.parent()
                .is_some_and(|d| SYSTEM_BIN.iter().any(|s| d == Path::new(s)) || d == self.git_exec)
    }

    /// Where a successful read may land: the project, the enumerated system places, git's exec
    /// path, the rtk binary, and in the fixture HOME only git's config (for git, and for
    /// ripgrep, which reads it for `core.excludesFile` and git's global ignore file) and rtk's
    /// config and data (for rtk).
    fn read_allowed(&self, who: &str, p: &Path) -> bool {
        let text = p.to_string_lossy();
        let home = self.home();
        let git = who == "git" || who.starts_with("git-") || who == "rg";
        p.starts_with(self.project())
            || READ_TREES.iter().any(|t| text.starts_with(t))
            || READ_FILES.iter().any(|f| p == Path::new(f))
            || p.starts_with(&self.git_exec)
            || p == self.rtk_binary
            || proc_self(p)
            || (git && (p == home.join(".gitconfig") || p.starts_with(home.join(".config/git"))))
            || (who == "rtk"
                && (p.starts_with(home.join(".config/rtk"))
                    || p.starts_with(home.join(".local/share/rtk"))))
    }

    fn write_allowed(&self, p: &Path) -> bool {
        let p = normalize(p);
        p.starts_with(self.project()) || self.write_allowed_outside(&p)
    }

    fn write_allowed_outside(&self, p: &Path) -> bool {
        let p = normalize(p);
        let data = self.home().join(".local/share/rtk");
        p.starts_with(&data)
            || data
                .ancestors()
                .take_while(|a| *a != self.home())
                .any(|a| a == p)
            || p == Path::new("/dev/null")
            || p == Path::new("/dev/tty")
    }

    /// A configuration file read from outside its program's normal places.
    fn config_misread(&self, who: &str, p: &Path) -> Option<&'static str> {
        let name = p.file_name()?.to_string_lossy();
        let parent = p
            .parent()?
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        let home = self.home();
        if who == "git" || who.starts_with("git-") {
            let global = name == ".gitconfig"
                || name == ".git-credentials"
                || (parent.as_deref() == Some("git")
                    && ["config", "attributes", "ignore", "credentials"].contains(&name.as_ref()));
            let normal = p == home.join(".gitconfig")
                || p.starts_with(home.join(".config/git"))
                || ["/etc/gitconfig", "/usr/local/etc/gitconfig"]
                    .iter()
                    .any(|f| p == Path::new(f));
            return (global && !normal).then_some("git config from outside its normal places");
        }
        if who == "rtk" && parent.as_deref() == Some("rtk") {
            let normal = p.starts_with(home.join(".config/rtk"))
                || p.starts_with(home.join(".local/share/rtk"));
            return (!normal).then_some("rtk config from outside its normal places");
        }
        None
    }
}

/// The exec path of the git the fixture's PATH finds.
fn git_exec_path(path: &str) -> PathBuf {
    #[allow(clippy::disallowed_methods)] // one query of the installed git
    let out = Command::new("git")
        .arg("--exec-path")
        .env("PATH", path)
        .output()
        .expect("git --exec-path");
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// `/proc/<pid>/<file>` for one of [`PROC_SELF`].
fn proc_self(p: &Path) -> bool {
    let parts: Vec<String> = p.iter().map(|c| c.to_string_lossy().into_owned()).collect();
    parts.len() == 4
        && parts[1] == "proc"
        && parts[2].bytes().all(|b| b.is_ascii_digit())
        && PROC_SELF.contains(&parts[3].as_str())
}
