//! The benchmark corpus, built deterministically in a temp dir: a git repository whose history
//! (thousands of commits, with merges) is written by `git fast-import`, a source tree to search,
//! and staged / unstaged / untracked changes; plus two text files for `diff`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{ensure, Context, Result};

pub struct Corpus {
    pub _tmp: tempfile::TempDir,
    pub root: PathBuf,
    pub repo: PathBuf,
    pub home: PathBuf,
    pub data: PathBuf,
}

/// Sizes of the corpus.
pub struct Size {
    pub commits: usize,
    pub modules: usize,
    pub files_per_module: usize,
}

/// Environment every command runs in (raw and rtk alike): cleared, C locale, fixed identity.
pub fn env_for(c: &Corpus) -> Vec<(String, String)> {
    vec![
        ("PATH".into(), std::env::var("PATH").unwrap_or_default()),
        ("HOME".into(), c.home.display().to_string()),
        ("XDG_DATA_HOME".into(), c.data.display().to_string()),
        ("LC_ALL".into(), "C".into()),
        ("TZ".into(), "UTC".into()),
        ("GIT_CONFIG_NOSYSTEM".into(), "1".into()),
        ("GIT_AUTHOR_NAME".into(), "Bench Author".into()),
        ("GIT_AUTHOR_EMAIL".into(), "bench@example.com".into()),
        ("GIT_COMMITTER_NAME".into(), "Bench Author".into()),
        ("GIT_COMMITTER_EMAIL".into(), "bench@example.com".into()),
    ]
}

/// Deterministic pseudo-random numbers (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const WORDS: &[&str] = &[
    "request", "buffer", "parser", "token", "config", "handler", "cache", "index", "stream",
    "session", "client", "server", "record", "filter", "window", "counter", "result", "option",
];

pub fn path_of(m: usize, f: usize) -> String {
    format!(
        "src/{}_{m:02}/{}_{f:02}.rs",
        WORDS[m % WORDS.len()],
        WORDS[(m + f) % WORDS.len()]
    )
}

/// A source file: a few functions with comments, a TODO now and then. Revision `version`
/// changes one function's constant (as a typical commit touches one function).
pub fn source(m: usize, f: usize, version: usize) -> String {
    let mut s = format!(
        "//! Module {m}/{f}: {} utilities.\n\nuse std::collections::HashMap;\n\n",
        WORDS[f % WORDS.len()]
    );
    let fns = 6 + (m + f) % 5;
    for k in 0..fns {
        let w = WORDS[(k + m) % WORDS.len()];
        let base = (m * 131 + f * 17 + k * 7) % 1000;
        let constant = if version > 0 && k == version % fns {
            base + version
        } else {
            base
        };
        let _ = write!(
            s,
            "/// Computes the {w} value for step {k}.\npub fn {w}_{k}(input: &[u32], scale: u32) -> u32 {{\n    let mut total = 0u32;\n    for (i, x) in input.iter().enumerate() {{\n        total = total.wrapping_add(x * scale + i as u32 + {constant});\n    }}\n"
        );
        if (m + f + k).is_multiple_of(4) {
            s.push_str("    // TODO: handle overflow explicitly instead of wrapping\n");
        }
        s.push_str("    let mut seen: HashMap<u32, usize> = HashMap::new();\n    *seen.entry(total).or_default() += 1;\n    total\n}\n\n");
    }
    s
}

fn data(buf: &mut Vec<u8>, bytes: &[u8]) {
    let _ = writeln!(buf, "data {}", bytes.len());
    buf.extend_from_slice(bytes);
    buf.push(b'\n');
}

/// Runs git in `dir` with the corpus environment; fails on a non-zero exit.
pub fn git(c: &Corpus, dir: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .envs(env_for(c))
        .output()
        .with_context(|| format!("git {args:?}"))?;
    ensure!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

pub fn build(size: &Size) -> Result<Corpus> {
    let tmp = tempfile::tempdir()?;
    let root = tmp.path().to_path_buf();
    let c = Corpus {
        repo: root.join("repo"),
        home: root.join("home"),
        data: root.join("data"),
        root,
        _tmp: tmp,
    };
    for d in [&c.repo, &c.home, &c.data] {
        std::fs::create_dir_all(d)?;
    }
    git(&c, &c.repo, &["init", "-q", "-b", "main"])?;
    history(&c, size)?;
    git(&c, &c.repo, &["checkout", "-q", "-f", "main"])?;
    working_changes(&c, size)?;
    std::fs::write(c.root.join("old.txt"), numbered_text(0))?;
    std::fs::write(c.root.join("new.txt"), numbered_text(1))?;
    Ok(c)
}

fn numbered_text(variant: usize) -> String {
    let mut s = String::new();
    for i in 0..300 {
        let changed = variant == 1 && i % 37 == 5;
        let _ = writeln!(
            s,
            "setting_{i} = {}  # describes option number {i} of the service",
            if changed { i * 3 } else { i }
        );
    }
    s
}

/// Writes the whole history through one `git fast-import` stream: a main line with a side
/// branch merged back every 100 commits; the first commit adds the full source tree.
fn history(c: &Corpus, size: &Size) -> Result<()> {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut s: Vec<u8> = Vec::with_capacity(8 << 20);
    let mut ts: u64 = 1_760_000_000;
    let mut mark = 0usize;
    let mut main_tip = 0usize;
    let mut version = vec![0usize; size.modules * size.files_per_module];
    let mut side_tip = 0usize;
    for i in 0..size.commits {
        mark += 1;
        ts += 3600;
        let merge_now = i > 0 && i % 100 == 0 && side_tip > 0;
        let on_side = !merge_now && i % 100 >= 90;
        let branch = if on_side {
            "refs/heads/side"
        } else {
            "refs/heads/main"
        };
        let _ = writeln!(s, "commit {branch}\nmark :{mark}");
        let who = [
            "Ada Lovelace",
            "Grace Hopper",
            "Alan Turing",
            "Edsger Dijkstra",
        ][i % 4];
        let email = who.to_lowercase().replace(' ', ".");
        let _ = writeln!(s, "author {who} <{email}@example.com> {ts} +0000");
        let _ = writeln!(s, "committer {who} <{email}@example.com> {ts} +0000");
        let (m, f) = (
            rng.below(size.modules as u64) as usize,
            rng.below(size.files_per_module as u64) as usize,
        );
        let msg = if merge_now {
            "Merge branch 'side'\n".to_string()
        } else if i == 0 {
            "Initial import of the service sources\n".to_string()
        } else {
            let w = WORDS[i % WORDS.len()];
            format!(
                "Improve {w} handling in module {m} (step {i})\n\nThe {w} path recomputed totals on every call; cache them and\nadd a regression case for empty input.\n\nSigned-off-by: {who} <{email}@example.com>\n"
            )
        };
        data(&mut s, msg.as_bytes());
        if i > 0 {
            let from = if on_side {
                if side_tip > 0 {
                    side_tip
                } else {
                    main_tip
                }
            } else {
                main_tip
            };
            let _ = writeln!(s, "from :{from}");
        }
        if merge_now {
            let _ = writeln!(s, "merge :{side_tip}");
            side_tip = 0;
        }
        if i == 0 {
            for mm in 0..size.modules {
                for ff in 0..size.files_per_module {
                    let _ = writeln!(s, "M 100644 inline {}", path_of(mm, ff));
                    data(&mut s, source(mm, ff, 0).as_bytes());
                }
            }
        } else if !merge_now {
            let k = m * size.files_per_module + f;
            version[k] += 1;
            let _ = writeln!(s, "M 100644 inline {}", path_of(m, f));
            data(&mut s, source(m, f, version[k]).as_bytes());
        }
        s.push(b'\n');
        if on_side {
            side_tip = mark;
        } else {
            main_tip = mark;
        }
    }
    let mut child = Command::new("git")
        .args(["fast-import", "--quiet"])
        .current_dir(&c.repo)
        .env_clear()
        .envs(env_for(c))
        .stdin(Stdio::piped())
        .spawn()?;
    child.stdin.take().expect("stdin").write_all(&s)?;
    ensure!(child.wait()?.success(), "git fast-import failed");
    Ok(())
}

/// Staged (modified, added, deleted, renamed), unstaged (multi-hunk edits) and untracked files.
fn working_changes(c: &Corpus, size: &Size) -> Result<()> {
    let r = &c.repo;
    // Changes every `every`-th `wrapping_add` line: several hunks per file.
    let edit = |rel: &str, every: usize| -> Result<()> {
        let p = r.join(rel);
        let text = std::fs::read_to_string(&p)?;
        let mut seen = 0;
        let out: String = text
            .lines()
            .map(|l| {
                let hit = l.contains("wrapping_add");
                seen += usize::from(hit);
                if hit && seen % every == 1 % every {
                    format!("{}\n", l.replace("wrapping_add", "saturating_add"))
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        std::fs::write(p, out)?;
        Ok(())
    };
    let fm = size.files_per_module;
    for k in 0..6 {
        edit(&path_of(k, k % fm), 2)?;
    }
    edit(&path_of(1, 2), 3)?;
    git(c, r, &["add", &path_of(1, 2)])?;
    std::fs::write(
        r.join("src/feature_flags.rs"),
        "//! Feature flags.\npub const FAST_PATH: bool = true;\npub const STRICT: bool = false;\n",
    )?;
    git(c, r, &["add", "src/feature_flags.rs"])?;
    git(c, r, &["rm", "-q", &path_of(2, 3)])?;
    git(c, r, &["mv", &path_of(3, 1), "src/renamed_module.rs"])?;
    for (name, body) in [
        ("NOTES.md", "scratch notes\n"),
        ("scripts/run_bench.sh", "#!/bin/sh\necho bench\n"),
        ("src/experimental.rs", "pub fn experiment() {}\n"),
    ] {
        let p = r.join(name);
        std::fs::create_dir_all(p.parent().unwrap())?;
        std::fs::write(p, body)?;
    }
    Ok(())
}
