#!/usr/bin/env python3
"""A Claude Code session that clears old tool results on its own (issue 37, item 3), without
rtk and with rtk's PostToolUse hook for Read.

Claude Code 2.1.332 clears old tool results when the user comes back to a session after more
than 65 minutes (docs/claude-clearing.md has the trigger, read from its bundle): at the first
turn after the pause it writes a `tool_results_cut` attachment naming the calls it cut, and
every later request carries `[Old tool result content cleared]` in their place (mode `cut`);
or it asks the API to clear them with a `clear_tool_uses_20250919` context edit, which the
model server applies as the API documents it, and records the API's report on the reply (mode
`server`). Offline that needs what Anthropic's flag service would serve (`FLAGS`), put in the
flag cache of the test HOME's `.claude.json` and read with
`CLAUDE_CODE_GB_DISK_CACHE_WHEN_TELEMETRY_OFF=1`, and a pause:
the first run's clock is two hours behind (libfaketime, `apt-get install faketime`), so its
records are two hours old when the second run resumes the session.

Run 1 (two hours ago) reads 30 files of 300 lines, then re-reads the first and the last; run 2
(now, `--resume`) re-reads the first file, the last, then the first again. Every request the
model server receives is kept: the checks read what the model had, not what the transcript says.
Checked (exit 1 otherwise): Claude wrote a `tool_results_cut`; the model received stand-ins for
the cut calls; no rtk note given after the cut names a Read the model no longer has in the same
request; the re-read of a cut file after the cut came back whole; every numbered line rtk lets
through is, with its number, a line of the result without rtk. A note given before the cut whose
Read the cut took is counted and printed (rtk cannot see a cut that has not happened yet).

    bench/session/clear_session.py [--rtk PATH] [--count PATH | --bytes] [--keep DIR]
"""

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import read_session as rs  # noqa: E402
import model_server as ms  # noqa: E402  (read_session put parity/ on the path)

FILES = 30
LINES = 300
PAUSE = "-2h"  # libfaketime offset of run 1: more than the 65 minutes Claude waits for
LIBFAKETIME = [
    Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/faketime/libfaketime.so.1"),
]
# The flags Claude Code 2.1.332 reads for the clearing after a pause (docs/claude-clearing.md):
# `cut`, Claude cuts the results itself and writes a `tool_results_cut`; `server`, it asks the
# API to clear them (a `clear_tool_uses_20250919` context edit), which the model server emulates.
FLAGS = {
    "cut": {"tengu_jiggly_blossom": "on", "tengu_wise_pearl": {"write_records": True}},
    "server": {"tengu_jiggly_blossom": "on"},
}
FLAG_ENV = {"CLAUDE_CODE_GB_DISK_CACHE_WHEN_TELEMETRY_OFF": "1"}
STAND_IN = "[Old tool result content cleared]"
NOTE = "0\t[rtk: lines "
CONTEXT = "rtk: this Read of "
NAMED = re.compile(r"your Read (\S+) \(lines")

# Every request body the scripted model receives, in order.
BODIES = []
_anthropic = ms.Handler._anthropic


def _recording(self, body):
    BODIES.append(body)
    return _anthropic(self, body)


ms.Handler._anthropic = _recording


def clear_tool_uses(body):
    """The API's `clear_tool_uses_20250919` edit (platform.claude.com, "Context editing"), applied
    to a request: past `trigger` tool uses, the results of all but the last `keep` are cleared
    when that clears at least `clear_at_least` tokens (bytes/4 here). The ids cleared are kept
    in the recorded body (`_cleared`): what the model did not receive."""
    cm = body.get("context_management")
    if not cm:
        return None
    applied = []
    for e in cm.get("edits") or []:
        if e.get("type") != "clear_tool_uses_20250919":
            continue
        skip = set(e.get("exclude_tools") or [])
        uses = [
            b["id"]
            for m in body.get("messages") or []
            if m.get("role") == "assistant" and isinstance(m.get("content"), list)
            for b in m["content"]
            if b.get("type") == "tool_use" and b.get("name") not in skip
        ]
        keep = (e.get("keep") or {}).get("value", 3)
        if len(uses) <= (e.get("trigger") or {}).get("value", 0) or len(uses) <= keep:
            continue
        results, _ = texts_of(body)
        gone = [u for u in uses[:-keep] if results.get(u, "").strip() not in ("", STAND_IN)]
        tokens = sum(len(results[u].encode()) // 4 for u in gone)
        if not gone or tokens < (e.get("clear_at_least") or {}).get("value", 0):
            continue
        body["_cleared"] = gone
        applied.append({"type": e["type"], "cleared_tool_uses": len(gone), "cleared_input_tokens": tokens})
    return {"applied_edits": applied}


def plan(files):
    read = lambda p: {"tool": "Read", "input": {"file_path": p}}  # noqa: E731
    first, last = files[0], files[-1]
    before = [read(f) for f in files] + [read(first), read(last)]
    # A resumed run's first request carries the old results, so the script's step 0 is never
    # called (the model server answers the newest result with step 1).
    after = [read(first), read(first), read(last), read(first)]
    return before, after


def texts_of(body):
    """{tool_use_id: result text} and the other text blocks of one request's user messages."""
    results, other = {}, []
    for m in body.get("messages") or []:
        if m.get("role") != "user" or not isinstance(m.get("content"), list):
            continue
        for b in m["content"]:
            if b.get("type") == "tool_result":
                results[b.get("tool_use_id")] = ms._text_of(b.get("content"))
            elif b.get("type") == "text":
                other.append(b.get("text", ""))
    return results, other


def notes(results, other):
    """[(the note's call id or None for a context text, ids of the Reads it names)]."""
    out = []
    for cid, text in results.items():
        if text.startswith(NOTE):
            out.append((cid, NAMED.findall(text)))
    for text in other:
        if CONTEXT in text:
            out.append((None, NAMED.findall(text)))
    return out


def run_world(base, mode, label, with_rtk, rtk, exe, port, libfaketime):
    w = rs.World(base / f"{mode}-{label}", rtk, with_rtk)
    files = []
    for i in range(FILES):
        p = w.repo / f"f{i:02}.rs"
        p.write_text(rs.source(f"f{i:02}", LINES))
        files.append(str(p))
    cfg = json.loads((w.home / ".claude.json").read_text())
    cfg["cachedGrowthBookFeatures"] = FLAGS[mode]
    (w.home / ".claude.json").write_text(json.dumps(cfg))
    before, after = plan(files)
    earlier = dict(FLAG_ENV, LD_PRELOAD=str(libfaketime), FAKETIME=PAUSE)
    r1, c1 = rs.run_claude(w, port, exe, before, env=earlier)
    sid = w.transcript().stem
    BODIES.clear()
    r2, c2 = rs.run_claude(w, port, exe, after, prompt="Go on", resume=sid, tag="r", env=FLAG_ENV)
    bodies = list(BODIES)
    steps = before + after[1:]
    return w, files, steps, r1 + r2[1:], c1 + c2[1:], bodies


def cut_ids(transcript):
    """Call ids named by the transcript's `tool_results_cut` records."""
    cut = set()
    for line in transcript.read_text().splitlines():
        a = json.loads(line).get("attachment") or {}
        if a.get("type") == "tool_results_cut":
            cut.update(a.get("callIds") or [])
    return cut


def server_edits(transcript):
    """The `context_management` Claude recorded on its assistant entries (the API's report)."""
    out = []
    for line in transcript.read_text().splitlines():
        e = json.loads(line)
        cm = (e.get("message") or {}).get("context_management") if e.get("type") == "assistant" else None
        if cm:
            out.append(cm)
    return out


def gone(body, results, ref):
    """Whether the model did not receive the result of call `ref` in this request."""
    return ref in body.get("_cleared", ()) or results.get(ref, "").strip() in ("", STAND_IN)


def check(mode, label, run, failures, dangling):
    w, files, steps, results, contexts, bodies = run
    t = w.transcript()
    if mode == "cut" and not cut_ids(t):
        failures.append(f"{mode} {label}: no tool_results_cut in the transcript (Claude cut nothing)")
    if mode == "server" and not any(
        x.get("cleared_tool_uses") for cm in server_edits(t) for x in cm.get("applied_edits") or []
    ):
        failures.append(f"{mode} {label}: no applied clear_tool_uses edit recorded (nothing cleared)")
    cleared = set()
    for k, body in enumerate(bodies):
        res, other = texts_of(body)
        cleared |= {c for c in res if gone(body, res, c)}
        for note_id, named in notes(res, other):
            for ref in named:
                if not gone(body, res, ref):
                    continue
                where = f"{mode} {label} request {k + 1}: note {note_id or '(additionalContext)'} names {ref}"
                # Run 1's calls are `toolu_parity…`, run 2's `toolu_rparity…`: a note from run 1
                # was given before Claude cleared anything.
                if note_id and not note_id.startswith("toolu_r"):
                    dangling.append(f"{where}, cleared after the note was given")
                else:
                    failures.append(f"{where}, which the model does not have")
    if not cleared:
        failures.append(f"{mode} {label}: the model received every result (nothing cleared)")
    # Run 2's first call re-reads the first file, whose earlier results were cleared: whole.
    whole = rs.source("f00", LINES).split("\n")[:-1]
    got = [line.split("\t", 1)[1] for line in results[len(steps) - 3].split("\n") if "\t" in line]
    if got[: len(whole)] != whole:
        failures.append(f"{mode} {label}: the re-read of a cleared file after the pause was not whole")
    return len(cleared)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=str(rs.REPO / "target/debug/rtk"))
    ap.add_argument("--claude", default=str(rs.REPO / ".cache/hosts/claude/node_modules/.bin/claude"))
    ap.add_argument("--count", default=None)
    ap.add_argument("--bytes", action="store_true")
    ap.add_argument("--keep", default=None)
    args = ap.parse_args()
    libfaketime = next((p for p in LIBFAKETIME if p.exists()), None)
    if libfaketime is None:
        sys.exit("clear_session: needs libfaketime (apt-get install faketime)")
    counter = rs.find_counter(args.count, args.bytes, "clear_session")
    rtk = str(Path(args.rtk).resolve())
    srv = rs.serve()
    port = srv.server_address[1]
    base = Path(args.keep or tempfile.mkdtemp(prefix="rtk-clear-bench-"))
    failures, dangling = [], []
    print(f"{'mode':<7} {'run':<7} {'call':<5} {'input':<10} {'plain':>7} {'rtk':>7}")
    for mode in FLAGS:
        ms.Handler.script.context_edit = clear_tool_uses if mode == "server" else None
        runs = {}
        for label, with_rtk in (("plain", False), ("rtk", True)):
            runs[label] = run_world(base, mode, label, with_rtk, rtk, args.claude, port, libfaketime)
        n_cleared = {label: check(mode, label, run, failures, dangling) for label, run in runs.items()}
        _, _, steps, plain, plain_ctx, plain_bodies = runs["plain"]
        _, _, _, withr, rtk_ctx, rtk_bodies = runs["rtk"]
        for k, (pl, r) in enumerate(zip(plain, withr)):
            p_lines = set(pl.split("\n"))
            for line in r.split("\n"):
                head = line.split("\t", 1)[0]
                if head.isdigit() and head != "0" and line not in p_lines:
                    failures.append(f"{mode} call {k + 1}: {line[:80]!r} is not in the result without rtk")
        tp = rs.count_tokens(counter, [r + c for r, c in zip(plain, plain_ctx)])
        tr = rs.count_tokens(counter, [r + c for r, c in zip(withr, rtk_ctx)])
        for k, s in enumerate(steps):
            if 2 <= k < FILES - 2:
                continue  # the 30 first reads are alike: the first two and the last two shown
            run = "before" if k < FILES + 2 else "after"
            print(f"{mode:<7} {run:<7} {k + 1:<5} {Path(s['input']['file_path']).name:<10} {tp[k]:>7} {tr[k]:>7}")
        print(f"{mode:<7} total Read: plain {sum(tp)}, rtk {sum(tr)} ({100 * (sum(tp) - sum(tr)) / max(sum(tp), 1):.1f}% fewer)")

        # What the model had at the end: the results of the last request, cleared ones left out.
        def kept(body):
            res, _ = texts_of(body)
            return [t for c, t in res.items() if not gone(body, res, c)]

        ends = [sum(rs.count_tokens(counter, kept(b[-1]))) for b in (plain_bodies, rtk_bodies)]
        print(f"{mode:<7} results cleared: plain {n_cleared['plain']}, rtk {n_cleared['rtk']}; "
              f"tool results in the last request: plain {ends[0]}, rtk {ends[1]}")
    for d in dangling:
        print("DANGLING", d)
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
