//! Entries for infrastructure: `terraform` (see [`super`]).

use super::rw;
use crate::programs::scope as sc;
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::Producer;

pub const TERRAFORM: Program = Program {
    names: &["terraform"],
    ecosystem: Eco::Infra,
    syntax: &recognise::SUB,
    routes: &[
        route("plan", "terraform", "terraform plan -input=false").scoped(&sc::terraform::PLAN),
        route("validate", "terraform", "terraform validate").scoped(&sc::terraform::VALIDATE),
    ],
    rewrite: rw(
        Producer,
        "plan only with -input=false (it may prompt for variables); validate",
    ),
};
