//! What `rtk filters list|check|test`, `rtk trust` and `rtk untrust` do and print.

use std::io::Write;
use std::path::Path;

use super::{self as user, Source, State};
use crate::env::Env;
use crate::filters::decl::format::{self, Origin, REFUSED};
use crate::filters::decl::{Decl, BUILTIN_FILES};

/// `rtk filters list`: the user's files and their filters, then rtk's built-in ones.
pub fn list(env: &Env, out: &mut dyn Write) -> anyhow::Result<u8> {
    let sources = user::sources(env);
    if sources.is_empty() {
        writeln!(
            out,
            "no filters of your own ({} or a project's .rtk/filters.toml; see docs/filters.md)",
            user::user_file(env).map_or("<config>/rtk/filters.toml".into(), |p| p
                .display()
                .to_string())
        )?;
    }
    for s in &sources {
        write_source(out, s)?;
    }
    for (file, text) in BUILTIN_FILES {
        for r in format::parse(text, Origin::Builtin)? {
            writeln!(out, "built-in  {:<16} {} ({file})", r.name, r.description)?;
        }
    }
    Ok(0)
}

fn write_source(out: &mut dyn Write, s: &Source) -> anyhow::Result<()> {
    let State::Loaded(decls, errors) = &s.state else {
        writeln!(out, "{}", s.summary())?;
        return Ok(());
    };
    for d in decls {
        writeln!(
            out,
            "{:<9} {:<16} {} ({})",
            s.scope.label(),
            d.rules.name,
            d.rules.description,
            s.path.display()
        )?;
    }
    for e in errors {
        writeln!(
            out,
            "{:<9} not loaded: {e} ({})",
            s.scope.label(),
            s.path.display()
        )?;
    }
    Ok(())
}

/// The file a `check`/`test` reads: the one given, else the project's, else the user's.
fn target(env: &Env, file: Option<&Path>) -> Option<std::path::PathBuf> {
    file.map(Path::to_path_buf)
        .or_else(|| user::project_file(env))
        .or_else(|| user::user_file(env).filter(|p| p.is_file()))
}

/// The file's filters that load; the others' reasons go to `err` (and make the result
/// `false`).
fn read(
    env: &Env,
    file: Option<&Path>,
    origin: Origin,
    err: &mut dyn Write,
) -> anyhow::Result<Option<(Vec<Decl>, bool)>> {
    let Some(path) = target(env, file) else {
        writeln!(
            err,
            "rtk: no filters file (give one, or create .rtk/filters.toml)"
        )?;
        return Ok(None);
    };
    let text =
        std::fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let loaded = match format::load(&text, origin) {
        Ok(l) => l,
        Err(e) => {
            writeln!(err, "{}: {e}", path.display())?;
            return Ok(None);
        }
    };
    for e in &loaded.errors {
        writeln!(err, "{}: {e}", path.display())?;
    }
    if loaded
        .errors
        .iter()
        .any(|e| matches!(e, format::LoadError::Refused { key, .. } if REFUSED.iter().any(|(k, _)| k == key)))
    {
        writeln!(
            err,
            "refused upstream keys (rtk never cuts or rewrites lines):"
        )?;
        for (k, why) in REFUSED {
            writeln!(err, "  {k}: {why}")?;
        }
    }
    let ok = loaded.errors.is_empty();
    Ok(Some((
        loaded.rules.into_iter().map(Decl::new).collect(),
        ok,
    )))
}

/// `rtk filters check [FILE]`: loads it; exit 1 with the reason when it would not load.
/// `origin`: [`Origin::Builtin`] for a file of rtk's own (`--builtin`).
pub fn check(
    env: &Env,
    file: Option<&Path>,
    origin: Origin,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let Some((decls, all_loaded)) = read(env, file, origin, err)? else {
        return Ok(1);
    };
    for d in &decls {
        writeln!(out, "{}: ok ({} tests)", d.rules.name, d.rules.tests.len())?;
    }
    if file.is_none() {
        for s in user::sources(env) {
            if matches!(s.state, State::Untrusted) {
                writeln!(out, "{}", s.summary())?;
            }
        }
    }
    Ok(u8::from(!all_loaded))
}

/// `rtk filters test [FILE]`: runs every inline test; exit 1 on any failure.
pub fn test(
    env: &Env,
    file: Option<&Path>,
    origin: Origin,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<u8> {
    let Some((decls, all_loaded)) = read(env, file, origin, err)? else {
        return Ok(1);
    };
    let (mut passed, mut failed) = (0, 0);
    for d in &decls {
        for t in &d.rules.tests {
            match d.run_test(t) {
                Ok(()) => passed += 1,
                Err(e) => {
                    failed += 1;
                    writeln!(out, "FAIL {} / {}: {e}", d.rules.name, t.name)?;
                }
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(u8::from(failed > 0 || !all_loaded))
}

/// `rtk trust`: pins the project's `.rtk/filters.toml` at its current content.
pub fn trust(env: &Env, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<u8> {
    let Some(path) = user::trust_target(env) else {
        writeln!(err, "rtk: no .rtk/filters.toml in this folder or above")?;
        return Ok(1);
    };
    // Not a filters file at all: nothing to trust. Filters that will not load: said first.
    let text = std::fs::read_to_string(&path)?;
    match format::load(&text, Origin::User) {
        Err(e) => {
            writeln!(err, "{}: {e}", path.display())?;
            return Ok(1);
        }
        Ok(l) => {
            for e in &l.errors {
                writeln!(err, "{}: {e}", path.display())?;
            }
        }
    }
    let hash = super::trust::trust(env, &path)?;
    writeln!(out, "trusted {} (sha256 {hash})", path.display())?;
    Ok(0)
}

/// `rtk untrust`: removes the pin of the project's `.rtk/filters.toml`.
pub fn untrust(env: &Env, out: &mut dyn Write) -> anyhow::Result<u8> {
    let Some(path) = user::trust_target(env) else {
        writeln!(out, "no .rtk/filters.toml in this folder or above")?;
        return Ok(0);
    };
    if super::trust::untrust(env, &path)? {
        writeln!(out, "untrusted {}", path.display())?;
    } else {
        writeln!(out, "{} was not trusted", path.display())?;
    }
    Ok(0)
}
