//! `rtk init --agent <host> [--global] [--show | --uninstall]`: arguments to `init::run`;
//! `rtk init --show` (every agent, one table: `init::status`) and `rtk init --check` (runs each
//! installed hook once with the payload its host would send, and says whether it answers).

use std::ffi::OsString;
use std::io::Write;

use clap::Args;

use crate::agents::{Agent, AGENTS};
use crate::env::Env;
use crate::init::status::{self, Row, State};
use crate::init::{self, Action};

#[derive(Debug, Args)]
pub struct InitArgs {
    #[arg(long, help = agent_help(), required_unless_present_any = ["show", "check"])]
    pub agent: Option<String>,
    /// Install into the user-wide location instead of the current project.
    #[arg(long)]
    pub global: bool,
    /// Show what is installed; change nothing (without --agent: every agent, one table).
    #[arg(long, conflicts_with = "uninstall")]
    pub show: bool,
    /// Run each installed hook once with a sample payload and say whether it answers.
    #[arg(long, conflicts_with_all = ["uninstall", "show", "global"])]
    pub check: bool,
    /// Remove what `rtk init` installed.
    #[arg(long)]
    pub uninstall: bool,
    /// Vibe: add the rtk forms next to the allowlist entries that cover the originals, in the
    /// user's Vibe config (what `rtk init --agent vibe` offers).
    #[arg(long, conflicts_with_all = ["uninstall", "show", "check"])]
    pub allowlist: bool,
}

/// `--agent`'s help: every agent in `AGENTS`, then the names only `--uninstall` takes.
fn agent_help() -> String {
    let ours: Vec<&str> = AGENTS.iter().map(|d| d.name).collect();
    if init::UPSTREAM_ONLY.is_empty() {
        return ours.join(", ");
    }
    format!(
        "{}; with --uninstall also {} (upstream rtk's installs)",
        ours.join(", "),
        init::UPSTREAM_ONLY.join(", ")
    )
}

/// `rtk init`.
pub fn run(args: &InitArgs, env: &Env) -> anyhow::Result<u8> {
    if args.check {
        return check(args.agent.as_deref(), env);
    }
    let Some(agent) = args.agent.as_deref() else {
        return show_all(env);
    };
    if args.allowlist && agent != "vibe" {
        anyhow::bail!("--allowlist is for Mistral Vibe's allowlist (--agent vibe)");
    }
    let action = match (args.show, args.uninstall) {
        (true, _) => Action::Show,
        (false, true) => Action::Uninstall,
        (false, false) => Action::Install,
    };
    let code = init::run(agent, args.global, action, env)?;
    if agent == "vibe" && action == Action::Install && code == 0 {
        vibe_allowlist(args.allowlist, env)?;
    }
    Ok(code)
}

/// After `rtk init --agent vibe`: the rtk forms Vibe's allowlist lacks (without them Vibe
/// would ask for every rewrite, so the hook leaves those commands alone). Offered, or with
/// `apply` added to the user's config — only where that file sets no `[tools]` of its own
/// (a list there is the user's to edit: the entries are printed for it).
fn vibe_allowlist(apply: bool, env: &Env) -> anyhow::Result<()> {
    use crate::hosts::vibe::rules;
    let mut out = std::io::stdout().lock();
    let covered = |w: &str| crate::programs::program_for_word(w).is_some();
    // Every rule set Vibe may apply must take the forms: the user's, and a project's over it.
    let Ok(sets) = rules::load(env) else {
        return Ok(());
    };
    let Some(user) = sets.first() else {
        return Ok(());
    };
    let forms: Vec<String> = rules::rtk_forms_to_allow(user, &covered)
        .into_iter()
        .filter(|f| {
            sets.iter()
                .all(|r| rules::rtk_forms_to_allow(r, &covered).contains(f))
        })
        .collect();
    let Some(path) = rules::user_config(env) else {
        return Ok(());
    };
    if forms.is_empty() {
        return Ok(());
    }
    let quoted: Vec<String> = forms.iter().map(|f| format!("{f:?}")).collect();
    if !apply {
        writeln!(
            out,
            "rtk init vibe: Vibe's allowlist lets {} run without asking, but not their rtk forms, \
             so its hook leaves them unrewritten; `rtk init --agent vibe --allowlist` adds {} \
             to [tools.bash] allowlist in {}",
            forms
                .iter()
                .map(|f| format!("`{}`", &f[4..]))
                .collect::<Vec<_>>()
                .join(", "),
            quoted.join(", "),
            path.display()
        )?;
        return Ok(());
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => anyhow::bail!("cannot read {}: {e}", path.display()),
    };
    let table: toml::Table = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{} is not valid TOML ({e})", path.display()))?;
    if table.contains_key("tools") {
        writeln!(
            out,
            "rtk init vibe: {} sets its own [tools]; add these to [tools.bash] allowlist there: {}",
            path.display(),
            quoted.join(", ")
        )?;
        return Ok(());
    }
    // A list set in the file replaces Vibe's default one: the effective list, then the forms.
    let mut list: Vec<String> = user.allowlist.iter().map(|p| format!("{p:?}")).collect();
    list.extend(quoted.iter().cloned());
    let mut new = text.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    new.push_str(&format!(
        "\n# Added by `rtk init --agent vibe --allowlist`: the rtk forms of allowed commands.\n\
         [tools.bash]\nallowlist = [{}]\n",
        list.join(", ")
    ));
    new.parse::<toml::Table>()
        .map_err(|e| anyhow::anyhow!("the edit would not be valid TOML ({e}); nothing changed"))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    if !text.is_empty() {
        let backup = std::path::PathBuf::from(format!("{}.rtk-bak", path.display()));
        if !backup.exists() {
            std::fs::copy(&path, &backup)?;
        }
    }
    std::fs::write(&path, new)?;
    writeln!(
        out,
        "rtk init vibe: added {} to [tools.bash] allowlist in {}",
        quoted.join(", "),
        path.display()
    )?;
    Ok(())
}

/// `rtk init --show`: one table of every agent.
fn show_all(env: &Env) -> anyhow::Result<u8> {
    let rows = status::overview(env);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "rtk {} — what is installed for each agent (project: {})",
        env!("CARGO_PKG_VERSION"),
        env.cwd().display()
    )?;
    let width =
        |f: &dyn Fn(&Row) -> usize, min: usize| rows.iter().map(f).max().unwrap_or(0).max(min);
    let (wa, ww, ws) = (
        width(&|r| r.agent.len(), 5),
        width(&|r| r.what.len(), 4),
        width(&|r| r.state.label().len(), 5),
    );
    writeln!(
        out,
        "{:<wa$}  {:<ww$}  {:<7}  {:<ws$}  where",
        "agent", "kind", "scope", "state"
    )?;
    for r in &rows {
        writeln!(
            out,
            "{:<wa$}  {:<ww$}  {:<7}  {:<ws$}  {}",
            r.agent,
            r.what,
            r.scope,
            r.state.label(),
            r.path.display()
        )?;
    }
    writeln!(
        out,
        "install: rtk init --agent <agent> [--global]; check the hooks answer: rtk init --check"
    )?;
    Ok(0)
}

/// The argv that runs a hook command line the way a host does (through the shell).
fn shell_argv(line: &str) -> Vec<OsString> {
    if cfg!(windows) {
        vec!["cmd".into(), "/C".into(), line.into()]
    } else {
        vec!["sh".into(), "-c".into(), line.into()]
    }
}

/// `rtk init --check [--agent A]`: every installed hook entry (of `agent` only, when given)
/// run once with a sample payload for `git status`. Exit 0 when each answered (exit 0 and
/// its answer is JSON or empty, as hosts take it), 1 when one did not, 0 with a note when
/// none is installed.
fn check(agent: Option<&str>, env: &Env) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    let rows: Vec<Row> = status::overview(env)
        .into_iter()
        .filter(|r| agent.is_none_or(|a| r.agent == a))
        .filter(|r| r.state == State::Installed && r.hook_command.is_some())
        .collect();
    if rows.is_empty() {
        writeln!(
            out,
            "no rtk hook entry installed{}; `rtk init --show` lists what is",
            agent.map(|a| format!(" for {a}")).unwrap_or_default()
        )?;
        return Ok(0);
    }
    let mut failed = false;
    for r in &rows {
        let Some(known) = Agent::from_name(r.agent) else {
            continue;
        };
        let command = r.hook_command.unwrap_or_default();
        let payloads = crate::hosts::check::sample_payloads(known, "git status");
        let Some((_, payload)) = payloads.first() else {
            continue;
        };
        let started = std::time::Instant::now();
        let ran =
            crate::exec::run_with_input(&shell_argv(command), payload.to_string().as_bytes())?;
        let ms = started.elapsed().as_millis();
        let verdict = match ran {
            Err(e) => Err(format!("could not run: {e}")),
            Ok((code, stdout, stderr)) => {
                let text = String::from_utf8_lossy(&stdout);
                let answer = text.trim();
                let json =
                    answer.is_empty() || serde_json::from_str::<serde_json::Value>(answer).is_ok();
                match (code, json) {
                    (0, true) if answer.is_empty() => {
                        Ok("answers (no change for this command)".to_string())
                    }
                    (0, true) => Ok(format!("answers: {answer}")),
                    (0, false) => Err(format!("exit 0 but the answer is not JSON: {answer}")),
                    (c, _) => Err(format!(
                        "exit {c}: {}",
                        String::from_utf8_lossy(&stderr).trim()
                    )),
                }
            }
        };
        let place = r.path.display();
        match verdict {
            Ok(v) => writeln!(
                out,
                "{} ({}, {place}): `{command}` {v} in {ms} ms",
                r.agent, r.scope
            )?,
            Err(v) => {
                failed = true;
                writeln!(
                    out,
                    "{} ({}, {place}): `{command}` FAILED: {v}",
                    r.agent, r.scope
                )?;
            }
        }
    }
    Ok(u8::from(failed))
}
