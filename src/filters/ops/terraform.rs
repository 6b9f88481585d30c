//! `terraform plan` and `terraform validate`: colour codes, `Refreshing state...`/`Reading...`/
//! `Read complete` lines, state-lock notices, the legend of action symbols, rules, the
//! `-out` advice and the no-difference explanation go, and so do the `(known after apply)`
//! attributes of resources that will be created (they only say "computed later"). Every
//! resource change (its `# address will be …` line, every attribute changed, added or removed,
//! replacement reasons), the `Plan: a to add, b to change, c to destroy.` line, `No changes.`,
//! output changes and every diagnostic stay; diagnostics lose only their box drawing (`╷ │ ╵`).
//! Output with no plan summary, no validate result and no diagnostic is printed raw.

use crate::filters::dev::{strip_ansi, Sink};
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Terraform;

/// Paragraphs Terraform prints around every plan, first line → their length in lines.
const PARAGRAPHS: &[(&str, usize)] = &[
    (
        "Terraform used the selected providers to generate the following execution",
        2,
    ),
    (
        "Note: You didn't use the -out option to save this plan, so Terraform can't",
        2,
    ),
    (
        "Terraform has compared your real infrastructure against your configuration",
        2,
    ),
];

/// The action symbols' legend lines under the first paragraph.
const LEGEND: &[&str] = &[
    "+ create",
    "~ update in-place",
    "- destroy",
    "-/+ destroy and then create replacement",
    "+/- create replacement and then destroy",
    "<= read (data resources)",
];

/// Whole lines said on every run.
const NOISE: &[&str] = &[
    "Terraform will perform the following actions:",
    "Acquiring state lock. This may take a few moments...",
    "Releasing state lock. This may take a few moments...",
];

impl Filter for Terraform {
    fn name(&self) -> &'static str {
        "terraform"
    }
    fn compacts_stderr(&self) -> bool {
        true
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let stdout = strip_ansi(out.stdout);
        let stderr = strip_ansi(out.stderr);
        let known = |l: &str| {
            let t = unbox(l);
            t.starts_with("Plan: ")
                || t.starts_with("No changes.")
                || t.starts_with("Success! The configuration is valid")
                || t.starts_with("Error: ")
        };
        if !stdout.lines().chain(stderr.lines()).any(known) {
            return Err(Unparsed(
                "terraform: no plan, validate result or diagnostic".into(),
            ));
        }
        let mut o = Sink::default();
        compact_stream(&stdout, &mut o);
        let mut e = Sink::default();
        compact_stream(&stderr, &mut e);
        let dropped = o.dropped + e.dropped;
        Ok(Compacted {
            stdout: o.text,
            stderr: Some(e.text),
            elided: (dropped > 0).then(|| {
                format!(
                    "{dropped} lines: state refresh and read lines, the symbols legend, \
                     Terraform's advice, (known after apply) attributes of created resources"
                )
            }),
        })
    }
}

/// A diagnostic line without its box drawing (`│ Error: …` → `Error: …`); `None` for the box's
/// top and bottom.
fn unbox(l: &str) -> &str {
    match l.strip_prefix('│') {
        Some(rest) => rest.strip_prefix(' ').unwrap_or(rest),
        None => l,
    }
}

/// `addr: Refreshing state... [id=…]`, `addr: Reading...`, `addr: Still reading... [10s
/// elapsed]`, `addr: Read complete after 1s`.
fn refresh(l: &str) -> bool {
    l.split_once(": ").is_some_and(|(addr, what)| {
        !addr.contains(' ')
            && (what.starts_with("Refreshing state...")
                || what == "Reading..."
                || what.starts_with("Still reading...")
                || what.starts_with("Read complete after "))
    })
}

/// `+ name = (known after apply)` inside a block that will be created.
fn computed_on_create(l: &str) -> bool {
    l.trim_start()
        .strip_prefix("+ ")
        .is_some_and(|a| a.ends_with(" = (known after apply)"))
}

fn compact_stream(text: &str, sink: &mut Sink) {
    let lines: Vec<&str> = text.lines().collect();
    let mut creating = false;
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if let Some((_, n)) = PARAGRAPHS.iter().find(|(p, _)| l == *p) {
            let n = (*n).min(lines.len() - i);
            sink.dropped += n;
            i += n;
            while i < lines.len() && LEGEND.contains(&lines[i].trim()) {
                sink.drop_line();
                i += 1;
            }
            continue;
        }
        let t = unbox(l);
        if let Some(what) = t.trim_start().strip_prefix("# ") {
            creating = what.ends_with(" will be created");
        } else if t.starts_with(char::is_alphabetic) {
            // `Plan:`, `Changes to Outputs:`, a diagnostic: the resource blocks are over.
            creating = false;
        }
        let rule = !t.is_empty() && t.chars().all(|c| c == '─');
        let quiet = t.trim().is_empty()
            || matches!(t, "╷" | "╵")
            || rule
            || refresh(t)
            || NOISE.contains(&t)
            || (creating && computed_on_create(t));
        if quiet {
            sink.drop_line();
        } else {
            sink.line(t);
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let p = format!(
            "{}/tests/fixtures/terraform/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    /// The filter's (stdout, stderr) for fixture `tests/fixtures/terraform/<case>`.
    fn compact(case: &str) -> Result<(String, String), Unparsed> {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: "terraform",
            args: &args,
            sub: None,
        };
        let stdout = fixture(&format!("{case}.out"));
        let stderr = fixture(&format!("{case}.err"));
        let code = fixture(&format!("{case}.code")).trim().parse().unwrap();
        let out = Output {
            stdout: &stdout,
            stderr: &stderr,
            code,
        };
        Terraform
            .compact(&inv, &out)
            .map(|c| (c.stdout, c.stderr.unwrap()))
    }

    #[test]
    fn plan_change_keeps_every_change_and_the_count() {
        let (out, err) = compact("plan_change").unwrap();
        assert_eq!(err, "");
        assert_eq!(
            out,
            r#"  # terraform_data.cache will be destroyed
  # (because terraform_data.cache is not in configuration)
  - resource "terraform_data" "cache" {
      - id     = "dd1857bc-7e17-d493-e8ee-bbbd7771164b" -> null
      - input  = "cache" -> null
      - output = "cache" -> null
    }
  # terraform_data.db will be updated in-place
  ~ resource "terraform_data" "db" {
        id     = "b7829620-ce00-cdea-5e26-812f4d59e50f"
      ~ input  = "db-dev-v2" -> "db-dev-v3"
      ~ output = "db-dev-v2" -> (known after apply)
    }
  # terraform_data.edge must be replaced
-/+ resource "terraform_data" "edge" {
      ~ id               = "e268b75e-b43d-bc46-545e-096a076e403d" -> (known after apply)
      ~ output           = "edge" -> (known after apply)
      ~ triggers_replace = [
          ~ "db-dev-v2" -> "db-dev-v3",
        ]
        # (1 unchanged attribute hidden)
    }
  # terraform_data.queue will be created
  + resource "terraform_data" "queue" {
      + input  = "queue"
    }
Plan: 2 to add, 1 to change, 2 to destroy.
"#
        );
    }

    #[test]
    fn plan_create_keeps_each_resource_and_input() {
        let (out, _) = compact("plan_create").unwrap();
        for i in 0..8 {
            let head = format!("  # terraform_data.web[{i}] will be created\n");
            assert!(out.contains(&head), "lost {head:?}:\n{out}");
            assert!(out.contains(&format!("+ input  = \"web-{i}-dev\"")));
        }
        assert!(out.contains("Plan: 10 to add, 0 to change, 0 to destroy.\n"));
        // Output changes are never trimmed, computed or not.
        assert!(
            out.contains("Changes to Outputs:\n  + web = [\n      + (known after apply),\n"),
            "{out}"
        );
        assert_eq!(out.matches("+ (known after apply),").count(), 8);
        assert!(!out.contains("(known after apply)\n      + input"));
        assert!(!out.contains("Note: ") && !out.contains('\u{1b}') && !out.contains('─'));
    }

    #[test]
    fn no_changes_is_one_line() {
        let (out, err) = compact("plan_nochange").unwrap();
        assert_eq!(
            out,
            "No changes. Your infrastructure matches the configuration.\n"
        );
        assert_eq!(err, "");
    }

    #[test]
    fn diagnostics_keep_every_line_without_the_box() {
        let want = "Error: Reference to undeclared resource\n  on main.tf line 6, in output \"web\":\n   6:   value = terraform_data.wbe.output\nA managed resource \"terraform_data\" \"wbe\" has not been declared in the root\nmodule.\n";
        for case in ["plan_error", "validate_error"] {
            let (out, err) = compact(case).unwrap();
            assert_eq!((out.as_str(), err.as_str()), ("", want), "{case}");
        }
        let (out, _) = compact("validate_ok").unwrap();
        assert_eq!(out, "Success! The configuration is valid.\n");
    }

    #[test]
    fn reads_go_and_a_resource_line_that_only_looks_alike_stays() {
        let mut sink = Sink::default();
        compact_stream(
            "data.aws_ami.ubuntu: Reading...\ndata.aws_ami.ubuntu: Still reading... [10s elapsed]\n\
             data.aws_ami.ubuntu: Read complete after 12s [id=ami-1]\nWarning: a note: Reading... is slow\n",
            &mut sink,
        );
        assert_eq!(sink.text, "Warning: a note: Reading... is slow\n");
        assert_eq!(sink.dropped, 3);
    }

    #[test]
    fn unknown_output_is_raw() {
        assert!(compact("fmt_check").is_err());
    }
}
