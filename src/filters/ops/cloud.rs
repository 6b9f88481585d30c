//! Cloud and cluster CLIs' list tables: `helm list|ls|history` (cells padded with spaces and
//! separated by tabs: the padding goes, the tabs stay) and `gcloud … list` (a space-padded
//! table: re-joined by [`retable`], every cell kept, empty ones too). Errors on stderr pass
//! untouched; output that is not such a table is printed raw.

use super::retable;
use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};

pub struct Helm;
pub struct Gcloud;

impl Filter for Helm {
    fn name(&self) -> &'static str {
        "helm"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let tabbed = !out.stdout.is_empty() && out.stdout.lines().all(|l| l.contains('\t'));
        if !tabbed {
            return table(out.stdout);
        }
        let mut text = String::new();
        for l in out.stdout.lines() {
            let cells: Vec<&str> = l.split('\t').map(str::trim_end).collect();
            text.push_str(cells.join("\t").trim_end());
            text.push('\n');
        }
        Ok(Compacted::stdout(text))
    }
}

impl Filter for Gcloud {
    fn name(&self) -> &'static str {
        "gcloud"
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        table(out.stdout)
    }
}

/// A space-padded table re-joined by tabs (padding is all that goes: no note).
fn table(text: &str) -> Result<Compacted, Unparsed> {
    let (stdout, _) = retable(text, &[]).ok_or_else(|| Unparsed("not a table".into()))?;
    Ok(Compacted {
        stdout,
        stderr: None,
        elided: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filters::Plan;

    fn read(tool: &str, name: &str) -> String {
        let p = format!(
            "{}/tests/fixtures/{tool}/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
    }

    fn compact(f: &dyn Filter, tool: &str, case: &str) -> Result<String, Unparsed> {
        let args: Vec<String> = Vec::new();
        let inv = Invocation {
            program: tool,
            args: &args,
            sub: None,
        };
        let stdout = read(tool, &format!("{case}.out"));
        let out = Output {
            stdout: &stdout,
            stderr: "",
            code: 0,
        };
        f.compact(&inv, &out).map(|c| c.stdout)
    }

    /// Every row's cells, in order, as the raw table holds them.
    fn cells(text: &str, sep: char) -> Vec<Vec<String>> {
        text.lines()
            .map(|l| l.split(sep).map(|c| c.trim().to_string()).collect())
            .collect()
    }

    #[test]
    fn helm_tables_lose_only_padding() {
        for case in ["list", "history"] {
            let raw = read("helm", &format!("{case}.out"));
            let got = compact(&Helm, "helm", case).unwrap();
            assert_eq!(cells(&got, '\t'), cells(&raw, '\t'), "{case}");
            assert!(
                got.len() < raw.len() && !got.contains("  \t"),
                "{case}: {got}"
            );
        }
        assert!(compact(&Helm, "helm", "list").unwrap().contains(
            "web\tshop\t27\t2026-01-15 10:23:45.002114 +0000 UTC\tfailed\tweb-1.14.0\t1.14.0\n"
        ));
    }

    #[test]
    fn gcloud_list_keeps_every_cell() {
        let got = compact(&Gcloud, "gcloud", "instances_list").unwrap();
        assert_eq!(
            got.lines().nth(3),
            Some("batch-runner\tus-central1-a\tn2-highmem-8\ttrue\t10.128.0.40\t\tTERMINATED")
        );
        assert_eq!(got.lines().count(), 5);
        assert!(compact(&Gcloud, "gcloud", "projects_empty").is_err());
    }

    #[test]
    fn other_formats_pass_through() {
        for (f, program, a) in [
            (&Helm as &dyn Filter, "helm", "-o"),
            (&Helm, "helm", "--output=json"),
            (&Gcloud, "gcloud", "--format=json"),
            (&Gcloud, "gcloud", "--uri"),
        ] {
            let args: Vec<String> = vec!["list".into(), a.into()];
            let inv = Invocation {
                program,
                args: &args,
                sub: None,
            };
            assert_eq!(f.plan(&inv), Plan::Passthrough, "{program} {a}");
        }
    }
}
