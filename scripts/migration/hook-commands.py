"""Lists the rtk hook entries active in a home folder, one line each: agent|fixture|command.

An entry is rtk's when its command runs `rtk hook ...` or one of upstream rtk's hook scripts.
`fixture` names the payload under tests/fixtures/hooks/ that the agent would send.
With --all, agents only upstream rtk supports (Trae, Antigravity) are listed too. Only the
entries that judge a command before it runs are listed; --post lists the PostToolUse ones
instead (Claude Code's, for Read results: issue 37).
Usage: python3 hook-commands.py <HOME> [--all] [--post]
"""

import glob
import json
import os
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

SCRIPTS = ("rtk-rewrite.sh", "rtk-hook-gemini.sh")


def is_rtk(cmd):
    words = cmd.split()
    if len(words) >= 2 and os.path.basename(words[0]) in ("rtk", "rtk.exe") and words[1] == "hook":
        return True
    return any(os.path.basename(w.strip("\"'")) in SCRIPTS for w in words)


def commands(entry):
    """Commands of one event entry: flat ({command|bash}) or nested ({hooks: [...]})."""
    out = []
    for key in ("command", "bash"):
        if isinstance(entry.get(key), str):
            out.append(entry[key])
    for inner in entry.get("hooks", []) if isinstance(entry.get("hooks"), list) else []:
        if isinstance(inner, dict):
            out.extend(commands(inner))
    return out


def json_entries(path):
    try:
        with open(path, encoding="utf-8") as f:
            root = json.load(f)
    except (OSError, ValueError):
        return []
    found = []
    containers = [root]
    if isinstance(root.get("hooks"), dict):
        containers.append(root["hooks"])
    for name, value in root.items():  # Antigravity: {"rtk-rewrite": {"PreToolUse": [...]}}
        if isinstance(value, dict) and name != "hooks":
            containers.append(value)
    for c in containers:
        for event, entries in c.items():
            if not isinstance(entries, list):
                continue
            for e in entries:
                if isinstance(e, dict):
                    found.extend((event, cmd) for cmd in commands(e) if is_rtk(cmd))
    return found


def main():
    home = sys.argv[1]
    everything = "--all" in sys.argv[2:]
    post = "--post" in sys.argv[2:]
    j = lambda *p: os.path.join(home, *p)
    files = [
        ("claude", j(".claude/settings.json"), "claude/no-rule"),
        ("cursor", j(".cursor/hooks.json"), "cursor/no-rule"),
        ("gemini", j(".gemini/settings.json"), "gemini/no-rule"),
        ("codex", j(".codex/hooks.json"), "codex/no-rule"),
        ("droid", j(".factory/hooks.json"), "droid/no-rule"),
        ("droid", j(".factory/settings.json"), "droid/no-rule"),
    ]
    files += [("copilot", p, "copilot/vscode-no-rule") for p in sorted(glob.glob(j(".copilot/hooks/*.json")))]
    if everything:
        files += [("trae", j(".trae/hooks.json"), "claude/no-rule")]
        files += [("antigravity", p, "claude/no-rule") for p in glob.glob(j(".gemini/config/plugins/*/hooks.json"))]
    lines = []
    for agent, path, fixture in files:
        for event, cmd in json_entries(path):
            if (event == "PostToolUse") != post:
                continue
            if agent == "copilot" and event == "preToolUse":
                fixture = "copilot/cli-no-rule"
            lines.append(f"{agent}|{fixture}|{cmd}")
    vibe = j(".vibe/hooks.toml")
    if os.path.exists(vibe) and tomllib and not post:
        with open(vibe, "rb") as f:
            for h in tomllib.load(f).get("hooks", []):
                if isinstance(h.get("command"), str) and is_rtk(h["command"]):
                    lines.append(f"vibe|vibe/no-rule|{h['command']}")
    for line in lines:
        print(line)


main()
