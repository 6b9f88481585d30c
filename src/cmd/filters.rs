//! `rtk filters list|check|test`, `rtk trust`, `rtk untrust`: the user's declarative filters
//! (docs/filters.md). The work is in `crate::filters::user::report`.

use std::io::{stderr, stdout};

use clap::{Args, Subcommand};

use crate::env::Env;
use crate::filters::decl::format::Origin;
use crate::filters::user::report;

#[derive(Debug, Args)]
pub struct FiltersArgs {
    #[command(subcommand)]
    pub action: FiltersAction,
}

#[derive(Debug, Subcommand)]
pub enum FiltersAction {
    /// Every filter (project, user, built-in) and where it comes from.
    List,
    /// Load a filters file (default: the project's, else yours) and say what it refuses.
    Check(FiltersFile),
    /// Run a filters file's inline [[test]]s.
    Test(FiltersFile),
}

#[derive(Debug, Args)]
pub struct FiltersFile {
    pub file: Option<std::path::PathBuf>,
    /// Read it as one of rtk's built-in files (src/filters/decl/builtin/).
    #[arg(long)]
    pub builtin: bool,
}

pub fn run(args: &FiltersArgs, env: &Env) -> anyhow::Result<u8> {
    let origin = |f: &FiltersFile| {
        if f.builtin {
            Origin::Builtin
        } else {
            Origin::User
        }
    };
    let (mut out, mut err) = (stdout().lock(), stderr().lock());
    match &args.action {
        FiltersAction::List => report::list(env, &mut out),
        FiltersAction::Check(f) => {
            report::check(env, f.file.as_deref(), origin(f), &mut out, &mut err)
        }
        FiltersAction::Test(f) => {
            report::test(env, f.file.as_deref(), origin(f), &mut out, &mut err)
        }
    }
}

/// `rtk trust`.
pub fn trust(env: &Env) -> anyhow::Result<u8> {
    report::trust(env, &mut stdout().lock(), &mut stderr().lock())
}

/// `rtk untrust`.
pub fn untrust(env: &Env) -> anyhow::Result<u8> {
    report::untrust(env, &mut stdout().lock())
}
