#!/usr/bin/env python3
"""The differential run against the real host (issue 27): generated command lines
(differential_gen.py), each run through the real host once without rtk and once with rtk's hook
(`rtk init --agent <host> --global`), under two setups: `none` (no rules) and `rules` (allow
rules for ls, cat, find, git status, git log, git diff). One host session issues a batch of
lines as Bash tool calls one after another (model_server.py's call list), in a fresh fixture
per session (fixture.py: HOME and the project in a temp dir).

A pair (line, setup) is judged on the host's decision for that call (ran / ask / denied):
  escape      the host asks or refuses without rtk and runs with rtk: the run FAILS
  lost        runs silently without rtk, asked or refused with rtk (parity lost, reported)
  kept        runs both ways and the rtk form ran (the savings kept)
  aside       runs both ways, original line (rtk stepped aside or only allowed)
  unrun       runs both ways, rtk offered a rewrite but no rtk form ran (a loop body that never
              runs: `while false; do rtk ls; done`; reported)
  refused     asked or refused both ways
  undecided   no decision could be read on one side (fails the run, like run.py's "error")
Issue 36's session dimensions (differential_sessions.py: `cd` sessions, Read/Edit rules, planted
nested and bare repositories, Bash tool input with more fields) run under their own setups,
`paths` and `paths-glob`, in a planted project; a planted program (the nested checkout's
fsmonitor, the bare repository's textconv) that runs with rtk and not without fails the run.
A session that connects beyond 127.0.0.1 (strace, as run.py) or changes the project's files
(every line is read-only but the Edit-rule lines writing into the planted `scratch/`, which the
check leaves out, so one that writes is a generator fault) fails the run too. Lines with
no result (a session cut short) are retried once in a fresh session.

    parity/differential.py --sample                the seeded sample scripts/test.sh runs
    parity/differential.py --dimensions 40         issue 36's dimensions only, 40 lines of each
    parity/differential.py --session-dimensions 10 issue 36's session dimensions only, 10 of each
    parity/differential.py --session-dimensions 20 --only session,repo   two of them
    parity/differential.py --lines 2000 --jobs 2   the full run (see parity/README.md)
    parity/differential.py --host copilot --lines 300 --jobs 2
    parity/differential.py --rtk /path/to/rtk --lines 300 --escapes /tmp/escapes.txt
"""

import argparse
import collections
import hashlib
import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import model_server  # noqa: E402
import differential_sessions as sess  # noqa: E402
from differential_gen import DIMENSIONS, dimension_lines, generate, sample  # noqa: E402
from fixture import Fixture, run_host  # noqa: E402
from hosts import HOSTS  # noqa: E402
from run import REPO, STRACE, installed, outside_connects  # noqa: E402

SETUPS = ["none", "rules"]
# The `rules` setup: allow rules for these prefixes, in each host's own form.
RULES = ["ls", "cat", "find", "git status", "git log", "git diff"]
SAMPLE_LINES = 60
FAILING = ("escape", "undecided")


def prepare(host, fx, port, setup):
    """The host's config for a session, and the setup's rules."""
    if setup in sess.SETUPS:
        if host.name != "claude":
            raise SystemExit(f"differential: setup {setup} is Claude's (Read/Edit rules)")
        sess.plant(fx)
        sess.write_settings(fx, setup)
    if host.name == "claude":
        if setup == "rules":
            perms = {"permissions": {"allow": [f"Bash({r}:*)" for r in RULES]}}
            (fx.repo / ".claude").mkdir(parents=True, exist_ok=True)
            (fx.repo / ".claude/settings.json").write_text(json.dumps(perms, indent=2))
        (fx.home / ".claude.json").write_text(
            json.dumps({"hasCompletedOnboarding": True, "projects": {str(fx.cwd): {"hasTrustDialogAccepted": True}}})
        )
    elif host.name == "copilot":
        fx.extra_args = []
        if setup == "rules":
            for r in RULES:
                fx.extra_args += ["--allow-tool", f"shell({r})"]
    else:
        raise SystemExit(f"differential: no driver for host {host.name}")


def claude_denials(stdout):
    """Tool call ids Claude's final result line lists in `permission_denials`."""
    ids = set()
    for raw in stdout.splitlines():
        try:
            event = json.loads(raw)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("type") == "result":
            ids |= {d.get("tool_use_id") for d in event.get("permission_denials") or []}
    return ids


def decide(host, k, text, denials):
    """The host's decision for call k from its tool result text (None: no result came back)."""
    if text is None:
        return "error"
    decision = host.classify_result(text)
    if host.name == "claude":
        denied = f"toolu_parity{k + 1}" in denials
        if denied and decision in ("error", "ask"):
            return "ask"  # refusals Claude words in many ways; the denial list is the record
        if denied != (decision in ("ask", "denied")):
            return "error"  # the text and the denial list disagree
    return decision


def rtk_by_call(log):
    """{call index: (hook answers, runs of an rtk form)} from the shim log with call marks."""
    out = collections.defaultdict(lambda: ([], []))
    k = None
    if not log.exists():
        return out
    for raw in log.read_text(errors="replace").splitlines():
        parts = raw.split("\t")
        if parts[0] == "call":
            k = int(parts[1])
        elif k is None:
            continue
        elif parts[0] == "run":
            out[k][1].append(parts[1] if len(parts) > 1 else "")
        elif len(parts) >= 3:
            out[k][0].append(parts[2])
    return out


def project_digest(repo):
    """A digest of the project's files and git refs (not the index, which `git status`
    refreshes, nor the host's own .claude folder, nor a nested checkout's .git, nor the planted
    `scratch/` the Edit rules name): a session of read-only lines leaves it as is."""
    h = hashlib.sha256()
    for path in sorted(repo.rglob("*")):
        rel = path.relative_to(repo)
        if not path.is_file() or rel.parts[0] in (".claude", "scratch") or (rel.parts[0] == ".git" and rel.parts[1:2] not in (("HEAD",), ("refs",))):
            continue
        if ".git" in rel.parts[1:]:
            continue
        h.update(str(rel).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def session(host, paths, rtk, node_bin, script, port, setup, lines, with_rtk, keep=False):
    """One host session issuing `lines` as tool calls; a record per line, and the problems seen
    (an address outside loopback the host connected to, a change to the project), and the
    planted programs that ran (differential_sessions.py)."""
    fx = Fixture(rtk, node_bin, keep=keep)
    fx.paths = paths
    try:
        prepare(host, fx, port, setup)
        env = dict(fx.env, **host.env(fx, port))
        if with_rtk:
            init = [rtk, "init", "--agent", host.name, *host.init_args]
            subprocess.run(init, cwd=fx.repo, env=env, check=True, capture_output=True)
        texts = [line.text.replace("@REPO@", str(fx.repo)) for line in lines]
        steps = [sess.step(text, line) for text, line in zip(texts, lines)]
        before = project_digest(fx.repo)

        def mark(k):
            with open(fx.calls_log, "a") as f:
                f.write(f"call\t{k}\n")

        script.reset(steps, on_call=mark)
        argv = host.argv(fx, paths[host.name])
        trace = fx.root / "connect.trace"
        if STRACE:
            argv = [STRACE, "-f", "-qq", "-e", "trace=connect", "-e", "signal=none", "-o", str(trace), *argv]
        done = run_host(argv, fx.cwd, env, timeout=60 + 4 * len(lines))
        stdout = "".join(done) if done else ""
        snap = script.snapshot()
        denials = claude_denials(stdout)
        rtk_calls = rtk_by_call(fx.calls_log)
        records = []
        for k, text in enumerate(texts):
            answers, runs = rtk_calls.get(k, ([], []))
            result = snap["by_call"].get(k)
            records.append({
                "decision": decide(host, k, result, denials),
                "result": (result or "")[:200],
                "answers": answers,
                "rewrote": any("rtk " in a for a in answers),
                "rtk_ran": bool(runs),
            })
        problems = ["connected beyond 127.0.0.1: " + a for a in (outside_connects(trace) if STRACE else [])]
        if project_digest(fx.repo) != before:
            problems.append(f"a {setup} session changed the project (batch from {lines[0].text!r})")
        return records, problems, sess.planted_ran(fx)
    finally:
        fx.close()


def judge(without, with_):
    """The pair's category (see the module doc)."""
    a, b = without["decision"], with_["decision"]
    if "error" in (a, b):
        return "undecided"
    if a != "ran":
        return "escape" if b == "ran" else "refused"
    if b != "ran":
        return "lost"
    if with_["rewrote"]:
        return "kept" if with_["rtk_ran"] else "unrun"
    return "aside"


def run_batch(host, paths, rtk, node_bin, setup, lines, keep):
    """Both sessions of one batch (own model server), lines with no result retried once in a
    fresh session; [(line, without record, with record)] and the outside connects."""
    script = model_server.Script()
    server, port = model_server.serve(script)
    problems = []
    planted = []
    try:
        sides = []
        for with_rtk in (False, True):
            records, bad, ran = session(host, paths, rtk, node_bin, script, port, setup, lines, with_rtk, keep)
            problems += bad
            missing = [i for i, r in enumerate(records) if r["decision"] == "error"]
            if missing:
                # (a session line retried alone runs in the project, not where its `cd` went)
                again, bad, ran2 = session(host, paths, rtk, node_bin, script, port, setup,
                                           [lines[i] for i in missing], with_rtk, keep)
                problems += bad
                ran = sorted(set(ran) | set(ran2))
                for i, r in zip(missing, again):
                    records[i] = r
            sides.append(records)
            planted.append(ran)
        only_rtk = sorted(set(planted[1]) - set(planted[0]))
        if only_rtk:
            problems.append(f"planted programs ran only with rtk ({setup}, batch from {lines[0].text!r}): {only_rtk}")
    finally:
        server.shutdown()
        server.server_close()
    return list(zip(lines, sides[0], sides[1])), problems


def host_version(host, exe, node_bin):
    env = dict(os.environ, PATH=f"{node_bin}:{os.environ.get('PATH', '')}")
    try:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, env=env, timeout=60).stdout
        return (out.strip().splitlines() or ["?"])[0]
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", default="claude", choices=["claude", "copilot"])
    ap.add_argument("--setups", default=",".join(SETUPS))
    ap.add_argument("--lines", type=int, default=2000, help="lines generated (default 2000)")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--sample", action="store_true", help=f"a seeded sample of {SAMPLE_LINES} lines (every shape)")
    ap.add_argument("--sample-size", type=int, default=SAMPLE_LINES)
    ap.add_argument("--first", type=int, default=0, help="only the first N generated lines")
    ap.add_argument("--dimensions", type=int, default=0, metavar="N",
                    help="only issue 36's dimensions: N lines of each (long, zsh-word, validator-quote)")
    ap.add_argument("--session-dimensions", type=int, default=0, metavar="N",
                    help="only issue 36's session dimensions: N of each (session groups, read-rule, repo, "
                         "payload), under the setups " + ",".join(sess.SETUPS))
    ap.add_argument("--only", help="with --session-dimensions: these dimensions only (comma list)")
    ap.add_argument("--batch", type=int, default=100, help="lines per host session (default 100)")
    ap.add_argument("--jobs", type=int, default=1, help="sessions run in parallel (default 1)")
    ap.add_argument("--rtk", default=os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk"))
    ap.add_argument("--out", help="write every pair as JSON lines here")
    ap.add_argument("--escapes", help="write the escaping pairs here")
    ap.add_argument("--keep", action="store_true", help="keep each session's temp dir")
    args = ap.parse_args()

    host = HOSTS[args.host]
    if not os.access(args.rtk, os.X_OK):
        sys.exit(f"differential: no rtk binary at {args.rtk} (cargo build, or --rtk)")
    rtk = str(Path(args.rtk).resolve())
    paths = installed([host.name])
    node_bin = str(Path(paths["node24"]).parent)
    lines = generate(args.lines, args.seed)
    if args.dimensions:
        lines = dimension_lines(args.dimensions, args.seed)
    elif args.sample:
        lines = sample(lines, args.sample_size, args.seed)
    elif args.first:
        lines = lines[: args.first]
    # Issue 36's session dimensions, under their own setups (Claude only: Read/Edit rules).
    session_lines = []
    if args.session_dimensions:
        lines = []
        session_lines = sess.dimension_lines(args.session_dimensions, args.seed)
    elif args.sample and host.name == "claude":
        session_lines = sess.sample(args.seed)
    if args.only:
        session_lines = [line for line in session_lines if line.shape in args.only.split(",")]
    setups = [s for s in args.setups.split(",") if s] if lines else []
    version = host_version(host, paths[host.name], node_bin)
    rtk_version = subprocess.run([rtk, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"differential: {args.host} {version}, rtk {rtk_version} ({rtk}); {len(lines)} lines "
          f"(seed {args.seed}) x setups {','.join(setups)}, batches of {args.batch}, {args.jobs} jobs", flush=True)
    session_setups = sess.SETUPS if session_lines else []
    if session_lines:
        print(f"differential: + {len(session_lines)} session-dimension lines x setups {','.join(session_setups)}",
              flush=True)

    work = [(setup, lines[i:i + args.batch]) for setup in setups for i in range(0, len(lines), args.batch)]
    work += [(setup, batch) for setup in session_setups for batch in sess.chunks(session_lines, args.batch)]
    t0 = time.monotonic()
    pairs, problems = [], []
    lock = threading.Lock()

    header = (f"# {args.host} {version}, rtk {rtk_version}; setup, shape, path class, "
              "decision without rtk, with rtk, line (JSON string)\n")

    def write(pairs_done, mode):
        """The pairs (and the escapes) into --out / --escapes: appended batch by batch as
        they finish (a run cut short keeps what it measured), rewritten in order at the end."""
        if args.out:
            with open(args.out, mode) as f:
                for setup, line, a, b, verdict in pairs_done:
                    f.write(json.dumps({"setup": setup, "line": line.text, "shape": line.shape,
                                        "program": line.program, "path": line.path, "var": line.var,
                                        "redir": line.redir, "group": line.group, "extra": dict(line.extra or ()),
                                        "verdict": verdict, "without": a, "with": b}) + "\n")
        if args.escapes:
            with open(args.escapes, mode) as f:
                if mode == "w":
                    f.write(header)
                for setup, line, a, b, verdict in pairs_done:
                    if verdict == "escape":
                        f.write(f"{setup}\t{line.shape}\t{line.path}\t{a['decision']}\t{b['decision']}\t"
                                f"{json.dumps(line.text)}\n")

    write([], "w")

    def one(unit):
        setup, batch = unit
        t = time.monotonic()
        done, bad = run_batch(host, paths, rtk, node_bin, setup, batch, args.keep)
        with lock:
            judged = [(setup, line, a, b, judge(a, b)) for line, a, b in done]
            pairs.extend(judged)
            problems.extend(bad)
            write(judged, "a")
            counts = collections.Counter(p[4] for p in judged)
            print(f"  {setup:5} {len(batch):3} lines {time.monotonic() - t:5.0f}s  {dict(counts)}  "
                  f"({len(pairs)} pairs so far)", flush=True)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(one, work))
    wall = time.monotonic() - t0

    order = {id(line): i for i, line in enumerate(lines + session_lines)}
    pairs.sort(key=lambda p: (p[0], order[id(p[1])]))
    write(pairs, "w")
    escapes = [p for p in pairs if p[4] == "escape"]

    total = collections.Counter(p[4] for p in pairs)
    print(f"\n| setup | pairs | escape | lost | kept | aside | unrun | refused | undecided |")
    print("|---|---|---|---|---|---|---|---|---|")
    for setup in setups + session_setups + ["all"]:
        c = collections.Counter(p[4] for p in pairs if setup == "all" or p[0] == setup)
        print(f"| {setup} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in
              ("escape", "lost", "kept", "aside", "unrun", "refused", "undecided")) + " |")
    dims = [d for d in [*DIMENSIONS, *sess.DIMENSIONS] if any(p[1].shape == d for p in pairs)]
    if dims:
        print(f"\n| dimension | lines | pairs | escape | lost | kept | aside | unrun | refused | undecided |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for dim in dims:
            mine = [p for p in pairs if p[1].shape == dim]
            c = collections.Counter(p[4] for p in mine)
            n_lines = len({id(p[1]) for p in mine})
            print(f"| {dim} | {n_lines} | {len(mine)} | " + " | ".join(str(c[k]) for k in
                  ("escape", "lost", "kept", "aside", "unrun", "refused", "undecided")) + " |")
    if escapes:
        print("\nescapes by shape:", dict(collections.Counter(p[1].shape for p in escapes).most_common()))
        print("escapes by path class:", dict(collections.Counter(p[1].path for p in escapes).most_common()))
        for setup, line, a, b, _ in escapes[:40]:
            print(f"  ESCAPE {setup:5} {a['decision']}->{b['decision']} {json.dumps(line.text)}")
    for setup, line, a, b, verdict in pairs:
        if verdict == "undecided":
            print(f"  UNDECIDED {setup:5} {json.dumps(line.text)} without={a['result'][:80]!r} with={b['result'][:80]!r}")
    for problem in sorted(set(problems)):
        print("differential: FAIL " + problem)
    print(f"{len(lines)} lines, {len(pairs)} pairs, {total['escape']} escapes, {total['lost']} lost parity, "
          f"{total['kept']} rewrites kept, {total['undecided']} undecided; {wall:.0f}s wall")
    return 1 if problems or any(total[k] for k in FAILING) else 0


if __name__ == "__main__":
    sys.exit(main())
