//! `next build` (Next.js): the banner, step and progress lines (`Creating an optimized
//! production build ...`, `Generating static pages (7/15)`) and blank lines go; the route
//! table becomes one line per kind of route (`○ Static: /, /about, …`), every route kept, a
//! route with generated paths as `/blog/[slug] (/blog/hello, /blog/world)`; size columns and
//! the legend go (the legend's words name each line). Kept: `✓ Compiled successfully…`, the
//! final `✓ Generating static pages (N/N)` count, every warning, every note of a changed file
//! (`We detected TypeScript… reconfigured your tsconfig.json`), every error with its location
//! and code frame and stack. Output with no Next.js banner is printed raw.

use std::sync::LazyLock;

use regex::Regex;

use super::Sink;
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct NextBuild;

static CHATTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^\s*(?:",
        r"▲ Next\.js \S+.*",
        r"|✓ Running next\.config took .*",
        r"|Creating an optimized production build \.\.\.",
        r"|Running TypeScript \.\.\.",
        r"|Finished TypeScript in .*",
        r"|Linting and checking validity of types \.\.\.",
        r"|Collecting page data(?: using \d+ workers?)? \.\.\.",
        r"|Generating static pages(?: using \d+ workers?)? \(\d+/\d+\)(?: \.\.\.)?",
        r"|Finalizing page optimization \.\.\.",
        r"|Collecting build traces \.\.\.",
        r"|- Environments: .*",
        r"|- Experiments \(use with caution\):.*",
        r")\s*$"
    ))
    .unwrap()
});

/// `Route (app)` / `Route (pages)`: the table header.
static TABLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Route \((?:app|pages)\)(?:\s+.*)?$").unwrap());
/// A legend line: `○  (Static)   prerendered as static content`.
static LEGEND: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\S)\s+\(([^)]+)\)\s+.*$").unwrap());

const TREE: &[char] = &['┌', '├', '└', '│', ' '];
const SYMBOLS: &[char] = &['○', '●', 'ƒ', 'λ', '◐', 'ℇ', '◇'];

/// One route of the table: its kind, path and generated paths.
struct Route {
    symbol: Option<char>,
    path: String,
    children: Vec<String>,
}

impl Filter for NextBuild {
    fn name(&self) -> &'static str {
        "next-build"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let text = strip_ansi(out.stdout);
        if !text
            .lines()
            .any(|l| l.trim_start().starts_with("▲ Next.js "))
        {
            return Err(Unparsed("next build: no Next.js banner".into()));
        }
        let mut sink = Sink::default();
        let mut routes: Vec<Route> = Vec::new();
        let mut legend: Vec<(char, String)> = Vec::new();
        let mut in_table = false;
        let mut table_at: Option<usize> = None;
        let mut header = String::new();
        for line in text.lines() {
            if TABLE.is_match(line) {
                in_table = true;
                table_at = Some(sink.text.len());
                header = line
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                sink.drop_line();
                continue;
            }
            if in_table {
                if let Some(c) = LEGEND.captures(line) {
                    let sym = c[1].chars().next().unwrap_or(' ');
                    legend.push((sym, c[2].to_string()));
                    sink.drop_line();
                    continue;
                }
                if let Some(r) = route_line(line, &mut routes) {
                    if !r {
                        sink.line(line);
                    } else {
                        sink.drop_line();
                    }
                    continue;
                }
                if line.trim().is_empty() {
                    sink.drop_line();
                    continue;
                }
                in_table = false;
            }
            if line.trim().is_empty() || CHATTER.is_match(line) {
                sink.drop_line();
            } else {
                sink.line(line);
            }
        }
        if let Some(at) = table_at {
            let table = render_table(&header, &routes, &legend);
            sink.text.insert_str(at, &table);
        }
        let mut err = Sink::default();
        for line in strip_ansi(out.stderr).lines() {
            if line.trim().is_empty() {
                err.drop_line();
            } else {
                err.line(line);
            }
        }
        let dropped = sink.dropped + err.dropped;
        let elided = (dropped > 0).then(|| {
            format!("{dropped} lines: progress lines, the route table's layout and legend")
        });
        Ok(Compacted {
            stdout: sink.text,
            stderr: Some(err.text),
            elided,
        })
    }
}

/// Reads a route-table line into `routes`: `Some(true)` when it was a route, `Some(false)`
/// for a table line kept as it is (`+ First Load JS shared by all`), `None` when it is no
/// table line.
fn route_line(line: &str, routes: &mut Vec<Route>) -> Option<bool> {
    let first = line.chars().next()?;
    if !matches!(first, '┌' | '├' | '└' | '│' | '+') {
        return None;
    }
    if first == '+' {
        return Some(false);
    }
    let prefix_len = line.len() - line.trim_start_matches(TREE).len();
    let rest = line[prefix_len..].trim_end();
    // Nested under the route above (`│ ├ ● /blog/hello`): two or more tree marks.
    let nested = line[..prefix_len].chars().filter(|c| *c != ' ').count() > 1;
    let (symbol, body) = match rest.chars().next() {
        Some(c) if SYMBOLS.contains(&c) => (Some(c), rest[c.len_utf8()..].trim_start()),
        _ => (None, rest),
    };
    // The path, without size columns.
    let path = body.split_whitespace().next().unwrap_or("");
    if path.is_empty() || !(path.starts_with('/') || path.starts_with("[+")) {
        return Some(false);
    }
    let path = if path.starts_with("[+") {
        body.to_string()
    } else {
        path.to_string()
    };
    match routes.last_mut() {
        Some(parent) if nested => {
            parent.children.push(path);
            if parent.symbol.is_none() {
                parent.symbol = symbol;
            }
        }
        _ => routes.push(Route {
            symbol,
            path,
            children: Vec::new(),
        }),
    }
    Some(true)
}

fn render_table(header: &str, routes: &[Route], legend: &[(char, String)]) -> String {
    let mut out = format!(
        "{header}: {} route{}\n",
        routes.len(),
        if routes.len() == 1 { "" } else { "s" }
    );
    let mut symbols: Vec<Option<char>> = Vec::new();
    for r in routes {
        if !symbols.contains(&r.symbol) {
            symbols.push(r.symbol);
        }
    }
    for s in symbols {
        let name = s
            .and_then(|c| legend.iter().find(|(l, _)| *l == c))
            .map(|(_, n)| format!(" {n}"))
            .unwrap_or_default();
        let mark = s.map_or_else(|| "-".to_string(), |c| c.to_string());
        let paths: Vec<String> = routes
            .iter()
            .filter(|r| r.symbol == s)
            .map(|r| {
                if r.children.is_empty() {
                    r.path.clone()
                } else {
                    format!("{} ({})", r.path, r.children.join(", "))
                }
            })
            .collect();
        out.push_str(&format!("{mark}{name}: {}\n", paths.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::compact_fixture_both;
    use super::*;

    fn run(case: &str) -> (String, String) {
        compact_fixture_both(&NextBuild, "next", "build", case)
    }

    #[test]
    fn the_route_table_is_one_line_per_kind_with_every_route() {
        let (out, _) = run("build_ok");
        assert!(
            out.contains(
                "Route (app): 13 routes\n\
                 ○ Static: /, /_not-found, /about, /cart, /checkout, /contact, /faq, /login, /orders, /settings\n\
                 ƒ Dynamic: /api/health, /products/[id]\n\
                 ● SSG: /blog/[slug] (/blog/hello, /blog/world, /blog/news)\n"
            ),
            "{out}"
        );
        for kept in [
            "✓ Compiled successfully in 11.2s",
            "⚠ No build cache found.",
            "We detected TypeScript in your project and reconfigured your tsconfig.json file for you.",
            "- jsx was set to react-jsx",
            "✓ Generating static pages using 1 worker (15/15) in 600ms",
        ] {
            assert!(out.contains(kept), "lost {kept:?}:\n{out}");
        }
        assert!(
            !out.contains("(7/15)") && !out.contains("▲ Next.js"),
            "{out}"
        );
    }

    #[test]
    fn errors_keep_their_location_and_message() {
        let (out, err) = run("build_type_error");
        assert!(out.contains(
            "app/cart/page.tsx(1,40): error TS2322: Type 'string' is not assignable to type 'number'."
        ));
        assert_eq!(err, "Failed to type check.\n");
        let (_, err) = run("build_module_error");
        assert!(
            err.contains(
                "./app/faq/page.tsx:1:1\nError: Module not found: Can't resolve './nope'\n"
            ),
            "{err}"
        );
        assert!(err.contains(
            "at async build (/SCRATCH/app/node_modules/next/dist/build/index.js:491:16)"
        ));
    }
}
