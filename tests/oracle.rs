//! The execution oracle (issue 15): bash itself checks every allow. Every command that rtk's
//! decision answers with exit 0 (allow) under a rules file is run, as typed, by real bash in a
//! throwaway directory under `strace -f`, and the run fails when bash starts any program whose
//! argv the rules do not grant (a deny rule matching it counts too) or touches a file outside the
//! directory.
//!
//! How a run is observed without running anything: PATH is an empty folder, and BASH_ENV
//! defines a read-only `command_not_found_handle` that appends the argv of every program bash
//! looks up by name to a log and returns 0 (so `&&` chains go on); strace injects ENOENT into
//! every execve, so a program named by path is recorded (with its argv) and never starts;
//! strace also records every syscall that could create, change or remove a file (opens for
//! writing, unlink, rename, mkdir, chmod…), with paths resolved against the directory fd (`-y`),
//! and refuses all of them but the opens (which bash's own redirects and the log need).
//!
//! Inputs: the rewrite, unattestable and adversarial vector tables, and the seeded generator of
//! `oracle_gen.rs` (`RTK_ORACLE_SEED`, `RTK_ORACLE_COUNT`, default 5,000 commands). Needs bash
//! and strace (scripts/setup-oracle-deps.sh installs them from Debian packages). Linux only.

#![cfg(target_os = "linux")]

use std::collections::HashMap;
use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rtk::agents::Agent;
use rtk::config::HooksConfig;
use rtk::hooks::permissions::RuleSet;
use rtk::hooks::rewrite_cmd::evaluate;
use rtk::vectors::unescape;

use crate::oracle_gen;

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

    fn rule_set(&self) -> RuleSet {
        fn v(x: &[String]) -> Vec<&str> {
            x.iter().map(String::as_str).collect()
        }
        RuleSet::from_bash(&v(&self.deny), &v(&self.ask), &v(&self.allow))
    }

    /// The program started with `argv` is granted: an allow spec matches it and no deny or ask
    /// spec does.
    fn grants(&self, argv: &[String]) -> bool {
        if argv.first().is_some_and(|a| a == "rtk") {
            // An already-rtk command runs the rest of its argv (SPEC §3: allow rules also match
            // a command with its leading `rtk ` removed).
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

/// One command and the rules it is judged by.
pub struct Case {
    pub line: String,
    pub rules: Rules,
    pub source: &'static str,
}

fn table_cases() -> Vec<Case> {
    let mut out = Vec::new();
    let issue = Rules::issue();
    for (source, text) in [
        ("rewrite.tsv", include_str!("vectors/rewrite.tsv")),
        ("unattestable.tsv", include_str!("vectors/unattestable.tsv")),
    ] {
        for l in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let line = unescape(l.split('\t').next().unwrap_or(""));
            out.push(Case {
                line,
                rules: issue.clone(),
                source,
            });
        }
    }
    for l in include_str!("vectors/adversarial.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = l.split('\t').collect();
        let mut rules = Rules {
            deny: Vec::new(),
            ask: Vec::new(),
            allow: Vec::new(),
        };
        for entry in cols
            .get(1)
            .unwrap_or(&"")
            .split(';')
            .filter(|e| !e.is_empty())
        {
            let Some((kind, rule)) = entry.split_once('=') else {
                continue;
            };
            let spec = rule
                .strip_prefix("Bash(")
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or(rule)
                .to_string();
            match kind {
                "deny" => rules.deny.push(spec),
                "ask" => rules.ask.push(spec),
                _ => rules.allow.push(spec),
            }
        }
        out.push(Case {
            line: unescape(cols[0]),
            rules,
            source: "adversarial.tsv",
        });
    }
    out
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Judges every case; runs the allowed ones in bash. Returns the summary and the violations.
pub fn check(cases: &[Case]) -> (usize, Vec<String>, usize) {
    let mut sandbox = Sandbox::new();
    let mut violations = Vec::new();
    let mut allows = 0;
    let mut timeouts = 0;
    let mut seen: HashMap<(String, String), ()> = HashMap::new();
    let config = HooksConfig::default();
    for c in cases {
        if c.line.len() > 64 * 1024 || c.line.contains('\0') {
            continue; // over the hook limit (never allowed); bash cannot take a NUL in -c
        }
        let d = evaluate(&c.line, Agent::Claude, &c.rules.rule_set(), &config);
        if d.outcome.exit_code() != 0 {
            continue;
        }
        let key = (c.line.clone(), format!("{:?}", c.rules));
        if seen.insert(key, ()).is_some() {
            continue;
        }
        allows += 1;
        let t = sandbox.run(&c.line);
        if t.timed_out {
            timeouts += 1;
        }
        let shown: String = c.line.chars().take(160).collect();
        for argv in &t.programs {
            if !c.rules.grants(argv) {
                violations.push(format!(
                    "{}: {shown:?} was allowed, bash started {argv:?}",
                    c.source
                ));
            }
        }
        for w in &t.outside_writes {
            violations.push(format!(
                "{}: {shown:?} was allowed, bash touched {w} outside {}",
                c.source,
                sandbox.path().display()
            ));
        }
    }
    (allows, violations, timeouts)
}

#[test]
fn bash_confirms_every_allow() {
    let start = Instant::now();
    let seed = env_number("RTK_ORACLE_SEED").unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(1)
    });
    let count = env_number("RTK_ORACLE_COUNT").unwrap_or(5_000) as usize;
    let generated = oracle_gen::generate(seed, count);
    let mut cases = table_cases();
    let tables = cases.len();
    cases.extend(generated.into_iter().map(|line| Case {
        line,
        rules: Rules::issue(),
        source: "generated",
    }));
    let (allows, violations, timeouts) = check(&cases);
    let secs = start.elapsed().as_secs_f64();
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "oracle: seed {seed}; {count} commands generated + {tables} from the tables; {allows} allows checked in bash; {} violations; {timeouts} runs timed out; {secs:.1} s",
        violations.len()
    );
    for v in violations.iter().take(40) {
        let _ = writeln!(err, "  {v}");
    }
    assert!(
        violations.is_empty(),
        "{} violations (seed {seed}; rerun with RTK_ORACLE_SEED={seed})",
        violations.len()
    );
    assert!(
        allows > 0,
        "no command was allowed: the oracle checked nothing"
    );
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
