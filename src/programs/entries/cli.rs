//! Entries for network and service CLIs: `gh`, `curl`, `wget`, `jq`, `aws`, `gcloud`, `glab` (see
//! [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Final, Never, Producer};

/// `gh`/`glab` list|view|status|diff|checks; never `--web`.
const GH_READS: Scope = Scope {
    action: &["list", "view", "status", "diff", "checks"],
    ..Scope::without(&["--web", "-w"])
};

/// `gh api <endpoint>` reads: GET only (`-X`/`--method` other than GET, `-f`/`-F` fields and
/// `--input` send a request body: a write), never `graphql` (always POST); `--jq`,
/// `--template`, `--include`, `--verbose` and `--silent` print something else than the JSON
/// body and stay as typed.
const GH_API: Scope = Scope {
    attached: true,
    operand: true,
    check: Some(gh_api_get),
    ..Scope::without(&[
        "-f",
        "--raw-field",
        "-F",
        "--field",
        "--input",
        "-q",
        "--jq",
        "-t",
        "--template",
        "-i",
        "--include",
        "--verbose",
        "--silent",
    ])
};

/// No method but GET, and an endpoint other than `graphql`.
fn gh_api_get(w: &crate::programs::Words<'_>) -> bool {
    let rest = w.rest();
    let method_ok = rest.iter().enumerate().all(|(i, a)| {
        let value = match *a {
            "-X" | "--method" => rest.get(i + 1).copied(),
            _ => a
                .strip_prefix("--method=")
                .or_else(|| a.strip_prefix("-X").filter(|v| !v.is_empty())),
        };
        value.is_none_or(|v| v == "GET")
    });
    // The endpoint: the first word that is neither an option nor an option's value.
    let with_value = [
        "-X",
        "--method",
        "-H",
        "--header",
        "--hostname",
        "-p",
        "--preview",
        "--cache",
    ];
    let mut endpoint = None;
    let mut i = 0;
    while i < rest.len() {
        if with_value.contains(&rest[i]) {
            i += 2;
            continue;
        }
        if !rest[i].starts_with('-') {
            endpoint = Some(rest[i]);
            break;
        }
        i += 1;
    }
    method_ok && endpoint.is_some_and(|e| e != "graphql")
}

pub const GH: Program = Program {
    names: &["gh"],
    ecosystem: Eco::Cli,
    syntax: &recognise::SUB,
    routes: &[
        route("pr", "gh", "gh pr list").scoped(&GH_READS),
        route("issue", "gh", "gh issue view 1").scoped(&GH_READS),
        route("run", "gh", "gh run list").scoped(&GH_READS),
        route("api", "gh", "gh api repos/cli/cli/releases").scoped(&GH_API),
    ],
    rewrite: rw(
        Never,
        "list|view|status|diff|checks, never --web; `api` GET reads without --jq/--template",
    ),
};

pub const CURL: Program = Program {
    names: &["curl"],
    ecosystem: Eco::Cli,
    syntax: PLAIN,
    routes: &[every("curl", "curl -s https://example.com")],
    rewrite: rw(Never, "any arguments"),
};

pub const WGET: Program = Program {
    names: &["wget"],
    ecosystem: Eco::Cli,
    syntax: PLAIN,
    routes: &[every("wget", "wget https://example.com/x")],
    rewrite: rw(Never, "any arguments"),
};

pub const JQ: Program = Program {
    names: &["jq"],
    ecosystem: Eco::Cli,
    syntax: PLAIN,
    routes: &[every("jq", "jq . data.json")],
    rewrite: rw(
        Final,
        "any arguments; its output compacted only in jq's default format",
    ),
};

pub const AWS: Program = Program {
    names: &["aws"],
    ecosystem: Eco::Cli,
    syntax: PLAIN,
    routes: &[every("aws", "aws ec2 describe-instances").scoped(&sc::aws::READ)],
    rewrite: rw(
        Never,
        "read-only calls (describe-*, list-*, get-*; none that returns secrets or writes a file); JSON or table output",
    ),
};

pub const GCLOUD: Program = Program {
    names: &["gcloud"],
    ecosystem: Eco::Cli,
    syntax: PLAIN,
    routes: &[every("gcloud", "gcloud compute instances list").scoped(&sc::cloud::GCLOUD_LIST)],
    rewrite: rw(Producer, "`… list` commands in the default table format"),
};

pub const GLAB: Program = Program {
    names: &["glab"],
    ecosystem: Eco::Cli,
    syntax: &recognise::SUB,
    routes: &[
        route("mr", "glab", "glab mr view 42").scoped(&GH_READS),
        route("issue", "glab", "glab issue list").scoped(&GH_READS),
    ],
    rewrite: rw(Never, "list|view|diff; never --web"),
};
