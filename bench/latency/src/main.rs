//! Latency benchmark for the hook path: `rtk rewrite` and `rtk hook claude` on a compound
//! command, with Claude settings files present, against a trivial process start (`/bin/true`).
//! Runs are interleaved so machine noise hits every subject alike; medians are reported.
//!
//! A second table times the worst-case inputs of `shapes.rs` (each ≤ 64 KiB): median wall time
//! of `rtk rewrite` and `rtk hook claude` per shape.
//!
//! Usage: rtk-latency-bench [--rtk PATH] [--runs N] [--worst-runs N] [--check]
//! `--check` exits 1 when a subject's median exceeds the smoke limit (5 ms), or a worst-case
//! median exceeds its smoke limit (250 ms; the target is 50 ms): CI uses it to catch real
//! regressions without failing on a noisy machine. `--worst-runs 0` skips the second table.

mod shapes;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const COMPOUND: &str = "git status && cargo test 2>&1 | tail -20; FOO=1 git diff --stat";
const SMOKE_LIMIT: Duration = Duration::from_millis(5);
const WORST_SMOKE_LIMIT: Duration = Duration::from_millis(250);

struct Subject {
    name: &'static str,
    argv: Vec<String>,
    stdin: Option<String>,
    samples: Vec<Duration>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut rtk = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../target/release/rtk"
    ));
    let mut runs = 300usize;
    let mut worst_runs = 7usize;
    let mut check = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rtk" => rtk = PathBuf::from(args.next().expect("--rtk PATH")),
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).expect("--runs N"),
            "--worst-runs" => {
                worst_runs = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--worst-runs N")
            }
            "--check" => check = true,
            other => panic!("unknown argument {other}"),
        }
    }
    let rtk = std::fs::canonicalize(&rtk).unwrap_or_else(|e| panic!("{}: {e}", rtk.display()));
    let fixture = Fixture::new();
    let rtk_s = rtk.to_string_lossy().into_owned();
    let payload = serde_like_payload(COMPOUND, fixture.project());
    let mut subjects = vec![
        Subject::new(
            "trivial process (/bin/true)",
            vec!["/bin/true".into()],
            None,
        ),
        Subject::new(
            "rtk rewrite <compound>",
            vec![rtk_s.clone(), "rewrite".into(), COMPOUND.into()],
            None,
        ),
        Subject::new(
            "rtk rewrite --host openclaw <compound>",
            vec![
                rtk_s.clone(),
                "rewrite".into(),
                "--host".into(),
                "openclaw".into(),
                COMPOUND.into(),
            ],
            None,
        ),
        Subject::new(
            "rtk hook claude <compound payload>",
            vec![rtk_s.clone(), "hook".into(), "claude".into()],
            Some(payload),
        ),
    ];
    // Warm-up, then interleaved rounds.
    for s in subjects.iter_mut() {
        for _ in 0..10 {
            s.time_once(&fixture);
        }
        s.samples.clear();
    }
    for _ in 0..runs {
        for s in subjects.iter_mut() {
            let d = s.time_once(&fixture);
            s.samples.push(d);
        }
    }
    let base = median(&mut subjects[0].samples.clone());
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "runs per subject: {runs} (interleaved); settings files present"
    )
    .unwrap();
    writeln!(
        out,
        "{:<42} {:>10} {:>10} {:>8}",
        "subject", "median", "p90", "ratio"
    )
    .unwrap();
    let mut failed = false;
    for s in &subjects {
        let mut v = s.samples.clone();
        let m = median(&mut v);
        let p90 = v[(v.len() * 9 / 10).min(v.len() - 1)];
        writeln!(
            out,
            "{:<42} {:>8.3}ms {:>8.3}ms {:>7.2}x",
            s.name,
            ms(m),
            ms(p90),
            m.as_secs_f64() / base.as_secs_f64()
        )
        .unwrap();
        if check && s.name.starts_with("rtk") && m > SMOKE_LIMIT {
            failed = true;
            writeln!(out, "  REGRESSION: median above {} ms", ms(SMOKE_LIMIT)).unwrap();
        }
    }
    if worst_runs > 0 {
        failed |= worst_case_table(&rtk_s, &fixture, worst_runs, check, &mut out);
    }
    if failed {
        std::process::exit(1);
    }
}

/// Median wall time of `rtk rewrite` and `rtk hook claude` on each worst-case shape, and the
/// median CPU time (user + system) of the same runs: on a shared machine the wall time carries
/// other processes' load, the CPU time much less.
fn worst_case_table(
    rtk: &str,
    fixture: &Fixture,
    runs: usize,
    check: bool,
    out: &mut impl Write,
) -> bool {
    writeln!(
        out,
        "\nworst-case inputs ({runs} runs each; target < 50 ms, smoke limit {} ms)",
        ms(WORST_SMOKE_LIMIT)
    )
    .unwrap();
    writeln!(
        out,
        "{:<34} {:>7} {:>12} {:>12} {:>12} {:>12}",
        "input shape", "bytes", "rewrite", "hook claude", "rewrite cpu", "hook cpu"
    )
    .unwrap();
    let mut failed = false;
    for (name, line) in shapes::worst_cases() {
        let mut rewrite =
            Subject::new(name, vec![rtk.into(), "rewrite".into(), line.clone()], None);
        let mut hook = Subject::new(
            name,
            vec![rtk.into(), "hook".into(), "claude".into()],
            Some(serde_like_payload(&line, fixture.project())),
        );
        let (mut rewrite_cpu, mut hook_cpu) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let before = children_cpu();
            rewrite.samples.push(rewrite.time_once(fixture));
            let between = children_cpu();
            hook.samples.push(hook.time_once(fixture));
            let after = children_cpu();
            rewrite_cpu.push(between.saturating_sub(before));
            hook_cpu.push(after.saturating_sub(between));
        }
        let (r, h) = (median(&mut rewrite.samples), median(&mut hook.samples));
        writeln!(
            out,
            "{:<34} {:>7} {:>10.1}ms {:>10.1}ms {:>10.1}ms {:>10.1}ms",
            name,
            line.len(),
            ms(r),
            ms(h),
            ms(median(&mut rewrite_cpu)),
            ms(median(&mut hook_cpu))
        )
        .unwrap();
        if check && r.max(h) > WORST_SMOKE_LIMIT {
            failed = true;
            writeln!(
                out,
                "  REGRESSION: median above {} ms",
                ms(WORST_SMOKE_LIMIT)
            )
            .unwrap();
        }
    }
    failed
}

/// CPU time (user + system) of this process's waited-for children so far; zero where the
/// platform has no `getrusage`.
#[cfg(unix)]
fn children_cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) } != 0 {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| {
        Duration::new(t.tv_sec.max(0) as u64, (t.tv_usec.max(0) as u32) * 1000)
    };
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

#[cfg(not(unix))]
fn children_cpu() -> Duration {
    Duration::ZERO
}

impl Subject {
    fn new(name: &'static str, argv: Vec<String>, stdin: Option<String>) -> Self {
        Subject {
            name,
            argv,
            stdin,
            samples: Vec::new(),
        }
    }

    fn time_once(&self, f: &Fixture) -> Duration {
        let mut c = Command::new(&self.argv[0]);
        c.args(&self.argv[1..])
            .env_clear()
            .env("HOME", f.home())
            .env("XDG_CONFIG_HOME", f.root.path().join("xdg"))
            .env("PATH", "/usr/bin:/bin")
            .current_dir(f.project())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        let start = Instant::now();
        let mut child = c.spawn().expect("spawn");
        if let Some(input) = &self.stdin {
            let mut sin = child.stdin.take().unwrap();
            let _ = sin.write_all(input.as_bytes());
        }
        child.wait().expect("wait");
        start.elapsed()
    }
}

/// A temp HOME with user-level Claude settings and a project with project-level ones.
struct Fixture {
    root: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Self {
        let root = tempfile::tempdir().unwrap();
        let write = |p: &Path, s: &str| {
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, s).unwrap();
        };
        let rules = r#"{"permissions": {
  "allow": ["Bash(git status)", "Bash(git diff:*)", "Bash(cargo test:*)", "Bash(ls *)", "Read(*)"],
  "ask": ["Bash(git push:*)"],
  "deny": ["Bash(rm -rf:*)", "Bash(curl * | sh)", "Bash(sudo:*)"]
}, "env": {"X": "1"}}"#;
        write(&root.path().join("home/.claude/settings.json"), rules);
        write(&root.path().join("home/.claude/settings.local.json"), rules);
        write(&root.path().join("project/.claude/settings.json"), rules);
        write(
            &root.path().join("project/.claude/settings.local.json"),
            rules,
        );
        std::fs::create_dir_all(root.path().join("project/.git")).unwrap();
        std::fs::create_dir_all(root.path().join("project/src/deep")).unwrap();
        write(
            &root.path().join("xdg/rtk/config.toml"),
            "[hooks]\nexclude_commands = [\"curl\"]\ntransparent_prefixes = [\"poetry run\"]\n",
        );
        Fixture { root }
    }

    fn home(&self) -> PathBuf {
        self.root.path().join("home")
    }

    fn project(&self) -> PathBuf {
        self.root.path().join("project/src/deep")
    }
}

/// A Claude Code PreToolUse payload (built by hand to keep this crate dependency-light).
fn serde_like_payload(cmd: &str, cwd: PathBuf) -> String {
    let esc = |s: &str| {
        let mut o = String::with_capacity(s.len());
        for c in s.chars() {
            match c {
                '\\' => o.push_str("\\\\"),
                '"' => o.push_str("\\\""),
                c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
                c => o.push(c),
            }
        }
        o
    };
    format!(
        r#"{{"session_id":"bench","transcript_path":"/tmp/t.jsonl","cwd":"{}","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"{}","description":"bench"}},"tool_use_id":"toolu_1"}}"#,
        esc(&cwd.to_string_lossy()),
        esc(cmd)
    )
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
