//! `rtk gain [--history|--failures] [--daily|--weekly|--monthly|--all] [--graph] …`: arguments
//! to `gain::run`.

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
