//! `rtk gain [--history|--failures] [--daily|--weekly|--monthly|--all] [--graph] …`: arguments
//! to `gain::run`.

use std::io::{IsTerminal, Write};

use clap::Args;

use super::session::Session;
use crate::gain::{self, GainOptions};
use crate::tracking::query::Period;

#[derive(Debug, Args)]
#[command(after_help = crate::tokens::GAIN_HELP)]
pub struct GainArgs {
    /// Recent runs, newest first (see --limit).
    #[arg(short = 'H', long)]
    pub history: bool,
    /// Recent runs whose filter could not parse the output and printed it raw.
    #[arg(short = 'F', long)]
    pub failures: bool,
    /// Totals per UTC day.
    #[arg(short, long, group = "period")]
    pub daily: bool,
    /// Totals per week (UTC, Monday first; labelled by the Monday).
    #[arg(short, long, group = "period")]
    pub weekly: bool,
    /// Totals per UTC month.
    #[arg(short, long, group = "period")]
    pub monthly: bool,
    /// Totals per day, per week and per month.
    #[arg(short, long, group = "period")]
    pub all: bool,
    /// Only runs in this project and its subfolders (default: the current directory's).
    #[arg(short, long, value_name = "PATH", num_args = 0..=1, default_missing_value = ".")]
    pub project: Option<String>,
    /// A terminal bar chart of tokens saved per day over the last 30 days (text only).
    #[arg(short, long)]
    pub graph: bool,
    /// Output format; csv prints one table: --history rows, else period rows, else commands.
    #[arg(short, long, value_enum, default_value_t = GainFormat::Text)]
    pub format: GainFormat,
    /// How many commands (and --history rows) to show.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub limit: usize,
    /// Delete the history (of --project only, when given); asks first unless --yes.
    #[arg(long)]
    pub reset: bool,
    /// Do not ask before --reset.
    #[arg(long, requires = "reset")]
    pub yes: bool,
    /// Redraw the report every SECS seconds (default 2) until interrupted.
    #[arg(
        long,
        value_name = "SECS",
        num_args = 0..=1,
        default_missing_value = "2",
        conflicts_with = "reset"
    )]
    pub watch: Option<f64>,
    /// Stop --watch after N reports (for scripts and tests).
    #[arg(long, value_name = "N", hide = true, requires = "watch")]
    pub watch_times: Option<u64>,
    /// Upstream's subscription-quota estimate: not in rtk (says what to use instead).
    #[arg(long, hide = true)]
    pub quota: bool,
}

/// `rtk gain --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GainFormat {
    Text,
    Json,
    Csv,
}

/// `rtk gain`.
pub fn run(args: &GainArgs, s: &Session) -> anyhow::Result<u8> {
    if args.quota {
        let mut err = std::io::stderr().lock();
        writeln!(
            err,
            "rtk: `gain --quota` is upstream rtk's estimate of a subscription's quota; rtk reports \
             the tokens it saved (`rtk gain`, `rtk gain --daily`) and leaves quotas to the host"
        )?;
        return Ok(2);
    }
    let Some(secs) = args.watch else {
        return report(args, s);
    };
    if !(secs.is_finite() && secs > 0.0) {
        anyhow::bail!("--watch takes a positive number of seconds");
    }
    let terminal = std::io::stdout().is_terminal();
    let mut shown = 0u64;
    loop {
        {
            let mut out = std::io::stdout().lock();
            if terminal {
                // Clear the screen and go home: the report redraws in place.
                write!(out, "\x1b[2J\x1b[H")?;
            } else if shown > 0 {
                writeln!(out)?;
            }
            let now = crate::gain::report::iso(crate::tracking::now_unix());
            writeln!(out, "rtk gain --watch: {now}, every {secs}s (Ctrl-C stops)")?;
            out.flush()?;
        }
        let code = report(args, s)?;
        shown += 1;
        if code != 0 || args.watch_times.is_some_and(|n| shown >= n) {
            return Ok(code);
        }
        std::thread::sleep(std::time::Duration::from_secs_f64(secs));
    }
}

/// One report.
fn report(args: &GainArgs, s: &Session) -> anyhow::Result<u8> {
    let periods = if args.all {
        vec![Period::Day, Period::Week, Period::Month]
    } else if args.daily {
        vec![Period::Day]
    } else if args.weekly {
        vec![Period::Week]
    } else if args.monthly {
        vec![Period::Month]
    } else {
        Vec::new()
    };
    let options = GainOptions {
        history: args.history,
        failures: args.failures,
        periods,
        project: args.project.clone(),
        graph: args.graph,
        format: match args.format {
            GainFormat::Text => gain::GainFormat::Text,
            GainFormat::Json => gain::GainFormat::Json,
            GainFormat::Csv => gain::GainFormat::Csv,
        },
        limit: args.limit,
        reset: args.reset,
        yes: args.yes,
    };
    gain::run(&options, &s.env, s.config(), &s.warnings)
}
