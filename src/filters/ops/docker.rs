//! `docker ps|images|logs|inspect|build`, `docker compose ps|logs|build|up -d`, `kubectl
//! get|logs|describe`.
//!
//! Tables lose their column padding (cells re-joined with tabs, empty cells kept); `docker ps`
//! also drops the truncated COMMAND and the CREATED columns (said in the note). Logs fold runs
//! of identical lines to one line + `[×N]`, nothing else. `kubectl describe` drops fields whose
//! value is `<none>` and squeezes key padding. `docker inspect`'s JSON loses its indentation
//! only (every key and value as printed). Builds and `compose up -d` go through
//! [`super::dockerbuild`] (both streams). `--format`/`-o` output, follow mode (`-f`,
//! `--watch`) and anything else pass through. Errors (no daemon, no cluster) are printed as is.

use super::{dockerbuild, fold_repeats, retable};
use crate::filters::dev::strip_ansi;
use crate::filters::{Compacted, Filter, Invocation, Output, Plan, Unparsed};
use crate::json;

pub struct Docker;
pub struct Kubectl;

/// Index of the first word that is not an option or an option's value.
fn first_word(args: &[String], with_value: &[&str]) -> Option<usize> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if with_value.contains(&a) {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            return Some(i);
        }
    }
    None
}

const COMPOSE_GLOBAL: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--profile",
    "--env-file",
    "--project-directory",
    "--ansi",
    "--progress",
];

fn formatted(args: &[String]) -> bool {
    args.iter().any(|a| {
        a == "--format"
            || a.starts_with("--format=")
            || a == "-o"
            || a.starts_with("-o") && a.len() > 2
            || a.starts_with("--output")
            || a == "-q"
            || a == "--quiet"
    })
}

fn follows(args: &[String]) -> bool {
    args.iter().any(|a| {
        a == "-f" || a == "--follow" || a == "-w" || a == "--watch" || a == "--help" || a == "-h"
    })
}

/// What a docker/kubectl command line asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ps,
    Table,
    Logs,
    Describe,
    /// `docker build`, `compose build`, `compose up -d`: progress on stderr.
    Build,
    /// `docker inspect`: a JSON array.
    Json,
}

fn docker_kind(inv: &Invocation<'_>) -> Option<Kind> {
    let sub = inv.args[inv.sub?].as_str();
    let rest = inv.rest();
    let (sub, rest) = if sub == "compose" {
        let i = first_word(rest, COMPOSE_GLOBAL)?;
        (rest[i].as_str(), &rest[i + 1..])
    } else if sub == "container" || sub == "image" {
        let i = first_word(rest, &[])?;
        let s = match (sub, rest[i].as_str()) {
            ("container", "ls" | "list") => "ps",
            ("image", "ls" | "list") => "images",
            ("container", "logs") => "logs",
            _ => return None,
        };
        (s, &rest[i + 1..])
    } else {
        (sub, rest)
    };
    if matches!(sub, "build" | "up") {
        // Their scopes (the table's) say which forms; the filter's plan checks them.
        return Some(Kind::Build);
    }
    if follows(rest) || formatted(rest) {
        return None;
    }
    match sub {
        "ps" => Some(Kind::Ps),
        "images" => Some(Kind::Table),
        "logs" => Some(Kind::Logs),
        "inspect" => Some(Kind::Json),
        _ => None,
    }
}

fn kubectl_kind(inv: &Invocation<'_>) -> Option<Kind> {
    let rest = inv.rest();
    if follows(rest) || formatted(rest) {
        return None;
    }
    match inv.args[inv.sub?].as_str() {
        "get" => Some(Kind::Table),
        "logs" => Some(Kind::Logs),
        "describe" => Some(Kind::Describe),
        _ => None,
    }
}

fn compact_kind(kind: Kind, out: &Output<'_>) -> Result<Compacted, Unparsed> {
    // A failed build is where its log matters most: compacted all the same.
    if kind != Kind::Build && (out.code != 0 || out.stdout.trim().is_empty()) {
        return Ok(Compacted::raw(out));
    }
    let (stdout, elided) = match kind {
        Kind::Ps | Kind::Table => {
            let drop: &[&str] = if kind == Kind::Ps {
                &["COMMAND", "CREATED"]
            } else {
                &[]
            };
            let (t, dropped) =
                retable(out.stdout, drop).ok_or_else(|| Unparsed("not a table".into()))?;
            let note = (dropped > 0)
                .then(|| format!("{dropped} columns (COMMAND, CREATED) and column padding"));
            (t, note)
        }
        Kind::Logs => {
            let (t, folded) = fold_repeats(out.stdout);
            (
                t,
                (folded > 0).then(|| format!("{folded} repeated log lines")),
            )
        }
        Kind::Describe => describe(out.stdout),
        Kind::Build => return Ok(build(out)),
        Kind::Json => (
            json::minify(out.stdout).ok_or_else(|| Unparsed("not one JSON value".into()))? + "\n",
            None,
        ),
    };
    Ok(Compacted {
        stdout,
        stderr: None,
        elided,
    })
}

/// A build's or `compose up`'s log, both streams, failed or not.
fn build(out: &Output<'_>) -> Compacted {
    // `--ansi always` colours compose's lines.
    let (stdout, a) = dockerbuild::compact(&strip_ansi(out.stdout));
    let (stderr, b) = dockerbuild::compact(&strip_ansi(out.stderr));
    Compacted {
        stdout,
        stderr: Some(stderr),
        elided: (a + b > 0).then(|| {
            format!(
                "{} lines: build progress, internal steps, output of steps that passed",
                a + b
            )
        }),
    }
}

fn describe(text: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let mut dropped = 0;
    for line in text.lines() {
        if let Some((key, value)) = line.split_once(':') {
            let v = value.trim();
            if v == "<none>" && !key.trim().is_empty() {
                dropped += 1;
                continue;
            }
            if !v.is_empty() && value.starts_with("  ") && !key.trim().is_empty() {
                out.push_str(&format!("{key}: {v}\n"));
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    (
        out,
        (dropped > 0).then(|| format!("{dropped} fields that were <none>")),
    )
}

/// `docker-compose ps|logs|build|up` (its routes).
fn compose_v1_kind(inv: &Invocation<'_>) -> Kind {
    match inv.args[inv.sub.unwrap_or(0)].as_str() {
        "ps" => Kind::Ps,
        "build" | "up" => Kind::Build,
        _ => Kind::Logs,
    }
}

impl Filter for Docker {
    fn name(&self) -> &'static str {
        "docker"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        let kind = if inv.program == "docker-compose" {
            let rest = inv.rest();
            if follows(rest) || formatted(rest) {
                None
            } else {
                Some(compose_v1_kind(inv))
            }
        } else {
            docker_kind(inv)
        };
        match kind {
            Some(k) => Plan::Capture {
                stderr: k == Kind::Build,
            }
            .scoped(inv),
            None => Plan::Passthrough,
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let kind = if inv.program == "docker-compose" {
            Some(compose_v1_kind(inv))
        } else {
            docker_kind(inv)
        };
        match kind {
            Some(k) => compact_kind(k, out),
            None => Ok(Compacted::raw(out)),
        }
    }
}

impl Filter for Kubectl {
    fn name(&self) -> &'static str {
        "kubectl"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        if kubectl_kind(inv).is_some() {
            Plan::Capture { stderr: false }
        } else {
            Plan::Passthrough
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        match kubectl_kind(inv) {
            Some(k) => compact_kind(k, out),
            None => Ok(Compacted::raw(out)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_drops_none_fields_only() {
        let (t, note) =
            describe("Name:         web\nLabels:       <none>\nEvents:\n  Type    Reason\n");
        assert_eq!(t, "Name: web\nEvents:\n  Type    Reason\n");
        assert_eq!(note.as_deref(), Some("1 fields that were <none>"));
    }
}
