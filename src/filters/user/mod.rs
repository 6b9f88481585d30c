//! The user's own declarative filters: `<config>/rtk/filters.toml` (user scope) and the
//! nearest `.rtk/filters.toml` above the working directory (project scope, read only while
//! trusted: [`super::trust`]). Read when `rtk <program>` runs, never on the hook path.
//!
//! Invariants: project filters come first, then the user's, then rtk's own; for a program in
//! rtk's table a user filter serves only the forms rtk captures itself; a file that fails
//! to load, or an untrusted one, is skipped without a word on the command's output (the agent
//! reads it) — `rtk filters list` and `rtk config` say so instead.

pub mod report;
pub mod trust;

use std::fs;
use std::path::{Path, PathBuf};

use crate::env::Env;
use crate::filters::decl::format::{self, LoadError, Origin};
use crate::filters::decl::Decl;
use crate::filters::{registry, Filter, Invocation, Plan};
use crate::programs;

/// Which file a filter comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Project,
    User,
}

impl Scope {
    pub fn label(self) -> &'static str {
        match self {
            Scope::Project => "project",
            Scope::User => "user",
        }
    }
}

/// One user filters file and what became of it.
#[derive(Debug)]
pub struct Source {
    pub scope: Scope,
    pub path: PathBuf,
    pub state: State,
}

#[derive(Debug)]
pub enum State {
    /// The filters that loaded, and why each of the others did not.
    Loaded(Vec<Decl>, Vec<LoadError>),
    /// A project file not trusted (never, or changed since `rtk trust`).
    Untrusted,
    Failed(LoadError),
    Unreadable(String),
}

/// `<config>/rtk/filters.toml`.
pub fn user_file(env: &Env) -> Option<PathBuf> {
    env.config_home()
        .map(|c| c.join("rtk").join("filters.toml"))
}

/// The nearest `.rtk/filters.toml` at or above the working directory.
pub fn project_file(env: &Env) -> Option<PathBuf> {
    env.cwd()
        .ancestors()
        .map(|d| d.join(".rtk").join("filters.toml"))
        .find(|p| p.is_file())
}

/// Both files that exist, loaded (the project one only when trusted).
pub fn sources(env: &Env) -> Vec<Source> {
    let mut out = Vec::new();
    if let Some(path) = project_file(env) {
        out.push(load(env, Scope::Project, path));
    }
    if let Some(path) = user_file(env).filter(|p| p.is_file()) {
        out.push(load(env, Scope::User, path));
    }
    out
}

fn load(env: &Env, scope: Scope, path: PathBuf) -> Source {
    let state = match fs::read(&path) {
        Err(e) => State::Unreadable(e.to_string()),
        Ok(bytes) if scope == Scope::Project && !trust::is_trusted(env, &path, &bytes) => {
            State::Untrusted
        }
        Ok(bytes) => match String::from_utf8(bytes) {
            Err(_) => State::Unreadable("not UTF-8".into()),
            Ok(text) => match format::load(&text, Origin::User) {
                Ok(l) => State::Loaded(l.rules.into_iter().map(Decl::new).collect(), l.errors),
                Err(e) => State::Failed(e),
            },
        },
    };
    Source { scope, path, state }
}

/// The user filter for this command line, if one matches (project first, then user).
pub fn lookup<'a>(
    env: &Env,
    program_word: &'a str,
    args: &'a [String],
) -> Option<(&'static dyn Filter, Invocation<'a>)> {
    let base = program_word.rsplit('/').next().unwrap_or(program_word);
    if !table_captures(program_word, args) {
        return None;
    }
    let sources = sources(env);
    let decls = sources.into_iter().flat_map(|s| match s.state {
        State::Loaded(d, _) => d,
        _ => Vec::new(),
    });
    for d in decls {
        if let Some(sub) = matches(&d, base, args) {
            // Lives for the rest of the run, like the built-in filters.
            let d: &'static Decl = Box::leak(Box::new(d));
            return Some((
                d,
                Invocation {
                    program: base,
                    args,
                    sub,
                },
            ));
        }
    }
    None
}

/// For a program in rtk's table, a user filter only takes over forms rtk itself captures:
/// what the table passes through (interactive, watch, follow, unknown subcommands) stays
/// passed through. Other programs are the filter's own business (its `passthrough_flags`).
fn table_captures(program_word: &str, args: &[String]) -> bool {
    if programs::program_for_word(program_word).is_none() {
        return true;
    }
    registry::lookup(program_word, args).is_some_and(|(f, inv)| f.plan(&inv) != Plan::Passthrough)
}

/// Whether `d` serves `base args…`; `Some(sub)` with the subcommand's index when it has one.
pub fn matches(d: &Decl, base: &str, args: &[String]) -> Option<Option<usize>> {
    let r = &d.rules;
    if !r.programs.is_empty() && !r.programs.iter().any(|p| p == base) {
        return None;
    }
    if let Some(re) = &r.match_command {
        let line = std::iter::once(base)
            .chain(args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        if !re.is_match(&line) {
            return None;
        }
    }
    let sub = subcommand(base, args);
    if r.subcommands.is_empty() {
        return Some(sub.map(|(i, _)| i));
    }
    let (i, name) = sub?;
    r.subcommands.iter().any(|s| s == name).then_some(Some(i))
}

/// The subcommand as the program table finds it, else the first word that is not an option.
fn subcommand<'a>(base: &str, args: &'a [String]) -> Option<(usize, &'a str)> {
    match programs::program(base) {
        Some(p) => p.syntax.subcommand(args),
        None => args
            .iter()
            .position(|a| !a.starts_with('-'))
            .map(|i| (i, args[i].as_str())),
    }
}

impl Source {
    /// What became of the file, in one line (`rtk filters list`, `rtk config`): the only place
    /// an ignored or broken file is mentioned.
    pub fn summary(&self) -> String {
        let what = match &self.state {
            State::Loaded(d, errors) => {
                let mut s = format!("{} filters applied", d.len());
                for e in errors {
                    s.push_str(&format!("; not loaded: {e}"));
                }
                s
            }
            State::Untrusted => {
                "not trusted, ignored (run `rtk trust` to use it; a changed file needs it again)"
                    .into()
            }
            State::Failed(e) => format!("not loaded: {e} (rtk filters check)"),
            State::Unreadable(e) => format!("unreadable: {e}"),
        };
        format!(
            "{} filters {}: {what}",
            self.scope.label(),
            self.path.display()
        )
    }
}

/// Where `rtk trust` looks: the project file, made absolute.
pub fn trust_target(env: &Env) -> Option<PathBuf> {
    project_file(env).map(|p| absolute(env.cwd(), &p))
}

fn absolute(cwd: &Path, p: &Path) -> PathBuf {
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}
