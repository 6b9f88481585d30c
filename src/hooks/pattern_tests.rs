//! Pattern tests: the tests/vectors/patterns.tsv table, per-host compilers, and properties.

use super::*;
use crate::vectors::unescape;

/// Compiles a rule as written in a settings file (`Bash`, `Bash(…)`).
fn claude_rule(rule: &str) -> Pattern {
    if rule == "Bash" {
        return Pattern::Any;
    }
    let inner = rule
        .strip_prefix("Bash(")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("vector rule must be Bash or Bash(...): {rule:?}"));
    Pattern::claude(inner)
}

#[test]
fn pattern_vectors() {
    let table = include_str!("../../tests/vectors/patterns.tsv");
    let mut rows = 0;
    let mut failures = Vec::new();
    for (n, line) in table.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(
            cols.len() >= 4,
            "patterns.tsv line {}: expected use, rule, command, yes/no",
            n + 1
        );
        let usage = match cols[0] {
            "any" => None,
            "deny" => Some(MatchUse::Restrict),
            "allow" => Some(MatchUse::Grant),
            other => panic!("line {}: bad use column {other:?}", n + 1),
        };
        let pattern = claude_rule(&unescape(cols[1]));
        let command = unescape(cols[2]);
        let command = normalize(&command);
        let expected = match cols[3] {
            "yes" => true,
            "no" => false,
            other => panic!("line {}: bad expectation {other:?}", n + 1),
        };
        let uses = match usage {
            Some(u) => vec![u],
            None => vec![MatchUse::Restrict, MatchUse::Grant],
        };
        for u in uses {
            if pattern.matches(&command, u) != expected {
                failures.push(format!(
                    "line {}: {} vs {:?} ({u:?}) expected {}",
                    n + 1,
                    cols[1],
                    command,
                    cols[3]
                ));
            }
        }
        rows += 1;
    }
    assert!(rows >= 60, "patterns.tsv has only {rows} rows");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn normalize_collapses_space_tab_lf_but_not_cr() {
    for (input, want) in [
        ("git status", "git status"),
        ("  git \t status\n", "git status"),
        ("git\n\npush", "git push"),
        ("git status\rrm", "git status\rrm"),
        ("", ""),
        (" \t ", ""),
    ] {
        assert_eq!(normalize(input), want, "{input:?}");
    }
    assert!(matches!(normalize("git status"), Cow::Borrowed(_)));
}

#[test]
fn cursor_command_base_is_the_first_token() {
    let git = Pattern::cursor("git");
    for (cmd, want) in [
        ("git", true),
        ("git status", true),
        ("gitx status", false),
        ("rtk git status", false),
        ("", false),
    ] {
        for u in [MatchUse::Restrict, MatchUse::Grant] {
            assert_eq!(git.matches(cmd, u), want, "{cmd:?} {u:?}");
        }
    }
    let glob = Pattern::cursor("np?");
    assert!(glob.matches("npm install", MatchUse::Grant));
    assert!(glob.matches("npx tsc", MatchUse::Grant));
    assert!(!glob.matches("npmx", MatchUse::Grant));
    let multi = Pattern::cursor("git push");
    assert!(multi.matches("git push origin", MatchUse::Restrict));
    assert!(multi.matches("git push", MatchUse::Restrict));
    assert!(!multi.matches("git push origin", MatchUse::Grant));
    assert!(!multi.matches("git pushx", MatchUse::Restrict));
    assert_eq!(Pattern::cursor("  "), Pattern::unclear());
}

#[test]
fn gemini_prefix_is_on_a_word_boundary() {
    let p = Pattern::prefix("git  status");
    assert!(p.matches("git status", MatchUse::Grant));
    assert!(p.matches("git status --short", MatchUse::Grant));
    assert!(!p.matches("git statusx", MatchUse::Grant));
    assert!(!p.matches("git", MatchUse::Grant));
    assert_eq!(Pattern::prefix(""), Pattern::unclear());
}

#[test]
fn droid_entries_are_prefixes_and_star_entries_also_globs() {
    let p = Pattern::droid("git push");
    assert!(p.matches("git push origin main", MatchUse::Restrict));
    assert!(p.matches("git push", MatchUse::Restrict));
    assert!(!p.matches("git pushy", MatchUse::Restrict));
    assert!(!p.matches("cargo build", MatchUse::Restrict));
    let star = Pattern::droid("rm -rf /*");
    assert!(star.matches("rm -rf /*", MatchUse::Restrict));
    assert!(star.matches("rm -rf /etc", MatchUse::Restrict));
    assert!(star.matches("rm -rf /etc /var", MatchUse::Restrict));
    assert!(!star.matches("rm -rf ./build", MatchUse::Restrict));
    assert_eq!(Pattern::droid("   "), Pattern::Never);
}

#[test]
fn many_stars_match_in_linear_ish_time() {
    let spec = "a*".repeat(200) + "b";
    let pattern = Pattern::claude(&spec);
    let text = "a".repeat(20_000);
    let start = std::time::Instant::now();
    assert!(!pattern.matches(&text, MatchUse::Restrict));
    // Exponential backtracking would take far longer than this on any machine.
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    let text_b = "a".repeat(300) + "b";
    assert!(pattern.matches(&text_b, MatchUse::Restrict));
}

/// The same glob as an anchored regex (the reference the two-pointer matcher must agree with).
fn reference_regex(glob: &str, question_mark: bool) -> regex::Regex {
    let mut re = String::from("(?s)^");
    for c in glob.chars() {
        match c {
            '*' => re.push_str(".*"),
            '?' if question_mark => re.push('.'),
            _ => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re.push('$');
    regex::Regex::new(&re).unwrap()
}

proptest::proptest! {
    #[test]
    fn glob_agrees_with_a_regex(glob in "[ab* ?é]{0,12}", text in "[ab ?é]{0,16}") {
        for (syntax, q) in [(GlobSyntax::Plain, false), (GlobSyntax::StarAndQuestion, true)] {
            let ours = Glob::compile(&glob, syntax).matches(&text);
            let theirs = reference_regex(&glob, q).is_match(&text);
            proptest::prop_assert_eq!(ours, theirs, "glob {:?} text {:?} {:?}", glob, text, syntax);
        }
    }

    /// An allow reading never matches more than the deny/ask reading of the same specifier.
    #[test]
    fn grant_never_matches_more_than_restrict(spec in "[a-c :*\\\\]{0,10}", text in "[a-c *:\\\\]{0,12}") {
        let text = normalize(&text).into_owned();
        for pattern in [Pattern::claude(&spec), Pattern::cursor(&spec), Pattern::prefix(&spec)] {
            if pattern.matches(&text, MatchUse::Grant) {
                proptest::prop_assert!(pattern.matches(&text, MatchUse::Restrict), "{:?} {:?}", spec, text);
            }
        }
    }

    /// A specifier without wildcards allows exactly the command it names, nothing longer.
    #[test]
    fn exact_specifier_allows_only_itself(cmd in "[a-z/.-]{1,6}( [a-z/.=-]{1,6}){0,3}", extra in " [a-z/-]{1,6}") {
        let pattern = Pattern::claude(&cmd);
        proptest::prop_assert!(pattern.matches(&cmd, MatchUse::Grant));
        let longer = format!("{cmd}{extra}");
        proptest::prop_assert!(!pattern.matches(&longer, MatchUse::Grant));
        proptest::prop_assert!(!pattern.matches(&longer, MatchUse::Restrict));
    }
}

#[test]
fn glob_question_mark_consumes_one_utf8_char() {
    let g = Glob::compile("caf?", GlobSyntax::StarAndQuestion);
    assert!(g.matches("café"));
    assert!(!g.matches("cafés"));
    let g = Glob::compile("*é", GlobSyntax::Claude);
    assert!(g.matches("résumé"));
    assert!(!g.matches("résum"));
}

#[test]
fn omp_patterns_are_anchored_globs_or_unclear() {
    assert_eq!(Pattern::omp(" * "), None, "judges every line alike");
    let push = Pattern::omp("git  push*").unwrap();
    for (cmd, hit) in [
        ("git push", true),
        ("git push origin main", true),
        ("git pushx", true),
        ("rtk git push", false),
        ("git status", false),
        ("git commit -m \"x\"", true), // a quote: omp's unquoted words are not rtk's text
        ("echo it's", true),
    ] {
        assert_eq!(push.matches(cmd, MatchUse::Restrict), hit, "{cmd}");
    }
    let exact = Pattern::omp("ls -la").unwrap();
    assert!(exact.matches("ls -la", MatchUse::Restrict));
    assert!(!exact.matches("ls -la src", MatchUse::Restrict));
    for text in [
        "git * --force",
        "*rm*",
        "a && b",
        "if x*",
        "d*",
        "ls $HOME",
        "[ -f x ]",
    ] {
        assert_eq!(Pattern::omp(text), Some(Pattern::unclear()), "{text}");
    }
}
