//! The forms of `psql`, `sqlite3` and `mysql` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::ops::sql`).

use super::Scope;

/// Whether `psql` with these arguments runs given commands and exits: `-c`/`--command` or a
/// `-f`/`--file` other than stdin, and nothing that prompts (`-W`, `-s`), asks for help or
/// version, or runs a meta-command of [`PSQL_WAITS`].
pub fn psql_runs_commands<S: AsRef<str>>(args: &[S]) -> bool {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let mut given = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let value = |v: &str, next: Option<&&str>| -> Option<String> {
            if v.is_empty() {
                next.map(|n| n.to_string())
            } else {
                Some(v.to_string())
            }
        };
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = long
                .split_once('=')
                .map_or((long, None), |(n, v)| (n, Some(v)));
            match name {
                "command" | "file" => {
                    let Some(v) = inline.map(str::to_string).or_else(|| {
                        i += 1;
                        args.get(i).map(|n| n.to_string())
                    }) else {
                        return false;
                    };
                    if (name == "file" && v == "-") || waits(&v) {
                        return false;
                    }
                    given = true;
                }
                "password" | "single-step" | "help" | "version" => return false,
                _ => {}
            }
        } else if a.len() > 1 && a.starts_with('-') {
            for (k, c) in a.char_indices().skip(1) {
                if matches!(c, 'W' | 's' | 'V' | '?') {
                    return false;
                }
                if PSQL_SHORT_VALUE.contains(c) {
                    let Some(v) = value(&a[k + 1..], args.get(i + 1)) else {
                        return false;
                    };
                    if a.len() == k + 1 {
                        i += 1;
                    }
                    if c == 'c' || c == 'f' {
                        if (c == 'f' && v == "-") || waits(&v) {
                            return false;
                        }
                        given = true;
                    }
                    break;
                }
            }
        }
        i += 1;
    }
    given
}

/// The output mode of a `sqlite3 DB SQL…` command line that runs given SQL and exits: a
/// database and at least one SQL text or dot command after it, no interactive, archive or
/// help forms. `None` for any other form (not rewritten; passed through).
pub fn sqlite_mode<S: AsRef<str>>(args: &[S]) -> Option<ModeOf> {
    let mut mode = Mode::Other;
    // A `.mode` command anywhere: the mode is no flag's.
    let mut dot_mode = false;
    let mut operands = 0;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_ref();
        if let Some(opt) = a
            .strip_prefix("--")
            .or_else(|| a.strip_prefix('-'))
            .filter(|o| !o.is_empty())
        {
            match opt {
                "interactive" | "help" | "version" | "A" | "archive" => return None,
                "column" => mode = Mode::Column,
                "box" => mode = Mode::Box,
                "table" => mode = Mode::Table,
                "list" | "csv" | "json" | "line" | "html" | "markdown" | "quote" | "tabs"
                | "ascii" | "qbox" => mode = Mode::Other,
                o if SQLITE_VALUE.contains(&o) => {
                    i += 1;
                    // `-cmd` runs a command before the SQL: read like an SQL operand.
                    let v = args.get(i).map_or("", AsRef::as_ref);
                    if SQLITE_WAITS.iter().any(|w| v.contains(w)) {
                        return None;
                    }
                    dot_mode |= v.contains(".mode");
                }
                _ => {}
            }
        } else {
            if SQLITE_WAITS.iter().any(|w| a.contains(w)) {
                return None;
            }
            dot_mode |= operands > 0 && a.contains(".mode");
            operands += 1;
        }
        i += 1;
    }
    let mode = if dot_mode { Mode::Other } else { mode };
    (operands >= 2).then_some(ModeOf(mode))
}

/// Whether `mysql`/`mariadb` with these arguments runs the SQL of `-e`/`--execute` and exits,
/// never asking for a password (`-p`/`--password` without a value), help or version, nor
/// running the client's editor or shell commands (`\e`, `\!`).
pub fn mysql_runs_commands<S: AsRef<str>>(args: &[S]) -> bool {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let waits = |sql: &str| sql.contains("\\e") || sql.contains("\\!");
    let mut given = false;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = long
                .split_once('=')
                .map_or((long, None), |(n, v)| (n, Some(v)));
            match name {
                "execute" => {
                    let Some(v) = inline.or_else(|| {
                        i += 1;
                        args.get(i).copied()
                    }) else {
                        return false;
                    };
                    if waits(v) {
                        return false;
                    }
                    given = true;
                }
                "password" if inline.is_none() => return false,
                "help" | "version" => return false,
                _ => {}
            }
        } else if a.len() > 1 && a.starts_with('-') {
            for (k, c) in a.char_indices().skip(1) {
                if matches!(c, 'V' | '?' | 'I') || (c == 'p' && a.len() == k + 1) {
                    return false;
                }
                if c == 'p' {
                    break;
                }
                if MYSQL_SHORT_VALUE.contains(c) {
                    let v = if a.len() == k + 1 {
                        i += 1;
                        args.get(i).copied()
                    } else {
                        Some(&a[k + 1..])
                    };
                    let Some(v) = v else {
                        return false;
                    };
                    if c == 'e' {
                        if waits(v) {
                            return false;
                        }
                        given = true;
                    }
                    break;
                }
            }
        }
        i += 1;
    }
    given
}

/// mysql's short options that take a value (`-p` takes one only attached: `-psecret`).
pub const MYSQL_SHORT_VALUE: &str = "DehPSuOT";

/// psql's short options that take a value (`-c SQL`, `-dDB`).
pub const PSQL_SHORT_VALUE: &str = "cdfFhLopPRTUv";

/// sqlite3's options that take a value.
pub const SQLITE_VALUE: &[&str] = &[
    "cmd",
    "separator",
    "newline",
    "nullvalue",
    "init",
    "vfs",
    "mmap",
    "pagecache",
    "lookaside",
    "maxsize",
    "heap",
];

/// Dot commands and SQL functions that open another program or wait for a person.
pub const SQLITE_WAITS: &[&str] = &[".excel", ".once", ".prompt", "edit("];

pub fn waits(sql: &str) -> bool {
    PSQL_WAITS.iter().any(|m| sql.contains(m))
}

/// psql meta-commands that wait for a person or never end (`\watch`), in a `-c` text
/// (`\e` also stands for `\ef`, `\ev`, and narrows `\echo` away with them).
pub const PSQL_WAITS: &[&str] = &["\\watch", "\\e", "\\prompt", "\\password", "\\!"];

/// sqlite3's output modes that draw a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Column,
    Box,
    Table,
    /// Any other (list, csv, json, markdown, …): printed as it is.
    Other,
}

/// A command line's sqlite3 output mode ([`sqlite_mode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeOf(pub Mode);

/// `psql` running commands it is given (`-c`, `-f FILE`) and exiting.
pub const PSQL: Scope = Scope::check(|w| psql_runs_commands(w.args));

/// `sqlite3 DB SQL…` running given SQL or dot commands and exiting.
pub const SQLITE3: Scope = Scope::check(|w| sqlite_mode(w.args).is_some());

/// `mysql`/`mariadb -e SQL` running the SQL it is given and exiting.
pub const MYSQL: Scope = Scope::check(|w| mysql_runs_commands(w.args));
