//! `ps` and `df`: tables padded into columns whose last column is free text (`COMMAND`,
//! `Mounted on`). The padding between the columns before it becomes one space; the last
//! column is kept byte for byte from its first character (a command line's own spacing
//! stays). Only headers made of known columns whose values hold no spaces are read: any other
//! header (`ps -o lstart`, `ps -l`'s `WCHAN`, a `df --output` list) or a row with too few
//! cells prints the output as the command wrote it. No row is dropped; a failure prints raw.

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Ps;
pub struct Df;

/// `ps` columns whose values never hold a space, and the free-text last ones.
const PS_COLUMNS: &[&str] = &[
    "USER", "UID", "PID", "PPID", "%CPU", "%MEM", "VSZ", "RSS", "TTY", "TT", "STAT", "START",
    "STIME", "TIME", "C", "PGID", "SID", "PRI", "NI", "PSR", "LWP", "NLWP", "SZ", "S", "F",
];
const PS_LAST: &[&str] = &["COMMAND", "CMD"];
const DF_COLUMNS: &[&str] = &[
    "Filesystem",
    "Type",
    "Size",
    "Used",
    "Avail",
    "Available",
    "Use%",
    "Capacity",
    "Inodes",
    "IUsed",
    "IFree",
    "IUse%",
    "1K-blocks",
    "1024-blocks",
    "512-blocks",
];

impl Filter for Ps {
    fn name(&self) -> &'static str {
        "ps"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let header = out.stdout.lines().next().unwrap_or("");
        let words: Vec<&str> = header.split_whitespace().collect();
        let Some((last, fixed)) = words.split_last() else {
            return Err(Unparsed("no ps header".into()));
        };
        if !PS_LAST.contains(last) || !fixed.iter().all(|w| PS_COLUMNS.contains(w)) {
            return Err(Unparsed(format!("ps columns not known: {header}")));
        }
        squeeze(out, fixed.len())
    }
}

impl Filter for Df {
    fn name(&self) -> &'static str {
        "df"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let header = out.stdout.lines().next().unwrap_or("");
        let Some(cols) = header.trim_end().strip_suffix("Mounted on") else {
            return Err(Unparsed("no df header".into()));
        };
        let fixed: Vec<&str> = cols.split_whitespace().collect();
        if fixed.first() != Some(&"Filesystem") || !fixed.iter().all(|w| DF_COLUMNS.contains(w)) {
            return Err(Unparsed(format!("df columns not known: {header}")));
        }
        squeeze(out, fixed.len())
    }
}

/// Every line: its first `fixed` cells joined by one space, then the rest of the line from
/// its first character as it was. A line with no cell past the fixed ones is unparsed.
fn squeeze(out: &Output<'_>, fixed: usize) -> Result<Compacted, Unparsed> {
    let mut text = String::with_capacity(out.stdout.len());
    for line in out.stdout.lines() {
        let mut rest = line;
        for k in 0..fixed {
            let t = rest.trim_start_matches([' ', '\t']);
            let end = t.find([' ', '\t']).unwrap_or(t.len());
            if end == 0 {
                return Err(Unparsed(format!("a row with fewer cells: {line}")));
            }
            if k > 0 {
                text.push(' ');
            }
            text.push_str(&t[..end]);
            rest = &t[end..];
        }
        let last = rest.trim_start_matches([' ', '\t']);
        if last.is_empty() {
            return Err(Unparsed(format!("a row with no last column: {line}")));
        }
        if fixed > 0 {
            text.push(' ');
        }
        text.push_str(last);
        text.push('\n');
    }
    if !out.stdout.ends_with('\n') {
        text.pop();
    }
    Ok(Compacted::stdout(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::scope::procs::passes_through;

    fn run(f: &dyn Filter, stdout: &str) -> Result<String, Unparsed> {
        let inv = Invocation {
            program: f.name(),
            args: &[],
            sub: None,
        };
        let out = Output {
            stdout,
            stderr: "",
            code: 0,
        };
        f.compact(&inv, &out).map(|c| c.stdout)
    }

    #[test]
    fn padding_goes_the_command_keeps_its_spacing() {
        let raw = "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n\
                   root          42  0.0  0.0   2484  1280 ?        S    23:58   0:00 sleep  300 'a  b'\n";
        assert_eq!(
            run(&Ps, raw).unwrap(),
            "USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND\n\
             root 42 0.0 0.0 2484 1280 ? S 23:58 0:00 sleep  300 'a  b'\n"
        );
    }

    #[test]
    fn unknown_columns_or_short_rows_are_unparsed() {
        assert!(run(
            &Ps,
            "  PID                  STARTED CMD\n 1 Thu Dec  3 23:00:00 2026 init\n"
        )
        .is_err());
        assert!(run(&Ps, "  PID TTY TIME CMD\n   1 ?\n").is_err());
        assert!(run(&Df, "Filesystem Size\n/dev/x 1G\n").is_err());
    }

    #[test]
    fn forest_help_and_output_lists_pass_through() {
        assert!(passes_through("ps", &["axf"]));
        assert!(passes_through("ps", &["-ef", "--forest"]));
        assert!(passes_through("ps", &["-h"]));
        assert!(!passes_through("ps", &["aux"]));
        assert!(!passes_through("ps", &["-ef"]));
        assert!(passes_through("df", &["--output=source,target"]));
        assert!(!passes_through("df", &["-h", "/"]));
    }

    #[test]
    fn df_mount_points_stay_whole() {
        let raw = "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        20G  5.1G   14G  27% /mnt/my  disk\n";
        assert_eq!(
            run(&Df, raw).unwrap(),
            "Filesystem Size Used Avail Use% Mounted on\n/dev/sda1 20G 5.1G 14G 27% /mnt/my  disk\n"
        );
    }
}
