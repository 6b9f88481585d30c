#!/usr/bin/env python3
"""Hook time of `rtk hook claude` on a PostToolUse Read (issue 37): median wall time of one call
against transcripts of growing size, next to a trivial process start (`rtk --version`).

Each transcript is built in the shape Claude Code 2.1.332 writes: per step an assistant
`tool_use` entry, a user `tool_result` entry with the numbered text and `toolUseResult`, and
an `api-request-blob` record holding the same blocks; the file being re-read is read first
and last, so the hook has work to do (its answer is a note). rtk reads only the transcript's
last 4 MiB, so the time must stay flat past that size. The transcript ends with the current
call's own entry (rtk waits up to 300 ms for Claude to write it; the last row times a
transcript without it: that wait). A shortened answer appends one line to the savings ledger
(kept in the temp dir here); the "no ledger" row is the 0.1 MB call with tracking off.

    bench/session/read_hook_time.py [--rtk PATH] [--runs N]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def content(i, n=300):
    return "".join(f"    let v_{i}_{k} = step({k}); // line {k} of file {i}\n" for k in range(1, n))


def numbered(text):
    return "\n".join(f"{k + 1}\t{line}" for k, line in enumerate(text.split("\n")))


def entries(i, path, text):
    tid = f"toolu_{i:06d}" if isinstance(i, int) else f"toolu_{i}"
    call = {"type": "assistant", "isSidechain": False, "timestamp": "2026-12-07T03:00:00.000Z",
            "message": {"role": "assistant", "content": [{"type": "tool_use", "id": tid, "name": "Read",
                                                          "input": {"file_path": path}}]}}
    result = {"type": "user", "isSidechain": False, "timestamp": "2026-12-07T03:00:01.000Z",
              "message": {"role": "user", "content": [{"tool_use_id": tid, "type": "tool_result",
                                                       "content": numbered(text)}]},
              "toolUseResult": {"type": "text", "file": {"filePath": path, "content": text}}}
    blob = {"type": "api-request-blob", "message": result["message"]}
    compact = {"separators": (",", ":")}  # as Claude writes its lines
    return [json.dumps(call, **compact), json.dumps(result, **compact), json.dumps(blob, **compact)]


def transcript(path, target_bytes, file_path, text):
    lines = entries(0, file_path, text)
    i = 1
    size = sum(len(x) + 1 for x in lines)
    while size < target_bytes:
        more = entries(i, f"/p/other_{i}.rs", content(i))
        lines += more
        size += sum(len(x) + 1 for x in more)
        i += 1
    lines += entries(i, file_path, text)  # the last read: the hook's earlier result
    lines.append(entries("now", file_path, text)[0])  # the current call, as Claude wrote it
    Path(path).write_text("\n".join(lines) + "\n")


def median_ms(argv, stdin, runs, env=None):
    """(median wall ms, median CPU ms) of `runs` runs; CPU time (user + system of the child)
    is what the machine's load does not inflate."""
    times, cpu = [], []
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, input=stdin, capture_output=True, check=True, env=env)
        times.append((time.perf_counter() - t) * 1000)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
    return statistics.median(times), statistics.median(cpu)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=str(REPO / "target/release/rtk"))
    ap.add_argument("--runs", type=int, default=31)
    args = ap.parse_args()
    text = content(0)
    file_path = "/p/src/main.rs"
    with tempfile.TemporaryDirectory() as d:
        # The hook appends a shortened result to the savings ledger beside the history: kept
        # in this temp dir, never the user's own.
        env = dict(os.environ, XDG_DATA_HOME=str(Path(d) / "data"), RTK_DB_PATH=str(Path(d) / "data/h.db"))
        base, base_cpu = median_ms([args.rtk, "--version"], b"", args.runs)
        print(f"rtk --version (process start): {base:.2f} ms wall, {base_cpu:.2f} ms CPU")
        print(f"{'transcript':>13} {'wall ms':>8} {'CPU ms':>8} {'answer':>8}")
        for mb in (0.1, 1, 4, 16, 64):
            t = Path(d) / f"t{mb}.jsonl"
            transcript(t, int(mb * 1024 * 1024), file_path, text)
            payload = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Read", "tool_use_id": "toolu_now",
                                  "transcript_path": str(t), "cwd": "/p", "permission_mode": "default",
                                  "tool_input": {"file_path": file_path},
                                  "tool_response": {"type": "text", "file": {
                                      "filePath": file_path, "content": text, "numLines": len(text.split("\n")),
                                      "startLine": 1, "totalLines": len(text.split("\n"))}}}).encode()
            out = subprocess.run([args.rtk, "hook", "claude"], input=payload, capture_output=True, env=env).stdout
            kind = "note" if b'"startLine":0' in out else ("other" if out.strip() else "none")
            ms, cpu = median_ms([args.rtk, "hook", "claude"], payload, args.runs, env)
            print(f"{mb:>10} MB {ms:>8.2f} {cpu:>8.2f} {kind:>8}")
            if mb == 0.1:
                # The same answer with tracking off: no ledger line (its cost is the difference).
                off = dict(env, RTK_NO_TRACKING="1")
                ms, cpu = median_ms([args.rtk, "hook", "claude"], payload, args.runs, off)
                print(f"{'no ledger':>13} {ms:>8.2f} {cpu:>8.2f} {kind:>8}")
        late = payload.replace(b'"toolu_now"', b'"toolu_unwritten"')
        ms, cpu = median_ms([args.rtk, "hook", "claude"], late, 5, env)
        print(f"{'call not written':>13} {ms:>8.2f} {cpu:>8.2f}")


if __name__ == "__main__":
    main()
