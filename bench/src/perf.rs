//! Wall time (median of N runs, rtk vs raw) on large outputs, and peak memory of rtk on a
//! 1 GB stream (64 MB with --quick), read from `/usr/bin/time -v` when it is installed.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::Result;

use crate::corpus::{env_for, Corpus};
use crate::Opts;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Seconds for one run, all output read through a pipe (as an agent's shell would).
fn timed(c: &Corpus, prog: &Path, args: &[&str], cwd: &Path) -> Result<f64> {
    let t = Instant::now();
    let out = Command::new(prog)
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .envs(env_for(c))
        .stdin(Stdio::null())
        .output()?;
    let secs = t.elapsed().as_secs_f64();
    anyhow::ensure!(
        out.status.code().is_some_and(|x| x <= 1),
        "{prog:?} {args:?} failed"
    );
    Ok(secs)
}

/// Files in the large tree of the wall-time table.
const LARGE_FILES: usize = 20_000;

/// A git repository of `LARGE_FILES` generated source files next to the corpus repository:
/// committed, then every fourth file changed and 500 files added untracked (for `git status`
/// and `git diff`), plus two 200,000-line files for `diff -u` and a 64 MiB log for `cat`.
fn large_tree(c: &Corpus) -> Result<std::path::PathBuf> {
    let dir = c.root.join("large-tree");
    let per = 200;
    let path = |k: usize| {
        let (m, f) = (k / per, k % per);
        dir.join(format!("part{:02}", m / 10))
            .join(crate::corpus::path_of(m, f))
    };
    for k in 0..LARGE_FILES {
        let p = path(k);
        std::fs::create_dir_all(p.parent().expect("a parent"))?;
        std::fs::write(&p, crate::corpus::source(k / per, k % per, k % 3))?;
    }
    let git = |args: &[&str]| -> Result<()> {
        let ok = Command::new("git")
            .args(args)
            .current_dir(&dir)
            .env_clear()
            .envs(env_for(c))
            .stdout(Stdio::null())
            .status()?
            .success();
        anyhow::ensure!(ok, "git {args:?} failed in the large tree");
        Ok(())
    };
    git(&["init", "-q"])?;
    git(&["add", "-A"])?;
    git(&[
        "-c",
        "user.name=b",
        "-c",
        "user.email=b@x",
        "commit",
        "-qm",
        "large tree",
    ])?;
    for k in (0..LARGE_FILES).step_by(4) {
        let p = path(k);
        let mut text = std::fs::read_to_string(&p)?;
        text = text.replacen("fn ", "pub(crate) fn ", 1);
        text.push_str("// changed\n");
        std::fs::write(&p, text)?;
    }
    for k in 0..500 {
        std::fs::write(dir.join(format!("part00/untracked_{k}.rs")), "// new\n")?;
    }
    let other = c.root.join("large-files");
    std::fs::create_dir_all(&other)?;
    let (mut a, mut b) = (String::new(), String::new());
    for i in 0..200_000 {
        let line = format!("line {i}: value {} of the table\n", i * 7 % 1000);
        a.push_str(&line);
        if i % 10 == 3 {
            b.push_str(&format!("line {i}: value changed\n"));
        } else {
            b.push_str(&line);
        }
    }
    std::fs::write(other.join("a.txt"), a)?;
    std::fs::write(other.join("b.txt"), b)?;
    let mut log = std::io::BufWriter::new(std::fs::File::create(other.join("big.log"))?);
    let line = b"2026-01-01T00:00:00Z INFO request handled path=/api/v1/items status=200\n";
    for _ in 0..(64 << 20) / line.len() {
        log.write_all(line)?;
    }
    log.flush()?;
    Ok(dir)
}

/// Times one command raw, through rtk, through the null proxy (`--null-proxy`: one more
/// process and pipe hop, nothing else) and through the baseline, interleaved; prints its row
/// and returns rtk/raw and rtk/null proxy (medians).
fn wall_row(
    c: &Corpus,
    o: &Opts,
    argv: &[&str],
    cwd: &Path,
    w: &mut impl Write,
) -> Result<(f64, f64)> {
    let label = if argv.len() > 8 {
        format!("{} … ({} operands)", argv[..2].join(" "), argv.len() - 2)
    } else {
        argv.join(" ")
    };
    if o.only.as_ref().is_some_and(|t| !label.contains(t.as_str())) {
        return Ok((0.0, 0.0));
    }
    let (mut raw, mut rtk, mut null, mut base) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let me = std::env::current_exe()?;
    let proxied: Vec<&str> = std::iter::once("--null-proxy")
        .chain(argv.iter().copied())
        .collect();
    // Warm-up, then alternate so all see the same cache state.
    timed(c, Path::new(argv[0]), &argv[1..], cwd)?;
    for _ in 0..o.runs {
        raw.push(timed(c, Path::new(argv[0]), &argv[1..], cwd)?);
        rtk.push(timed(c, &o.rtk, argv, cwd)?);
        null.push(timed(c, &me, &proxied, cwd)?);
        if let Some(b) = &o.baseline {
            base.push(timed(c, b, argv, cwd)?);
        }
    }
    let min = |v: &[f64]| v.iter().copied().fold(f64::MAX, f64::min);
    let min_ratio = min(&rtk) / min(&raw);
    let (r, k, n) = (median(raw) * 1e3, median(rtk) * 1e3, median(null) * 1e3);
    write!(
        w,
        "| `{label}` | {r:.1} | {k:.1} | {:.2}x | {min_ratio:.2}x | {n:.1} | {:.2}x | {:.2}x |",
        k / r,
        n / r,
        k / n
    )?;
    if base.is_empty() {
        writeln!(w)?;
    } else {
        let b = median(base) * 1e3;
        writeln!(w, " {b:.1} | {:.2}x |", b / r)?;
    }
    Ok((k / r, k / n))
}

pub fn wall_times(c: &Corpus, o: &Opts, w: &mut impl Write) -> Result<()> {
    writeln!(
        w,
        "\n## Wall time, median of {} runs (output read through a pipe)\n",
        o.runs
    )?;
    if let Some(b) = &o.baseline {
        writeln!(
            w,
            "baseline = {} (timed in the same interleaved loop)\n",
            b.display()
        )?;
        writeln!(
            w,
            "| command | raw ms (median) | rtk ms (median) | rtk/raw median | rtk/raw min | null proxy ms | null/raw | rtk/null | baseline ms | baseline/raw median |"
        )?;
        writeln!(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")?;
    } else {
        writeln!(
            w,
            "| command | raw ms (median) | rtk ms (median) | rtk/raw median | rtk/raw min | null proxy ms | null/raw | rtk/null |"
        )?;
        writeln!(w, "|---|---:|---:|---:|---:|---:|---:|---:|")?;
    }
    let repo_cases: &[&[&str]] = &[
        &["git", "log"],
        &["git", "diff", "HEAD~100"],
        &["grep", "-rn", "total", "src"],
        &["find", "."],
        &["ls", "-laR", "src"],
    ];
    let mut worst: f64 = 0.0;
    let (mut worst_large, mut worst_over_null): (f64, f64) = (0.0, 0.0);
    for argv in repo_cases {
        worst = worst.max(wall_row(c, o, argv, &c.repo, w)?.0);
    }
    if !o.quick {
        // The repository's commands take a few ms, where rtk's fixed cost of one more process
        // shows; the large outputs below show rtk's cost per byte, one row per filter.
        let big = large_tree(c)?;
        let files = c.root.join("large-files");
        writeln!(w, "| *large outputs: a {LARGE_FILES}-file repository, 200,000-line files, a 64 MiB log* | | | | | | | |")?;
        // `wc -l` over every source file of the tree: one line per file.
        let mut wc_all = vec!["wc".to_string(), "-l".to_string()];
        for k in 0..LARGE_FILES {
            wc_all.push(format!(
                "part{:02}/{}",
                k / 200 / 10,
                crate::corpus::path_of(k / 200, k % 200)
            ));
        }
        let big_rows: &[(&[&str], &Path)] = &[
            (&["git", "status"], &big),
            (&["git", "diff"], &big),
            (&["grep", "-rn", "TODO", "."], &big),
            (&["find", "."], &big),
            (&["ls", "-laR", "."], &big),
            (&wc_all.iter().map(String::as_str).collect::<Vec<_>>(), &big),
            (&["diff", "-u", "a.txt", "b.txt"], &files),
            (&["cat", "big.log"], &files),
        ];
        for (argv, cwd) in big_rows {
            let (vs_raw, vs_null) = wall_row(c, o, argv, cwd, w)?;
            worst_large = worst_large.max(vs_raw);
            worst_over_null = worst_over_null.max(vs_null);
        }
        for (tool, argv) in [
            ("rg", &["rg", "-n", "TODO", "."][..]),
            ("tree", &["tree", "."][..]),
        ] {
            if Command::new(tool)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
            {
                let (vs_raw, vs_null) = wall_row(c, o, argv, &big, w)?;
                worst_large = worst_large.max(vs_raw);
                worst_over_null = worst_over_null.max(vs_null);
            }
        }
        writeln!(w, "\nworst median rtk/raw on the large outputs: {worst_large:.2}x (target <= 1.10x); worst rtk/null proxy: {worst_over_null:.2}x")?;
    }
    writeln!(
        w,
        "worst median rtk/raw on the repository's commands: {worst:.2}x (fixed cost of a process; see README); load average: {}",
        load()
    )?;
    Ok(())
}

/// `/proc/loadavg`'s first three fields (timings on a busy machine are noisy).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "n/a".into())
}

/// Peak RSS in KiB of `prog args` (stdout to /dev/null), from `/usr/bin/time -v`.
fn peak_rss(c: &Corpus, prog: &Path, args: &[&str], cwd: &Path) -> Result<Option<(u64, f64)>> {
    let time = Path::new("/usr/bin/time");
    if !time.is_file() {
        return Ok(None);
    }
    let t = Instant::now();
    let out = Command::new(time)
        .arg("-v")
        .arg(prog)
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .envs(env_for(c))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()?;
    let secs = t.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&out.stderr);
    Ok(err
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .map(|kb| (kb, secs)))
}

pub fn memory(c: &Corpus, o: &Opts, w: &mut impl Write) -> Result<()> {
    let bytes: u64 = if o.quick { 64 << 20 } else { 1 << 30 };
    let dir = c.root.join("bigstream");
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("big.log");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&file)?);
        let line =
            b"2026-01-01T00:00:00Z INFO request handled path=/api/v1/items status=200 bytes=512\n";
        let mut written = 0u64;
        while written < bytes {
            f.write_all(line)?;
            written += line.len() as u64;
        }
        f.flush()?;
    }
    writeln!(
        w,
        "\n## Peak memory on a {} MiB stream (/usr/bin/time -v, max RSS)\n",
        bytes >> 20
    )?;
    writeln!(w, "| command | raw KiB | rtk KiB | rtk/raw | rtk s |")?;
    writeln!(w, "|---|---:|---:|---:|---:|")?;
    let cases: &[&[&str]] = &[
        &["cat", "big.log"],
        &["grep", "-r", "INFO", "."],
        &["wc", "-l", "big.log"],
    ];
    for argv in cases {
        let raw = peak_rss(c, Path::new(argv[0]), &argv[1..], &dir)?;
        let rtk = peak_rss(c, &o.rtk, argv, &dir)?;
        match (raw, rtk) {
            (Some((r, _)), Some((k, secs))) => writeln!(
                w,
                "| `{}` | {r} | {k} | {:.1}x | {secs:.2} |",
                argv.join(" "),
                k as f64 / r as f64
            )?,
            _ => writeln!(
                w,
                "| `{}` | n/a | n/a | n/a (no /usr/bin/time) | |",
                argv.join(" ")
            )?,
        }
    }
    std::fs::remove_file(&file)?;
    Ok(())
}
