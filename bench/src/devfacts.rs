//! Facts read off a raw report, for the rows whose every problem must survive: each
//! type-checker/linter/vet diagnostic as (`file:loc`, code, message), the tool's summary lines
//! (their counts), and for `go test` each failing test, its messages and each failing package.
//! An rtk report grouped by file (`file:` then `  12:3[, 14:1] message`) is checked with the
//! file put back on each of its locations ([`ungroup`]), so that a location counts only
//! together with its file, its code and its message.

use std::sync::LazyLock;

use regex::Regex;

fn re(s: &str) -> Regex {
    Regex::new(s).unwrap()
}

/// Each location of a grouped report on a line of its own, with its file and its message.
pub fn ungroup(out: &str) -> String {
    static ENTRY: LazyLock<Regex> = LazyLock::new(|| {
        re(r"^(?:  )?((?:[^\s,]+?:)?\d+(?::\d+)?(?:, ?(?:[^\s,]+?:)?\d+(?::\d+)?)*):? (.*)$")
    });
    // A location that names its file: `path:12[:3]`.
    static FULL: LazyLock<Regex> = LazyLock::new(|| re(r"^(.*?[^\d:].*?):\d+(?::\d+)?$"));
    let mut file: Option<&str> = None;
    let mut text = String::new();
    for line in out.lines() {
        if let (Some(group), Some(c)) = (file, ENTRY.captures(line)) {
            // Each location is in the file last named before it on the line, else in the
            // group's (`group` ends with `:`).
            let mut current = group.to_string();
            for loc in c[1].split(',').map(str::trim) {
                if let Some(f) = FULL.captures(loc) {
                    current = format!("{}:", &f[1]);
                    text.push_str(&format!("{loc} {}\n", &c[2]));
                } else {
                    text.push_str(&format!("{current}{loc} {}\n", &c[2]));
                }
            }
            continue;
        }
        // Indented lines (notes) stay in the group; any other line ends it, and a file
        // heading (`path:` alone) starts the next.
        if !line.starts_with(' ') {
            file = (line.ends_with(':') && !line.contains(' ')).then_some(line);
        }
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// The C/C++ compilers, whose reports [`diags`] reads.
pub const CC_TOOLS: &[&str] = &["gcc", "g++", "cc", "c++", "clang", "clang++"];

/// Every diagnostic of a raw report of `tool` as (`file:loc`, code, message).
pub fn diags(tool: &str, raw: &str) -> Vec<(String, String, String)> {
    static TSC: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?m)^(\S+)\((\d+),(\d+)\): (?:error|warning) (TS\d+): (.+)$"));
    static ESLINT: LazyLock<Regex> =
        LazyLock::new(|| re(r"^\s+(\d+:\d+)\s+(?:error|warning)\s+(.+?)\s{2,}(\S+)$"));
    static MYPY: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?m)^(\S+?):(\d+(?::\d+)?): (?:error|warning): (.+?)(?:  (\[\S+\]))?$")
    });
    static CONCISE: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?m)^(\S+?):(\d+:\d+): ([A-Z]+\d+) (.+)$"));
    static RUFF: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?m)^([A-Z]+\d+)(?: \[\*\])? (.+)\n --> (\S+?):(\d+:\d+)$"));
    static GO: LazyLock<Regex> = LazyLock::new(|| re(r"(?m)^(?:\./)?(\S+\.go):(\d+:\d+): (.+)$"));
    static GOLANGCI: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?m)^(\S+\.go):(\d+:\d+): (.+) \(([\w-]+)\)$"));
    // MSBuild's canonical format (`dotnet build`), the project suffix left out.
    static MSBUILD: LazyLock<Regex> = LazyLock::new(|| {
        re(r"(?m)^(\S+)\((\d+),(\d+)\): (?:error|warning) ([A-Z]+\d+): (.+?)(?: \[[^\[\]]+\])?$")
    });
    // gcc/clang: `file:line[:col]: error|warning: message [-Wflag]` (notes go under theirs).
    static CC: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"(?m)^([^\s:][^:\n]*):(\d+(?::\d+)?): (?:fatal error|error|warning): (.+?)(?: (\[-[A-Za-z][^\]]*\]))?$",
        )
    });
    let mut v = Vec::new();
    let mut push = |loc: String, code: &str, msg: &str| {
        v.push((loc, code.to_string(), msg.trim_end().to_string()))
    };
    match tool {
        "tsc" => TSC
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}:{}", &c[1], &c[2], &c[3]), &c[4], &c[5])),
        "mypy" => MYPY.captures_iter(raw).for_each(|c| {
            push(
                format!("{}:{}", &c[1], &c[2]),
                c.get(4).map_or("", |m| m.as_str()),
                &c[3],
            )
        }),
        "flake8" => CONCISE
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}", &c[1], &c[2]), &c[3], &c[4])),
        "ruff" => RUFF
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}", &c[3], &c[4]), &c[1], &c[2])),
        "dotnet" => MSBUILD
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}:{}", &c[1], &c[2], &c[3]), &c[4], &c[5])),
        "golangci-lint" | "staticcheck" => GOLANGCI
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}", &c[1], &c[2]), &c[4], &c[3])),
        "go vet" => GO
            .captures_iter(raw)
            .for_each(|c| push(format!("{}:{}", &c[1], &c[2]), "", &c[3])),
        "eslint" => {
            let mut file = "";
            for line in raw.lines() {
                if let Some(c) = ESLINT.captures(line) {
                    push(format!("{file}:{}", &c[1]), &c[3], &c[2]);
                } else if !line.starts_with(' ') && !line.contains(' ') && !line.is_empty() {
                    file = line;
                }
            }
        }
        _ if CC_TOOLS.contains(&tool) => CC.captures_iter(raw).for_each(|c| {
            push(
                format!("{}:{}", &c[1], &c[2]),
                c.get(4).map_or("", |m| m.as_str()),
                &c[3],
            )
        }),
        // yamllint's standard format: a file heading, then `  l:c  level  message  (rule)`.
        "yamllint" => {
            static YAML: LazyLock<Regex> = LazyLock::new(|| {
                re(r"^\s+(\d+:\d+)\s+(?:error|warning)\s+(.+?)(?:\s+\(([\w-]+)\))?$")
            });
            let mut file = "";
            for line in raw.lines() {
                if let Some(c) = YAML.captures(line) {
                    let rule = c.get(3).map_or("", |m| m.as_str());
                    push(format!("{file}:{}", &c[1]), rule, &c[2]);
                } else if !line.starts_with(' ') && !line.is_empty() {
                    file = line;
                }
            }
        }
        // `file:line[:col] [error ]MD013/alias message`; the alias is not a fact.
        "markdownlint" | "markdownlint-cli2" => {
            static MD: LazyLock<Regex> = LazyLock::new(|| {
                re(r"(?m)^(\S+?:\d+(?::\d+)?) (?:(?:error|warning) )?(MD\d+)(?:/[\w/-]+)? (.+)$")
            });
            MD.captures_iter(raw)
                .for_each(|c| push(c[1].to_string(), &c[2], &c[3]));
        }
        // stylelint's string formatter: eslint's stylish shape with `✖`/`⚠` for the level.
        "stylelint" => {
            static STYLE: LazyLock<Regex> =
                LazyLock::new(|| re(r"^\s+(\d+:\d+)\s+(?:✖|⚠)\s+(.+?)\s{2,}(\S+)$"));
            let mut file = "";
            for line in raw.lines() {
                if let Some(c) = STYLE.captures(line) {
                    push(format!("{file}:{}", &c[1]), &c[3], &c[2]);
                } else if !line.starts_with(' ') && !line.contains(' ') && !line.is_empty() {
                    file = line;
                }
            }
        }
        // bandit's screen report: `>> Issue: [B105:name] message`, then its `Location: f:l:c`.
        "bandit" => {
            static ISSUE: LazyLock<Regex> =
                LazyLock::new(|| re(r"^>> Issue: \[(B\d+)[^\]]*\] (.+)$"));
            let mut issue: Option<(String, String)> = None;
            for line in raw.lines() {
                if let Some(c) = ISSUE.captures(line) {
                    issue = Some((c[1].to_string(), c[2].to_string()));
                } else if let Some(loc) = line.trim_start().strip_prefix("Location: ") {
                    if let Some((code, msg)) = issue.take() {
                        push(loc.trim().to_string(), &code, &msg);
                    }
                }
            }
        }
        _ => {}
    }
    v
}

/// Whether the (ungrouped) rtk output has a line with this location, code and message.
/// An absolute path under `cwd` may be printed relative to it.
pub fn has_diag(expanded: &str, cwd: &str, (loc, code, msg): &(String, String, String)) -> bool {
    let rel = loc
        .strip_prefix(cwd)
        .and_then(|r| r.strip_prefix('/'))
        .unwrap_or(loc);
    expanded.lines().any(|l| {
        let l = l.strip_prefix("./").unwrap_or(l);
        [loc.as_str(), rel]
            .iter()
            .any(|p| l.starts_with(&format!("{p} ")) || l.starts_with(&format!("{p}: ")))
            && l.contains(code.as_str())
            && l.contains(msg.as_str())
    })
}

/// The tool's summary lines (each holds counts), trimmed: each must appear in rtk's output.
pub fn summaries(raw: &str) -> Vec<String> {
    static SUMMARY: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"^\s*(Found \d+ error|✖ \d+ problem|\d+ errors? and \d+ warnings? potentially|\[\*\] \d+ fixable|Tests:\s|Test Suites:\s|Test Files\s|Tests\s+\d)",
        )
    });
    raw.lines()
        .filter(|l| SUMMARY.is_match(l))
        .map(|l| l.trim().to_string())
        .collect()
}

/// `go test` facts: each failing test (`--- FAIL: name`), each of its message lines
/// (`file_test.go:7: …`), each failing package and each passing one.
pub fn go_test(raw: &str) -> Vec<String> {
    static NAME: LazyLock<Regex> = LazyLock::new(|| re(r"(?m)^\s*--- FAIL: (\S+)"));
    static MSG: LazyLock<Regex> = LazyLock::new(|| re(r"(?m)^\s+(\S+_test\.go:\d+: .+)$"));
    static PKG: LazyLock<Regex> = LazyLock::new(|| re(r"(?m)^FAIL\t(\S+)"));
    let mut f: Vec<String> = NAME
        .captures_iter(raw)
        .map(|c| format!("--- FAIL: {}", &c[1]))
        .collect();
    f.extend(MSG.captures_iter(raw).map(|c| c[1].to_string()));
    f.extend(
        PKG.captures_iter(raw)
            .map(|c| format!("FAIL\t{p} || FAIL {p}", p = &c[1])),
    );
    // Each passing package by name.
    f.extend(
        raw.lines()
            .filter_map(|l| l.strip_prefix("ok  \t"))
            .map(|rest| rest.split('\t').next().unwrap_or(rest).to_string()),
    );
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yamllint_and_bandit_diagnostics_are_read() {
        let d = |l: &str, c: &str, m: &str| (l.to_string(), c.to_string(), m.to_string());
        let raw = "a.yml\n  2:12      error    too many spaces  (commas)\n\n";
        assert_eq!(
            diags("yamllint", raw),
            vec![d("a.yml:2:12", "commas", "too many spaces")]
        );
        let raw = ">> Issue: [B602:subprocess] shell=True.\n   Severity: High   Confidence: High\n   Location: app/v.py:7:11\n";
        assert_eq!(
            diags("bandit", raw),
            vec![d("app/v.py:7:11", "B602", "shell=True.")]
        );
    }

    #[test]
    fn grouped_reports_are_expanded_per_location() {
        let out = "a.ts:\n  1:2, 3:4 TS1 m\n    note\nb.ts:5:6 TS2 n\n";
        let x = ungroup(out);
        assert!(x.contains("a.ts:1:2 TS1 m\na.ts:3:4 TS1 m\n"));
        let d = |l: &str, c: &str, m: &str| (l.to_string(), c.to_string(), m.to_string());
        assert!(has_diag(&x, "/w", &d("a.ts:3:4", "TS1", "m")));
        assert!(has_diag(&x, "/w", &d("b.ts:5:6", "TS2", "n")));
        assert!(!has_diag(&x, "/w", &d("a.ts:5:6", "TS1", "m")));
        assert!(has_diag(
            "x.js:1:1 r m\n",
            "/w",
            &d("/w/x.js:1:1", "r", "m")
        ));
        let x = ungroup("a.ts:\n  1:1, b.ts:3:3 T1 same\n  2:2 T2 own\n");
        assert!(has_diag(&x, "/w", &d("b.ts:3:3", "T1", "same")));
        assert!(has_diag(&x, "/w", &d("a.ts:1:1", "T1", "same")));
        assert!(!has_diag(&x, "/w", &d("a.ts:3:3", "T1", "same")));
        // Unindented entries; a location is in the file last named before it on the line.
        let x = ungroup(
            "a.ts:\n1:1,b2.ts:3:3,4:4,c.ts:5:5 T1 same\n  a note\n2:2 T2 own\nend\n9:9 T3 x\n",
        );
        for (loc, code, msg) in [
            ("a.ts:1:1", "T1", "same"),
            ("b2.ts:3:3", "T1", "same"),
            ("b2.ts:4:4", "T1", "same"),
            ("c.ts:5:5", "T1", "same"),
            ("a.ts:2:2", "T2", "own"),
        ] {
            assert!(has_diag(&x, "/w", &d(loc, code, msg)), "{loc}\n{x}");
        }
        assert!(!has_diag(&x, "/w", &d("a.ts:4:4", "T1", "same")));
        // A line that is not an entry ends the group.
        assert!(!has_diag(&x, "/w", &d("a.ts:9:9", "T3", "x")));
    }
}
