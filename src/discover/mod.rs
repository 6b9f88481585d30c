//! `rtk discover`: finds shell commands in Claude Code transcripts that rtk would have
//! compacted, and estimates the tokens that ran raw ("missed savings").
//!
//! [`transcript`] reads the JSONL files (malformed lines counted, never fatal), [`estimate`]
//! asks a [`estimate::Rewriter`] — the real engine here, a fake in tests — and aggregates per
//! command family. [`reads`] replays each transcript's Read calls through the PostToolUse Read
//! hook's decision (handed in by `cmd`, which may reach `hosts`). Read-only: the history
//! database is opened only if it exists, to use observed savings ratios.

pub mod estimate;
pub mod reads;
pub mod sessions;
pub mod transcript;

use std::io::Write;
use std::path::PathBuf;

use crate::config::{Config, HooksConfig};
use crate::env::Env;
use crate::tracking::db::Db;
use crate::tracking::Settings;

use estimate::{Report, Rewriter};
use reads::ReadHook;

/// The real rewrite engine: parse with the bash grammar, then plan the rewrite.
/// Lines the grammar cannot attest are never rewritten.
pub struct Engine {
    pub hooks: HooksConfig,
}

impl Rewriter for Engine {
    fn rewrite(&self, line: &str) -> Option<String> {
        let parsed = crate::shell::parse(line);
        if !parsed.unattestable.is_empty() {
            return None;
        }
        crate::rewrite::rewrite_line(line, &parsed, &self.hooks, None).line
    }
}

/// Default transcript folder: `$CLAUDE_CONFIG_DIR/projects`, else `~/.claude/projects`.
pub fn default_dir(env: &Env) -> Option<PathBuf> {
    env.path_var("CLAUDE_CONFIG_DIR")
        .or_else(|| env.home().map(|h| h.join(".claude")))
        .map(|d| d.join("projects"))
}

/// `rtk discover --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscoverFormat {
    Text,
    Json,
}

/// What `rtk discover` was asked for (see `cmd::discover`).
#[derive(Debug, Clone)]
pub struct DiscoverOptions {
    /// Transcript folder, relative to the working directory (None: [`default_dir`]).
    pub dir: Option<PathBuf>,
    pub format: DiscoverFormat,
    /// How many command families to list.
    pub limit: usize,
}

/// `rtk discover`; `read` replays the Read calls.
pub fn run(
    args: &DiscoverOptions,
    env: &Env,
    config: &Config,
    read: &ReadHook,
) -> anyhow::Result<u8> {
    let dir = match &args.dir {
        Some(d) => env.cwd().join(d),
        None => default_dir(env)
            .ok_or_else(|| anyhow::anyhow!("no transcript folder: pass --dir or set HOME"))?,
    };
    if !dir.is_dir() {
        anyhow::bail!(
            "no transcript folder at {} (Claude Code keeps them in ~/.claude/projects; use --dir)",
            dir.display()
        );
    }
    // Observed ratios are a bonus: a missing or broken history only means defaults.
    let observed = Settings::resolve(env, config)
        .db_path
        .and_then(|p| Db::open_existing(&p).ok().flatten())
        .and_then(|db| db.by_command(None, None).ok())
        .unwrap_or_default();
    let files = transcript::transcript_files(&dir);
    let scan = transcript::scan_files(&files);
    let engine = Engine {
        hooks: config.hooks.clone(),
    };
    let mut report = estimate::analyze(&scan, &engine, &observed, args.limit);
    report.read = Some(reads::analyze(&files, read));
    let mut out = std::io::stdout().lock();
    match args.format {
        DiscoverFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &report)?;
            writeln!(out)?;
        }
        DiscoverFormat::Text => text(&report, &dir, &mut out)?,
    }
    Ok(0)
}

/// The human report.
pub fn text(r: &Report, dir: &std::path::Path, out: &mut impl Write) -> std::io::Result<()> {
    use crate::gain::render::thousands;
    let n = |v: u64| thousands(i64::try_from(v).unwrap_or(i64::MAX));
    writeln!(out, "rtk discover: {}", dir.display())?;
    writeln!(
        out,
        "  transcripts {}, lines {}, skipped (not JSON) {}",
        n(r.files),
        n(r.lines),
        n(r.skipped_lines)
    )?;
    for f in &r.unreadable_files {
        writeln!(out, "  unreadable: {f}")?;
    }
    writeln!(
        out,
        "  Bash calls {}: through rtk already {}, rtk would have rewritten {}",
        n(r.bash_calls),
        n(r.already_rtk),
        n(r.rewritable_calls)
    )?;
    writeln!(
        out,
        "  missed savings ≈ {} tokens (output tokens × per-family ratio; tokens are an {})",
        n(r.est_saved_tokens),
        r.token_method
    )?;
    if let Some(read) = &r.read {
        reads::text(read, out)?;
    }
    if !r.families.is_empty() {
        writeln!(out)?;
        writeln!(out, "Missed, by command family")?;
        let w = r
            .families
            .iter()
            .map(|f| f.family.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(
            out,
            "  {:<w$}  {:>6}  {:>12}  {:>5}  {:>12}  ratio source",
            "family", "calls", "output", "ratio", "est. saved"
        )?;
        for f in &r.families {
            writeln!(
                out,
                "  {:<w$}  {:>6}  {:>12}  {:>5.2}  {:>12}  {}",
                crate::mask::line(&f.family),
                n(f.calls),
                n(f.output_tokens),
                f.ratio,
                n(f.est_saved_tokens),
                f.ratio_source
            )?;
        }
    }
    if !r.unhandled.is_empty() {
        writeln!(out)?;
        writeln!(out, "Most frequent commands rtk leaves alone")?;
        for u in &r.unhandled {
            writeln!(out, "  {:>6}  {}", n(u.calls), crate::mask::line(&u.family))?;
        }
    }
    Ok(())
}
