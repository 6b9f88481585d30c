"""Shared by the corpus scripts: reading a Claude Code transcript's tool calls and counting
o200k_base tokens with `rtk-bench --count` (bench/), in batches."""

import json
import subprocess
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def records(path):
    """The transcript's records, in order, with each raw line."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict):
                out.append((line if line.endswith("\n") else line + "\n", rec))
    return out


def blocks(rec, kind):
    msg = rec.get("message")
    content = msg.get("content") if isinstance(msg, dict) else None
    if not isinstance(content, list):
        return []
    return [b for b in content if isinstance(b, dict) and b.get("type") == kind]


def result_text(block):
    """The text a tool_result block gives the model."""
    c = block.get("content")
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        return "\n".join(b.get("text", "") for b in c if isinstance(b, dict) and b.get("type") == "text")
    return ""


def tool_calls(recs):
    """[(tool_use block, tool_result block or None, index of the result's record)] in order."""
    uses, order = {}, []
    for i, (_, rec) in enumerate(recs):
        if rec.get("type") == "assistant":
            for b in blocks(rec, "tool_use"):
                if b.get("id") and b["id"] not in uses:
                    uses[b["id"]] = [b, None, None]
                    order.append(b["id"])
        elif rec.get("type") == "user":
            for b in blocks(rec, "tool_result"):
                u = uses.get(b.get("tool_use_id"))
                if u and u[1] is None:
                    u[1], u[2] = b, i
    return [tuple(uses[k]) for k in order]


def counter():
    for k in ("release", "debug"):
        c = REPO / f"bench/target/{k}/rtk-bench"
        if c.exists():
            return str(c)
    raise SystemExit("build the counter first: (cd bench && cargo build)")


def count_tokens(texts, bytes_only=False):
    """o200k_base tokens of each text (or bytes/4 with bytes_only)."""
    if bytes_only:
        return [len(t.encode()) // 4 for t in texts]
    exe, out = counter(), []
    with tempfile.TemporaryDirectory() as d:
        for start in range(0, len(texts), 400):
            paths = []
            for j, t in enumerate(texts[start : start + 400]):
                p = Path(d) / f"{start + j}.txt"
                p.write_text(t)
                paths.append(str(p))
            got = subprocess.run([exe, "--count", *paths], capture_output=True, text=True, check=True)
            out += [int(line.split("\t", 1)[0]) for line in got.stdout.splitlines()]
    return out
