//! What upstream rtk 1.x's `rtk init` leaves beside an agent's config, so `rtk init` can replace
//! it and `rtk init --uninstall` can remove it, whichever rtk installed it.
//!
//! - Hook entries: [`entries::is_rtk_command`] recognizes upstream's (its hook scripts, `rtk hook …`);
//!   `entries` replaces and removes them, Droid's top-level shape included.
//! - Files upstream writes whole (hook scripts and their checksum, `RTK.md`, Vibe's
//!   `prompts/rtk.md`, Copilot's `hooks/rtk-rewrite.json`, a `GEMINI.md` holding only its
//!   instructions): removed; a hook file also holding other hooks keeps them.
//! - References in the user's files (`@RTK.md` lines, Copilot's `<!-- rtk-instructions -->`
//!   block): only those lines go; a file left empty is removed.
//!
//! Install removes only what the new entry makes dead (the old scripts and hook files); the
//! instruction files stay, since the commands they name work here. Uninstall removes it all.
//! A file is only ever removed when it mentions rtk.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::{backup_note, entries, files, Action};
use crate::agents::Agent;

/// Upstream's integrity checksum beside its scripts.
const CHECKSUM: &str = ".rtk-hook.sha256";

/// Upstream's leftovers for one agent.
#[derive(Debug, Default)]
struct Leftovers {
    /// Dead once rtk's entry replaces upstream's: removed on install and uninstall.
    scripts: Vec<PathBuf>,
    /// Instruction files upstream wrote whole: removed on uninstall.
    owned: Vec<PathBuf>,
    /// Files where upstream added `@…RTK.md` lines or a marked block: cleaned on uninstall.
    refs: Vec<PathBuf>,
    /// Hook files of upstream's own (Copilot's): its rtk entries go on install and uninstall.
    hook_files: Vec<(PathBuf, entries::HookSpec)>,
}

/// `config` is the file (or plugin folder) `rtk init` edits for `agent`.
fn leftovers(agent: Agent, config: &Path, copilot: Option<&entries::HookSpec>) -> Leftovers {
    let dir = config.parent().unwrap_or(Path::new(""));
    let mut l = Leftovers::default();
    match agent {
        Agent::Claude => {
            l.scripts = vec![
                dir.join("hooks/rtk-rewrite.sh"),
                dir.join("hooks").join(CHECKSUM),
            ];
            l.owned = vec![dir.join("RTK.md")];
            l.refs = vec![dir.join("CLAUDE.md")];
            if let Some(project) = dir.parent() {
                l.refs.push(project.join("CLAUDE.md"));
            }
        }
        Agent::Gemini => {
            l.scripts = vec![
                dir.join("hooks/rtk-hook-gemini.sh"),
                dir.join("hooks").join(CHECKSUM),
            ];
            l.owned = vec![dir.join("GEMINI.md")];
        }
        Agent::Codex => {
            l.owned = vec![dir.join("RTK.md")];
            l.refs = vec![dir.join("AGENTS.md")];
        }
        Agent::Copilot => {
            if let Some(spec) = copilot {
                l.hook_files = vec![(dir.join("rtk-rewrite.json"), spec.clone())];
            }
            if let Some(parent) = dir.parent() {
                l.refs = vec![parent.join("copilot-instructions.md")];
            }
        }
        Agent::Vibe => l.owned = vec![dir.join("prompts/rtk.md")],
        _ => {}
    }
    l
}

/// Replaces (install) or removes (uninstall) upstream's leftovers for `agent`; one line per
/// change. `--show` and agents without leftovers change nothing.
pub fn clean(
    agent: Agent,
    config: &Path,
    spec: Option<&entries::HookSpec>,
    action: Action,
) -> anyhow::Result<Vec<String>> {
    if action == Action::Show {
        return Ok(Vec::new());
    }
    let l = leftovers(agent, config, spec);
    let mut lines = Vec::new();
    for (file, spec) in &l.hook_files {
        lines.extend(hook_file(file, spec)?);
    }
    for f in &l.scripts {
        lines.extend(remove_if_mentions(f, "rtk")?);
    }
    if action == Action::Uninstall {
        for f in &l.owned {
            // Upstream's instruction text always names its bypass command.
            lines.extend(remove_if_mentions(f, "rtk bypass")?);
        }
        for f in &l.refs {
            lines.extend(strip_refs(f)?);
        }
    }
    if agent == Agent::Cline {
        lines.extend(former_cline_rules(config)?);
    }
    for d in l.scripts.iter().filter_map(|f| f.parent()) {
        // Upstream's hooks/ folder, when its scripts were all it held.
        let _ = std::fs::remove_dir(d);
    }
    for d in l.owned.iter().filter_map(|f| f.parent()) {
        if d.ends_with("prompts") {
            let _ = std::fs::remove_dir(d);
        }
    }
    Ok(lines)
}

/// Cline was an instruction host (upstream rtk's `# RTK` section in `.clinerules`, and rtk's
/// own marked block there or in `.clinerules/rtk.md`); with the hook, both go on install and
/// uninstall: they would have the model type `rtk git commit`, which Cline's plan-mode guard
/// does not refuse. `config` is the hooks folder (`<project or HOME>/.cline/hooks`).
fn former_cline_rules(config: &Path) -> anyhow::Result<Vec<String>> {
    let Some(base) = config.parent().and_then(Path::parent) else {
        return Ok(Vec::new());
    };
    let mut lines = Vec::new();
    for f in [base.join(".clinerules"), base.join(".clinerules/rtk.md")] {
        if !f.is_file() {
            continue;
        }
        lines.extend(strip_rules_section(&f)?);
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Ok(Some(kept)) = super::instructions::uninstall(&text) else {
            continue;
        };
        if kept.trim().is_empty() {
            std::fs::remove_file(&f).with_context(|| format!("cannot remove {}", f.display()))?;
            lines.push(format!(
                "removed rtk's former instructions and {}, which held nothing else",
                f.display()
            ));
        } else {
            let b = files::backup(&f)?;
            files::write_atomic(&f, kept.as_bytes())?;
            lines.push(format!(
                "removed rtk's former instructions from {}{}",
                f.display(),
                backup_note(b)
            ));
        }
    }
    Ok(lines)
}

/// Removes `f` when it exists and contains `needle` (a file of upstream's own; its checksum
/// file by name).
fn remove_if_mentions(f: &Path, needle: &str) -> anyhow::Result<Option<String>> {
    let Ok(bytes) = std::fs::read(f) else {
        return Ok(None);
    };
    let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
    let mentions =
        String::from_utf8_lossy(&bytes).contains(needle) || name.as_deref() == Some(CHECKSUM);
    if !mentions {
        return Ok(None);
    }
    std::fs::remove_file(f).with_context(|| format!("cannot remove {}", f.display()))?;
    Ok(Some(format!("removed upstream rtk's {}", f.display())))
}

/// Removes upstream's reference lines (`@RTK.md`, `@/…/RTK.md`) and its marked instruction
/// block from a user's file; a file left blank is removed, otherwise it is backed up first.
fn strip_refs(f: &Path) -> anyhow::Result<Option<String>> {
    let Ok(text) = std::fs::read_to_string(f) else {
        return Ok(None);
    };
    let kept = without_refs(&text);
    if kept == text {
        return Ok(None);
    }
    if kept.trim().is_empty() {
        std::fs::remove_file(f).with_context(|| format!("cannot remove {}", f.display()))?;
        return Ok(Some(format!(
            "removed {} (it held only rtk's reference)",
            f.display()
        )));
    }
    let b = files::backup(f)?;
    files::write_atomic(f, kept.as_bytes())?;
    Ok(Some(format!(
        "removed rtk's reference from {}{}",
        f.display(),
        backup_note(b)
    )))
}

fn is_ref(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('@') && (t == "@RTK.md" || t.ends_with("/RTK.md"))
}

/// `text` without rtk's reference lines and `<!-- rtk-instructions … -->` block; the blank line
/// upstream put before a reference it appended goes with it.
fn without_refs(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut in_block = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with("<!-- rtk-instructions") {
            in_block = true;
            continue;
        }
        if in_block {
            in_block = !t.starts_with("<!-- /rtk-instructions");
            continue;
        }
        if is_ref(line) {
            if out.last().is_some_and(|l| l.trim().is_empty()) {
                out.pop();
            }
            continue;
        }
        out.push(line);
    }
    out.concat()
}

/// Upstream's own Copilot hook file: its rtk entries removed; the file goes when nothing else
/// is left in it.
fn hook_file(f: &Path, spec: &entries::HookSpec) -> anyhow::Result<Option<String>> {
    let Some(mut v) = files::read_json(f)? else {
        return Ok(None);
    };
    if !entries::uninstall(&mut v, spec).unwrap_or(false) {
        return Ok(None);
    }
    let rest = v
        .as_object()
        .is_some_and(|m| m.keys().any(|k| k != "version"));
    if !rest {
        std::fs::remove_file(f).with_context(|| format!("cannot remove {}", f.display()))?;
        return Ok(Some(format!("removed upstream rtk's {}", f.display())));
    }
    let b = files::backup(f)?;
    files::write_atomic(f, &files::to_pretty(&v))?;
    Ok(Some(format!(
        "removed upstream rtk's entry from {}{}",
        f.display(),
        backup_note(b)
    )))
}

/// Agents only upstream rtk installs for; `rtk init --agent <one> --uninstall` removes what
/// upstream left there.
pub const UPSTREAM_ONLY: [&str; 0] = [];

/// Removes upstream's install for an agent rtk serves through instructions (upstream's hook,
/// extension, plugin or rules section; `rtk init` replaces it by rtk's block). `base` is HOME
/// (`--global`) or the project folder; `rules` is the file rtk's block goes in.
pub fn instruction_host(agent: &str, base: &Path, rules: &Path) -> anyhow::Result<Vec<String>> {
    let mut lines = uninstall_only(agent, base)?;
    lines.retain(|l| !l.starts_with("no upstream rtk install found"));
    if agent == "kimi" && rules == base.join("AGENTS.md") {
        // Upstream's `rtk init --agent kimi` wrote its marked block into the project's
        // AGENTS.md (it had no user-wide install for Kimi). Before the `# RTK` section
        // below, which that block holds: cut there, its start marker would stay behind.
        lines.extend(strip_marked_block(rules)?);
    }
    lines.extend(strip_rules_section(rules)?);
    Ok(lines)
}

/// Where upstream's `<!-- rtk-instructions v2 -->` … `<!-- /rtk-instructions -->` block is in
/// `text` (whole lines; the blank line before it included), if both markers are there in order.
/// rtk's own markers (`<!-- rtk-instructions:begin -->`) are not upstream's.
fn upstream_block(text: &str) -> Option<std::ops::Range<usize>> {
    let mut at = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        let end = at + line.len();
        match start {
            None => {
                let rest = t.strip_prefix("<!-- rtk-instructions");
                if rest.is_some_and(|r| r.starts_with(' ') || r.starts_with("-->")) {
                    start = Some(at);
                }
            }
            Some(s) if t.starts_with("<!-- /rtk-instructions") => {
                let before = &text[..s];
                let s = if before.ends_with("\n\n") { s - 1 } else { s };
                return Some(s..end);
            }
            Some(_) => {}
        }
        at = end;
    }
    None
}

/// Removes upstream's marked instruction block from `f`; the file goes when nothing else is
/// left in it, else it is backed up first.
fn strip_marked_block(f: &Path) -> anyhow::Result<Option<String>> {
    let Ok(text) = std::fs::read_to_string(f) else {
        return Ok(None);
    };
    let Some(r) = upstream_block(&text) else {
        return Ok(None);
    };
    let kept = format!("{}{}", &text[..r.start], &text[r.end..]);
    if kept.trim().is_empty() {
        std::fs::remove_file(f).with_context(|| format!("cannot remove {}", f.display()))?;
        return Ok(Some(format!("removed upstream rtk's {}", f.display())));
    }
    let b = files::backup(f)?;
    files::write_atomic(f, kept.as_bytes())?;
    Ok(Some(format!(
        "removed upstream rtk's instruction block from {}{}",
        f.display(),
        backup_note(b)
    )))
}

/// Removes upstream's install for an agent. `base` is HOME (`--global`) or the project folder.
pub fn uninstall_only(agent: &str, base: &Path) -> anyhow::Result<Vec<String>> {
    let mut lines = Vec::new();
    match agent {
        "trae" => {
            let spec = entries::HookSpec {
                event: "PreToolUse",
                legacy_events: &[],
                matcher: Some("RunCommand"),
                command: "rtk hook trae",
                entry: || serde_json::json!({"type": "command", "command": "rtk hook trae"}),
                new_file_keys: serde_json::Map::new,
            };
            lines.extend(hook_file(&base.join(".trae/hooks.json"), &spec)?);
        }
        "antigravity" => {
            let dir = base.join(".gemini/config/plugins/rtk");
            let manifest = std::fs::read_to_string(dir.join("plugin.json")).unwrap_or_default();
            let ours = serde_json::from_str::<serde_json::Value>(&manifest)
                .is_ok_and(|v| v.get("name").and_then(|n| n.as_str()) == Some("rtk"));
            if ours {
                std::fs::remove_dir_all(&dir)
                    .with_context(|| format!("cannot remove {}", dir.display()))?;
                lines.push(format!("removed upstream rtk's {}", dir.display()));
                for d in [".gemini/config/plugins", ".gemini/config"] {
                    let _ = std::fs::remove_dir(base.join(d));
                }
            }
        }
        "windsurf" | "cline" => {
            let name = if agent == "windsurf" {
                ".windsurfrules"
            } else {
                ".clinerules"
            };
            lines.extend(strip_rules_section(&base.join(name))?);
        }
        _ => {}
    }
    if lines.is_empty() {
        lines.push("no upstream rtk install found; nothing changed".into());
    }
    Ok(lines)
}

/// Upstream's rules section (from its `# RTK` heading to the end, where it appends it): the
/// file goes when that is all it holds, else the rest is kept (backed up first).
fn strip_rules_section(f: &Path) -> anyhow::Result<Option<String>> {
    let Ok(text) = std::fs::read_to_string(f) else {
        return Ok(None);
    };
    let Some(at) = text
        .match_indices("# RTK\n")
        .map(|(i, _)| i)
        .find(|&i| i == 0 || text[..i].ends_with('\n'))
        .filter(|&i| text[i..].contains("rtk bypass"))
    else {
        return Ok(None);
    };
    let kept = text[..at].trim_end();
    if kept.is_empty() {
        std::fs::remove_file(f).with_context(|| format!("cannot remove {}", f.display()))?;
        return Ok(Some(format!("removed upstream rtk's {}", f.display())));
    }
    let b = files::backup(f)?;
    files::write_atomic(f, format!("{kept}\n").as_bytes())?;
    Ok(Some(format!(
        "removed upstream rtk's section from {}{}",
        f.display(),
        backup_note(b)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtk_commands_are_recognized() {
        for c in [
            "rtk hook claude",
            "/home/u/.gemini/hooks/rtk-hook-gemini.sh",
            "bash \"/home/u/.claude/hooks/rtk-rewrite.sh\"",
            "C:\\u\\.claude\\hooks\\rtk-rewrite.sh",
            "/usr/local/bin/rtk hook gemini",
        ] {
            assert!(entries::is_rtk_command(c), "{c}");
        }
        for c in [
            "my-hook.sh",
            "rtkx hook",
            "echo rtk hook",
            "/x/rtk-rewrite.sh.bak",
        ] {
            assert!(!entries::is_rtk_command(c), "{c}");
        }
    }

    #[test]
    fn references_and_blocks_go_user_text_stays() {
        let text = "# My notes\n\nBe nice.\n\n@RTK.md\n";
        assert_eq!(without_refs(text), "# My notes\n\nBe nice.\n");
        assert_eq!(without_refs("@/h/.codex/RTK.md\n"), "");
        let copilot = "Mine\n<!-- rtk-instructions v2 -->\n# RTK\nrtk gain\n<!-- /rtk-instructions -->\nMore\n";
        assert_eq!(without_refs(copilot), "Mine\nMore\n");
        assert_eq!(without_refs("see @RTK.md here\n"), "see @RTK.md here\n");
    }

    #[test]
    fn owned_files_are_removed_only_when_they_mention_rtk() {
        let d = tempfile::tempdir().unwrap();
        let mine = d.path().join("GEMINI.md");
        std::fs::write(&mine, "# my own gemini notes; I use rtk gain\n").unwrap();
        assert!(remove_if_mentions(&mine, "rtk bypass").unwrap().is_none());
        assert!(mine.exists());
        std::fs::write(&mine, "Re-run as `rtk bypass <cmd>`\n").unwrap();
        assert!(remove_if_mentions(&mine, "rtk bypass").unwrap().is_some());
        assert!(!mine.exists());
    }

    #[test]
    fn upstreams_marked_block_is_found_and_rtks_own_is_not() {
        let up = "<!-- rtk-instructions v2 -->\n# RTK\nUse rtk.\n<!-- /rtk-instructions -->\n";
        let text = format!("# Mine\n\n{up}after\n");
        let r = upstream_block(&text).unwrap();
        assert_eq!(
            format!("{}{}", &text[..r.start], &text[r.end..]),
            "# Mine\nafter\n"
        );
        let ours = "<!-- rtk-instructions:begin -->\nx\n<!-- rtk-instructions:end -->\n";
        assert_eq!(upstream_block(ours), None);
        // A start marker without its end is left alone.
        assert_eq!(upstream_block("<!-- rtk-instructions v2 -->\nx\n"), None);
    }

    #[test]
    fn rules_sections_go_user_rules_stay() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join(".clinerules");
        let section = "# RTK\n\nPrefix with rtk.\nRe-run as `rtk bypass <cmd>`.\n";
        std::fs::write(&f, format!("# Mine\nbe brief\n\n{section}")).unwrap();
        assert!(strip_rules_section(&f).unwrap().is_some());
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "# Mine\nbe brief\n");
        std::fs::write(&f, section).unwrap();
        assert!(strip_rules_section(&f).unwrap().is_some());
        assert!(!f.exists());
        std::fs::write(&f, "# RTK\nmy own notes on rtk\n").unwrap();
        assert!(strip_rules_section(&f).unwrap().is_none());
    }

    #[test]
    fn claude_md_left_blank_is_removed_and_edited_one_backed_up() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("CLAUDE.md");
        std::fs::write(&f, "@RTK.md\n").unwrap();
        assert!(strip_refs(&f).unwrap().is_some());
        assert!(!f.exists());
        std::fs::write(&f, "# Mine\n\n@RTK.md\n").unwrap();
        assert!(strip_refs(&f).unwrap().is_some());
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "# Mine\n");
        assert!(d.path().join("CLAUDE.md.rtk-bak").exists());
    }
}
