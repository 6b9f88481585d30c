//! Calendar dates of Unix times (UTC, proleptic Gregorian): `rtk gain`'s dates and the names
//! of set-aside history files. Tested through `gain::report`.

/// `YYYY-MM-DD` of a day number since 1970-01-01 (proleptic Gregorian, UTC).
pub fn date(days: i64) -> String {
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// ISO-8601 UTC of Unix seconds.
pub fn iso(ts: i64) -> String {
    let secs = ts.rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        date(ts.div_euclid(86_400)),
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Howard Hinnant's days → civil date algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
