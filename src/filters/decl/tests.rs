//! The generic inline-test runner (every `[[test]]` of every built-in file), the load-time
//! refusals, and plans.

use super::format::{parse, LoadError, Origin};
use super::*;

#[test]
fn every_builtin_file_loads_and_passes_its_inline_tests() {
    let mut ran = 0;
    for (file, text) in BUILTIN_FILES {
        let rules = parse(text, Origin::Builtin).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(!rules.is_empty(), "{file}");
        for r in rules {
            assert!(
                !r.tests.is_empty(),
                "{file}: filter {} has no [[test]]",
                r.name
            );
            let d = Decl::new(r);
            for t in &d.rules.tests {
                if let Err(e) = d.run_test(t) {
                    panic!("{file}: {} / {}: {e}", d.rules.name, t.name);
                }
                ran += 1;
                // Fed line by line as the command writes, the result is the same.
                let out = Output {
                    stdout: &t.input,
                    stderr: &t.stderr,
                    code: t.code,
                };
                let inv = Invocation {
                    program: "t",
                    args: &t.args,
                    sub: None,
                };
                for n in [1, 2, 5] {
                    let pieces = crate::filters::compact_in_pieces(&d, &inv, &out, n)
                        .expect("incremental")
                        .expect("compacts");
                    assert_eq!(pieces, d.compact_output(&out), "{}: {n}", t.name);
                }
            }
        }
    }
    assert!(ran >= 4, "{ran}");
}

#[test]
fn every_builtin_filter_is_routed_and_its_route_loads_it() {
    use crate::programs::PROGRAMS;
    let routed: Vec<&str> = PROGRAMS
        .iter()
        .flat_map(|p| p.routes.iter().map(|r| r.filter))
        .collect();
    for (file, text) in BUILTIN_FILES {
        for r in parse(text, Origin::Builtin).expect("loads") {
            assert!(
                routed.contains(&r.name.as_str()),
                "{file}: filter {} has no route in the table",
                r.name
            );
            // Where a route names the filter, it also matches the filter's own subcommands.
            for p in PROGRAMS
                .iter()
                .filter(|p| r.programs.iter().any(|n| p.names.contains(&n.as_str())))
            {
                for route in p.routes.iter().filter(|x| x.filter == r.name) {
                    let sub = route.sub.unwrap_or_default();
                    assert!(
                        r.subcommands.is_empty() || r.subcommands.iter().any(|s| s == sub),
                        "{}: routed for `{sub}`, which its file does not list",
                        r.name
                    );
                }
            }
        }
    }
    for b in [&GIT_SYNC, &GIT_QUIET] {
        assert_eq!(b.get().map(|d| d.rules.name.as_str()), Some(b.name));
    }
}

fn load(body: &str) -> Result<Vec<format::Rules>, LoadError> {
    parse(
        &format!("[filters.t]\nprogram = \"tool\"\n{body}"),
        Origin::User,
    )
}

#[test]
fn rules_that_drop_error_lines_are_rejected() {
    for body in [
        "drop = ['^error']",
        "drop = ['.*']",
        "fold = [{pattern = 'FAIL', label = '{n} failures'}]",
        "drop = ['^(?i)fatal']",
        "drop = ['^\\s+-->']",
    ] {
        let e = load(body).expect_err(body);
        assert!(matches!(e, LoadError::DropsErrors { .. }), "{body}: {e}");
        assert!(e.to_string().contains("error lines always stay"), "{e}");
    }
    // Keep wins, so a drop narrowed by a keep of the error shapes loads.
    let narrowed = "drop = ['.*']\nkeep = ['(?i)error|err!|fail|panic|fatal|traceback|reject|conflict|denied|exception|-->|::|^E |●|✕|\\d']";
    if let Err(e) = load(narrowed) {
        panic!("{e}");
    }
}

#[test]
fn position_cuts_and_rewrites_are_refused_with_the_reason() {
    for (key, val) in [
        ("max_lines", "40"),
        ("head_lines", "5"),
        ("tail_lines", "5"),
        ("truncate_lines_at", "120"),
        ("replace", "[{pattern = 'a', replacement = 'b'}]"),
        ("match_output", "[{pattern = 'ok', message = 'ok'}]"),
    ] {
        let e = load(&format!("{key} = {val}")).expect_err(key);
        assert!(
            matches!(e, LoadError::Refused { key: k, .. } if k == key),
            "{e}"
        );
    }
    let e = load("noise = ['^x']").expect_err("noise");
    assert!(e.to_string().contains("always reported"), "{e}");
    assert!(load("colour = true").is_err(), "unknown keys are errors");
}

#[test]
fn upstream_file_shape_loads() {
    let text = r#"
schema_version = 1
[filters.terraform-plan]
description = "terraform plan"
match_command = "^terraform\\s+plan"
strip_ansi = true
strip_lines_matching = ["^Refreshing state"]
on_empty = "no changes"

[[tests.terraform-plan]]
name = "refresh lines go"
input = "Refreshing state... [id=a]\nPlan: 1 to add, 0 to change, 0 to destroy.\n"
expected = "Plan: 1 to add, 0 to change, 0 to destroy.\n"
"#;
    let rules = parse(text, Origin::User).expect("loads");
    let d = Decl::new(rules.into_iter().next().expect("one"));
    assert_eq!(d.rules.tests.len(), 1);
    d.run_test(&d.rules.tests[0]).expect("passes");
}

#[test]
fn passthrough_flags_read_clusters_and_skip_values() {
    let r = load("passthrough_flags = ['-p', '--patch']\nvalue_flags = ['-m']")
        .expect("loads")
        .remove(0);
    let d = Decl::new(r);
    let w = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    assert_eq!(d.plan_args(&w("-vp x")), Plan::Passthrough);
    assert_eq!(d.plan_args(&w("--patch=all")), Plan::Passthrough);
    assert_eq!(d.plan_args(&w("-m -p")), Plan::Capture { stderr: false });
    assert_eq!(d.plan_args(&w("-- -p")), Plan::Capture { stderr: false });
}

#[test]
fn on_empty_only_for_a_success_and_failures_raw() {
    let r = load("drop = ['^ok']\non_empty = 'all fine'\nraw_on_failure = true")
        .expect("loads")
        .remove(0);
    let d = Decl::new(r);
    let run = |stdout: &str, code| {
        d.compact_output(&Output {
            stdout,
            stderr: "",
            code,
        })
    };
    let ok = run("ok 1\nok 2\n", 0);
    assert_eq!(ok.stdout, "all fine\n");
    assert_eq!(ok.elided.as_deref(), Some("2 lines: dropped by filter t"));
    assert_eq!(run("ok 1\n", 2).stdout, "ok 1\n");
}
