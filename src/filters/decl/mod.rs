//! Declarative filters: line filters written in TOML (docs/filters.md) instead of Rust.
//!
//! A [`Decl`] is one filter of a file ([`format::Rules`]) as a [`Filter`]: it plans from the
//! passthrough flags and compacts with the line rules ([`engine`]), line by line as stdout
//! arrives ([`Incremental`]). Built-in files are
//! embedded and parsed on first use by a [`Builtin`] static that a table route points at
//! (never on the hook path, which reads only the table); the user's own files are read by
//! [`user`] when `rtk <program>` runs.
//!
//! Invariants: error lines are never dropped ([`guard`]: checked at load and at run time);
//! nothing is cut by position; a filter that fails to load passes its commands through.

mod engine;
pub mod format;
pub mod guard;
#[cfg(test)]
mod tests;

use std::sync::{Arc, OnceLock};

use super::args::Spec;
use super::{Compacted, Filter, Incremental, Invocation, Output, Plan, Unparsed};
use format::{Origin, Rules, TestCase};

/// One loaded declarative filter.
#[derive(Debug)]
pub struct Decl {
    pub rules: Arc<Rules>,
    /// `rules.name`, for [`Filter::name`] (filters live for the whole run).
    name: &'static str,
    value_long: &'static [&'static str],
    value_short: &'static str,
}

impl Decl {
    pub fn new(rules: Rules) -> Self {
        let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
        let value_long: Vec<&'static str> = rules.value_long.iter().map(|s| leak(s)).collect();
        Decl {
            name: leak(&rules.name),
            value_short: leak(&rules.value_short),
            value_long: Box::leak(value_long.into_boxed_slice()),
            rules: Arc::new(rules),
        }
    }

    fn plan_args(&self, args: &[String]) -> Plan {
        let spec = Spec {
            short_with_value: self.value_short,
            long_with_value: self.value_long,
        };
        let longs: Vec<&str> = self
            .rules
            .passthrough_long
            .iter()
            .map(String::as_str)
            .collect();
        if spec.has(args, &self.rules.passthrough_short, &longs) {
            Plan::Passthrough
        } else {
            Plan::Capture {
                stderr: self.rules.stderr,
            }
        }
    }

    /// Runs one inline example; `Err` says how the output differed.
    pub fn run_test(&self, t: &TestCase) -> Result<(), String> {
        let out = Output {
            stdout: &t.input,
            stderr: if self.rules.stderr { &t.stderr } else { "" },
            code: t.code,
        };
        let c = self.compact_output(&out);
        let mut diffs = Vec::new();
        if c.stdout != t.expected {
            diffs.push(format!(
                "stdout: expected {:?}, got {:?}",
                t.expected, c.stdout
            ));
        }
        if let Some(want) = &t.expected_stderr {
            let got = c.stderr.as_deref().unwrap_or(out.stderr);
            if got != want {
                diffs.push(format!("stderr: expected {want:?}, got {got:?}"));
            }
        }
        if diffs.is_empty() {
            Ok(())
        } else {
            Err(diffs.join("; "))
        }
    }

    fn compact_output(&self, out: &Output<'_>) -> Compacted {
        finish(&self.rules, engine::apply(&self.rules, out.stdout), out)
    }
}

/// The result of a run from its stdout after the rules (`stdout`) and the whole run (exit
/// code, stderr).
fn finish(r: &Arc<Rules>, stdout: engine::Applied, out: &Output<'_>) -> Compacted {
    if r.raw_on_failure && out.code != 0 {
        return Compacted::raw(out);
    }
    let stderr = r.stderr.then(|| engine::apply(r, out.stderr));
    let dropped = stdout.dropped + stderr.as_ref().map_or(0, |e| e.dropped);
    let mut text = stdout.text;
    let err_empty = stderr.as_ref().is_none_or(|e| e.text.trim().is_empty());
    if let Some(msg) = r.on_empty.as_ref() {
        if out.code == 0 && text.trim().is_empty() && err_empty {
            text = format!("{msg}\n");
        }
    }
    Compacted {
        stdout: text,
        stderr: stderr.map(|e| e.text),
        elided: (dropped > 0).then(|| format!("{dropped} lines: {}", r.elided)),
    }
}

/// A declarative filter fed stdout while the command runs.
struct Stream(engine::Lines);

impl Incremental for Stream {
    fn feed(&mut self, lines: &str, _offset: usize) -> Result<(), Unparsed> {
        self.0.push(lines);
        Ok(())
    }
    fn finish(self: Box<Self>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let rules = Arc::clone(self.0.rules());
        Ok(finish(&rules, self.0.finish(), out))
    }
    fn eliding(&self) -> bool {
        self.0.dropped() > 0
    }
}

impl Filter for Decl {
    fn name(&self) -> &'static str {
        self.name
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        self.plan_args(inv.rest())
    }
    fn compact(&self, _inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        Ok(self.compact_output(out))
    }
    fn incremental(&self, _inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        Some(Box::new(Stream(engine::Lines::new(Arc::clone(
            &self.rules,
        )))))
    }
}

/// A built-in declarative filter: the named filter of an embedded file, parsed on first use.
pub struct Builtin {
    pub name: &'static str,
    pub source: &'static str,
    loaded: OnceLock<Option<Decl>>,
}

impl Builtin {
    pub const fn new(source: &'static str, name: &'static str) -> Self {
        Builtin {
            name,
            source,
            loaded: OnceLock::new(),
        }
    }

    /// The parsed filter (`None` only if the embedded file is broken: a test forbids that).
    pub fn get(&self) -> Option<&Decl> {
        self.loaded
            .get_or_init(|| {
                let rules = format::parse(self.source, Origin::Builtin).ok()?;
                rules
                    .into_iter()
                    .find(|r| r.name == self.name)
                    .map(Decl::new)
            })
            .as_ref()
    }
}

impl Filter for Builtin {
    fn name(&self) -> &'static str {
        self.name
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        self.get().map_or(Plan::Passthrough, |d| d.plan(inv))
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        match self.get() {
            Some(d) => d.compact(inv, out),
            None => Err(Unparsed(format!(
                "built-in filter {} did not load",
                self.name
            ))),
        }
    }
    fn incremental(&self, inv: &Invocation<'_>) -> Option<Box<dyn Incremental>> {
        self.get()?.incremental(inv)
    }
}

/// Every embedded filters file, by name (for the generic inline-test runner and
/// `rtk filters list`).
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    ("git.toml", GIT),
    ("pip.toml", PIP),
    ("composer.toml", COMPOSER_FILE),
    ("format.toml", FORMAT_FILE),
    ("pyinstall.toml", PYINSTALL_FILE),
];

const GIT: &str = include_str!("builtin/git.toml");
const PIP: &str = include_str!("builtin/pip.toml");
const COMPOSER_FILE: &str = include_str!("builtin/composer.toml");
const FORMAT_FILE: &str = include_str!("builtin/format.toml");
const PYINSTALL_FILE: &str = include_str!("builtin/pyinstall.toml");

/// `git push|pull|fetch`: progress meters and blank lines go.
pub static GIT_SYNC: Builtin = Builtin::new(GIT, "git-sync");
/// `git add`/`git restore`: output as is (they print nothing unless something is wrong).
pub static GIT_QUIET: Builtin = Builtin::new(GIT, "git-quiet");
/// `pip install`: download/build chatter goes, satisfied dependencies fold into a count.
pub static PIP_INSTALL: Builtin = Builtin::new(PIP, "pip-install");
/// `composer install|update|require|remove`: banners, bars and download lines go.
pub static COMPOSER: Builtin = Builtin::new(COMPOSER_FILE, "composer");
/// `prettier --check`: the banner goes, every unformatted file stays.
pub static PRETTIER_CHECK: Builtin = Builtin::new(FORMAT_FILE, "prettier-check");
/// `black --check`: the emoji banners go, every file to reformat stays.
pub static BLACK_CHECK: Builtin = Builtin::new(FORMAT_FILE, "black-check");
/// `uv sync|add|remove|pip install`: resolve/prepare/build/download lines go.
pub static UV_INSTALL: Builtin = Builtin::new(PYINSTALL_FILE, "uv-install");
/// `poetry install|add|remove|update`: resolver and lock-file banners go.
pub static POETRY_INSTALL: Builtin = Builtin::new(PYINSTALL_FILE, "poetry-install");
