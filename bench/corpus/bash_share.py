#!/usr/bin/env python3
"""Bash on the corpus (issue 38): for each Bash tool call of each session, the tokens of its
output (the tool_result the model received) and whether `rtk rewrite` rewrites its command —
this repository's build and upstream rtk 1.1.0, host claude, no permission rules (empty HOME,
empty working directory). Prints the share of Bash output tokens whose command is rewritten,
for each, and the commands neither rewrites, heaviest first (by their first two words).

    bench/corpus/bash_share.py CORPUS_DIR [--rtk PATH] [--upstream PATH] [--top N] [--bytes]
"""

import argparse
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from common import REPO, count_tokens, records, result_text, tool_calls


def rewriter(exe, home, cwd):
    env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "RTK_REWRITE_HOST": "claude", "LANG": "C.UTF-8"}
    cache = {}

    def rewrites(cmd):
        if cmd not in cache:
            try:
                r = subprocess.run([exe, "rewrite", cmd], capture_output=True, text=True, env=env, cwd=cwd, timeout=20)
                out = r.stdout.strip()
                cache[cmd] = r.returncode in (0, 3) and bool(out) and out != cmd.strip()
            except subprocess.TimeoutExpired:
                cache[cmd] = False
        return cache[cmd]

    return rewrites


def head(cmd, n=2):
    words = cmd.split()
    return " ".join(words[:n]) if words else "(empty)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--upstream", default=str(REPO / ".cache/upstream-rtk/rtk"))
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--bytes", action="store_true", help="bytes/4 instead of o200k_base")
    a = ap.parse_args()
    calls, sessions = [], 0
    for f in sorted(Path(a.corpus).glob("*.jsonl")):
        got = [(u["input"].get("command", ""), result_text(r)) for u, r, _ in tool_calls(records(f))
               if u.get("name") == "Bash" and r is not None and isinstance(u.get("input"), dict)]
        sessions += bool(got)
        calls += got
    tokens = count_tokens([out for _, out in calls], a.bytes)
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd:
        ours, theirs = rewriter(a.rtk, home, cwd), rewriter(a.upstream, home, cwd)
        flags = [(ours(c), theirs(c)) for c, _ in calls]
    w = sys.stdout.write
    # A session whose user already had rtk: commands typed in rtk form are not counted.
    already = [c.lstrip().startswith("rtk ") for c, _ in calls]
    w(f"sessions with Bash: {sessions}, Bash calls: {len(calls)}, output tokens: {sum(tokens)}; "
      f"already in rtk form (left out below): {sum(already)} calls, "
      f"{sum(t for t, a in zip(tokens, already) if a)} tokens\n")
    calls = [c for c, a in zip(calls, already) if not a]
    flags = [f for f, a in zip(flags, already) if not a]
    tokens = [t for t, a in zip(tokens, already) if not a]
    total = sum(tokens)
    w(f"counted: {len(calls)} calls, {total} tokens\n")
    for name, k in (("rtk (this build)", 0), ("upstream rtk 1.1.0", 1)):
        n = sum(1 for f in flags if f[k])
        t = sum(tok for tok, f in zip(tokens, flags) if f[k])
        w(f"{name}: rewrites {n} calls ({100 * n / max(len(calls), 1):.1f}%), "
          f"{t} tokens ({100 * t / max(total, 1):.1f}% of Bash output tokens)\n")
    only_up = sum(tok for tok, f in zip(tokens, flags) if f[1] and not f[0])
    w(f"tokens upstream rewrites and this build does not: {only_up} ({100 * only_up / max(total, 1):.1f}%)\n")
    by_cmd, n_cmd = Counter(), Counter()
    for (c, _), tok, f in zip(calls, tokens, flags):
        if not f[0]:
            by_cmd[head(c)] += tok
            n_cmd[head(c)] += 1
    w(f"\ntop commands not rewritten by this build (first two words; tokens, share, calls, upstream rewrites some):\n")
    up = Counter(head(c) for (c, _), f in zip(calls, flags) if f[1] and not f[0])
    for k, t in by_cmd.most_common(a.top):
        w(f"  {t:>8}  {100 * t / max(total, 1):5.1f}%  {n_cmd[k]:>5}  {'yes' if up[k] else '-':>3}  {k}\n")


if __name__ == "__main__":
    main()
