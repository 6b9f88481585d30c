//! `rtk-bench --calibrate [--rtk PATH] [DIR]`: how close the token counts `rtk gain` reports are
//! to real tokenizers. For every captured command output under DIR (default
//! `../tests/fixtures`, each `*.out` file: the stdout of a real command), rtk runs `cat FILE`
//! in a fresh data home and `rtk gain --format json` reports the raw tokens it recorded: the
//! figure a user sees. The same bytes are counted with o200k_base and cl100k_base.
//! Prints, per tokenizer, Σ rtk / Σ real and the per-output error (mean, worst).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// Every `*.out` file under `dir` with at least one byte, sorted.
fn outputs(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "out")
                && std::fs::metadata(&p).is_ok_and(|m| m.len() > 0)
            {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

/// The raw tokens rtk records for `cat file` (what `rtk gain` then reports).
fn rtk_tokens(rtk: &Path, file: &Path) -> Result<u64> {
    let home = tempfile::tempdir()?;
    let run = |args: &[&std::ffi::OsStr]| {
        Command::new(rtk)
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
    };
    run(&["cat".as_ref(), file.as_os_str()])?;
    let json = run(&["gain".as_ref(), "--format".as_ref(), "json".as_ref()])?;
    let text = String::from_utf8_lossy(&json.stdout);
    let re = regex::Regex::new(r#""raw_tokens":\s*(\d+)"#)?;
    let caps = re
        .captures(&text)
        .with_context(|| format!("no raw_tokens in rtk gain's answer for {}", file.display()))?;
    Ok(caps[1].parse()?)
}

/// One tokenizer's comparison.
#[derive(Default)]
struct Tally {
    rtk: u64,
    real: u64,
    err_sum: f64,
    err_max: f64,
    worst: String,
    n: usize,
}

impl Tally {
    fn add(&mut self, rtk: u64, real: u64, name: &str) {
        self.rtk += rtk;
        self.real += real;
        if real > 0 {
            let e = (rtk as f64 - real as f64).abs() / real as f64;
            self.err_sum += e;
            self.n += 1;
            if e > self.err_max {
                self.err_max = e;
                self.worst = name.to_string();
            }
        }
    }
}

pub fn run(rtk: &Path, dir: &Path, w: &mut impl Write) -> Result<bool> {
    let files = outputs(dir);
    if files.is_empty() {
        bail!("no *.out files under {}", dir.display());
    }
    let o200k = tiktoken_rs::o200k_base()?;
    let cl100k = tiktoken_rs::cl100k_base()?;
    let (mut a, mut b) = (Tally::default(), Tally::default());
    // The same over outputs of at least BIG o200k tokens: a 3-byte output off by one token is
    // 100% off, and weighs as much as a 10,000-token log in the mean.
    const BIG: u64 = 100;
    let (mut a_big, mut b_big) = (Tally::default(), Tally::default());
    let mut bytes = 0u64;
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f)?).into_owned();
        bytes += text.len() as u64;
        let ours = rtk_tokens(rtk, f)?;
        let name = f.strip_prefix(dir).unwrap_or(f).display().to_string();
        let (o, c) = (
            o200k.encode_ordinary(&text).len() as u64,
            cl100k.encode_ordinary(&text).len() as u64,
        );
        a.add(ours, o, &name);
        b.add(ours, c, &name);
        if o >= BIG {
            a_big.add(ours, o, &name);
            b_big.add(ours, c, &name);
        }
    }
    writeln!(
        w,
        "## Token estimate vs real tokenizers ({} captured outputs, {} bytes, under {})\n",
        files.len(),
        bytes,
        dir.display()
    )?;
    writeln!(
        w,
        "| tokenizer | outputs | Σ rtk / Σ real | mean error per output | worst (output) |"
    )?;
    writeln!(w, "|---|---|---|---|---|")?;
    let big = format!("≥ {BIG} tokens");
    for (label, which, t) in [
        ("o200k_base", "all", &a),
        ("cl100k_base", "all", &b),
        ("o200k_base", big.as_str(), &a_big),
        ("cl100k_base", big.as_str(), &b_big),
    ] {
        writeln!(
            w,
            "| {label} | {which} ({}) | {:.3} | {:.1}% | {:.1}% (`{}`) |",
            t.n,
            t.rtk as f64 / t.real.max(1) as f64,
            100.0 * t.err_sum / t.n.max(1) as f64,
            100.0 * t.err_max,
            t.worst
        )?;
    }
    Ok(true)
}
