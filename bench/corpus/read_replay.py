#!/usr/bin/env python3
"""Read on the corpus (issue 37): each session's Read calls replayed through the real
`rtk hook claude` as PostToolUse payloads, and the share of Read tokens it removes.

For each session the replay writes the transcript again, record by record, as Claude would
have: before the record holding a Read's tool_result, the hook gets the payload
(`transcript_path` = the transcript so far, which ends with the call's own tool_use;
`tool_input`; `tool_response` = the record's `toolUseResult`; `tool_use_id`; a sidechain's call
carries `agent_id`). Where the hook answers, the result is written as Claude writes an
`updatedToolOutput` (the numbered text of the new `file`, `toolUseResult` replaced) with rtk's
`additionalContext` as a `hook_additional_context` attachment after it, so later calls see
what the model saw. Compaction and clearing records of the real session stay where they were.

Tokens (o200k_base via `rtk-bench --count`, or bytes/4 with `--bytes`) are of Claude 2.1.332's
rendering (`N\\t<line>`) of the file text before and after, plus the added context; Reads
without a text file (images, PDFs, errors) count their recorded result text, unchanged. Each
hook call's wall time (process start included) is reported: median, p95, max.

    bench/corpus/read_replay.py CORPUS_DIR [--rtk PATH] [--bytes] [--limit N]
"""

import argparse
import json
import os
import subprocess
import sys
import statistics
import tempfile
import time
from pathlib import Path

from common import REPO, blocks, count_tokens, records, result_text, tool_calls


def render(file):
    start = file.get("startLine", 1)
    return "\n".join(f"{start + i}\t{line}" for i, line in enumerate(file.get("content", "").split("\n")))


def text_file(tur):
    return isinstance(tur, dict) and tur.get("type") == "text" and isinstance(tur.get("file"), dict)


def replay(path, rtk, env, workdir, times):
    """[(before_text, after_text, kind)] for each Read call of the session; each hook call's
    wall time (seconds, process start included) is appended to `times`."""
    recs = records(path)
    reads = {u["id"]: u for u, r, _ in tool_calls(recs) if u.get("name") == "Read" and r is not None}
    out_path = Path(workdir) / "transcript.jsonl"
    out = open(out_path, "w", encoding="utf-8")
    rows = []
    for line, rec in recs:
        res = [b for b in blocks(rec, "tool_result") if b.get("tool_use_id") in reads] if rec.get("type") == "user" else []
        extra = []
        for b in res:
            use, tur = reads[b["tool_use_id"]], rec.get("toolUseResult")
            if not text_file(tur) or len(res) > 1:
                rows.append((result_text(b), result_text(b), "other"))
                continue
            out.flush()
            payload = {"session_id": rec.get("sessionId", ""), "transcript_path": str(out_path),
                       "cwd": rec.get("cwd", "/"), "hook_event_name": "PostToolUse", "tool_name": "Read",
                       "tool_input": use.get("input", {}), "tool_response": tur, "tool_use_id": use["id"]}
            if rec.get("isSidechain"):
                payload["agent_id"] = rec.get("agentId", "subagent")
            t0 = time.perf_counter()
            r = subprocess.run([rtk, "hook", "claude"], input=json.dumps(payload), capture_output=True,
                               text=True, env=env, timeout=30)
            times.append(time.perf_counter() - t0)
            before = render(tur["file"])
            hso = {}
            if r.stdout.strip():
                try:
                    answer = json.loads(r.stdout)
                except ValueError:
                    answer = None
                hso = (answer.get("hookSpecificOutput") if isinstance(answer, dict) else None) or {}
            new = hso.get("updatedToolOutput")
            if not text_file(new):
                rows.append((before, before, "passed"))
                continue
            ctx = hso.get("additionalContext", "")
            after = render(new["file"])
            rows.append((before, after + ("\n" + ctx if ctx else ""), "shortened"))
            b["content"] = after
            rec["toolUseResult"] = new
            line = json.dumps(rec) + "\n"
            if ctx:
                extra.append({"type": "attachment", "isSidechain": bool(rec.get("isSidechain")),
                              "attachment": {"type": "hook_additional_context", "content": [ctx],
                                             "hookName": "PostToolUse:Read", "toolUseID": use["id"]}})
        out.write(line)
        for e in extra:
            out.write(json.dumps(e) + "\n")
    out.close()
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--bytes", action="store_true")
    ap.add_argument("--limit", type=int, default=0, help="only the first N sessions")
    a = ap.parse_args()
    files = sorted(Path(a.corpus).glob("*.jsonl"))
    if a.limit:
        files = files[: a.limit]
    rows, sessions, times = [], 0, []
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "LANG": "C.UTF-8"}
        for f in files:
            with tempfile.TemporaryDirectory() as wd:
                got = replay(f, a.rtk, env, wd, times)
            sessions += bool(got)
            rows += got
    before = count_tokens([b for b, _, _ in rows], a.bytes)
    after = count_tokens([x for _, x, _ in rows], a.bytes)
    short = [i for i, r in enumerate(rows) if r[2] == "shortened"]
    tb, ta = sum(before), sum(after)
    w = sys.stdout.write
    w(f"sessions with Read: {sessions}, Read calls: {len(rows)} "
      f"({sum(r[2] == 'passed' for r in rows)} passed through, {len(short)} shortened, "
      f"{sum(r[2] == 'other' for r in rows)} not a text file or not alone in its record)\n")
    w(f"Read tokens: {tb} before, {ta} after: {tb - ta} removed ({100 * (tb - ta) / max(tb, 1):.1f}%)\n")
    if times:
        q = sorted(times)
        w(f"hook wall time per call (process start included): median {1000 * statistics.median(q):.1f} ms, "
          f"p95 {1000 * q[int(0.95 * (len(q) - 1))]:.1f} ms, max {1000 * q[-1]:.1f} ms ({len(q)} calls)\n")
    if short:
        sb, sa = sum(before[i] for i in short), sum(after[i] for i in short)
        w(f"the shortened calls: {sb} -> {sa} tokens (-{100 * (sb - sa) / max(sb, 1):.1f}%)\n")


if __name__ == "__main__":
    main()
