#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target from the repo's own vector files.

Run once from fuzz/ (python3 seeds.py); the runs then grow corpus/<target>/ and
`cargo fuzz cmin` keeps it small. Seeds are named by content hash, so re-running is idempotent.
"""
import hashlib
import json
import os

VECTORS = os.path.join(os.path.dirname(__file__), "..", "tests", "vectors")
OUT = os.path.join(os.path.dirname(__file__), "corpus")


def unescape(s):
    out, i = [], 0
    table = {"t": "\t", "n": "\n", "r": "\r", "0": "\0", "v": "\v", "f": "\f", "\\": "\\"}
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in table:
            out.append(table[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def rows(name):
    with open(os.path.join(VECTORS, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield [unescape(c) for c in line.split("\t")]


def put(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


lines = [r[0] for name in ("rewrite.tsv", "unattestable.tsv", "forms.tsv") for r in rows(name)]
for line in lines:
    put("shell_parse", line)
    put("rewrite_line", line)
    put("deny_wins", b"\x00" + line.encode("utf-8"))

for r in rows("patterns.tsv"):
    rule, cmd = r[1], r[2]
    spec = rule[5:-1] if rule.startswith("Bash(") and rule.endswith(")") else "*"
    put("pattern_match", b"\x00" + f"{spec}\0{cmd}".encode("utf-8"))
    put("pattern_match", b"\x01" + f"{spec}\0{cmd}".encode("utf-8"))
    put("pattern_match", b"\x02" + f"{spec}\0{cmd}".encode("utf-8"))

settings = [
    (0, {"permissions": {"allow": ["Bash(git status)", "Bash(git:*)"], "deny": ["Bash(rm:*)"], "ask": ["Bash(git push *)"]}}),
    (0, {"permissions": {"allow": ["Bash(", "Read(**)"], "deny": "Bash(rm:*)"}}),
    (1, {"permissions": {"allow": ["Shell(git)", "Shell(ls *)"], "deny": ["Shell(rm)"]}}),
    (2, {"tools": {"allowed": ["run_shell_command(git)"], "exclude": ["run_shell_command(rm)"], "confirmationRequired": ["run_shell_command(git push)"]}}),
    (3, {"commandDenylist": ["git push", "rm -rf *"], "commandBlocklist": ["shutdown"]}),
]
for sel, value in settings:
    put("settings_loaders", bytes([sel]) + json.dumps(value).encode())
put("settings_loaders", b"\x02// comment\n{\"tools\": {/* c */ \"allowed\": [\"run_shell_command\"]}}")
put("settings_loaders", b"\x03\xef\xbb\xbf{\"commandDenylist\": [\"git push\"], // trailing\n}")

payloads = [
    {"hook_event_name": "PreToolUse", "permission_mode": "default", "tool_name": "Bash", "tool_input": {"command": "git status", "timeout": 5}},
    {"hook_event_name": "preToolUse", "tool_name": "Shell", "tool_input": {"command": "git status && rm -rf x"}},
    {"hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": "git log | head"}},
    {"toolName": "bash", "toolArgs": json.dumps({"command": "git status"})},
    {"hook_event_name": "PreToolUse", "tool_name": "run_in_terminal", "tool_input": {"command": "git status"}},
    {"hook_event_name": "PreToolUse", "tool_name": "Execute", "tool_input": {"command": "cargo test"}},
    {"hook_event_name": "pre_tool", "tool_name": "bash", "tool_input": {"command": "ls -la"}},
]
for sel in range(7):
    for p in payloads:
        put("hook_payloads", bytes([sel]) + json.dumps(p).encode())
    put("hook_payloads", bytes([sel]) + b"\xef\xbb\xbf" + json.dumps(payloads[0]).encode())

# slow_inputs: the worst shapes known for the hook path's parse (issue 15): n + P NUL A NUL B NUL C
# stands for the line P + A×n + B + C×n.
SLOW = [
    (30000, "ls ", "a|", "", ""), (30000, "ls ", "a|", "a", ""), (30000, "", "${", "", ""),
    (10000, "", "<<EOF ", "", ""), (8000, "", "echo $(", "ls", ")"), (30000, "", "(", "", ""),
    (20000, "", "\"$(", "", ""), (30000, "", "{", "", "}"), (5900, "", "if a; then ", "", ""),
    (5400, "", "git status; ", "", ""), (32000, "git log ", "x ", "", ""),
    (5900, "find . ", "-exec ls ; ", "", ""), (15000, "echo x", "|sh", "", ""),
    (3000, "", "cat <<EOF\nx\nEOF\n", "", ""), (10000, "ls ", "${X:-", "", "}"),
]
for n, p, a, b, c in SLOW:
    put("slow_inputs", n.to_bytes(2, "big") + f"{p}\0{a}\0{b}\0{c}".encode())
