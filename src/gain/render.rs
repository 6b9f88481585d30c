//! Text, csv and bar-chart renderings of a gain [`Report`]. Text shows exact integers (with
//! thousands separators), never rounded "1.2M", so every figure can be checked against the rows.

use std::io::{self, Write};

use super::report::{CommandStat, HistoryEntry, PeriodStat, Report, Stat, ToolStat};

/// `1234567` → `1,234,567`.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

fn duration(ms: u64) -> String {
    match ms {
        0..=999 => format!("{ms} ms"),
        1_000..=59_999 => format!("{:.1} s", ms as f64 / 1000.0),
        _ => format!("{}m {:02}s", ms / 60_000, ms / 1000 % 60),
    }
}

fn u(n: u64) -> String {
    thousands(i64::try_from(n).unwrap_or(i64::MAX))
}

/// The human report.
pub fn text(r: &Report, out: &mut impl Write) -> io::Result<()> {
    let s = &r.summary;
    let scope = r.project.as_deref().unwrap_or("all projects");
    writeln!(out, "rtk gain: {scope}")?;
    writeln!(out, "  runs            {}", u(s.runs))?;
    writeln!(
        out,
        "  raw output      {} tokens ({} bytes)",
        u(s.raw_tokens),
        u(s.raw_bytes)
    )?;
    writeln!(
        out,
        "  emitted         {} tokens ({} bytes)",
        u(s.emitted_tokens),
        u(s.emitted_bytes)
    )?;
    writeln!(
        out,
        "  saved           {} tokens ({:.1}%)",
        thousands(s.saved_tokens),
        s.saved_pct
    )?;
    writeln!(
        out,
        "  time            {} total, {} per run",
        duration(s.total_duration_ms),
        duration(s.avg_duration_ms)
    )?;
    if s.fell_back_runs > 0 || s.failed_runs > 0 {
        writeln!(
            out,
            "  raw fallbacks   {} (filter printed the raw output); non-zero exits {}",
            u(s.fell_back_runs),
            u(s.failed_runs)
        )?;
    }
    if s.imported_runs > 0 {
        writeln!(
            out,
            "  imported        {} runs from upstream rtk's history",
            u(s.imported_runs)
        )?;
    }
    if let (Some(first), Some(last)) = (&s.first_run, &s.last_run) {
        writeln!(out, "  period          {first} .. {last}")?;
    }
    if s.saved_tokens > 0 && s.largest_run_saved_tokens > 0 {
        let share = s.largest_run_saved_tokens as f64 * 100.0 / s.saved_tokens as f64;
        writeln!(
            out,
            "  largest run     {} tokens saved ({share:.0}% of all savings)",
            thousands(s.largest_run_saved_tokens)
        )?;
    }
    if !r.tools.is_empty() {
        let results: u64 = r.tools.iter().map(|t| t.results).sum();
        let saved: i64 = r.tools.iter().map(|t| t.saved_tokens).sum();
        writeln!(
            out,
            "  tool results    {} shortened by the hook, {} tokens saved (by tool below)",
            u(results),
            thousands(saved)
        )?;
    }
    writeln!(out, "  tokens are an {}", r.token_method)?;

    if !r.commands.is_empty() {
        writeln!(out)?;
        writeln!(out, "Top commands by tokens saved")?;
        table(
            out,
            "command",
            r.commands
                .iter()
                .map(|c: &CommandStat| (&c.command, &c.stat)),
        )?;
    }
    if !r.tools.is_empty() {
        writeln!(out)?;
        writeln!(out, "Tool results shortened by the PostToolUse hook")?;
        tools(out, &r.tools)?;
    }
    for p in &r.tables {
        writeln!(out)?;
        writeln!(out, "By {}", p.unit)?;
        if p.rows.is_empty() {
            writeln!(out, "  (no runs)")?;
        }
        table(
            out,
            p.unit,
            p.rows.iter().map(|p: &PeriodStat| (&p.period, &p.stat)),
        )?;
    }
    if let Some(h) = &r.history {
        writeln!(out)?;
        writeln!(out, "Recent runs")?;
        history(out, h)?;
    }
    if let Some(f) = &r.failures {
        writeln!(out)?;
        writeln!(out, "Raw fallbacks (the filter could not parse the output)")?;
        if f.is_empty() {
            writeln!(out, "  (none)")?;
        }
        history(out, f)?;
    }
    if !r.graph.is_empty() {
        writeln!(out)?;
        graph(&r.graph, out)?;
    }
    Ok(())
}

fn tools(out: &mut impl Write, rows: &[ToolStat]) -> io::Result<()> {
    let width = rows.iter().map(|t| t.tool.len()).max().unwrap_or(0).max(4);
    writeln!(
        out,
        "  {:<width$}  {:>8}  {:>12}  {:>12}  {:>12}  {:>6}",
        "tool", "results", "tokens", "answered", "saved", "saved%"
    )?;
    for t in rows {
        writeln!(
            out,
            "  {:<width$}  {:>8}  {:>12}  {:>12}  {:>12}  {:>5.1}%",
            t.tool,
            u(t.results),
            u(t.tokens_before),
            u(t.tokens_after),
            thousands(t.saved_tokens),
            t.saved_pct
        )?;
    }
    Ok(())
}

fn table<'a>(
    out: &mut impl Write,
    label: &str,
    rows: impl Iterator<Item = (&'a String, &'a Stat)> + Clone,
) -> io::Result<()> {
    let w = rows
        .clone()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0)
        .max(label.len());
    if rows.clone().next().is_none() {
        return Ok(());
    }
    writeln!(
        out,
        "  {label:<w$}  {:>6}  {:>12}  {:>12}  {:>12}  {:>6}",
        "runs", "raw", "emitted", "saved", "saved%"
    )?;
    for (key, s) in rows {
        writeln!(
            out,
            "  {key:<w$}  {:>6}  {:>12}  {:>12}  {:>12}  {:>5.1}%",
            u(s.runs),
            u(s.raw_tokens),
            u(s.emitted_tokens),
            thousands(s.saved_tokens),
            s.saved_pct
        )?;
    }
    Ok(())
}

fn history(out: &mut impl Write, rows: &[HistoryEntry]) -> io::Result<()> {
    for h in rows {
        let mut flags = String::new();
        if h.exit_code != 0 {
            flags.push_str(&format!(" exit={}", h.exit_code));
        }
        if h.fell_back {
            flags.push_str(" raw-fallback");
        }
        if h.imported {
            flags.push_str(" (imported from rtk 1.x)");
        }
        writeln!(
            out,
            "  {}  {:>10} -> {:>10} tokens  {:>9}  {}{flags}",
            h.time,
            u(h.raw_tokens),
            u(h.emitted_tokens),
            duration(h.duration_ms),
            h.command
        )?;
    }
    Ok(())
}

const BAR_WIDTH: i64 = 40;

/// A bar per day, scaled to the best day.
pub fn graph(days: &[PeriodStat], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "Tokens saved per day (UTC)")?;
    let max = days
        .iter()
        .map(|d| d.stat.saved_tokens)
        .max()
        .unwrap_or(0)
        .max(1);
    for d in days {
        let saved = d.stat.saved_tokens.max(0);
        // Any saving at all shows at least one block.
        let len = if saved == 0 {
            0
        } else {
            (saved as f64 * BAR_WIDTH as f64 / max as f64).ceil() as i64
        };
        let bar = "█".repeat(len as usize);
        let w = BAR_WIDTH as usize;
        writeln!(
            out,
            "  {}  {bar:<w$}  {}",
            d.period,
            thousands(d.stat.saved_tokens)
        )?;
    }
    Ok(())
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The `command` of a csv row holding a tool's PostToolUse savings (`hook:Read`).
pub const TOOL_ROW_PREFIX: &str = "hook:";

const STAT_COLUMNS: &str =
    "runs,raw_tokens,emitted_tokens,saved_tokens,saved_pct,total_duration_ms";

fn stat_csv(s: &Stat) -> String {
    format!(
        "{},{},{},{},{},{}",
        s.runs, s.raw_tokens, s.emitted_tokens, s.saved_tokens, s.saved_pct, s.total_duration_ms
    )
}

/// One table: history rows if asked, else period rows if asked, else per-command rows.
pub fn csv(r: &Report, out: &mut impl Write) -> io::Result<()> {
    if let Some(rows) = &r.history {
        writeln!(
            out,
            "time,command,project,raw_bytes,emitted_bytes,raw_tokens,emitted_tokens,saved_tokens,exit_code,duration_ms,fell_back"
        )?;
        for h in rows {
            writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{}",
                h.time,
                csv_field(&h.command),
                csv_field(&h.project),
                h.raw_bytes,
                h.emitted_bytes,
                h.raw_tokens,
                h.emitted_tokens,
                h.saved_tokens,
                h.exit_code,
                h.duration_ms,
                h.fell_back
            )?;
        }
    } else if let Some(p) = &r.periods {
        writeln!(out, "{},{STAT_COLUMNS}", p.unit)?;
        for row in &p.rows {
            writeln!(out, "{},{}", row.period, stat_csv(&row.stat))?;
        }
    } else {
        writeln!(out, "command,{STAT_COLUMNS}")?;
        for c in &r.commands {
            writeln!(out, "{},{}", csv_field(&c.command), stat_csv(&c.stat))?;
        }
        // The hook's tool savings, one row per tool: `runs` counts shortened results.
        for t in &r.tools {
            writeln!(
                out,
                "{},{},{},{},{},{},0",
                csv_field(&format!("{TOOL_ROW_PREFIX}{}", t.tool)),
                t.results,
                t.tokens_before,
                t.tokens_after,
                t.saved_tokens,
                t.saved_pct
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (1_234_567, "1,234,567"),
            (-45_000, "-45,000"),
        ];
        for (n, want) in cases {
            assert_eq!(thousands(n), want);
        }
    }

    #[test]
    fn csv_quotes_only_when_needed() {
        assert_eq!(csv_field("git status"), "git status");
        assert_eq!(csv_field("echo a,b"), "\"echo a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }

    #[test]
    fn graph_scales_to_best_day() {
        let day = |p: &str, saved: i64| PeriodStat {
            period: p.into(),
            stat: Stat {
                saved_tokens: saved,
                ..Stat::default()
            },
        };
        let mut out = Vec::new();
        graph(
            &[day("d1", 100), day("d2", 0), day("d3", 1), day("d4", 50)],
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let bars: Vec<usize> = text
            .lines()
            .skip(1)
            .map(|l| l.matches('█').count())
            .collect();
        assert_eq!(bars, [40, 0, 1, 20]);
    }
}
