#!/usr/bin/env python3
"""MCP sessions (issue 37 item 2): what the model receives from an MCP tool in the real Claude
Code, without rtk and with rtk's PostToolUse hook (`rtk init --agent claude --global`), and in
the real Codex, without a hook and with one answering `updatedMCPToolOutput`.

The scripted model (parity/model_server.py) calls the four tools of the stdio MCP server
bench/session/mcp_server.py (pretty-printed JSON; the same then a prose block; prose; JSON over
the 50,000 characters at which Claude saves a result to a file) in one conversation; the server
records every tool result the model is sent. Checked: with rtk every JSON text block holds the
same values as without (key order, duplicate keys and number text compared: Python's parser
with `parse_float`/`parse_int` keeping the text), every other block — the saved result's
preview too, its file path aside — is byte for byte the same, and `rtk gain` shows the `MCP`
row the ledger got. A third Claude run adds a user's redaction hook for `records` beside rtk's:
the redaction must reach the model (rtk steps aside for a tool another hook may rewrite).

Codex 0.171.0 (`--codex`) runs the same calls twice: no hook, then a hook answering the
minified result as `updatedMCPToolOutput` (the only replacement key its PostToolUse schema
has). Codex reports that hook as failed and the model receives the original: rtk installs
nothing for MCP in Codex.

Tokens are o200k_base (`rtk-bench --count`, bench/), else bytes/4 with `--bytes`.

    bench/session/mcp_session.py [--rtk PATH] [--count PATH | --bytes] [--codex]
                                 [--keep DIR] [--record-payloads DIR]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "parity"))
sys.path.insert(0, str(HERE))
import model_server as ms  # noqa: E402
import read_session as rs  # noqa: E402
from fixture import run_host  # noqa: E402
from hosts import codex_config  # noqa: E402

SERVER = HERE / "mcp_server.py"
TOOLS = ["records", "mixed", "plain", "large"]

# A PostToolUse hook that writes each payload it gets to $1 (the fixture's capture recipe).
RECORDER = "import sys,time;open(sys.argv[1]+'/'+str(time.time_ns())+'.json','w').write(sys.stdin.read())"

# A user's redaction hook beside rtk's (Claude): `record-001` becomes `[redacted]` in `records`.
REDACT = r"""
import json, sys
p = json.load(sys.stdin)
blocks = [dict(b, text=b["text"].replace("record-001", "[redacted]")) if b.get("type") == "text" else b
          for b in p["tool_response"]]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedMCPToolOutput": blocks}}))
"""

# Codex's hook for the probe: the answer rtk gives Claude, in Codex's result shape.
CODEX_HOOK = r"""
import json, re, sys
p = json.load(sys.stdin)
r = p["tool_response"]
def mini(t):
    try:
        json.loads(t)
    except ValueError:
        return t
    return re.sub(r'("(?:[^"\\]|\\.)*")|[ \t\r\n]+', lambda m: m.group(1) or "", t)
blocks = [dict(b, text=mini(b["text"])) if b.get("type") == "text" else b for b in r["content"]]
print(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                         "updatedMCPToolOutput": dict(r, content=blocks)}}))
"""


class Recorder(ms.Handler):
    """The model server, keeping each tool result's content as sent (not flattened)."""

    raw = {}

    def _anthropic(self, body):
        for m in body.get("messages") or []:
            for b in m.get("content") if isinstance(m.get("content"), list) else []:
                if isinstance(b, dict) and b.get("type") == "tool_result":
                    self.raw.setdefault(b.get("tool_use_id"), b.get("content"))
        return super()._anthropic(body)

    def _responses(self, body):
        for it in body.get("input") or []:
            if isinstance(it, dict) and it.get("type") == "function_call_output":
                self.raw.setdefault(it.get("call_id"), it.get("output"))
        return super()._responses(body)


def serve():
    from http.server import ThreadingHTTPServer
    import threading

    Recorder.script = ms.Script()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def steps():
    return [{"tool": f"mcp__fx__{t}", "input": {}} for t in TOOLS]


def claude_world(root, rtk, with_rtk, record, redact=False):
    repo, home = root / "repo", root / "home"
    repo.mkdir(parents=True)
    (home / "bin").mkdir(parents=True)
    trust = {str(repo): {"hasTrustDialogAccepted": True}}
    (home / ".claude.json").write_text(json.dumps({"hasCompletedOnboarding": True, "projects": trust}))
    (root / "mcp.json").write_text(
        json.dumps({"mcpServers": {"fx": {"command": sys.executable, "args": [str(SERVER)]}}})
    )
    if with_rtk:
        os.symlink(rtk, home / "bin/rtk")
        env = {"HOME": str(home), "PATH": os.environ["PATH"]}
        subprocess.run([rtk, "init", "--agent", "claude", "--global"], env=env, check=True, capture_output=True)
        if redact:
            (root / "redact.py").write_text(REDACT)
            settings = json.loads((home / ".claude/settings.json").read_text())
            cmd = f"{sys.executable} {root / 'redact.py'}"
            group = {"matcher": "mcp__fx__records", "hooks": [{"type": "command", "command": cmd}]}
            settings["hooks"]["PostToolUse"].append(group)
            (home / ".claude/settings.json").write_text(json.dumps(settings))
    elif record:
        (home / ".claude").mkdir()
        hooks = {"PostToolUse": [recorder_hook(record)]}
        (home / ".claude/settings.json").write_text(json.dumps({"hooks": hooks}))
    return repo, home


def run_claude(root, exe, rtk, with_rtk, record, port, redact=False):
    repo, home = claude_world(root, rtk, with_rtk, record, redact)
    Recorder.raw = {}
    Recorder.script.reset(steps())
    argv = [exe, "-p", "Do it", "--output-format", "stream-json", "--verbose",
            "--mcp-config", str(root / "mcp.json"), "--strict-mcp-config", "--allowedTools", "mcp__fx"]
    if run_host(argv, repo, rs.claude_env(home, port), 180) is None:
        raise RuntimeError("claude timed out")
    got = [Recorder.raw.get(f"toolu_parity{k + 1}") for k in range(len(TOOLS))]
    gain = None
    if with_rtk:
        env = {"HOME": str(home), "PATH": os.environ["PATH"]}
        out = subprocess.run([rtk, "gain", "--format", "json"], env=env, capture_output=True, text=True)
        gain = json.loads(out.stdout).get("tools") if out.returncode == 0 else out.stderr
    return got, gain


def recorder_hook(record):
    """A PostToolUse hook group (matcher `mcp__.*`) that writes each payload into `record`."""
    Path(record).mkdir(parents=True, exist_ok=True)
    cmd = f"{sys.executable} -c \"{RECORDER}\" {Path(record).resolve()}"
    return {"matcher": "mcp__.*", "hooks": [{"type": "command", "command": cmd}]}


def codex_world(root, port, hook, record=None):
    repo, home = root / "repo", root / "home"
    repo.mkdir(parents=True)
    (home / ".codex").mkdir(parents=True)
    (home / ".codex/config.toml").write_text(
        codex_config(port, repo)
        + f"""
[mcp_servers.fx]
command = "{sys.executable}"
args = ["{SERVER}"]
default_tools_approval_mode = "approve"
"""
    )
    if hook:
        (root / "hook.py").write_text(CODEX_HOOK)
        cmd = f"{sys.executable} {root / 'hook.py'}"
        entry = {"matcher": "mcp__.*", "hooks": [{"type": "command", "command": cmd}]}
        (home / ".codex/hooks.json").write_text(json.dumps({"hooks": {"PostToolUse": [entry]}}))
    elif record:
        hooks = {"PostToolUse": [recorder_hook(record)]}
        (home / ".codex/hooks.json").write_text(json.dumps({"hooks": hooks}))
    return repo, home


def run_codex(root, exe, hook, port, record=None):
    repo, home = codex_world(root, port, hook, record)
    Recorder.raw = {}
    Recorder.script.reset(steps())
    env = dict(PATH=os.environ["PATH"], HOME=str(home), CODEX_HOME=str(home / ".codex"), PARITY_API_KEY="dummy")
    # Without --json Codex prints each hook run and its status on stderr.
    argv = [exe, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "Do it"]
    got = run_host(argv, repo, env, 180)
    if got is None:
        raise RuntimeError("codex timed out")
    status = [line.strip() for line in got[1].splitlines() if line.startswith("hook: PostToolUse")]
    return [Recorder.raw.get(f"call_parity{k + 1}") for k in range(len(TOOLS))], status


def texts(content):
    """The text blocks of a result as the model got them (Anthropic or Responses shape; Codex's
    own first block, `Wall time: … Output:`, differs run to run and is left out)."""
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    out = [b.get("text", "") for b in content or [] if b.get("type") in ("text", "input_text")]
    # A result Claude saved to a file names a path of the session's own.
    out = [re.sub(r"Full output saved to: \S+", "Full output saved to: PATH", t) for t in out]
    return [t for t in out if not t.startswith("Wall time: ")]


def exact(text):
    """A JSON text's values with number text kept and key order and duplicates as written."""
    return json.loads(text, parse_float=str, parse_int=str, parse_constant=str, object_pairs_hook=list)


def same_facts(plain, rtk):
    """Problems with rtk's blocks against the originals: none when every JSON block holds
    exactly the same values and every other block is unchanged."""
    a, b = texts(plain), texts(rtk)
    if len(a) != len(b):
        return [f"{len(a)} text blocks became {len(b)}"]
    bad = []
    for i, (x, y) in enumerate(zip(a, b)):
        try:
            if exact(x) != exact(y):
                bad.append(f"block {i + 1}: values differ")
        except ValueError:
            if x != y:
                bad.append(f"block {i + 1}: a non-JSON block changed")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--claude", default=str(REPO / ".cache/hosts/claude/node_modules/.bin/claude"))
    ap.add_argument("--codex-exe", default=str(REPO / ".cache/hosts/codex/node_modules/.bin/codex"))
    ap.add_argument("--codex", action="store_true", help="also run Codex without and with a hook")
    ap.add_argument("--count", default=None)
    ap.add_argument("--bytes", action="store_true")
    ap.add_argument("--keep", default=None)
    ap.add_argument("--record-payloads", default=None,
                    help="write the PostToolUse payloads of the runs without rtk here (Codex's in codex/)")
    args = ap.parse_args()
    rtk = str(Path(args.rtk).resolve())
    counter = rs.find_counter(args.count, args.bytes, "mcp_session")
    srv = serve()
    port = srv.server_address[1]
    base = Path(args.keep or tempfile.mkdtemp(prefix="rtk-mcp-bench-"))
    failures = []
    plain, _ = run_claude(base / "claude-plain", args.claude, rtk, False, args.record_payloads, port)
    withr, gain = run_claude(base / "claude-rtk", args.claude, rtk, True, None, port)
    rows = [("claude", t, p, r) for t, p, r in zip(TOOLS, plain, withr)]
    # Beside a user's redaction hook on `records`, rtk steps aside: the redaction reaches the model.
    redacted, _ = run_claude(base / "claude-rtk-redact", args.claude, rtk, True, None, port, redact=True)
    got = "\n".join(texts(redacted[0] or []))
    print("with a redaction hook beside rtk's, records:", "redacted" if "[redacted]" in got else "NOT redacted",
          "(pretty)" if "\n  " in got else "(minified)")
    if "[redacted]" not in got or "record-001" in got:
        failures.append("claude records: the user's redaction did not reach the model beside rtk")
    status = []
    if args.codex:
        record = args.record_payloads and Path(args.record_payloads) / "codex"
        cplain, _ = run_codex(base / "codex-plain", args.codex_exe, False, port, record)
        chook, status = run_codex(base / "codex-hook", args.codex_exe, True, port)
        rows += [("codex", t, p, r) for t, p, r in zip(TOOLS, cplain, chook)]
    print(f"{'host':<7} {'tool':<8} {'plain':>7} {'rtk':>7}  model received (with rtk/hook)")
    for host, tool, p, r in rows:
        if p is None or r is None:
            failures.append(f"{host} {tool}: no result reached the model")
            continue
        failures += [f"{host} {tool}: {b}" for b in same_facts(p, r)]
        tp, tr = rs.count_tokens(counter, ["\n".join(texts(p)), "\n".join(texts(r))])
        if tr > tp:
            failures.append(f"{host} {tool}: more tokens with rtk ({tp} -> {tr})")
        print(f"{host:<7} {tool:<8} {tp:>7} {tr:>7}  {json.dumps(r)[:90]}")
    print("rtk gain tools:", json.dumps(gain))
    if not isinstance(gain, list) or not any(g.get("tool") == "MCP" for g in gain):
        failures.append("rtk gain shows no MCP row")
    if args.codex:
        print("codex hook runs:", status)
    if args.keep:
        print(f"kept: {base}")
    else:
        shutil.rmtree(base, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    srv.shutdown()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
