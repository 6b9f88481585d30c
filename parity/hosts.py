"""Per-host drivers: how each real CLI is pointed at the scripted model, how each rule setup is
written in that host's own rule files, how rtk is installed into it (`rtk init --agent <host>`),
and how the host's decision is read back from the tool result the model received.

Decisions: "ran" (the command executed), "ask" (the host wanted approval; non-interactive runs
refuse it), "denied" (a rule refused it), "error" (no decision could be read: a harness fault,
never counted as equal).
"""

import json
import shutil
from pathlib import Path

from corpus import SETUPS

INSTRUCTION = "Run the shell command you are given."


def codex_config(port, repo, trust="trusted"):
    """Codex's config.toml for a run against the scripted model on `port`: no update check, no
    plugins, apps or analytics, and `repo` trusted (or `trust`)."""
    return f"""model = "fake-model"
model_provider = "fake"
check_for_update_on_startup = false

[model_providers.fake]
name = "fake"
base_url = "http://127.0.0.1:{port}/v1"
wire_api = "responses"
env_key = "PARITY_API_KEY"

[features]
plugins = false
apps = false

[analytics]
enabled = false

[projects."{repo}"]
trust_level = "{trust}"
"""


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


class Host:
    name = ""
    setups = SETUPS
    init_args = ["--global"]
    # An instruction-file host: rtk has no hook there; `rtk init --agent <host>` (in the
    # project) writes instructions, and "with rtk" the model types the line they tell it to
    # (`instructed`).
    instructions = False
    # Setups the seeded sample (scripts/test.sh) leaves to the full run: ones that can only
    # come out equal on this host, so a sample pair there costs host time and proves little.
    unsampled = ()
    # Seconds one host run may take before it counts as no decision (at least run.py's default).
    run_timeout = 120

    def env(self, fx, port):
        return {}

    def prepare(self, fx, port, setup, cmd):
        """Write the host's config and the setup's rules into the fixture."""

    def argv(self, fx, exe):
        raise NotImplementedError

    def classify(self, fx, snap, stdout):
        raise NotImplementedError


class Claude(Host):
    """Claude Code: `claude -p`, Anthropic messages SSE, rules in .claude/settings.json."""

    name = "claude"
    setups = SETUPS + ["cli-allow", "cli-deny", "bypass"]

    def env(self, fx, port):
        return {
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
            "ANTHROPIC_API_KEY": "dummy",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_BUG_COMMAND": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "IS_SANDBOX": "1",  # bypassPermissions refuses root otherwise
        }

    def prepare(self, fx, port, setup, cmd):
        rule = f"Bash({cmd.rule}:*)"
        perms = {}
        if setup in ("allow", "untrusted", "subfolder"):
            perms = {"allow": [rule]}
        elif setup in ("deny", "ask"):
            perms = {setup: [rule]}
        if perms:
            _write(fx.repo / ".claude/settings.json", json.dumps({"permissions": perms}, indent=2))
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"
        trusted = {} if setup == "untrusted" else {str(fx.cwd): {"hasTrustDialogAccepted": True}}
        _write(
            fx.home / ".claude.json",
            json.dumps({"hasCompletedOnboarding": True, "projects": trusted}),
        )
        if setup == "cli-allow":
            fx.extra_args = ["--allowedTools", rule]
        elif setup == "cli-deny":
            fx.extra_args = ["--disallowedTools", rule]
        elif setup == "bypass":
            fx.extra_args = ["--permission-mode", "bypassPermissions"]

    def argv(self, fx, exe):
        return [exe, "-p", INSTRUCTION, "--output-format", "stream-json", "--verbose", *fx.extra_args]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        return self.classify_result(snap["results"][0])

    def classify_result(self, r):
        """The decision one tool result shows (differential.py reads one per call)."""
        if not r.startswith("[is_error]"):
            return "ran"
        if r.startswith("[is_error] Exit code"):
            return "ran"  # ran and failed
        if any(m in r for m in self.ASK):
            return "ask"
        if r.startswith("[is_error] Permission to use") and "denied" in r:
            return "denied"
        return "error"

    # What `claude -p` tells the model when a command needed approval it could not get.
    ASK = (
        "This command requires approval",
        "requested permissions to use Bash, but you haven't granted it yet",
        "require approval:",
        "requires approval:",
        " needs approval. ",  # a path-changing command (rm) in the working directory
        "can't be checked before it runs",  # command substitution
        # A path outside the session's working directories, and 2.1.260's words for rm inside it:
        # "<program> in '<dir>' was blocked. For security, Claude Code may only <verb> files
        # from/in the allowed working directories for this session …".
        "was blocked. For security, Claude Code may only ",
    )


class Codex(Host):
    """Codex: `codex exec --json`, OpenAI Responses SSE, execpolicy rules in rules/*.rules."""

    name = "codex"
    setups = SETUPS + ["project-deny"]
    DECISION = {"allow": "allow", "deny": "forbidden", "ask": "prompt"}

    def env(self, fx, port):
        return {"CODEX_HOME": str(fx.home / ".codex"), "PARITY_API_KEY": "dummy"}

    def prepare(self, fx, port, setup, cmd):
        trust = "untrusted" if setup == "untrusted" else "trusted"
        _write(fx.home / ".codex/config.toml", codex_config(port, fx.repo, trust))
        pattern = json.dumps(cmd.rule.split())
        if setup in self.DECISION:
            rule = f'prefix_rule(pattern={pattern}, decision="{self.DECISION[setup]}")\n'
            _write(fx.home / ".codex/rules/default.rules", rule)
        elif setup in ("untrusted", "subfolder", "project-deny"):
            rule = f'prefix_rule(pattern={pattern}, decision="forbidden")\n'
            _write(fx.repo / ".codex/rules/default.rules", rule)
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "approval required by policy" in r:
            return "ask"  # a `prompt` rule under `codex exec` (approvals: never)
        if "Rejected(" in r:
            return "denied"  # a `forbidden` rule, or Codex's own refusals (`rm -f`)
        if "Process exited with code" in r:
            return "ran"
        return "error"


class Gemini(Host):
    """Gemini CLI: `gemini -p`, streamGenerateContent SSE, policy-engine TOML rules and
    `tools.allowed` in settings.json."""

    name = "gemini"
    setups = SETUPS + ["tools-allowed"]
    DECISION = {"allow": "allow", "deny": "deny", "ask": "ask_user"}

    def env(self, fx, port):
        return {
            "GEMINI_API_KEY": "dummy",
            "GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
            "GEMINI_TELEMETRY_ENABLED": "false",
        }

    def prepare(self, fx, port, setup, cmd):
        settings = {
            "security": {
                "auth": {"selectedType": "gemini-api-key"},
                "folderTrust": {"enabled": setup == "untrusted"},
            },
            "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
        }
        allowed = {"tools": {"allowed": [f"run_shell_command({cmd.rule})"]}}
        if setup == "tools-allowed":
            settings.update(allowed)
        _write(fx.home / ".gemini/settings.json", json.dumps(settings, indent=2))
        if setup in ("untrusted", "subfolder"):
            _write(fx.repo / ".gemini/settings.json", json.dumps(allowed, indent=2))
        if setup == "untrusted":
            _write(fx.home / ".gemini/trustedFolders.json", "{}")
        if setup in self.DECISION:
            policy = f"""[[rule]]
toolName = "run_shell_command"
commandPrefix = {json.dumps(cmd.rule)}
decision = "{self.DECISION[setup]}"
priority = 500
"""
            if setup != "allow":
                # Deny and ask are written over an allow-all for the shell (otherwise
                # non-interactive mode withholds the shell tool and nothing is judged).
                policy += """
[[rule]]
toolName = "run_shell_command"
decision = "allow"
priority = 100
"""
            _write(fx.home / ".gemini/policies/parity.toml", policy)
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "-m", "gemini-2.5-flash", "-p", INSTRUCTION, "--output-format", "json"]

    def classify(self, fx, snap, stdout):
        if not snap["shell_offered"]:
            return "denied"  # non-interactive mode withholds a tool it would have to confirm
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "requires user confirmation" in r:
            return "ask"
        if "denied by policy" in r or r.startswith("Tool execution denied") or "blocked" in r:
            return "denied"
        if r.startswith("<untrusted_context>") or "Output:" in r:
            return "ran"
        return "error"


class OpenCode(Host):
    """OpenCode: `opencode run`, OpenAI chat completions (streaming), `permission.bash` patterns
    in opencode.json (last match wins); rtk is a plugin calling `rtk rewrite`."""

    name = "opencode"
    setups = ["none", "allow", "deny", "ask", "subfolder"]

    def env(self, fx, port):
        return {
            "OPENCODE_DISABLE_AUTOUPDATE": "1",
            "OPENCODE_DISABLE_MODELS_FETCH": "1",
            "OPENCODE_DISABLE_SHARE": "1",
            "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
            "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
            "OPENCODE_DISABLE_CLAUDE_CODE": "1",
        }

    def prepare(self, fx, port, setup, cmd):
        config = {
            "$schema": "https://opencode.ai/config.json",
            "model": "fake/fake-model",
            "autoupdate": False,
            "share": "disabled",
            "provider": {
                "fake": {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": "fake",
                    "options": {"baseURL": f"http://127.0.0.1:{port}/v1", "apiKey": "dummy"},
                    "models": {"fake-model": {"name": "fake-model", "tool_call": True}},
                }
            },
        }
        exact, prefix = cmd.rule, cmd.rule + " *"
        bash = {
            "allow": {"*": "ask", exact: "allow", prefix: "allow"},
            "deny": {"*": "allow", exact: "deny", prefix: "deny"},
            "ask": {"*": "allow", exact: "ask", prefix: "ask"},
            "subfolder": {"*": "allow", exact: "deny", prefix: "deny"},
        }.get(setup)
        if bash and setup != "subfolder":
            config["permission"] = {"bash": bash}
        confdir = fx.home / ".config/opencode"
        _write(confdir / "opencode.json", json.dumps(config, indent=2))
        # OpenCode installs its plugin SDK into the config folder at start (from the npm
        # registry); the installer put that same package in .cache, so nothing is fetched.
        deps = Path(fx.paths["opencode-plugin-deps"])
        for name in ("package.json", "package-lock.json"):
            shutil.copy(deps / name, confdir / name)
        (confdir / "node_modules").symlink_to(deps / "node_modules")
        if setup == "subfolder":
            _write(fx.repo / "opencode.json", json.dumps({"permission": {"bash": bash}}, indent=2))
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "run", "--print-logs", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            # `opencode run` auto-rejects an ask and ends the session without a tool result.
            return "ask" if "auto-rejecting" in stdout else "error"
        r = snap["results"][0]
        if r.startswith("The user has specified a rule which prevents you"):
            return "denied"
        if r.startswith("The user rejected permission"):
            return "ask"
        return "ran"


class Pi(Host):
    """Pi: `pi -p`, OpenAI chat completions; no permission rules of its own (every command
    runs), so parity means: it still runs, and it runs the rtk form."""

    name = "pi"
    setups = ["none", "subfolder"]

    def env(self, fx, port):
        return {"PI_OFFLINE": "1"}

    def prepare(self, fx, port, setup, cmd):
        models = {
            "providers": {
                "fake": {
                    "baseUrl": f"http://127.0.0.1:{port}/v1",
                    "api": "openai-completions",
                    "apiKey": "dummy",
                    "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                    "models": [{"id": "fake-model"}],
                }
            }
        }
        _write(fx.home / ".pi/agent/models.json", json.dumps(models, indent=2))
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "--offline", "--no-session", "--provider", "fake", "--model", "fake-model", "-p", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        return "ran"


class Hermes(Host):
    """Hermes: `hermes -z`, OpenAI chat completions; its rules are `approvals.deny` globs and
    its dangerous-command approvals; rtk is a plugin enabled in config.yaml."""

    name = "hermes"
    setups = ["none", "deny", "subfolder"]

    def env(self, fx, port):
        # Its lazy installs (a first run pip-installs edge-tts from PyPI) are sealed off.
        return {
            "HERMES_HOME": str(fx.home / ".hermes"),
            "TIRITH_ENABLED": "false",
            "HERMES_DISABLE_LAZY_INSTALLS": "1",
        }

    def prepare(self, fx, port, setup, cmd):
        config = f"""model:
  provider: custom
  base_url: http://127.0.0.1:{port}/v1
  default: fake-model
  api_key: dummy
  context_length: 128000
"""
        if setup == "deny":
            config += f"""approvals:
  deny:
    - {json.dumps(cmd.rule)}
    - {json.dumps(cmd.rule + " *")}
"""
        _write(fx.home / ".hermes/config.yaml", config)
        # A fresh models.dev cache: otherwise Hermes fetches the catalogue from the network.
        _write(
            fx.home / ".hermes/models_dev_cache.json",
            json.dumps({"custom": {"id": "custom", "name": "custom", "models": {}}}),
        )
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "-z", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "BLOCKED: this command matches the user-defined deny rule" in r or "BLOCKED (hardline)" in r:
            return "denied"
        if "BLOCKED" in r:
            return "ask"
        if '"exit_code"' in r:
            return "ran"
        return "error"


class Vibe(Host):
    """Mistral Vibe: `vibe -p`, OpenAI chat completions; its rules are `[tools.bash]`
    `allowlist` / `denylist` prefixes (the default allowlist holds read-only commands), and
    `permission = "always"`. Vibe judges the line rtk's hook hands back, so rtk rewrites only
    where the rtk form gets the same verdict: `allow-rtk` allowlists both forms of the rule,
    `always` allows every command but what a list or guardrail stops."""

    name = "vibe"
    setups = ["none", "allow", "deny", "subfolder", "allow-rtk", "always"]

    def env(self, fx, port):
        return {"PARITY_API_KEY": "dummy"}

    def prepare(self, fx, port, setup, cmd):
        config = f"""active_model = "fake"
enable_telemetry = false
enable_update_checks = false
enable_auto_update = false

[[providers]]
name = "local"
api_base = "http://127.0.0.1:{port}/v1"
api_key_env_var = "PARITY_API_KEY"
api_style = "openai"
backend = "generic"

[[models]]
name = "fake-model"
provider = "local"
alias = "fake"
"""
        if setup == "allow":
            config += f"\n[tools.bash]\nallowlist = [{json.dumps(cmd.rule)}]\n"
        elif setup == "deny":
            config += f"\n[tools.bash]\ndenylist = [{json.dumps(cmd.rule)}]\n"
        elif setup == "allow-rtk":
            both = json.dumps([cmd.rule, "rtk " + cmd.rule])
            config += f"\n[tools.bash]\nallowlist = {both}\n"
        elif setup == "always":
            config += '\n[tools.bash]\npermission = "always"\n'
        _write(fx.home / ".vibe/config.toml", config)
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "-p", INSTRUCTION, "--output", "json"]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "matches denylist pattern" in r:
            return "denied"
        if "denied by approval callback" in r:
            return "ask"  # `vibe -p` refuses what it would have asked about
        if '"returncode"' in r:
            return "ran"
        return "error"


class Copilot(Host):
    """GitHub Copilot CLI: `copilot -p` in offline BYOK mode (OpenAI chat completions); its
    rules are `--allow-tool` / `--deny-tool` `shell(<prefix>)` options."""

    name = "copilot"
    setups = ["none", "allow", "deny", "allow-all"]

    def env(self, fx, port):
        return {
            "COPILOT_PROVIDER_BASE_URL": f"http://127.0.0.1:{port}/v1",
            "COPILOT_PROVIDER_API_KEY": "dummy",
            "COPILOT_MODEL": "fake-model",
            "COPILOT_OFFLINE": "true",
            "COPILOT_AUTO_UPDATE": "false",
        }

    def prepare(self, fx, port, setup, cmd):
        # Copilot unpacks its package into $XDG_CACHE_HOME/copilot/pkg/<platform>/<version>/ at
        # the first start in a HOME (~13 s for 1.0.82): every run shares one unpacked copy.
        pkg = fx.home / ".cache/copilot/pkg"
        pkg.parent.mkdir(parents=True, exist_ok=True)
        shared = Path(__file__).resolve().parent.parent / ".cache/copilot-pkg"
        shared.mkdir(parents=True, exist_ok=True)
        pkg.symlink_to(shared)
        rule = f"shell({cmd.rule})"
        fx.extra_args = {
            "allow": ["--allow-tool", rule],
            "deny": ["--allow-all-tools", "--deny-tool", rule],
            "allow-all": ["--allow-all-tools"],
        }.get(setup, [])

    def argv(self, fx, exe):
        return [exe, "-p", INSTRUCTION, "--no-auto-update", *fx.extra_args]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        return self.classify_result(snap["results"][0])

    def classify_result(self, r):
        """The decision one tool result shows (differential.py reads one per call)."""
        if r.startswith("Permission to run this tool was denied due to the following rules"):
            return "denied"
        if r.startswith("Permission denied because no interactive user response was available"):
            return "ask"
        if r.startswith("Permission denied and could not request permission from user"):
            return "ask"  # 1.0.82's words for the same refusal
        if "completed with exit code" in r:
            return "ran"
        return "error"


class Droid(Host):
    """Factory Droid: `droid exec` with a BYOK custom model (OpenAI chat completions) in airgap
    mode; its rules are `commandAllowlist` / `commandDenylist` in settings.json and `--auto`."""

    name = "droid"
    setups = ["none", "allow", "deny", "auto-high"]

    def env(self, fx, port):
        return {"FACTORY_AIRGAP_ENABLED": "true", "DO_NOT_TRACK": "1", "FACTORY_DISABLE_DYNAMIC_CONFIG": "1"}

    def prepare(self, fx, port, setup, cmd):
        settings = {
            "customModels": [
                {
                    "model": "fake-model",
                    "displayName": "fake",
                    "baseUrl": f"http://127.0.0.1:{port}/v1",
                    "apiKey": "dummy",
                    "provider": "generic-chat-completion-api",
                    "maxOutputTokens": 1000,
                }
            ]
        }
        if setup == "allow":
            settings["commandAllowlist"] = [cmd.rule]
        elif setup == "deny":
            settings["commandDenylist"] = [cmd.rule]
        _write(fx.home / ".factory/settings.json", json.dumps(settings, indent=2))
        fx.extra_args = ["--auto", "high"] if setup == "auto-high" else []

    def argv(self, fx, exe):
        return [exe, "exec", "-m", "custom:fake-model", *fx.extra_args, INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            # `droid exec` stops the session on a command its autonomy level does not cover.
            return "ask" if "insufficient permission to proceed" in stdout else "error"
        r = snap["results"][0]
        if "[Process exited with code" in r:
            return "ran"
        return "error"


class Qwen(Host):
    """Qwen Code: `qwen -o json` (one-shot) with an OpenAI-compatible provider (chat
    completions); its rules are `permissions.{allow,ask,deny}` `Bash(…)` entries in
    settings.json (user `~/.qwen/`, project `.qwen/`) and its approval mode. Headless, it
    withholds the shell tool unless an allow rule names it or the mode is yolo. An instruction
    host: no hook rtk can answer through (docs/guide/getting-started/supported-agents.md)."""

    name = "qwen"
    setups = ["none", "default", "allow", "deny", "ask", "subfolder", "yolo"]
    # Headless Qwen withholds the shell tool under both, so both forms are refused alike.
    unsampled = ("none", "subfolder")
    init_args = []
    instructions = True

    def env(self, fx, port):
        return {"OPENAI_API_KEY": "dummy", "QWEN_CODE_NO_RELAUNCH": "1"}

    def prepare(self, fx, port, setup, cmd):
        fx.port = port
        settings = {
            "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
            "general": {"enableAutoUpdate": False, "disableAutoUpdate": True, "disableUpdateNag": True},
            # Its memory agents send requests of their own (one offers a read-only shell).
            "memory": {"enableManagedAutoMemory": False, "enableManagedAutoDream": False},
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
        }
        # `run_shell_command(…)`: headless, Qwen offers the shell only when an allow rule names
        # it by that name (or `Shell`); a `Bash(…)` rule does not count there.
        rules = [f"run_shell_command({cmd.rule})", f"run_shell_command({cmd.rule} *)"]
        if setup in ("allow", "deny"):
            settings["permissions"] = {setup: rules}
        elif setup in ("default", "ask"):
            # An allow rule for an unrelated command only makes headless Qwen offer the shell;
            # the command itself is judged by its default (read-only: run; else ask) or the
            # ask rule.
            settings["permissions"] = {"allow": ["run_shell_command(uname)"]}
            if setup == "ask":
                settings["permissions"]["ask"] = rules
        _write(fx.home / ".qwen/settings.json", json.dumps(settings, indent=2))
        # Deny is judged under yolo (headless, the default mode withholds the shell tool
        # unless an allow rule names it: nothing would be judged); yolo runs an ask-ruled
        # command without asking, so ask is judged in the default mode.
        fx.extra_args = ["--approval-mode", "yolo"] if setup in ("deny", "yolo") else []
        if setup == "subfolder":
            _write(fx.repo / ".qwen/settings.json", json.dumps({"permissions": {"allow": rules}}, indent=2))
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        base = f"http://127.0.0.1:{fx.port}/v1"
        return [exe, "-m", "fake-model", "--openai-base-url", base, "-o", "json", *fx.extra_args, INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["shell_offered"]:
            return "denied"  # headless mode withholds a shell it would have to confirm
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "denied by permission rules" in r:
            return "denied"
        if "non-interactive mode cannot prompt for confirmation" in r:
            return "ask"
        if "Exit Code:" in r or "Output:" in r or "Command:" in r:
            return "ran"
        return "error"


class Kimi(Host):
    """Kimi Code (npm `@moonshot-ai/kimi-code`): `kimi -p` with an OpenAI provider in
    `$KIMI_CODE_HOME/config.toml`; its rules are `[permission]` `deny`/`ask`/`allow` entries
    (`{tool = "Bash", match = "<glob>"}`) there. `-p` runs in its "auto" (never ask) mode. An
    instruction host: its PreToolUse hook can only block."""

    name = "kimi"
    setups = ["none", "allow", "deny", "ask", "subfolder"]
    init_args = []
    instructions = True

    def env(self, fx, port):
        return {
            "KIMI_CODE_HOME": str(fx.home / ".kimi-code"),
            "KIMI_DISABLE_TELEMETRY": "1",
            "KIMI_CODE_NO_AUTO_UPDATE": "1",
            "KIMI_CLI_NO_AUTO_UPDATE": "1",
        }

    def prepare(self, fx, port, setup, cmd):
        config = f"""default_model = "fake"

[providers.local]
type = "openai"
base_url = "http://127.0.0.1:{port}/v1"
api_key = "dummy"

[models.fake]
provider = "local"
model = "fake-model"
max_context_size = 128000
"""
        globs = json.dumps(cmd.rule) + ", " + json.dumps(cmd.rule + " *")
        decision = {"allow": "allow", "deny": "deny", "ask": "ask", "subfolder": "deny"}.get(setup)
        if decision:
            entries = ", ".join(f'{{ tool = "Bash", match = {g} }}' for g in globs.split(", "))
            config += f"\n[permission]\n{decision} = [{entries}]\n"
        _write(fx.home / ".kimi-code/config.toml", config)
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "-p", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "was denied by permission rule" in r:
            return "denied"
        if "rejected the approval request" in r or "approval request was cancelled" in r:
            return "ask"
        if r.startswith("Wall time:") or "Command failed with exit code" in r:
            return "ran"
        return "error"


class Omp(Host):
    """Oh-My-Pi: `omp -p`, OpenAI chat completions (a provider in ~/.omp/agent/models.yml). Its
    rules are `bash.patterns` (allow / prompt / deny) in the project's `.omp/config.yml`, read only
    from the folder omp starts in; under its default approval mode (yolo) every other command
    runs, so the allow setup also sets `tools.approvalMode: always-ask`. `-p` has no UI: a call
    that needs approval is refused with "requires approval"."""

    name = "omp"
    setups = ["none", "allow", "deny", "ask", "subfolder"]

    def env(self, fx, port):
        # It fetches model catalogs (catalog.stencil.so, hyper.charm.land) at start and has no
        # switch for it: its requests beyond loopback go to a proxy port on 127.0.0.1 where
        # nothing listens, so they fail without a DNS lookup.
        dead = "http://127.0.0.1:9"
        return {"HTTPS_PROXY": dead, "HTTP_PROXY": dead, "NO_PROXY": "127.0.0.1,localhost"}

    def prepare(self, fx, port, setup, cmd):
        models = f"""providers:
  fake:
    baseUrl: http://127.0.0.1:{port}/v1
    api: openai-completions
    apiKey: dummy
    models:
      - id: fake-model
"""
        _write(fx.home / ".omp/agent/models.yml", models)
        approval = {"allow": "allow", "subfolder": "allow", "deny": "deny", "ask": "prompt"}.get(setup)
        if approval:
            config = f"bash:\n  patterns:\n    - match: {json.dumps(cmd.rule + '*')}\n      approval: {approval}\n"
            if approval == "allow":
                config += "tools:\n  approvalMode: always-ask\n"
            _write(fx.repo / ".omp/config.yml", config)
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "--no-session", "--provider", "fake", "--model", "fake-model", "--no-lsp", "--no-skills",
                "--no-rules", "--no-title", "-p", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        if "requires approval but no interactive UI" in r:
            return "ask"
        if "is blocked by" in r and "policy" in r:
            return "denied"
        return "ran"


class Cline(Host):
    """Cline CLI 3.x: `cline --json "…"` (act mode, auto-approve on unless a setup turns it
    off), provider `openai-compatible` set with `cline auth` (chat completions), shell tool
    `run_commands` with `{"commands": [line]}`. Cline approves per tool, not per command, so
    the setups are its own: `ask` (`--auto-approve false`: every call needs a user, refused in a
    non-interactive run), `plan` (`--plan`: its plan-mode guard refuses commands that can modify
    files), `subfolder` (started in repo/sub). rtk is its PreToolUse hook file."""

    name = "cline"
    setups = ["none", "ask", "plan", "subfolder"]

    def env(self, fx, port):
        # CLINE_NO_AUTO_UPDATE: no update check; E2E_TEST: no PostHog feature-flag polling
        # (the only switch Cline 3.0.65 has for it; it reads E2E_TEST nowhere else).
        return {"CLINE_NO_AUTO_UPDATE": "1", "DO_NOT_TRACK": "1", "E2E_TEST": "true"}

    def prepare(self, fx, port, setup, cmd):
        providers = {
            "version": 1,
            "lastUsedProvider": "openai-compatible",
            "providers": {
                "openai-compatible": {
                    "settings": {
                        "provider": "openai-compatible",
                        "apiKey": "dummy",
                        "model": "fake-model",
                        "baseUrl": f"http://127.0.0.1:{port}/v1",
                    },
                    "updatedAt": "2026-12-04T00:00:00.000Z",
                    "tokenSource": "manual",
                }
            },
        }
        _write(fx.home / ".cline/data/settings/providers.json", json.dumps(providers, indent=2))
        # Without the opt-out Cline exports OpenTelemetry to its servers (DNS lookups the
        # connect trace catches); CLINE_NO_AUTO_UPDATE stops its update check.
        settings = {"telemetryOptOut": True, "autoUpdateEnabled": False}
        _write(fx.home / ".cline/data/settings/global-settings.json", json.dumps(settings))
        fx.extra_args = {"ask": ["--auto-approve", "false"], "plan": ["--plan"]}.get(setup, [])
        if setup == "subfolder":
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "--json", *fx.extra_args, INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "error"
        r = snap["results"][0]
        # The refusal for want of a user (act mode, or a call the plan guard let through).
        if "Tool approval requires an interactive session" in r or "requires approval in a TTY session" in r:
            return "ask"
        if r.startswith('{"error":"Command not executed:') and "plan mode" in r:
            return "denied"
        try:
            out = json.loads(r)
        except ValueError:
            return "error"
        if isinstance(out, list) and out and all("success" in o for o in out):
            return "ran"
        return "error"


class Kilo(Host):
    """Kilo Code CLI 7.x (an OpenCode fork): `kilo run`, chat completions, `permission.bash`
    in kilo.json on top of Kilo's built-in defaults (`*` ask, read-only programs such as `ls`,
    `cat`, `grep` allowed). An instruction host: "with rtk" is the model typing the rtk form."""

    name = "kilocode"
    setups = ["none", "allow", "deny", "ask", "subfolder"]
    instructions = True
    # One Kilo run takes 70-300 s on the 2-core machine: the sample keeps one setup (its draw
    # and the issue case, `ls -la`).
    unsampled = ("allow", "deny", "ask", "subfolder")
    # Kilo spends 40-100 s starting up at load average ~20 (measured: parity/README.md).
    run_timeout = 360

    def env(self, fx, port):
        return {
            "KILO_DISABLE_AUTOUPDATE": "1",
            "KILO_DISABLE_MODELS_FETCH": "1",
            "KILO_DISABLE_SHARE": "1",
            "KILO_DISABLE_LSP_DOWNLOAD": "1",
            "KILO_DISABLE_DEFAULT_PLUGINS": "1",
            "KILO_DISABLE_CLAUDE_CODE": "1",
            "KILO_DISABLE_SESSION_INGEST": "1",
            "KILO_DISABLE_CODEBASE_INDEXING": "1",
            "KILO_DISABLE_EXTERNAL_SKILLS": "1",
            "KILO_TELEMETRY_LEVEL": "off",
        }

    def prepare(self, fx, port, setup, cmd):
        config = {
            "model": "fake/fake-model",
            # Else Kilo fetches the model lists of its own gateways (DNS caught by the trace).
            "enabled_providers": ["fake"],
            "disabled_providers": ["kilo", "apertis"],
            "autoupdate": False,
            "share": "disabled",
            "provider": {
                "fake": {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": "fake",
                    "options": {"baseURL": f"http://127.0.0.1:{port}/v1", "apiKey": "dummy"},
                    "models": {"fake-model": {"name": "fake-model", "tool_call": True}},
                }
            },
        }
        exact, prefix = cmd.rule, cmd.rule + " *"
        bash = {
            "allow": {"*": "ask", exact: "allow", prefix: "allow"},
            "deny": {"*": "allow", exact: "deny", prefix: "deny"},
            "ask": {"*": "allow", exact: "ask", prefix: "ask"},
            "subfolder": {"*": "allow", exact: "deny", prefix: "deny"},
        }.get(setup)
        if bash and setup != "subfolder":
            config["permission"] = {"bash": bash}
        _write(fx.home / ".config/kilo/kilo.json", json.dumps(config, indent=2))
        if setup == "subfolder":
            _write(fx.repo / "kilo.json", json.dumps({"permission": {"bash": bash}}, indent=2))
            fx.cwd = fx.repo / "sub"

    def argv(self, fx, exe):
        return [exe, "run", "--print-logs", INSTRUCTION]

    def classify(self, fx, snap, stdout):
        if not snap["results"]:
            return "ask" if "auto-rejecting" in stdout else "error"
        r = snap["results"][0]
        if r.startswith("The user has specified a rule which prevents you"):
            return "denied"
        if r.startswith("The user rejected permission"):
            return "ask"
        return "ran"


HOSTS = {
    h.name: h
    for h in (Claude(), Codex(), Gemini(), OpenCode(), Pi(), Hermes(), Vibe(), Copilot(), Droid(), Qwen(), Kimi(), Omp(), Cline(), Kilo())
}
