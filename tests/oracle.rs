//! The execution oracle's dry run (issue 15): bash itself checks every allow. A command that
//! rtk's decision answers with exit 0 (allow) under a rules file is run, as typed, by real bash
//! in a throwaway directory under `strace -f`, and the run fails when bash starts any program
//! whose argv the rules do not grant (a deny rule matching it counts too) or touches a file
//! outside the directory. (The live run, `oracle_live.rs`, runs the rewritten line for real;
//! `oracle_check.rs` drives both.)
//!
//! How a run is observed without running anything: PATH is an empty folder, and BASH_ENV
//! defines a read-only `command_not_found_handle` that appends the argv of every program bash
//! looks up by name to a log and returns 0 (so `&&` chains go on); strace injects ENOENT into
//! every execve, so a program named by path is recorded (with its argv) and never starts;
//! strace also records every syscall that could create, change or remove a file (opens for
//! writing, unlink, rename, mkdir, chmod…), with paths resolved against the directory fd (`-y`),
//! and refuses all of them but the opens (which bash's own redirects and the log need).
//!
//! Needs bash and strace (scripts/setup-oracle-deps.sh installs them from Debian packages).
//! Linux only.

#![cfg(target_os = "linux")]

use std::collections::HashMap;
use std::os::unix::process::CommandExt;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rtk::hooks::permissions::RuleSet;

/// The rules of the issue: what the generated commands and the rule-less tables are judged by.
pub const ALLOW: &[&str] = &["ls:*", "git status:*", "git log:*"];
pub const DENY: &[&str] = &["rm:*", "git push:*"];

/// A run longer than this is killed (an allowed `while ls; do ls; done` loops forever).
const RUN_LIMIT: Duration = Duration::from_secs(5);

/// Rules as plain spec lists (the oracle's own reading of them, independent of rtk's matcher).
#[derive(Clone, Debug)]
pub struct Rules {
    pub deny: Vec<String>,
    pub ask: Vec<String>,
    pub allow: Vec<String>,
}

impl Rules {
    pub fn issue() -> Rules {
        Rules {
            deny: DENY.iter().map(|s| s.to_string()).collect(),
            ask: Vec::new(),
            allow: ALLOW.iter().map(|s| s.to_string()).collect(),
        }
    }

    pub(crate) fn rule_set(&self) -> RuleSet {
        fn v(x: &[String]) -> Vec<&str> {
            x.iter().map(String::as_str).collect()
        }
        RuleSet::from_bash(&v(&self.deny), &v(&self.ask), &v(&self.allow))
    }

    /// The program started with `argv` is granted: an allow spec matches it and no deny or ask
    /// spec does.
    pub(crate) fn grants(&self, argv: &[String]) -> bool {
        if argv.first().is_some_and(|a| a == "rtk") {
            // An already-rtk command runs the rest of its argv (docs/contract.md §3: allow rules
            // also match a command with its leading `rtk ` removed).
            return self.grants(&argv[1..]);
        }
        let hit = |specs: &[String]| specs.iter().any(|s| spec_matches(s, argv));
        !hit(&self.deny) && !hit(&self.ask) && hit(&self.allow)
    }
}

/// Claude's documented pattern forms, applied to an argv: `*` alone matches everything;
/// `x:*` and `x *` match the words of `x` as a prefix of argv; another `*` matches any
/// characters of the argv joined by spaces; no wildcard: the joined argv equals the spec.
fn spec_matches(spec: &str, argv: &[String]) -> bool {
    let spec = spec.trim();
    if spec == "*" {
        return true;
    }
    let prefix = spec
        .strip_suffix(":*")
        .or_else(|| spec.strip_suffix(" *"))
        .filter(|p| !p.contains('*'));
    if let Some(p) = prefix {
        let words: Vec<&str> = p.split_whitespace().collect();
        return argv.len() >= words.len() && words.iter().zip(argv).all(|(w, a)| w == a);
    }
    let joined = argv.join(" ");
    if !spec.contains('*') {
        return joined == spec.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    glob(spec.as_bytes(), joined.as_bytes())
}

/// `*`-only glob, iterative (linear in practice, no recursion).
fn glob(p: &[u8], s: &[u8]) -> bool {
    let (mut pi, mut si, mut star, mut mark) = (0, 0, None, 0);
    while si < s.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some(pi);
            mark = si;
            pi += 1;
        } else if pi < p.len() && p[pi] == s[si] {
            pi += 1;
            si += 1;
        } else if let Some(st) = star {
            pi = st + 1;
            mark += 1;
            si = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// What bash did for one command.
#[derive(Default, Debug)]
pub struct Trace {
    /// Every program bash started or tried to start, argv[0] replaced by the path for execve.
    pub programs: Vec<Vec<String>>,
    /// Paths outside the directory that a syscall would create, change or remove.
    pub outside_writes: Vec<String>,
    pub timed_out: bool,
}

/// A throwaway directory with the BASH_ENV file and the empty PATH folder.
pub struct Sandbox {
    root: tempfile::TempDir,
    real: PathBuf,
    runs: usize,
    bash: PathBuf,
    strace: PathBuf,
}

/// `name` on the test's own PATH.
pub(crate) fn find_program(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{name} not found on PATH (run scripts/setup-oracle-deps.sh)"))
}

const BASH_ENV: &str = "command_not_found_handle() { printf '%s\\0' \"$#\" \"$@\" >> \"$RTK_ORACLE_LOG\"; return 0; }\nreadonly -f command_not_found_handle\n";

impl Sandbox {
    pub fn new() -> Sandbox {
        let root = tempfile::tempdir().expect("tempdir");
        let real = std::fs::canonicalize(root.path()).expect("canonical tempdir");
        std::fs::create_dir_all(real.join("empty-path")).unwrap();
        std::fs::write(real.join("bash-env.sh"), BASH_ENV).unwrap();
        Sandbox {
            root,
            real,
            runs: 0,
            bash: find_program("bash"),
            strace: find_program("strace"),
        }
    }

    /// Runs `cmd` with bash under strace and returns what it did.
    #[allow(clippy::disallowed_methods)] // the oracle runs bash itself, not an rtk filter
    pub fn run(&mut self, cmd: &str) -> Trace {
        self.runs += 1;
        let run = self.real.join(format!("run-{}", self.runs));
        let (work, home) = (run.join("work"), run.join("home"));
        std::fs::create_dir_all(&work).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        let log = run.join("programs.log");
        let trace_file = run.join("strace.out");
        let mut child = Command::new(&self.strace)
            .args(["-f", "-qq", "-y", "-xx", "-v", "-s", "1048576", "-o"])
            .arg(&trace_file)
            .args(["-e", &format!("trace={TRACED}"), "-e"])
            .arg("inject=execve,execveat:error=ENOENT")
            .args(["-e", &format!("inject={NEVER_BY_BASH}:error=EPERM")])
            .arg("--")
            .arg(&self.bash)
            .args(["-c", cmd])
            .env_clear()
            .env("PATH", self.real.join("empty-path"))
            .env("BASH_ENV", self.real.join("bash-env.sh"))
            .env("RTK_ORACLE_LOG", &log)
            .env("HOME", &home)
            .env("LC_ALL", "C")
            .current_dir(&work)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("spawn strace");
        let start = Instant::now();
        let mut timed_out = false;
        loop {
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            if start.elapsed() > RUN_LIMIT {
                timed_out = true;
                if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
                    let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
                }
                let _ = child.wait();
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let mut t = Trace {
            timed_out,
            ..Trace::default()
        };
        if let Ok(bytes) = std::fs::read(&log) {
            t.programs.extend(parse_log(&bytes));
        }
        let text = std::fs::read(&trace_file).unwrap_or_default();
        parse_strace(&String::from_utf8_lossy(&text), &self.real, &mut t);
        let _ = std::fs::remove_dir_all(&run);
        t
    }

    pub fn path(&self) -> &Path {
        self.root.path()
    }
}

/// Syscalls that start a program or may create, change or remove a file.
const TRACED: &str = "execve,execveat,open,openat,openat2,creat,truncate,unlink,unlinkat,\
rename,renameat,renameat2,mkdir,mkdirat,rmdir,link,linkat,symlink,symlinkat,chmod,fchmodat,\
chown,lchown,fchownat,mknod,mknodat,utimensat,utimes";

/// The traced syscalls bash itself never needs (only programs make them): they are also
/// refused, so a wrongly allowed command cannot remove or rename anything.
const NEVER_BY_BASH: &str = "creat,truncate,unlink,unlinkat,rename,renameat,renameat2,mkdir,\
mkdirat,rmdir,link,linkat,symlink,symlinkat,chmod,fchmodat,chown,lchown,fchownat,mknod,mknodat";

/// Records of the handler: `count NUL arg NUL …`.
fn parse_log(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut fields = bytes
        .split(|&b| b == 0)
        .map(|f| String::from_utf8_lossy(f).into_owned());
    let mut out = Vec::new();
    while let Some(n) = fields.next() {
        let Ok(n) = n.parse::<usize>() else { break };
        out.push(fields.by_ref().take(n).collect());
    }
    out
}

/// A piece of a strace argument list: a string, or an fd decoration `<path>`.
pub(crate) enum Tok {
    Str(Vec<u8>),
    Dir(Vec<u8>),
    Open,
    Close,
}

pub(crate) fn hex_bytes(s: &str) -> Vec<u8> {
    s.split("\\x")
        .filter(|h| h.len() >= 2)
        .filter_map(|h| u8::from_str_radix(&h[..2], 16).ok())
        .collect()
}

pub(crate) fn tokens(args: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut rest = args;
    while let Some(i) = rest.find(['"', '<', '[', ']']) {
        let c = rest.as_bytes()[i];
        rest = &rest[i + 1..];
        let (close, dir) = match c {
            b'"' => ('"', false),
            b'<' if rest.starts_with("\\x") => ('>', true),
            b'[' => {
                out.push(Tok::Open);
                continue;
            }
            b']' => {
                out.push(Tok::Close);
                continue;
            }
            _ => continue,
        };
        let end = rest.find(close).unwrap_or(rest.len());
        let bytes = hex_bytes(&rest[..end]);
        out.push(if dir {
            Tok::Dir(bytes)
        } else {
            Tok::Str(bytes)
        });
        rest = &rest[(end + 1).min(rest.len())..];
    }
    out
}

/// `a/../b` → `b`, lexically.
pub(crate) fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn parse_strace(text: &str, dir: &Path, t: &mut Trace) {
    let mut first_exec = true;
    for line in text.lines() {
        let Some((_pid, call)) = line.split_once(' ') else {
            continue;
        };
        let call = call.trim_start();
        let Some(open) = call.find('(') else { continue };
        let name = &call[..open];
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || name.is_empty() {
            continue; // `<... resumed>`, signals, exits
        }
        let args = &call[open + 1..];
        let toks = tokens(args);
        if name == "execve" || name == "execveat" {
            if first_exec && args.contains("= 0") {
                first_exec = false; // strace starting bash itself
                continue;
            }
            first_exec = false;
            let path = toks.iter().find_map(|k| match k {
                Tok::Str(b) => Some(String::from_utf8_lossy(b).into_owned()),
                _ => None,
            });
            let mut argv: Vec<String> = Vec::new();
            let mut in_argv = false;
            for k in &toks {
                match k {
                    Tok::Open if argv.is_empty() && !in_argv => in_argv = true,
                    Tok::Close if in_argv => break,
                    Tok::Str(b) if in_argv => argv.push(String::from_utf8_lossy(b).into_owned()),
                    _ => {}
                }
            }
            if let (Some(p), Some(a0)) = (path, argv.first_mut()) {
                *a0 = p;
            }
            t.programs.push(argv);
            continue;
        }
        let writes = match name {
            "open" | "openat" | "openat2" => {
                ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND"]
                    .iter()
                    .any(|f| args.contains(f))
            }
            _ => true,
        };
        if !writes {
            continue;
        }
        let mut base: Option<PathBuf> = None;
        for k in &toks {
            match k {
                Tok::Dir(b) => base = Some(PathBuf::from(String::from_utf8_lossy(b).as_ref())),
                Tok::Str(b) => {
                    let p = PathBuf::from(String::from_utf8_lossy(b).as_ref());
                    let full = if p.is_absolute() {
                        Some(p)
                    } else {
                        base.as_ref().map(|d| d.join(&p))
                    };
                    let inside = full.as_ref().is_some_and(|f| {
                        let f = normalize(f);
                        f.starts_with(dir)
                            || f == Path::new("/dev/null")
                            || f == Path::new("/dev/tty")
                    });
                    if !inside {
                        t.outside_writes
                            .push(format!("{name}: {}", String::from_utf8_lossy(b)));
                    }
                }
                _ => {}
            }
        }
    }
}

/// The path the kernel resolved for a returned descriptor (`= 3</path>`).
pub(crate) fn resolved(ret: &str) -> Option<PathBuf> {
    let r = ret.trim();
    if !r.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    match tokens(r).into_iter().next()? {
        Tok::Dir(b) => Some(PathBuf::from(String::from_utf8_lossy(&b).into_owned())),
        _ => None,
    }
}

/// The path arguments of a call, each resolved against the directory fd before it.
pub(crate) fn path_args(toks: &[Tok]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut base: Option<PathBuf> = None;
    for k in toks {
        match k {
            Tok::Dir(b) => base = Some(PathBuf::from(String::from_utf8_lossy(b).as_ref())),
            Tok::Str(b) => {
                let p = PathBuf::from(String::from_utf8_lossy(b).as_ref());
                out.push(match &base {
                    Some(d) if p.is_relative() => normalize(&d.join(&p)),
                    _ => p,
                });
            }
            Tok::Open => break, // execve's argv: no more paths
            Tok::Close => {}
        }
    }
    out
}

/// One syscall of the trace.
#[derive(Debug)]
pub struct Call {
    pub comm: String,
    pub name: String,
    pub args: String,
    pub ret: String,
}

/// The calls of a `-f -Y -xx` trace (the live run's), `<unfinished …>` halves joined.
pub fn calls(text: &str) -> Vec<Call> {
    let mut pending: HashMap<&str, String> = HashMap::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        let pid = &line[..digits];
        let mut rest = &line[digits..];
        let mut comm = String::new();
        if rest.starts_with('<') {
            let end = rest.find('>').unwrap_or(rest.len());
            comm = String::from_utf8_lossy(&hex_bytes(&rest[1..end])).into_owned();
            rest = &rest[(end + 1).min(rest.len())..];
        }
        let rest = rest.trim_start();
        let joined;
        let call = if let Some(head) = rest.strip_suffix(" <unfinished ...>") {
            pending.insert(pid, head.to_string());
            continue;
        } else if rest.starts_with("<... ") {
            let Some((_, tail)) = rest.split_once(" resumed>") else {
                continue;
            };
            joined = format!("{}{}", pending.remove(pid).unwrap_or_default(), tail);
            joined.as_str()
        } else {
            rest
        };
        let Some(open) = call.find('(') else { continue };
        let name = &call[..open];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let body = &call[open + 1..];
        let (args, ret) = match body.rfind(") = ") {
            Some(i) => (&body[..i], &body[i + 4..]),
            None => (body, ""),
        };
        out.push(Call {
            comm: comm.clone(),
            name: name.to_string(),
            args: args.to_string(),
            ret: ret.to_string(),
        });
    }
    out
}

#[test]
fn the_oracle_sees_what_bash_runs() {
    // The observer itself: a program found by name, one named by path, a substitution, a
    // redirect outside the directory, and a chain after a program that "succeeds".
    let mut sb = Sandbox::new();
    let t = sb.run(
        "ls -la 'a b' && rm -rf x; /bin/true y; echo $(id) > /tmp/../nonexistent-rtk-oracle/probe",
    );
    let progs: Vec<Vec<&str>> = t
        .programs
        .iter()
        .map(|a| a.iter().map(String::as_str).collect())
        .collect();
    assert!(progs.contains(&vec!["ls", "-la", "a b"]), "{progs:?}");
    assert!(progs.contains(&vec!["rm", "-rf", "x"]), "{progs:?}");
    assert!(progs.contains(&vec!["/bin/true", "y"]), "{progs:?}");
    assert!(progs.contains(&vec!["id"]), "{progs:?}");
    assert!(
        t.outside_writes
            .iter()
            .any(|w| w.contains("nonexistent-rtk-oracle/probe")),
        "{:?}",
        t.outside_writes
    );
    let t = sb.run("echo hi > inside.txt; cd ..; echo > work/also-inside");
    assert!(
        t.programs.is_empty() && t.outside_writes.is_empty(),
        "{t:?}"
    );
    // The rules as the oracle reads them.
    let r = Rules::issue();
    let argv = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    assert!(r.grants(&argv("ls -la")) && r.grants(&argv("git status --short")));
    assert!(!r.grants(&argv("git push")) && !r.grants(&argv("rm -rf x")));
    assert!(!r.grants(&argv("/bin/ls")) && !r.grants(&argv("gitx status")));
    assert!(spec_matches("git * main", &argv("git push origin main")));
    assert!(!spec_matches("git status", &argv("git status --short")));
}
