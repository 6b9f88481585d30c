//! Entries for .NET: `dotnet` (see [`super`]).

use super::rw;
use crate::programs::scope as sc;
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

pub const DOTNET: Program = Program {
    names: &["dotnet"],
    ecosystem: Eco::DotNet,
    syntax: &recognise::SUB,
    routes: &[
        route("build", "dotnet", "dotnet build").scoped(&sc::dotnet::SCOPE),
        route("test", "dotnet", "dotnet test").scoped(&sc::dotnet::SCOPE),
        route("restore", "dotnet", "dotnet restore").scoped(&sc::dotnet::SCOPE),
    ],
    rewrite: rw(
        Producer,
        "no option before the subcommand; never help, the terminal logger or interactive",
    ),
};
