//! Entries for Go: `go`, `gofmt`, `staticcheck`, `golangci-lint` (see [`super`]).

use super::{rw, PLAIN};
use crate::programs::scope::{self as sc, Scope};
use crate::programs::{every, route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

pub const GO: Program = Program {
    names: &["go"],
    ecosystem: Eco::Go,
    syntax: &recognise::SUB,
    routes: &[
        route("test", "go-test", "go test ./..."),
        route("build", "go-build", "go build ./..."),
        route("vet", "go-build", "go vet ./..."),
        route("list", "go-list", "go list ./..."),
    ],
    rewrite: rw(Producer, "any arguments"),
};

pub const GOFMT: Program = Program {
    names: &["gofmt"],
    ecosystem: Eco::Go,
    syntax: PLAIN,
    routes: &[every("gofmt-list", "gofmt -l .").scoped(&sc::golist::GOFMT)],
    rewrite: rw(Producer, "`-l` (list files) only; never -w or -d"),
};

pub const STATICCHECK: Program = Program {
    names: &["staticcheck"],
    ecosystem: Eco::Go,
    syntax: PLAIN,
    routes: &[every("staticcheck", "staticcheck ./...").scoped(&Scope::check(|w| {
        // Go flags: `-f`, `--f`, `-f=json`, `-format json` all name the same option.
        !w.args.iter().any(|a| {
            let name = a.trim_start_matches('-').split('=').next().unwrap_or("");
            a.starts_with('-')
                && matches!(
                    name,
                    "f" | "format"
                        | "explain"
                        | "list-checks"
                        | "version"
                        | "debug.version"
                        | "h"
                        | "help"
                        | "merge"
                        | "matrix"
                )
        })
    }))],
    rewrite: rw(
        Producer,
        "default (text) format; never -f/-format, -explain, -list-checks, -merge, -matrix, help or version",
    ),
};

pub const GOLANGCI_LINT: Program = Program {
    names: &["golangci-lint"],
    ecosystem: Eco::Go,
    syntax: &recognise::SUB,
    routes: &[route("run", "golangci-lint", "golangci-lint run").scoped(&sc::golangci::RUN)],
    rewrite: rw(
        Producer,
        "`run` with the default text output; never help or another format",
    ),
};
