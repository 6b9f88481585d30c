//! One descriptor per agent host: its name, whose rule files judge its commands, who holds
//! permission authority, how it asks rtk (a `rtk hook <name>` JSON answer or a plugin calling
//! `rtk rewrite`) and its "do nothing" answer, where `rtk init` installs it, and its docs.
//! `rtk init`, `rtk hook`, `rtk hook check` and `rtk rewrite --host` all read [`AGENTS`]; the
//! per-agent code (rules, read-only table and hook answer in `hosts/<agent>/`, found by
//! `hosts::of`; installers in `init/`) is found from the [`Agent`] key. Data only: imports nothing of the crate.

pub mod plugins;
mod table;

pub use plugins::PluginSpec;
pub use table::AGENTS;

use serde_json::{Map, Value};

/// The agent hosts rtk knows, in [`AGENTS`]' order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agent {
    Claude,
    Cursor,
    Gemini,
    Copilot,
    Codex,
    Droid,
    Vibe,
    OpenClaw,
    Pi,
    Hermes,
    OpenCode,
    Qwen,
    Cline,
    KiloCode,
    Windsurf,
    Trae,
    Antigravity,
    Kimi,
    Omp,
}

/// Who holds authority over whether a rewritten command runs without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authority {
    /// rtk asserts the verdict from the host's rules; Default never becomes allow (#1155).
    Rtk,
    /// The host applies its own policy to whatever runs; rtk asserts nothing but deny.
    Host,
}

/// Whose rule files judge an agent's commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Its own files, read by `hosts/<name>/rules.rs`.
    Own,
    /// rtk reads no rules for it (the host applies its own policy, or has none rtk can read).
    None,
    /// Another host's files (with that host's authority): see the agent's `docs`.
    Of(Agent),
}

/// The answer that changes nothing, for malformed or unexpected input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nothing {
    /// No output at all.
    Silent,
    /// `{}` (hosts that expect a JSON object on every call).
    EmptyObject,
}

/// How the agent asks rtk.
#[derive(Debug, Clone, Copy)]
pub enum Asks {
    /// `rtk hook <name>`: a JSON payload on stdin, the host's JSON answer on stdout
    /// (`hosts/<name>/answer.rs`). `about` is its line in `rtk hook --help`.
    Hook {
        about: &'static str,
        nothing: Nothing,
    },
    /// Its plugin runs `rtk rewrite <args> -- <command>` and reads the exit code and stdout.
    Rewrite { args: &'static str },
    /// It does not ask: the model is told in the host's rules or context file to type `rtk`
    /// in front of some commands (`init::instructions`).
    Instructions,
}

/// A hook entry in a host's JSON config.
#[derive(Debug, Clone)]
pub struct HookSpec {
    /// Event key under `hooks` (`PreToolUse`, `preToolUse`, `BeforeTool`).
    pub event: &'static str,
    /// Other event keys rtk once used and removes on install ("self-heal").
    pub legacy_events: &'static [&'static str],
    /// `Some(matcher)` for the nested layout, `None` for flat.
    pub matcher: Option<&'static str>,
    /// The command rtk installs (`rtk hook claude`).
    pub command: &'static str,
    /// The full entry to add (nested: the inner hook object; flat: the entry itself).
    pub entry: fn() -> Value,
    /// Top-level keys to add to a config rtk creates (e.g. `version: 1`).
    pub new_file_keys: fn() -> Map<String, Value>,
}

/// A user-wide location.
#[derive(Debug, Clone, Copy)]
pub enum Place {
    /// `$var` when set (`None`: no variable), else `$HOME/<home>`; then `<file>` inside it.
    Dir {
        var: Option<&'static str>,
        home: &'static str,
        file: &'static str,
    },
    /// `$XDG_CONFIG_HOME/<file>` (else `~/.config/<file>`).
    XdgConfig(&'static str),
    /// Found by the installer's own rules (several variables, or a file that may exist):
    /// `init::target` names them.
    Special,
}

/// What `rtk init` installs for the agent, and where. `project: None` = user-wide only.
#[derive(Debug)]
pub enum Install {
    /// A hook entry in a JSON file.
    Json {
        hook: HookSpec,
        global: Place,
        project: Option<&'static str>,
    },
    /// A `[[hooks]]` block in Vibe's `hooks.toml`.
    VibeToml {
        global: Place,
        project: Option<&'static str>,
    },
    /// rtk's marked instruction block in a rules or context file (`init::instructions`).
    /// `global: None` = project only (the host has no user-wide file rtk may edit).
    Instructions {
        global: Option<Place>,
        project: &'static str,
    },
    /// Plugin files copied into a folder (and switched on in the host's config where needed).
    Plugin {
        plugin: &'static PluginSpec,
        global: Place,
        project: Option<&'static str>,
    },
}

/// Everything rtk knows about one agent host, in one place.
#[derive(Debug)]
pub struct Descriptor {
    pub agent: Agent,
    /// `rtk init --agent`, `rtk hook <name>`, `rtk hook check --agent`, `rtk rewrite --host`.
    pub name: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    /// Whose rule files judge its commands.
    pub rules: Rules,
    pub authority: Authority,
    /// `rtk rewrite --host <name>` (and `RTK_REWRITE_HOST`) accept it.
    pub rewrite_host: bool,
    /// The host applies its own rules to the **rewritten** command, rules written for the
    /// original: where one of them could match the line in either form, a rewrite could change
    /// the host's verdict, so rtk leaves the line alone (issue 22).
    pub rejudges_rewrite: bool,
    /// Its shell resets PATH (a login `bash -lc`): the rewrite names rtk by its absolute path.
    pub absolute_rtk: bool,
    pub asks: Asks,
    pub install: Install,
    /// Its section in docs/guide/getting-started/supported-agents.md.
    pub docs: &'static str,
    /// What the user must still do after `rtk init` installs it (said once, by `rtk init`).
    pub after_install: Option<&'static str>,
}

impl Agent {
    /// Every agent, in [`AGENTS`]' order.
    pub fn all() -> impl Iterator<Item = Agent> {
        AGENTS.iter().map(|d| d.agent)
    }

    /// The hosts `rtk rewrite --host` answers for.
    pub fn hosts() -> impl Iterator<Item = Agent> {
        AGENTS.iter().filter(|d| d.rewrite_host).map(|d| d.agent)
    }

    /// The agents `rtk hook <name>` answers for.
    pub fn hooked() -> impl Iterator<Item = Agent> {
        AGENTS
            .iter()
            .filter(|d| matches!(d.asks, Asks::Hook { .. }))
            .map(|d| d.agent)
    }

    /// Hook entries installed beside the descriptor's own, in the same file (Claude's
    /// `PostToolUse` for Read and MCP tools: `hosts/claude/post_read`, `hosts/claude/post_mcp`).
    pub fn more_hooks(self) -> &'static [HookSpec] {
        match self {
            Agent::Claude => std::slice::from_ref(&table::CLAUDE_POST_TOOL),
            _ => &[],
        }
    }

    pub fn descriptor(self) -> &'static Descriptor {
        AGENTS
            .iter()
            .find(|d| d.agent == self)
            .expect("every agent has a descriptor (tested)")
    }

    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// Exact, case-sensitive lookup by name or alias.
    pub fn from_name(name: &str) -> Option<Agent> {
        AGENTS
            .iter()
            .find(|d| d.name == name || d.aliases.contains(&name))
            .map(|d| d.agent)
    }

    /// [`Agent::from_name`] among the `--host` hosts.
    pub fn host_named(name: &str) -> Option<Agent> {
        Agent::from_name(name).filter(|a| a.descriptor().rewrite_host)
    }

    /// [`Agent::from_name`] among the `rtk hook` agents.
    pub fn hook_named(name: &str) -> Option<Agent> {
        Agent::from_name(name).filter(|a| matches!(a.descriptor().asks, Asks::Hook { .. }))
    }

    pub fn authority(self) -> Authority {
        self.descriptor().authority
    }

    pub fn rejudges_rewrite(self) -> bool {
        self.descriptor().rejudges_rewrite
    }

    /// The host whose rules (and authority) judge this agent's commands, `None` when rtk reads
    /// no rules for it.
    pub fn judged_by(self) -> Option<Agent> {
        match self.descriptor().rules {
            Rules::Own => Some(self),
            Rules::None => None,
            Rules::Of(other) => Some(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: [Agent; 19] = [
        Agent::Claude,
        Agent::Cursor,
        Agent::Gemini,
        Agent::Copilot,
        Agent::Codex,
        Agent::Droid,
        Agent::Vibe,
        Agent::OpenClaw,
        Agent::Pi,
        Agent::Hermes,
        Agent::OpenCode,
        Agent::Qwen,
        Agent::Cline,
        Agent::KiloCode,
        Agent::Windsurf,
        Agent::Trae,
        Agent::Antigravity,
        Agent::Kimi,
        Agent::Omp,
    ];

    #[test]
    fn each_agent_has_exactly_one_descriptor_and_names_are_unique() {
        for agent in EVERY {
            assert_eq!(
                AGENTS.iter().filter(|d| d.agent == agent).count(),
                1,
                "{agent:?}"
            );
        }
        assert_eq!(AGENTS.len(), EVERY.len());
        let mut names: Vec<&str> = AGENTS
            .iter()
            .flat_map(|d| std::iter::once(d.name).chain(d.aliases.iter().copied()))
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
        for agent in EVERY {
            assert_eq!(Agent::from_name(agent.name()), Some(agent));
        }
        assert_eq!(Agent::from_name("Claude"), None);
    }

    #[test]
    fn rules_of_another_host_name_a_host_that_reads_its_own() {
        for d in &AGENTS {
            if let Rules::Of(other) = d.rules {
                assert_eq!(other.descriptor().rules, Rules::Own, "{}", d.name);
                assert_ne!(other, d.agent, "{}", d.name);
            }
        }
    }

    #[test]
    fn a_host_with_authority_is_never_judged_by_rtk_s_reading_of_rules() {
        // Authority::Host means rtk asserts nothing but deny: such a host must not also claim
        // rules rtk would turn into an allow.
        for d in AGENTS.iter().filter(|d| d.authority == Authority::Host) {
            assert_eq!(d.rules, Rules::None, "{}", d.name);
        }
    }

    #[test]
    fn the_hook_installed_is_the_hook_rtk_answers() {
        for d in &AGENTS {
            if let Install::Json { hook, .. } = &d.install {
                assert_eq!(hook.command, format!("rtk hook {}", d.name));
                assert!(Agent::hook_named(d.name).is_some(), "{}", d.name);
            }
        }
    }

    #[test]
    fn a_plugin_calls_rtk_rewrite_with_the_arguments_its_descriptor_names() {
        for d in &AGENTS {
            let (Asks::Rewrite { args }, Install::Plugin { plugin, .. }) = (d.asks, &d.install)
            else {
                continue;
            };
            // The argv the plugin's own code builds: `"rewrite", <args…>, "--"`.
            let words: Vec<String> = std::iter::once("rewrite")
                .chain(args.split_whitespace())
                .chain(["--"])
                .map(|w| format!("\"{w}\""))
                .collect();
            let call = words.join(", ");
            assert!(
                plugin.files.iter().any(|(_, text)| text.contains(&call)),
                "{}: no file of its plugin runs rtk with [{call}, …]",
                d.name
            );
        }
    }
}
