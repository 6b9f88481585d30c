//! `rtk config [--create | --path | --check]`: show the effective config, write the commented
//! template, print the file's path, or check the file (domain: `crate::config`).

use std::io::Write;
use std::path::Path;

use clap::Args;

use super::session::Session;
use crate::config::{config_path, upstream, Config, TEMPLATE};
use crate::env::Env;
use crate::tracking::{self, Settings};

#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Write a config file with commented defaults if none exists.
    #[arg(long)]
    pub create: bool,
    /// Print the config file's path.
    #[arg(long)]
    pub path: bool,
    /// Check the file: exit 1 if it is invalid or holds unknown keys (named on stderr).
    #[arg(long, conflicts_with_all = ["create", "path"])]
    pub check: bool,
}

/// `rtk config`: the effective config as TOML, `--path`, `--create`, or `--check` (exit 1 when
/// the file is broken or holds unknown keys).
pub fn run(args: &ConfigArgs, s: &Session) -> anyhow::Result<u8> {
    let env = &s.env;
    let path = config_path(env)
        .ok_or_else(|| anyhow::anyhow!("no config location: set HOME or XDG_CONFIG_HOME"))?;
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    if args.path {
        writeln!(out, "{}", path.display())?;
        return Ok(0);
    }
    if args.create {
        return create(&path, &mut out, &mut err);
    }
    let loaded = match Config::inspect(env) {
        Ok(loaded) => loaded,
        Err(e) => {
            writeln!(err, "rtk: {e}")?;
            writeln!(
                err,
                "hint: fix the file, or move it away to use the defaults"
            )?;
            return Ok(1);
        }
    };
    let notes = loaded.upstream.clone();
    let (config, warnings) = loaded.into_warned();
    // Printed now: `--check`'s verdict below points at them.
    s.warnings.extend(warnings.iter().cloned());
    s.warnings.print_to(&mut err)?;
    let filters = user_filters(env);
    if args.check {
        for f in &filters {
            writeln!(err, "rtk: note: {f}")?;
        }
        let verdict = if warnings.is_empty() {
            "ok"
        } else {
            "problems above"
        };
        writeln!(out, "{}: {verdict}", path.display())?;
        return Ok(u8::from(!warnings.is_empty()));
    }
    let state = if path.exists() {
        ""
    } else {
        " (not found: defaults)"
    };
    writeln!(out, "# {}{state}", path.display())?;
    let tracking = Settings::resolve(env, &config);
    match (&tracking.db_path, tracking.enabled) {
        (Some(db), true) => writeln!(out, "# history database: {}", db.display())?,
        (None, true) => writeln!(out, "# history database: none (no HOME or XDG_DATA_HOME)")?,
        (_, false) => writeln!(out, "# history recording: disabled")?,
    }
    let trouble = tracking::trouble::read(env);
    if !trouble.is_empty() {
        let runs: u64 = trouble.iter().map(|t| t.count).sum();
        writeln!(
            out,
            "# trouble while recording runs ({runs}; details: rtk gain):"
        )?;
        for t in &trouble {
            writeln!(out, "#   {}", t.message)?;
        }
    }
    write!(out, "{}", toml::to_string_pretty(&config)?)?;
    if !notes.is_empty() {
        writeln!(out, "\n# upstream rtk 1.x keys in this file:")?;
        for n in &notes {
            let what = match n.fate {
                upstream::Fate::Mapped(to) => format!("read as {to}"),
                upstream::Fate::UpstreamOnly(why) => format!("upstream only, no effect ({why})"),
            };
            writeln!(out, "#   {}: {what}", n.key)?;
        }
    }
    for f in &filters {
        writeln!(out, "# {f}")?;
    }
    Ok(0)
}

/// The user's declarative filter files (docs/filters.md), one line each: how many filters were
/// loaded, why a file was not, or that a project file is not trusted. Said here and in
/// `rtk filters list`, never on a command's stderr.
fn user_filters(env: &Env) -> Vec<String> {
    crate::filters::user::sources(env)
        .iter()
        .map(crate::filters::user::Source::summary)
        .collect()
}

fn create(path: &Path, out: &mut impl Write, err: &mut impl Write) -> anyhow::Result<u8> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut f) => {
            f.write_all(TEMPLATE.as_bytes())?;
            writeln!(out, "created {}", path.display())?;
            Ok(0)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            writeln!(
                err,
                "rtk: {} already exists; left unchanged (see it with `rtk config`)",
                path.display()
            )?;
            Ok(0)
        }
        Err(e) => Err(anyhow::Error::new(e).context(format!("cannot create {}", path.display()))),
    }
}
