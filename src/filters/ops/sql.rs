//! `psql -c/-f`, `sqlite3 DB SQL` and `mysql`/`mariadb -e SQL`: result tables drawn for a terminal (padding, rule and
//! border rows) printed the way each tool's own unaligned form prints them — cells joined by
//! `|`, header first (`psql -A`, `sqlite3 -header -list`; mysql's `-t` boxes lose their
//! borders, its tab-separated and vertical forms print as they are). Every row, every header, psql's
//! `(N rows)` footers, titles and command tags (`INSERT 0 1`), and everything else the tool
//! printed stay, in order; stderr (the errors, `LINE n:` and its caret) is never touched.
//! A row that does not split into exactly the table's columns (a value holding the column
//! separator, a wide character in a column-mode row) is kept as it was printed. Forms that
//! wait for input (no command given, prompts, editors, `\watch`) are not rewritten and pass
//! through here.

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};
pub use crate::programs::scope::sql::sqlite_mode;
use crate::programs::scope::sql::Mode;

pub struct Psql;
pub struct Sqlite3;
pub struct Mysql;

impl Filter for Psql {
    fn name(&self) -> &'static str {
        "psql"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(finish(out, psql_tables(out.stdout)))
    }
}

/// psql's aligned tables: a header row, a rule of `-` and `+` (one `+` per column break),
/// rows starting with a space. The rule goes, each row's cells are trimmed and joined by `|`,
/// and a centred title right above the header loses its centring.
fn psql_tables(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let header = lines[i];
        let breaks = lines.get(i + 1).and_then(|r| psql_rule(r));
        let Some(breaks) = breaks.filter(|&b| header.starts_with(' ') && pipes(header) == b) else {
            out.push(header.to_string());
            i += 1;
            continue;
        };
        if i > 0
            && lines[i - 1].starts_with("  ")
            && out.last().map(String::as_str) == Some(lines[i - 1])
        {
            let title = lines[i - 1].trim().to_string();
            *out.last_mut().expect("checked above") = title;
        }
        out.push(cells(header, '|'));
        i += 2;
        while let Some(row) = lines
            .get(i)
            .filter(|r| r.starts_with(' ') && pipes(r) >= breaks)
        {
            out.push(if pipes(row) == breaks {
                cells(row, '|')
            } else {
                row.to_string()
            });
            i += 1;
        }
    }
    out
}

/// The number of column breaks of a psql rule row (`----+----`), if it is one.
fn psql_rule(line: &str) -> Option<usize> {
    let ok = line.starts_with('-')
        && line.ends_with('-')
        && line.bytes().all(|b| b == b'-' || b == b'+');
    ok.then(|| line.bytes().filter(|&b| b == b'+').count())
}

fn pipes(line: &str) -> usize {
    line.bytes().filter(|&b| b == b'|').count()
}

/// A row split at `sep`, each cell trimmed of its padding, joined by `|`.
fn cells(row: &str, sep: char) -> String {
    row.split(sep).map(str::trim).collect::<Vec<_>>().join("|")
}

/// The compacted lines as the output (its final newline as the tool printed it).
fn finish(out: &Output<'_>, lines: Vec<String>) -> Compacted {
    let mut text = lines.join("\n");
    if out.stdout.ends_with('\n') {
        text.push('\n');
    }
    Compacted::stdout(text)
}

impl Filter for Sqlite3 {
    fn name(&self) -> &'static str {
        "sqlite3"
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let lines = match sqlite_mode(inv.args).map(|m| m.0) {
            Some(Mode::Column) => sqlite_columns(out.stdout),
            Some(Mode::Box) => sqlite_drawn(out.stdout, '│', box_rule),
            Some(Mode::Table) => sqlite_drawn(out.stdout, '|', table_rule),
            _ => return Ok(Compacted::raw(out)),
        };
        Ok(finish(out, lines))
    }
}

impl Filter for Mysql {
    fn name(&self) -> &'static str {
        "mysql"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(finish(out, sqlite_drawn(out.stdout, '|', table_rule)))
    }
}

/// A `-box` border's column breaks (`┌──┬──┐`, `├`, `└`).
fn box_rule(line: &str) -> Option<usize> {
    line.starts_with(['┌', '├', '└'])
        .then(|| line.matches(['┬', '┼', '┴']).count())
}

/// A `-table` border's column breaks (`+--+--+`; mysql's `-t` draws the same).
fn table_rule(line: &str) -> Option<usize> {
    let rule =
        line.len() > 2 && line.starts_with('+') && line.bytes().all(|b| b == b'+' || b == b'-');
    rule.then(|| line.matches('+').count() - 2)
}

/// `-box`/`-table`: border rows (`rule` gives a border's column breaks) go; a row framed by
/// `sep` with exactly the last border's columns becomes its trimmed cells joined by `|`. Each
/// table after the first starts after a blank line (the borders told them apart): a box
/// starts with `┌`, a `-table` has three borders (top, under the header, bottom).
fn sqlite_drawn(text: &str, sep: char, rule: impl Fn(&str) -> Option<usize>) -> Vec<String> {
    let mut out = Vec::new();
    let mut breaks = None;
    let mut rules = 0;
    for line in text.lines() {
        if let Some(b) = rule(line) {
            let top = if sep == '|' {
                rules % 3 == 0
            } else {
                line.starts_with('┌')
            };
            if top && out.last().is_some_and(|l: &String| !l.is_empty()) {
                out.push(String::new());
            }
            breaks = Some(b);
            rules += 1;
            continue;
        }
        let inner = line
            .strip_prefix(sep)
            .and_then(|l| l.strip_suffix(sep))
            .filter(|inner| Some(inner.matches(sep).count()) == breaks);
        out.push(inner.map_or_else(|| line.to_string(), |inner| cells(inner, sep)));
    }
    out
}

/// `-column` with a header: the `--  ----` underline gives where each column starts; it goes,
/// and each row (the header too) is cut there; a later table's header comes after a blank line. A row that does not fit the columns, or that
/// holds a character past U+02FF (sqlite pads by characters, a terminal by display width), is
/// kept as printed.
fn sqlite_columns(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut starts: Option<Vec<usize>> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(s) = lines.get(i + 1).and_then(|u| underline(u)) {
            if let Some(c) = cut(line, &s) {
                if out.last().is_some_and(|l: &String| !l.is_empty()) {
                    out.push(String::new());
                }
                out.push(c);
                starts = Some(s);
                i += 2;
                continue;
            }
        }
        if line.is_empty() {
            starts = None;
        }
        out.push(
            starts
                .as_deref()
                .and_then(|s| cut(line, s))
                .unwrap_or_else(|| line.to_string()),
        );
        i += 1;
    }
    out
}

/// Where each column of a column-mode underline (`--  ----  --`) starts.
fn underline(line: &str) -> Option<Vec<usize>> {
    let ok = line.starts_with('-')
        && line.trim_end().ends_with('-')
        && line.bytes().all(|b| b == b'-' || b == b' ')
        && !line.contains("- -");
    ok.then(|| {
        let b = line.as_bytes();
        (0..b.len())
            .filter(|&k| b[k] == b'-' && (k == 0 || b[k - 1] == b' '))
            .collect()
    })
}

/// A column-mode row cut at `starts`, its cells' padding trimmed, joined by `|`; `None` when
/// a column start is not preceded by the two-space gap or the row is not plain enough.
fn cut(line: &str, starts: &[usize]) -> Option<String> {
    if line.chars().any(|c| c > '\u{2ff}') {
        return None;
    }
    let chars: Vec<char> = line.chars().collect();
    let mut cells = Vec::with_capacity(starts.len());
    for (k, &s) in starts.iter().enumerate() {
        if s > 0 && (s < 2 || chars.len() < s || chars[s - 2..s] != [' ', ' ']) {
            return None;
        }
        let end = starts
            .get(k + 1)
            .map_or(chars.len(), |&e| e.min(chars.len()));
        let cell: String = chars[s.min(end)..end].iter().collect();
        cells.push(cell.trim_end().to_string());
    }
    Some(cells.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::scope::sql::{mysql_runs_commands, psql_runs_commands};

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn psql_runs_only_given_commands() {
        for ok in [
            "-c select",
            "-qAtc select",
            "--command=select",
            "--command select",
            "-f q.sql",
            "-fq.sql",
            "--file=q.sql mydb",
            "-d app -U me -c select",
            "-x -c select",
        ] {
            assert!(psql_runs_commands(&words(ok)), "{ok}");
        }
        for no in [
            "",
            "mydb",
            "-d app",
            "-f -",
            "--file=-",
            "-W -c select",
            "-c select --password",
            "-s -f q.sql",
            "-c \\watch",
            "-c \\e",
            "--help",
            "-V",
            "-c",
            "-h -c",
        ] {
            assert!(!psql_runs_commands(&words(no)), "{no}");
        }
    }

    #[test]
    fn mysql_runs_only_given_sql() {
        for ok in [
            "-e select",
            "shop -e select",
            "-t -D shop -e select",
            "-uroot -psecret -Be select",
            "--execute=select",
            "--password=x --execute select",
            "-h db -P 3306 -e select",
        ] {
            assert!(mysql_runs_commands(&words(ok)), "{ok}");
        }
        for no in [
            "",
            "shop",
            "-p -e select",
            "-e select --password",
            "-u -e",
            "-e \\e",
            "--help",
            "-V",
            "-D shop",
        ] {
            assert!(!mysql_runs_commands(&words(no)), "{no}");
        }
    }

    #[test]
    fn sqlite_needs_a_database_and_sql() {
        let mode = |s: &str| sqlite_mode(&words(s)).map(|m| m.0);
        assert_eq!(mode("app.db .tables"), Some(Mode::Other));
        assert_eq!(mode("-box app.db select"), Some(Mode::Box));
        assert_eq!(mode("-header -column app.db select"), Some(Mode::Column));
        assert_eq!(mode("-table -list app.db select"), Some(Mode::Other));
        assert_eq!(mode("-box app.db .mode_list select"), Some(Mode::Other));
        assert_eq!(mode("-cmd .tables app.db select"), Some(Mode::Other));
        assert_eq!(
            mode("-table -cmd .mode_list app.db select"),
            Some(Mode::Other)
        );
        assert_eq!(
            mode("-cmd .mode_list -box app.db select"),
            Some(Mode::Other)
        );
        assert_eq!(mode("-cmd .excel app.db select"), None);
        assert_eq!(mode("app.db"), None);
        assert_eq!(mode("-cmd x app.db"), None);
        assert_eq!(mode("-interactive app.db select"), None);
        assert_eq!(mode("app.db .excel"), None);
        assert_eq!(mode("app.db select_edit('x')"), None);
        assert_eq!(mode("--version"), None);
    }

    #[test]
    fn psql_table_becomes_unaligned_rows_kept() {
        let raw = "        List\n a  | bb \n----+----\n  1 | x\n 22 | \n(2 rows)\n\nINSERT 0 1\n";
        assert_eq!(
            psql_tables(raw).join("\n"),
            "List\na|bb\n1|x\n22|\n(2 rows)\n\nINSERT 0 1"
        );
    }

    #[test]
    fn psql_row_with_a_pipe_in_a_value_is_kept_as_printed() {
        let raw = " a | b \n---+---\n x | y | z\n 1 | 2\n";
        assert_eq!(psql_tables(raw).join("\n"), "a|b\n x | y | z\n1|2");
    }

    #[test]
    fn column_rows_cut_at_the_underline() {
        let raw =
            "id  name        n\n--  ----------  -\n1   a  b        3\n2               \nZoë x\n";
        assert_eq!(
            sqlite_columns(raw).join("\n"),
            "id|name|n\n1|a  b|3\n2||\nZoë x"
        );
        assert_eq!(
            sqlite_columns("a\n-\n1\nb\n-\n2\n").join("\n"),
            "a\n1\n\nb\n2"
        );
    }

    #[test]
    fn drawn_tables_lose_borders_and_stay_apart() {
        let table = "+---+-----+\n| a |  b  |\n+---+-----+\n| 1 | x y |\n+---+-----+\n+---+\n| c |\n+---+\n| 2 |\n+---+\n";
        assert_eq!(
            sqlite_drawn(table, '|', table_rule).join("\n"),
            "a|b\n1|x y\n\nc\n2"
        );
        let boxed = "┌───┐\n│ n │\n├───┤\n│ 3 │\n└───┘\n┌───┐\n│ m │\n├───┤\n│ 4 │\n└───┘\n";
        assert_eq!(
            sqlite_drawn(boxed, '│', box_rule).join("\n"),
            "n\n3\n\nm\n4"
        );
    }
}
