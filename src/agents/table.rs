//! [`AGENTS`]: the descriptor of every agent host rtk supports (see the module header of
//! `agents`). Adding an agent starts here.

use serde_json::{json, Map, Value};

use super::plugins;
use super::{Agent, Asks, Authority, Descriptor, HookSpec, Install, Nothing, Place, Rules};

const DOCS: &str = "docs/guide/getting-started/supported-agents.md";

fn no_keys() -> Map<String, Value> {
    Map::new()
}

fn version_1() -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("version".into(), json!(1));
    m
}

/// A hook in the nested layout (`hooks.<event>[].{matcher, hooks[]}`).
const fn nested(
    event: &'static str,
    matcher: &'static str,
    command: &'static str,
    entry: fn() -> Value,
) -> HookSpec {
    HookSpec {
        event,
        legacy_events: &[],
        matcher: Some(matcher),
        command,
        entry,
        new_file_keys: no_keys,
    }
}

/// `$HOME/<home>/<file>`.
const fn in_home(home: &'static str, file: &'static str) -> Place {
    Place::Dir {
        var: None,
        home,
        file,
    }
}

/// Claude Code's `PostToolUse` entry for Read (shortens re-reads the model already has) and MCP
/// tools (pretty-printed JSON given minified): `hosts/claude/post_read`, `hosts/claude/post_mcp`.
pub static CLAUDE_POST_TOOL: HookSpec = nested(
    "PostToolUse",
    "Read|mcp__.*",
    "rtk hook claude",
    || json!({"type": "command", "command": "rtk hook claude"}),
);

pub static AGENTS: [Descriptor; 19] = [
    Descriptor {
        agent: Agent::Claude,
        name: "claude",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Claude Code PreToolUse (Bash) and PostToolUse (Read, MCP tools)",
            nothing: Nothing::Silent,
        },
        install: Install::Json {
            hook: nested(
                "PreToolUse",
                "Bash",
                "rtk hook claude",
                || json!({"type": "command", "command": "rtk hook claude"}),
            ),
            global: Place::Dir {
                var: Some("CLAUDE_CONFIG_DIR"),
                home: ".claude",
                file: "settings.json",
            },
            project: Some(".claude/settings.json"),
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Cursor,
        name: "cursor",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Cursor preToolUse / beforeShellExecution",
            nothing: Nothing::EmptyObject,
        },
        install: Install::Json {
            hook: HookSpec {
                event: "preToolUse",
                legacy_events: &[],
                matcher: None,
                command: "rtk hook cursor",
                entry: || json!({"command": "rtk hook cursor", "matcher": "Shell"}),
                new_file_keys: version_1,
            },
            global: in_home(".cursor", "hooks.json"),
            project: Some(".cursor/hooks.json"),
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Gemini,
        name: "gemini",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: true,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Gemini CLI BeforeTool (run_shell_command)",
            nothing: Nothing::EmptyObject,
        },
        install: Install::Json {
            hook: nested(
                "BeforeTool",
                "run_shell_command",
                "rtk hook gemini",
                || json!({"type": "command", "command": "rtk hook gemini", "name": "rtk"}),
            ),
            global: in_home(".gemini", "settings.json"),
            project: Some(".gemini/settings.json"),
        },
        docs: DOCS,
        after_install: None,
    },
    // rtk reads Copilot CLI's `--deny-tool`/`--allow-tool` shell rules from its command line
    // (`hosts::claude::cli`) and no other Copilot rule file (a settings file holding `permissions`
    // closes its read-only table: `hosts::copilot::read_only::gate`). Claude's files are read only so
    // that a Claude **deny** makes the hook step aside (Copilot CLI reads
    // `.claude/settings.json` as repo settings); stepping aside never loosens anything. The
    // hook asserts `allow` only from Copilot's own read-only table, never from a Claude allow
    // rule. `rtk rewrite --host copilot --explain` shows that table's answer per segment.
    Descriptor {
        agent: Agent::Copilot,
        name: "copilot",
        aliases: &[],
        rules: Rules::Of(Agent::Claude),
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "GitHub Copilot: VS Code (PascalCase) and Copilot CLI (camelCase) shapes",
            nothing: Nothing::Silent,
        },
        install: Install::Json {
            // PascalCase only: registering both casings runs the hook twice per call; an old
            // camelCase rtk entry is removed on install.
            hook: HookSpec {
                event: "PreToolUse",
                legacy_events: &["preToolUse"],
                matcher: None,
                command: "rtk hook copilot",
                entry: || {
                    json!({"type": "command", "bash": "rtk hook copilot",
                           "powershell": "rtk hook copilot", "timeoutSec": 10})
                },
                new_file_keys: version_1,
            },
            global: in_home(".copilot", "hooks/rtk.json"),
            project: Some(".github/hooks/rtk.json"),
        },
        docs: DOCS,
        after_install: None,
    },
    // Codex's execpolicy `.rules` files; its approval policy, execpolicy and sandbox judge the
    // rewritten command, so only what no rule matches in either form is rewritten. It runs
    // commands through `bash -lc`, whose /etc/profile resets PATH (issue 22).
    Descriptor {
        agent: Agent::Codex,
        name: "codex",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: true,
        absolute_rtk: true,
        asks: Asks::Hook {
            about: "OpenAI Codex CLI PreToolUse",
            nothing: Nothing::Silent,
        },
        install: Install::Json {
            hook: nested(
                "PreToolUse",
                "Bash",
                "rtk hook codex",
                || json!({"type": "command", "command": "rtk hook codex"}),
            ),
            global: Place::Dir {
                var: Some("CODEX_HOME"),
                home: ".codex",
                file: "hooks.json",
            },
            project: Some(".codex/hooks.json"),
        },
        docs: DOCS,
        after_install: Some(
            "Codex runs a hook only once you trust it: open Codex, run /hooks and trust \
             `rtk hook codex` (an untrusted hook is skipped without a word); the project must be \
             trusted too (`[projects.\"<dir>\"] trust_level = \"trusted\"` in ~/.codex/config.toml) \
             for a project's .codex/hooks.json to load",
        ),
    },
    // Droid reads hooks from hooks.json when it exists, else from settings.json (both places:
    // `init::target`).
    Descriptor {
        agent: Agent::Droid,
        name: "droid",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Factory Droid PreToolUse (Execute)",
            nothing: Nothing::Silent,
        },
        install: Install::Json {
            hook: nested(
                "PreToolUse",
                "Execute",
                "rtk hook droid",
                // Droid drops the model's risk level from a command a hook changed (and then
                // asks); kept, it judges `rtk git log` as it would `git log`.
                || json!({"type": "command", "command": "rtk hook droid", "preserveRiskLevel": true}),
            ),
            global: Place::Special,
            project: None,
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Vibe,
        name: "vibe",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Mistral Vibe pre_tool hook (file_system.bash)",
            nothing: Nothing::Silent,
        },
        install: Install::VibeToml {
            global: in_home(".vibe", "hooks.toml"),
            project: Some(".vibe/hooks.toml"),
        },
        docs: DOCS,
        after_install: Some(
            "Vibe judges the rewritten line with its own [tools.bash] rules, so rtk rewrites a \
             command only where those rules allow both it and its rtk form: with Vibe's default \
             allowlist nothing is rewritten. Allowlist the rtk forms you want compacted next to \
             the originals (\"git show\", \"rtk git show\"), or use permission = \"always\" \
             (docs/guide/getting-started/supported-agents.md, Mistral Vibe)",
        ),
    },
    // OpenClaw loads plugins per gateway: its state folder's `extensions/`, enabled in its one
    // config file. There is no project scope.
    Descriptor {
        agent: Agent::OpenClaw,
        name: "openclaw",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: true,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Rewrite {
            args: "--host openclaw",
        },
        install: Install::Plugin {
            plugin: &plugins::OPENCLAW,
            global: Place::Special,
            project: None,
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Pi,
        name: "pi",
        aliases: &[],
        rules: Rules::Of(Agent::Claude),
        authority: Authority::Rtk,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Rewrite { args: "" },
        install: Install::Plugin {
            plugin: &plugins::PI,
            global: Place::Dir {
                var: Some("PI_CODING_AGENT_DIR"),
                home: ".pi/agent",
                file: "extensions",
            },
            project: Some(".pi/extensions"),
        },
        docs: DOCS,
        after_install: None,
    },
    // Hermes loads project plugins only with HERMES_ENABLE_PROJECT_PLUGINS; rtk installs
    // user-wide, where `plugins.enabled` in config.yaml switches it on.
    Descriptor {
        agent: Agent::Hermes,
        name: "hermes",
        aliases: &[],
        rules: Rules::Of(Agent::Claude),
        authority: Authority::Rtk,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: true,
        asks: Asks::Rewrite { args: "--absolute" },
        install: Install::Plugin {
            plugin: &plugins::HERMES,
            global: Place::Special,
            project: None,
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::OpenCode,
        name: "opencode",
        aliases: &[],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: true,
        absolute_rtk: false,
        asks: Asks::Rewrite {
            args: "--host opencode",
        },
        install: Install::Plugin {
            plugin: &plugins::OPENCODE,
            global: Place::XdgConfig("opencode/plugins"),
            project: Some(".opencode/plugins"),
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Qwen,
        name: "qwen",
        aliases: &["qwen-code"],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        install: Install::Instructions {
            global: Some(in_home(".qwen", "QWEN.md")),
            project: "QWEN.md",
        },
        docs: DOCS,
        after_install: None,
    },
    // Cline 3.x runs every file named after a hook event in its hooks folders; the file rtk
    // copies there (`plugins/cline/`) calls `rtk hook cline`.
    Descriptor {
        agent: Agent::Cline,
        name: "cline",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Hook {
            about: "Cline PreToolUse (run_commands)",
            nothing: Nothing::Silent,
        },
        install: Install::Plugin {
            plugin: &plugins::CLINE,
            global: Place::Dir {
                var: Some("CLINE_DIR"),
                home: ".cline",
                file: "hooks",
            },
            project: Some(".cline/hooks"),
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::KiloCode,
        name: "kilocode",
        aliases: &["kilo"],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        install: Install::Instructions {
            global: Some(in_home(".kilocode/rules", "rtk-rules.md")),
            project: ".kilocode/rules/rtk-rules.md",
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Windsurf,
        name: "windsurf",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        install: Install::Instructions {
            global: Some(in_home(".codeium/windsurf/memories", "global_rules.md")),
            project: ".windsurfrules",
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Trae,
        name: "trae",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        install: Install::Instructions {
            global: None,
            project: ".trae/rules/project_rules.md",
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Antigravity,
        name: "antigravity",
        aliases: &[],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        install: Install::Instructions {
            global: None,
            project: ".agents/rules/rtk-rules.md",
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Kimi,
        name: "kimi",
        aliases: &["kimi-cli", "kimi-code"],
        rules: Rules::None,
        authority: Authority::Host,
        rewrite_host: false,
        rejudges_rewrite: false,
        absolute_rtk: false,
        asks: Asks::Instructions,
        // Kimi Code 2.x reads `$KIMI_CODE_HOME/AGENTS.md` (else `~/.kimi-code/AGENTS.md`)
        // user-wide, and `AGENTS.md` in every folder from the git root down to the working
        // directory.
        install: Install::Instructions {
            global: Some(Place::Dir {
                var: Some("KIMI_CODE_HOME"),
                home: ".kimi-code",
                file: "AGENTS.md",
            }),
            project: "AGENTS.md",
        },
        docs: DOCS,
        after_install: None,
    },
    Descriptor {
        agent: Agent::Omp,
        name: "omp",
        aliases: &["oh-my-pi"],
        rules: Rules::Own,
        authority: Authority::Rtk,
        rewrite_host: true,
        rejudges_rewrite: true,
        absolute_rtk: false,
        asks: Asks::Rewrite {
            args: "--host omp",
        },
        install: Install::Plugin {
            plugin: &plugins::OMP,
            global: Place::Dir {
                var: Some("PI_CODING_AGENT_DIR"),
                home: ".omp/agent",
                file: "extensions",
            },
            project: Some(".omp/extensions"),
        },
        docs: DOCS,
        after_install: None,
    },
];
