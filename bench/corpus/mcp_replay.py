#!/usr/bin/env python3
"""MCP results of the real sessions through the real `rtk hook claude` (issue 37 item 2): a
replay, not a live run.

For every `mcp__…` call with a result, the hook gets the PostToolUse payload Claude sends for
it (`tool_name`, `tool_use_id`, `tool_input`, `tool_response` = the record's `toolUseResult`,
the content blocks Claude Code 2.1.332 also sends, docs/contract.md §4b), and its answer is
timed. Tokens (o200k_base, `rtk-bench --count`) are of the text blocks the model received and
of the answer's text blocks; a call the hook does not answer counts the same on both sides.
Per tool: calls, calls answered, calls with pretty-printed JSON, tokens before and after, and
for reference a form rtk does not produce: every list of objects sharing one key sequence
written once as `{"keys":[…],"rows":[[…],…]}`, minified ("keys once": what a repeated-schema
rewrite could remove; it changes the JSON's shape, so it is measured only).

    bench/corpus/mcp_replay.py [--rtk PATH] [--bytes] DIR [DIR …]
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import common


def texts(content):
    """The text a result's content (a string or blocks) gives the model."""
    return common.result_text({"content": content})


def pretty(content):
    """Whether a text block of the result is JSON with whitespace between tokens."""
    for t in [content] if isinstance(content, str) else [b.get("text", "") for b in content or [] if isinstance(b, dict)]:
        s = t.strip()
        if s[:1] in "{[":
            try:
                json.loads(s)
            except ValueError:
                continue
            if json.dumps(json.loads(s), separators=(",", ":"), ensure_ascii=False) != s:
                return True
    return False


def keys_once(v):
    """The value with each list of 2+ objects sharing one key sequence written keys-once."""
    if isinstance(v, list):
        v = [keys_once(x) for x in v]
        if len(v) >= 2 and all(isinstance(x, dict) for x in v) and len({tuple(x) for x in v}) == 1:
            return {"keys": list(v[0]), "rows": [list(x.values()) for x in v]}
        return v
    if isinstance(v, dict):
        return {k: keys_once(x) for k, x in v.items()}
    return v


def keys_once_text(content):
    """The result's text blocks with each JSON one written keys-once (others unchanged)."""
    out = []
    for t in [content] if isinstance(content, str) else [b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text"]:
        try:
            out.append(json.dumps(keys_once(json.loads(t)), separators=(",", ":"), ensure_ascii=False))
        except ValueError:
            out.append(t)
    return "\n".join(out)


def replay(dirs, rtk):
    """[(dir, tool name, text before, text after, answered, pretty JSON, keys-once text)] of
    every MCP call with a result in the sessions of `dirs`, and the hook's wall times (ms)."""
    calls, times = [], []
    for d in dirs:
        for f in sorted(Path(d).glob("*.jsonl")):
            recs = common.records(f)
            for use, res, i in common.tool_calls(recs):
                name = use.get("name", "")
                if not name.startswith("mcp__") or res is None:
                    continue
                rec = recs[i][1]
                response = rec.get("toolUseResult")
                payload = {
                    "session_id": rec.get("sessionId", ""),
                    "cwd": rec.get("cwd", ""),
                    "hook_event_name": "PostToolUse",
                    "tool_name": name,
                    "tool_input": use.get("input", {}),
                    "tool_response": response,
                    "tool_use_id": use.get("id", ""),
                }
                t0 = time.perf_counter()
                out = subprocess.run(
                    [rtk, "hook", "claude"],
                    input=json.dumps(payload),
                    capture_output=True,
                    text=True,
                    env={"RTK_NO_TRACKING": "1", "PATH": "/usr/bin:/bin"},
                )
                times.append((time.perf_counter() - t0) * 1000)
                before = common.result_text(res)
                after = before
                if out.stdout.strip():
                    answer = json.loads(out.stdout)["hookSpecificOutput"]["updatedMCPToolOutput"]
                    after = texts(answer)
                ko = keys_once_text(response) if not res.get("is_error") else before
                calls.append((d, name, before, after, bool(out.stdout.strip()), pretty(response), ko))
    return calls, times


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--rtk", default=str(common.REPO / "target/debug/rtk"))
    ap.add_argument("--bytes", action="store_true")
    args = ap.parse_args()
    calls, times = replay(args.dirs, args.rtk)
    counts = common.count_tokens(
        [c[2] for c in calls] + [c[3] for c in calls] + [c[6] for c in calls], args.bytes
    )
    n = len(calls)
    rows = {}
    for k, (d, name, _, _, answered, is_pretty, _) in enumerate(calls):
        tool = name.split("__")[1] + "__" + name.split("__", 2)[2] if name.count("__") >= 2 else name
        r = rows.setdefault((Path(d).name, tool), [0, 0, 0, 0, 0, 0])
        r[0] += 1
        r[1] += answered
        r[2] += counts[k]
        r[3] += counts[n + k]
        r[4] += is_pretty
        r[5] += counts[2 * n + k]
    print("| corpus | server__tool | calls | answered | pretty JSON | tokens before | after | keys once (not applied) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for (corpus, tool), (c, a, b, af, p, ko) in sorted(rows.items(), key=lambda kv: -kv[1][2]):
        print(f"| {corpus} | `{tool}` | {c} | {a} | {p} | {b:,} | {af:,} | {ko:,} |")
    tb, ta, tk = sum(counts[:n]), sum(counts[n : 2 * n]), sum(counts[2 * n :])
    print(f"total: {n} calls, {sum(c[4] for c in calls)} answered, tokens {tb:,} -> {ta:,} (keys once: {tk:,})")
    if times:
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"hook time: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    sys.exit(0)


if __name__ == "__main__":
    main()
