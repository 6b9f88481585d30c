//! Filter output over raw outputs captured from the real tools (tests/fixtures/<tool>/, made by
//! tests/fixtures/capture.sh), snapshotted jj-style with the plan and exit status, plus
//! fidelity checks that hold for every fixture: no changed diff line, match or path is lost.

use rtk::filters::{compact_in_pieces, lookup, Compacted, Output, Plan};

use crate::common::fixtures::{self, filtered, render, Fixture, Set};

fn fixtures() -> Vec<Fixture> {
    let all = fixtures::load(Set::Files);
    assert!(all.len() > 40, "fixtures missing: {}", all.len());
    all
}

#[test]
fn snapshots_over_captured_fixtures() {
    for f in fixtures() {
        insta::assert_snapshot!(format!("{}__{}", f.tool, f.name), render(&f));
    }
}

/// Filters that compact while the command runs give, however the output is cut into runs of
/// lines, what they give on the whole output.
#[test]
fn compaction_in_pieces_equals_compaction_of_the_whole() {
    let mut checked = std::collections::BTreeSet::new();
    for f in fixtures() {
        let Some((filter, inv)) = lookup(&f.argv[0], &f.argv[1..]) else {
            continue;
        };
        let Plan::Capture { stderr } = filter.plan(&inv) else {
            continue;
        };
        let out = Output {
            stdout: &f.stdout,
            stderr: if stderr { &f.stderr } else { "" },
            code: f.code,
        };
        let whole = filter.compact(&inv, &out);
        for lines in [1, 2, 3, 7, 64] {
            let Some(pieces) = compact_in_pieces(filter, &inv, &out, lines) else {
                break;
            };
            assert_eq!(
                pieces.as_ref().ok(),
                whole.as_ref().ok(),
                "{}/{} in pieces of {lines} lines",
                f.tool,
                f.name
            );
            assert_eq!(pieces.is_err(), whole.is_err(), "{}/{}", f.tool, f.name);
            checked.insert(filter.name());
        }
    }
    for name in [
        "git-log",
        "git-diff",
        "git-status",
        "diff",
        "grep",
        "find",
        "ls",
        "tree",
    ] {
        assert!(
            checked.contains(name),
            "no fixture checked {name}: {checked:?}"
        );
    }
}

/// The compacted stdout, or the raw one when the filter leaves it alone.
fn shown(f: &Fixture) -> String {
    match filtered(f).1 {
        Some(Ok(c)) => c.stdout,
        _ => f.stdout.clone(),
    }
}

#[test]
fn every_changed_diff_line_survives() {
    for f in fixtures()
        .iter()
        .filter(|f| f.argv.iter().any(|a| a == "diff" || a == "show"))
    {
        let out = shown(f);
        let mut in_hunk = false;
        for line in f.stdout.lines() {
            in_hunk = (in_hunk || line.starts_with("@@ ")) && !line.starts_with("diff ");
            let change = (line.starts_with('+') && !line.starts_with("+++ "))
                || (line.starts_with('-') && !line.starts_with("--- "));
            if in_hunk && change {
                assert!(out.lines().any(|l| l == line), "{}: lost {line:?}", f.name);
            }
        }
    }
}

#[test]
fn every_changed_path_and_commit_survives() {
    for f in fixtures().iter().filter(|f| f.tool == "git" && f.code == 0) {
        let out = shown(f);
        for line in f.stdout.lines() {
            if let Some(p) = line.strip_prefix("+++ b/") {
                assert!(out.contains(p), "{}: lost path {p}", f.name);
            }
            if let Some(p) = line.strip_prefix('\t') {
                let path = p.rsplit(' ').next().unwrap();
                assert!(out.contains(path), "{}: lost path {path}", f.name);
            }
            if let Some(h) = line.strip_prefix("commit ") {
                let short = &h[..10];
                assert!(out.contains(short), "{}: lost commit {short}", f.name);
            }
            if let Some(m) = line.strip_prefix("Merge: ") {
                assert!(out.contains(m), "{}: merge parents hidden", f.name);
            }
        }
    }
}

/// A `--stat` entry as `name change`, padding dropped: ` src/a.rs   |  4 ++--` → `src/a.rs 4 ++--`.
fn stat_entry(line: &str) -> Option<String> {
    let (name, change) = line.strip_prefix(' ')?.rsplit_once(" | ")?;
    let change = change.trim_start();
    let counted = change
        .split(' ')
        .next()?
        .bytes()
        .all(|b| b.is_ascii_digit());
    (counted || change.starts_with("Bin ")).then(|| format!("{} {change}", name.trim_end()))
}

/// Every file of a `--stat` block, read back from the report as printed: its own line as git
/// printed it, or `name change` under a `folder/: ` header, items split at `, `.
#[test]
fn every_stat_entry_is_copied_whole() {
    let mut checked = 0;
    for f in fixtures().iter().filter(|f| f.tool == "git" && f.code == 0) {
        let raw: Vec<String> = f.stdout.lines().filter_map(stat_entry).collect();
        if raw.is_empty() {
            continue;
        }
        let out = shown(f);
        let mut read = Vec::new();
        for line in out.lines() {
            if let Some(e) = stat_entry(line) {
                read.push(e);
            } else if let Some((dir, items)) = line.split_once("/: ") {
                read.extend(items.split(", ").map(|i| format!("{dir}/{i}")));
            } else {
                read.extend(line.split(", ").map(str::to_string));
            }
        }
        for e in &raw {
            assert!(read.contains(e), "{}: lost {e:?} in {out:?}", f.name);
        }
        checked += 1;
    }
    assert!(checked >= 3, "stat fixtures: {checked}");
}

/// The paths of find's report, raw (one a line) or grouped by directory (`dir/: a b`), read
/// as printed: a folder header followed by names copied whole, never a pattern filled in.
fn find_paths(report: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for line in report.lines() {
        let Some((dir, names)) = line.split_once(": ").filter(|(d, _)| d.ends_with('/')) else {
            paths.push(line.to_string());
            continue;
        };
        paths.extend(names.split(' ').map(|n| format!("{dir}{n}")));
    }
    paths
}

#[test]
fn every_path_is_copied_whole_in_finds_report() {
    // Every list of one to three of these paths (shared and unshared extensions, hidden files,
    // bare extensions, stars and colons in names and folders, paths without a folder).
    let paths = [
        "./a/b.rs",
        "./a/c.rs",
        "./a/.rs",
        "./a/x.tar.gz",
        "./a/*.rs",
        "./a/e.rs:",
        "./a/f.",
        "./*/g.rs",
        "x:/h.rs",
        "/i.rs",
        "j.rs",
        "./a/",
        ".",
    ];
    let args = [".".to_string()];
    let (filter, inv) = lookup("find", &args).unwrap();
    let mut lists: Vec<Vec<&str>> = Vec::new();
    let mut last: Vec<Vec<&str>> = vec![vec![]];
    for _ in 0..3 {
        last = last
            .iter()
            .flat_map(|l| paths.iter().map(move |p| [&l[..], &[*p]].concat()))
            .collect();
        lists.extend(last.iter().cloned());
    }
    assert_eq!(lists.len(), 13 + 13 * 13 + 13 * 13 * 13);
    for list in &lists {
        let raw = list.iter().map(|p| format!("{p}\n")).collect::<String>();
        let out = Output {
            stdout: &raw,
            stderr: "",
            code: 0,
        };
        let report = filter.compact(&inv, &out).unwrap().stdout;
        let mut rebuilt = find_paths(&report);
        let mut want: Vec<String> = list.iter().map(|p| p.to_string()).collect();
        rebuilt.sort_unstable();
        want.sort_unstable();
        assert_eq!(rebuilt, want, "{raw:?} -> {report:?}");
    }
}

/// A listing without `-l` keeps every name whole: each line ls printed (a name, a `dir:`
/// header or a blank line) is a line of the report or one space-separated word of one, as many
/// times as ls printed it, and nothing else is added (a listing printed as ls printed it is
/// read one name a line).
#[test]
fn every_name_of_a_plain_listing_survives_whole() {
    let mut checked = 0;
    for f in fixtures().iter().filter(|f| f.tool == "ls") {
        let out = shown(f);
        let mut raw: Vec<&str> = f.stdout.lines().filter(|l| !l.is_empty()).collect();
        let mut words: Vec<&str> = out
            .lines()
            .filter(|l| !l.is_empty())
            .flat_map(|l| {
                // Printed as ls printed it (a name with a space): one name a line.
                if l.ends_with(':') || out == f.stdout {
                    vec![l]
                } else {
                    l.split(' ').collect()
                }
            })
            .collect();
        if f.argv.iter().any(|a| a.starts_with('-') && a.contains('l')) {
            continue;
        }
        raw.sort_unstable();
        words.sort_unstable();
        assert_eq!(words, raw, "{}: names differ", f.name);
        assert_eq!(
            out.matches("\n\n").count(),
            f.stdout.matches("\n\n").count(),
            "{}: folders' blank lines",
            f.name
        );
        checked += 1;
    }
    assert!(checked >= 3, "{checked} plain listings checked");
}

#[test]
fn every_grep_match_and_find_path_survives() {
    for f in fixtures()
        .iter()
        .filter(|f| ["grep", "rg", "find"].contains(&f.tool.as_str()))
    {
        let out = shown(f);
        let elided = matches!(
            filtered(f).1,
            Some(Ok(Compacted {
                elided: Some(_),
                ..
            }))
        );
        let path_list = f.tool == "find" || f.argv.iter().any(|a| a == "--files");
        if path_list {
            // Every path, as often as find (or `rg --files`) printed it, is in the report whole.
            let mut raw: Vec<&str> = f.stdout.lines().collect();
            let mut rebuilt = find_paths(&out);
            raw.sort_unstable();
            rebuilt.sort_unstable();
            assert_eq!(rebuilt, raw, "{}: paths differ", f.name);
            continue;
        }
        let context = f
            .argv
            .iter()
            .any(|a| a.starts_with("-A") || a.starts_with("-B") || a.starts_with("-C"));
        if context && out != f.stdout {
            // Grouped context: every line reads back whole as `path` + `:`/`-` + the line kept
            // under that path's `path (N)` header, as often as grep printed it.
            let mut raw: Vec<&str> = f.stdout.lines().filter(|l| *l != "--").collect();
            let mut rebuilt = Vec::new();
            let mut path = "";
            for l in out.lines().filter(|l| *l != "--") {
                if let Some(p) = l.strip_suffix(')').and_then(|h| h.rsplit_once(" (")) {
                    path = p.0;
                    continue;
                }
                let digits = l.bytes().take_while(u8::is_ascii_digit).count();
                let sep = if l.as_bytes().get(digits) == Some(&b':') {
                    ':'
                } else {
                    '-'
                };
                rebuilt.push(format!("{path}{sep}{l}"));
            }
            raw.sort_unstable();
            rebuilt.sort_unstable();
            assert_eq!(rebuilt, raw, "{}: context lines differ", f.name);
            continue;
        }
        let mut per_file: Vec<(&str, usize)> = Vec::new();
        for line in f.stdout.lines() {
            let (path, rest) = line.split_once(':').unwrap_or(("", line));
            match per_file.last_mut() {
                Some((p, n)) if *p == path => *n += 1,
                _ => per_file.push((path, 1)),
            }
            // Capped output (said in the note) may leave lines out; otherwise every line stays:
            // as printed, or (a file's single match, the same line as an earlier file's) its
            // text printed once and its location `path:N` (or `path`) on a `same line:` list.
            let shared = || {
                let (loc, text) = match rest.split_once(':') {
                    Some((n, t)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                        (format!("{path}:{n}"), t)
                    }
                    _ => (path.to_string(), rest),
                };
                out.contains(text)
                    && out.lines().any(|l| {
                        l.strip_prefix("  same line:")
                            .is_some_and(|list| list.split(' ').any(|w| w == loc))
                    })
            };
            assert!(
                elided || out.contains(rest) || shared(),
                "{}: lost {line:?}",
                f.name
            );
        }
        // Every matching file stays, with its count, whenever the output was grouped.
        if out != f.stdout {
            for (path, n) in per_file.iter().filter(|(p, _)| !p.is_empty()) {
                let header = if *n == 1 {
                    format!("{path}:")
                } else {
                    format!("{path} ({n})")
                };
                assert!(out.contains(&header), "{}: lost file {path}", f.name);
            }
        }
    }
}

#[test]
fn failures_print_the_tool_output_in_full() {
    for f in fixtures().iter().filter(|f| f.code > 1) {
        if let (_, Some(Ok(c))) = filtered(f) {
            assert_eq!(c.stdout, f.stdout, "{}", f.name);
            assert!(
                c.stderr.is_none() || c.stderr.as_deref() == Some(&f.stderr[..]),
                "{}",
                f.name
            );
        }
    }
}
