#!/usr/bin/env python3
"""Read sessions (issue 37): the tokens of the Read results the model receives in the real
Claude Code, without rtk and with rtk's PostToolUse hook (`rtk init --agent claude --global`).

Each session is one `claude -p` conversation whose scripted model (parity/model_server.py, steps
given as `{"tool": …, "input": …}`) calls Read and Edit on two generated source files (400 and
250 lines) in the shape the issue measured in real sessions: whole reads, an unchanged re-read, a
sub-range, an edit then a re-read, a re-read asked for again right after rtk's note, and an Edit
after a noted re-read (Claude's read-before-edit check must still pass). The `compact` session
then resumes the conversation, runs `/compact` (Claude writes a `compact_boundary`), and reads
the file again in a third run: rtk must pass it through whole, since the model no longer has the
earlier text. Every result the model received is recorded by the model server, and each note
rtk gave is checked to name only a Read whose result is after the transcript's last boundary.

Tokens are o200k_base (`rtk-bench --count`, bench/), else bytes/4 with `--bytes`.

    bench/session/read_session.py [--rtk PATH] [--count PATH | --bytes] [--keep DIR]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "parity"))
import model_server as ms  # noqa: E402
from fixture import run_host  # noqa: E402

A_LINES = 400
B_LINES = 250


def source(name, n):
    out = [f"//! {name}: generated for the read bench.", ""]
    i = 0
    while len(out) < n - 1:
        i += 1
        out += [
            f"pub fn {name}_step_{i}(input: &[u32], scale: u32) -> Option<u32> {{",
            f"    let total: u32 = input.iter().map(|v| v.wrapping_mul(scale + {i})).sum();",
            f"    if total % {i + 2} == 0 {{ None }} else {{ Some(total / {i + 1}) }}",
            "}",
            "",
        ]
    return "\n".join(out[: n - 1]) + "\n"


def sessions(a, b):
    read = lambda p, **kw: {"tool": "Read", "input": dict({"file_path": p}, **kw)}  # noqa: E731
    edit = lambda p, old, new: {"tool": "Edit", "input": {"file_path": p, "old_string": old, "new_string": new}}  # noqa: E731
    return {
        "reads": [
            read(a),
            read(b),
            read(a),  # unchanged re-read
            read(a, offset=100, limit=60),  # sub-range of a whole read
            edit(b, "pub fn b_step_7(", "pub fn b_step_seven("),
            read(b),  # re-read after a one-line edit
            edit(a, "pub fn a_step_3(", "pub fn a_step_three("),  # Edit after a noted re-read
            read(a, offset=300, limit=150),  # partial: 300-400 seen, 401 is the end
            read(a, offset=300, limit=150),  # asked again right after rtk shortened it
        ],
        # The first 100 lines, then the whole file: only 101-400 are new.
        "partial": [read(a, limit=100), read(b), read(a)],
        # Before /compact: a whole read; after it (third run): the same read.
        "compact": [read(a), read(b)],
        "compact-after": [read(a), read(a)],
    }


def count_tokens(texts, counter):
    """o200k_base tokens of each text (`rtk-bench --count`), or bytes/4 when `counter` is None."""
    if counter is None:
        return [len(t.encode()) // 4 for t in texts]
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, t in enumerate(texts):
            (Path(d) / f"{i}.txt").write_text(t)
            paths.append(str(Path(d) / f"{i}.txt"))
        out = subprocess.run([counter, "--count", *paths], capture_output=True, text=True, check=True)
        return [int(line.split("\t")[0]) for line in out.stdout.splitlines()]


def find_counter(count, bytes_only):
    """The token counter: `--count`, else the bench's own build, else None (bytes/4)."""
    found = count or next(
        (str(c) for k in ("release", "debug") if (c := REPO / f"bench/target/{k}/rtk-bench").exists()), None
    )
    if found is None and not bytes_only:
        sys.exit("build the bench (cd bench && cargo build) or pass --bytes")
    return found


def claude_env(home, port):
    return dict(
        PATH=f"{home}/bin:{os.environ['PATH']}",
        HOME=str(home),
        ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}",
        ANTHROPIC_API_KEY="dummy",
        DISABLE_TELEMETRY="1",
        DISABLE_ERROR_REPORTING="1",
        DISABLE_AUTOUPDATER="1",
        DISABLE_BUG_COMMAND="1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        IS_SANDBOX="1",
    )


class World:
    def __init__(self, root, rtk, with_rtk):
        self.root = Path(root)
        self.repo = self.root / "repo"
        self.home = self.root / "home"
        self.repo.mkdir(parents=True)
        (self.home / "bin").mkdir(parents=True)
        (self.repo / "a.rs").write_text(source("a", A_LINES))
        (self.repo / "b.rs").write_text(source("b", B_LINES))
        trust = {str(self.repo): {"hasTrustDialogAccepted": True}}
        (self.home / ".claude.json").write_text(json.dumps({"hasCompletedOnboarding": True, "projects": trust}))
        if with_rtk:
            os.symlink(rtk, self.home / "bin/rtk")
            subprocess.run(
                [rtk, "init", "--agent", "claude", "--global"],
                env={"HOME": str(self.home), "PATH": os.environ["PATH"]},
                check=True,
                capture_output=True,
            )

    def transcript(self):
        found = sorted(self.home.glob(".claude/projects/*/*.jsonl"))
        return found[0] if found else None


def serve():
    ms.Handler.script = ms.Script()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), ms.Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def run_claude(world, port, exe, steps, prompt="Do it", resume=None, tag=""):
    ms.Handler.script.reset(steps, tag=tag)
    argv = [exe, "-p", prompt, "--output-format", "stream-json", "--verbose", "--permission-mode", "acceptEdits"]
    if resume:
        argv += ["--resume", resume]
    got = run_host(argv, world.repo, claude_env(world.home, port), 180)
    if got is None:
        raise RuntimeError("claude timed out")
    snap = ms.Handler.script.snapshot()
    texts = [snap["by_call"].get(k, "") for k in range(len(steps))]
    # What a hook adds beside a result (`additionalContext`) reaches the model too.
    t = world.transcript()
    extra = {}
    for line in (t.read_text().splitlines() if t else []):
        e = json.loads(line)
        a = e.get("attachment") or {}
        if a.get("type") == "hook_additional_context":
            extra[a.get("toolUseID")] = "".join(r.get("content", "") for r in e.get("rendered") or [])
    contexts = [extra.get(f"toolu_{tag}parity{k + 1}", "") for k in range(len(steps))]
    return texts, contexts


def horizon_ids(transcript):
    """tool_use ids of Read results before the last boundary (compact, microcompact, cut)."""
    before, seen = set(), []
    for line in transcript.read_text().splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        sub = e.get("subtype") if e.get("type") == "system" else None
        cut = (e.get("attachment") or {}).get("type") == "tool_results_cut"
        if sub in ("compact_boundary", "microcompact_boundary") or cut or e.get("isCompactSummary"):
            before.update(seen)
            seen = []
        msg = e.get("message") or {}
        if e.get("type") == "user" and isinstance(msg.get("content"), list):
            seen += [b.get("tool_use_id") for b in msg["content"] if b.get("type") == "tool_result"]
    return before


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--claude", default=str(REPO / ".cache/hosts/claude/node_modules/.bin/claude"))
    ap.add_argument("--count", default=None)
    ap.add_argument("--bytes", action="store_true")
    ap.add_argument("--keep", default=None)
    args = ap.parse_args()
    rtk = str(Path(args.rtk).resolve())
    counter = find_counter(args.count, args.bytes)

    def tokens(texts):
        return count_tokens(texts, counter)

    srv = serve()
    port = srv.server_address[1]
    base = Path(args.keep or tempfile.mkdtemp(prefix="rtk-read-bench-"))
    failures = []
    table = {}
    for with_rtk in (False, True):
        label = "rtk" if with_rtk else "plain"
        for name in ("reads", "partial", "compact"):
            w = World(base / f"{label}-{name}", rtk, with_rtk)
            a, b = str(w.repo / "a.rs"), str(w.repo / "b.rs")
            plan = sessions(a, b)
            results, contexts = run_claude(w, port, args.claude, plan[name])
            steps = list(plan[name])
            if name == "compact":
                sid = w.transcript().stem
                run_claude(w, port, args.claude, [], prompt="/compact", resume=sid, tag="c")
                more, more_ctx = run_claude(w, port, args.claude, plan["compact-after"], resume=sid, tag="r")
                results += more
                contexts += more_ctx
                steps += plan["compact-after"]
            table[(label, name)] = (steps, results, contexts)
            if with_rtk:
                t = w.transcript()
                gone = horizon_ids(t)
                text = t.read_text()
                for r in results:
                    for ref in [x for x in gone if x and x in r]:
                        failures.append(f"{name}: a note points at {ref}, before a boundary")
                if name == "compact" and "compact_boundary" not in text:
                    failures.append("compact: no compact_boundary in the transcript (/compact did not run)")
                if name == "reads" and "a_step_three" not in (w.repo / "a.rs").read_text():
                    failures.append("reads: the Edit after a noted re-read did not apply")
    # Every numbered line rtk lets through is, with its number, a line of the result without
    # rtk (the worlds hold the same files; paths differ only in the world's folder).
    for name in ("reads", "partial", "compact"):
        _, plain, _ = table[("plain", name)]
        _, withr, _ = table[("rtk", name)]
        for k, (p, r) in enumerate(zip(plain, withr)):
            p_lines = set(p.split("\n"))
            for line in r.split("\n"):
                head = line.split("\t", 1)[0]
                if head.isdigit() and head != "0" and line not in p_lines:
                    failures.append(f"{name} call {k + 1}: {line[:80]!r} is not in the result without rtk")
    print(f"{'session':<10} {'call':<5} {'tool':<5} {'input':<28} {'plain':>7} {'rtk':>7}")
    totals = {}
    for name in ("reads", "partial", "compact"):
        steps, plain, plain_ctx = table[("plain", name)]
        _, withr, rtk_ctx = table[("rtk", name)]
        # What the model receives for a call: the result and what a hook adds beside it.
        tp = tokens([r + c for r, c in zip(plain, plain_ctx)])
        tr = tokens([r + c for r, c in zip(withr, rtk_ctx)])
        for k, s in enumerate(steps):
            inp = {k2: v for k2, v in s["input"].items() if k2 in ("offset", "limit")}
            desc = Path(s["input"]["file_path"]).name + (" " + json.dumps(inp) if inp else "")
            print(f"{name:<10} {k + 1:<5} {s['tool']:<5} {desc:<28} {tp[k]:>7} {tr[k]:>7}")
            tot = totals.setdefault(s["tool"], [0, 0])
            tot[0] += tp[k]
            tot[1] += tr[k]
    for tool, (p, r) in totals.items():
        print(f"total {tool}: plain {p}, rtk {r} ({100 * (p - r) / max(p, 1):.1f}% fewer)")
    if args.keep:
        print(f"kept: {base}")
    else:
        shutil.rmtree(base, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    srv.shutdown()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    start = time.time()
    main()
