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

pub const GH: Program = Program {
    names: &["gh"],
    ecosystem: Eco::Cli,
    syntax: &recognise::SUB,
    routes: &[
        route("pr", "gh", "gh pr list").scoped(&GH_READS),
        route("issue", "gh", "gh issue view 1").scoped(&GH_READS),
        route("run", "gh", "gh run list").scoped(&GH_READS),
        route("api", "gh-api", "gh api repos/cli/cli/releases").scoped(&sc::gh::API),
    ],
    rewrite: rw(
        Never,
        "list|view|status|diff|checks, never --web; `api` reads and writes, never graphql, --jq, --template, --include, --verbose or --silent",
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
