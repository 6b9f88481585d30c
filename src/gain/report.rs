//! The `rtk gain` report as data: built from the history database's SQL sums (so every number
//! is exactly the sum of the rows), serialized as-is for `--format json` (schema:
//! docs/gain-json.md) and rendered by `render` for text and csv.

use serde::Serialize;

use crate::tracking::db::Db;
use crate::tracking::query::{Group, HistoryRow, Period, Totals};
use crate::tracking::tools::ToolGroup;
use crate::tracking::TrackingError;

/// Version of the JSON shape in docs/gain-json.md.
pub const SCHEMA_VERSION: u32 = 1;

/// What the user asked to see.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    pub project: Option<String>,
    pub limit: usize,
    pub history: bool,
    /// `--failures`: recent runs whose filter printed the raw output.
    pub failures: bool,
    /// Period tables asked for (`--all`: day, week and month).
    pub periods: Vec<Period>,
    /// Daily groups of the last 30 days for `--graph`.
    pub graph: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub schema_version: u32,
    pub generated_at: String,
    pub db_path: String,
    pub project: Option<String>,
    pub token_method: &'static str,
    pub summary: Summary,
    pub commands: Vec<CommandStat>,
    /// Tool results a `PostToolUse` hook answer shortened, per tool.
    pub tools: Vec<ToolStat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryEntry>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failures: Option<Vec<HistoryEntry>>,
    /// The first period table asked for (the daily one with `--all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub periods: Option<Periods>,
    /// Upstream rtk's period arrays, under its names (see docs/gain-json.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<Vec<UpstreamPeriod>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weekly: Option<Vec<UpstreamPeriod>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monthly: Option<Vec<UpstreamPeriod>>,
    /// Every period table asked for, for the text view (never serialized).
    #[serde(skip)]
    pub tables: Vec<Periods>,
    /// The last 30 days for `--graph` (text only, never serialized).
    #[serde(skip)]
    pub graph: Vec<PeriodStat>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub runs: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub saved_tokens: i64,
    pub saved_pct: f64,
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    pub total_duration_ms: u64,
    pub avg_duration_ms: u64,
    pub fell_back_runs: u64,
    pub failed_runs: u64,
    pub largest_run_saved_tokens: i64,
    /// Runs imported from upstream rtk's history (included in every figure).
    pub imported_runs: u64,
    pub first_run: Option<String>,
    pub last_run: Option<String>,
    /// The same totals under upstream rtk's field names.
    #[serde(flatten)]
    pub upstream: UpstreamSummary,
}

/// Upstream rtk's `summary` fields, so scripts written for its JSON keep working.
#[derive(Debug, Clone, Default, Serialize)]
pub struct UpstreamSummary {
    pub total_commands: u64,
    pub total_input: u64,
    pub total_output: u64,
    pub total_saved: i64,
    pub avg_savings_pct: f64,
    pub total_time_ms: u64,
    pub avg_time_ms: u64,
}

/// One element of upstream rtk's `daily` / `weekly` / `monthly` arrays.
#[derive(Debug, Clone, Default, Serialize)]
pub struct UpstreamPeriod {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub week_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub week_end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    pub commands: u64,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub saved_tokens: i64,
    pub savings_pct: f64,
    pub total_time_ms: u64,
    pub avg_time_ms: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct CommandStat {
    pub command: String,
    #[serde(flatten)]
    pub stat: Stat,
}

/// One tool's results shortened by a `PostToolUse` answer (the hook's ledger).
#[derive(Debug, Clone, Serialize)]
pub struct ToolStat {
    pub tool: String,
    pub results: u64,
    pub tokens_before: u64,
    pub tokens_after: u64,
    pub saved_tokens: i64,
    pub saved_pct: f64,
}

impl From<&ToolGroup> for ToolStat {
    fn from(g: &ToolGroup) -> ToolStat {
        ToolStat {
            tool: g.tool.clone(),
            results: g.results,
            tokens_before: g.before_tokens,
            tokens_after: g.after_tokens,
            saved_tokens: saved(g.before_tokens, g.after_tokens),
            saved_pct: pct(g.before_tokens, g.after_tokens),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct PeriodStat {
    pub period: String,
    #[serde(flatten)]
    pub stat: Stat,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Stat {
    pub runs: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub saved_tokens: i64,
    pub saved_pct: f64,
    pub total_duration_ms: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Periods {
    pub unit: &'static str,
    pub rows: Vec<PeriodStat>,
}

#[derive(Debug, Clone, Serialize)]
pub struct HistoryEntry {
    pub time: String,
    pub command: String,
    pub project: String,
    pub raw_bytes: u64,
    pub emitted_bytes: u64,
    pub raw_tokens: u64,
    pub emitted_tokens: u64,
    pub saved_tokens: i64,
    pub exit_code: i32,
    pub duration_ms: u64,
    pub fell_back: bool,
    /// Imported from upstream rtk's history.
    pub imported: bool,
}

/// raw − emitted, signed (a filter may print more than it read).
pub fn saved(raw: u64, emitted: u64) -> i64 {
    raw as i64 - emitted as i64
}

/// Saved share of raw in percent, one decimal; 0 when nothing was read.
pub fn pct(raw: u64, emitted: u64) -> f64 {
    if raw == 0 {
        return 0.0;
    }
    (saved(raw, emitted) as f64 * 1000.0 / raw as f64).round() / 10.0
}

impl From<&Group> for Stat {
    fn from(g: &Group) -> Stat {
        Stat {
            runs: g.runs,
            raw_tokens: g.raw_tokens,
            emitted_tokens: g.emitted_tokens,
            saved_tokens: saved(g.raw_tokens, g.emitted_tokens),
            saved_pct: pct(g.raw_tokens, g.emitted_tokens),
            total_duration_ms: g.duration_ms,
        }
    }
}

impl From<Totals> for Summary {
    fn from(t: Totals) -> Summary {
        let avg = t.duration_ms.checked_div(t.runs).unwrap_or(0);
        Summary {
            upstream: UpstreamSummary {
                total_commands: t.runs,
                total_input: t.raw_tokens,
                total_output: t.emitted_tokens,
                total_saved: saved(t.raw_tokens, t.emitted_tokens),
                avg_savings_pct: pct(t.raw_tokens, t.emitted_tokens),
                total_time_ms: t.duration_ms,
                avg_time_ms: avg,
            },
            imported_runs: t.imported_runs,
            runs: t.runs,
            raw_tokens: t.raw_tokens,
            emitted_tokens: t.emitted_tokens,
            saved_tokens: saved(t.raw_tokens, t.emitted_tokens),
            saved_pct: pct(t.raw_tokens, t.emitted_tokens),
            raw_bytes: t.raw_bytes,
            emitted_bytes: t.emitted_bytes,
            total_duration_ms: t.duration_ms,
            avg_duration_ms: avg,
            fell_back_runs: t.fell_back_runs,
            failed_runs: t.failed_runs,
            largest_run_saved_tokens: t.max_run_saved_tokens,
            first_run: t.first_run,
            last_run: t.last_run,
        }
    }
}

impl From<HistoryRow> for HistoryEntry {
    fn from(r: HistoryRow) -> HistoryEntry {
        HistoryEntry {
            saved_tokens: saved(r.raw_tokens, r.emitted_tokens),
            time: r.time,
            command: r.command,
            project: r.project,
            raw_bytes: r.raw_bytes,
            emitted_bytes: r.emitted_bytes,
            raw_tokens: r.raw_tokens,
            emitted_tokens: r.emitted_tokens,
            exit_code: r.exit_code,
            duration_ms: r.duration_ms,
            fell_back: r.fell_back,
            imported: r.imported,
        }
    }
}

fn period_stat(g: &Group) -> PeriodStat {
    PeriodStat {
        period: g.key.clone(),
        stat: Stat::from(g),
    }
}

/// A period row under upstream rtk's names (weeks also get their Sunday as `week_end`).
fn upstream_period(unit: Period, g: &Group) -> UpstreamPeriod {
    let mut row = UpstreamPeriod {
        commands: g.runs,
        input_tokens: g.raw_tokens,
        output_tokens: g.emitted_tokens,
        saved_tokens: saved(g.raw_tokens, g.emitted_tokens),
        savings_pct: pct(g.raw_tokens, g.emitted_tokens),
        total_time_ms: g.duration_ms,
        avg_time_ms: g.duration_ms.checked_div(g.runs).unwrap_or(0),
        ..UpstreamPeriod::default()
    };
    match unit {
        Period::Day => row.date = Some(g.key.clone()),
        Period::Week => {
            row.week_end = days_from_date(&g.key).map(|d| date(d + 6));
            row.week_start = Some(g.key.clone());
        }
        Period::Month => row.month = Some(g.key.clone()),
    }
    row
}

/// Day number since 1970-01-01 of a `YYYY-MM-DD` date.
fn days_from_date(s: &str) -> Option<i64> {
    let mut it = s.splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (it.next()??, it.next()??, it.next()??);
    // Howard Hinnant's civil → days algorithm.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// An empty report (no database yet).
pub fn empty(db_path: String, plan: &Plan, now: i64) -> Report {
    Report {
        schema_version: SCHEMA_VERSION,
        generated_at: iso(now),
        db_path,
        project: plan.project.clone(),
        token_method: crate::tracking::TOKEN_METHOD,
        summary: Summary::default(),
        commands: Vec::new(),
        tools: Vec::new(),
        history: plan.history.then(Vec::new),
        failures: plan.failures.then(Vec::new),
        periods: plan.periods.first().map(|p| Periods {
            unit: p.name(),
            rows: Vec::new(),
        }),
        daily: plan.periods.contains(&Period::Day).then(Vec::new),
        weekly: plan.periods.contains(&Period::Week).then(Vec::new),
        monthly: plan.periods.contains(&Period::Month).then(Vec::new),
        tables: Vec::new(),
        graph: Vec::new(),
    }
}

/// Builds the report from the database, `now` being Unix seconds.
pub fn build(db: &Db, plan: &Plan, now: i64) -> Result<Report, TrackingError> {
    let project = plan.project.as_deref();
    let mut report = empty(db.path().display().to_string(), plan, now);
    report.summary = Summary::from(db.totals(project)?);
    report.commands = db
        .by_command(project, Some(plan.limit))?
        .iter()
        .map(|g| CommandStat {
            command: g.key.clone(),
            stat: Stat::from(g),
        })
        .collect();
    report.tools = db.by_tool(project)?.iter().map(ToolStat::from).collect();
    if plan.history {
        let rows = db.recent(project, plan.limit)?;
        report.history = Some(rows.into_iter().map(HistoryEntry::from).collect());
    }
    if plan.failures {
        let rows = db.recent_fallbacks(project, plan.limit)?;
        report.failures = Some(rows.into_iter().map(HistoryEntry::from).collect());
    }
    for &p in &plan.periods {
        let groups = db.by_period(project, p)?;
        let upstream = Some(groups.iter().map(|g| upstream_period(p, g)).collect());
        match p {
            Period::Day => report.daily = upstream,
            Period::Week => report.weekly = upstream,
            Period::Month => report.monthly = upstream,
        }
        report.tables.push(Periods {
            unit: p.name(),
            rows: groups.iter().map(period_stat).collect(),
        });
    }
    report.periods = report.tables.first().cloned();
    if plan.graph {
        report.graph = last_days(db, project, now, 30)?;
    }
    Ok(report)
}

/// One entry per day for the `n` days ending on `now`'s day, empty days included.
fn last_days(
    db: &Db,
    project: Option<&str>,
    now: i64,
    n: i64,
) -> Result<Vec<PeriodStat>, TrackingError> {
    let today = now.div_euclid(86_400);
    let first = today - (n - 1);
    let groups = db.daily_since(project, first * 86_400)?;
    Ok((first..=today)
        .map(|day| {
            let label = date(day);
            match groups.iter().find(|g| g.key == label) {
                Some(g) => period_stat(g),
                None => PeriodStat {
                    period: label,
                    stat: Stat::default(),
                },
            }
        })
        .collect())
}

pub use crate::tracking::dates::{date, iso};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_796_083_199, "2026-11-30T23:59:59Z"),
            (-1, "1969-12-31T23:59:59Z"),
        ];
        for (ts, want) in cases {
            assert_eq!(iso(ts), want, "{ts}");
        }
    }

    #[test]
    fn dates_round_trip() {
        for day in [-1, 0, 11_016, 20_787, 20_790, 2_932_896] {
            assert_eq!(days_from_date(&date(day)), Some(day), "{day}");
        }
        assert_eq!(days_from_date("2026-13"), None);
    }

    #[test]
    fn upstream_week_rows_name_both_ends() {
        let g = Group {
            key: "2026-11-30".into(),
            runs: 4,
            raw_tokens: 200,
            emitted_tokens: 50,
            duration_ms: 10,
        };
        let row = upstream_period(Period::Week, &g);
        assert_eq!(row.week_start.as_deref(), Some("2026-11-30"));
        assert_eq!(row.week_end.as_deref(), Some("2026-12-06"));
        assert_eq!(
            (row.commands, row.saved_tokens, row.avg_time_ms),
            (4, 150, 2)
        );
        assert_eq!(row.savings_pct, 75.0);
    }

    #[test]
    fn percentages() {
        assert_eq!(pct(0, 0), 0.0);
        assert_eq!(pct(1000, 175), 82.5);
        assert_eq!(pct(3, 1), 66.7);
        assert_eq!(pct(10, 20), -100.0);
        assert_eq!(saved(10, 20), -10);
    }
}
