#!/usr/bin/env python3
"""The parity harness: each corpus command under each rule setup, in each real host, once
without rtk and once with rtk's hook or plugin installed (`rtk init --agent <host>`). A pair is
equal when both runs got the same decision (ran / ask / denied) and, where the run with rtk ran
and rtk's hook offered a rewrite, the rtk form is what ran.

    parity/run.py                      a seeded sample (seed printed) plus corpus.ISSUE_CASES
    parity/run.py --full               every pair (the full corpus; see parity/README.md)
    parity/run.py --hosts claude --setups deny --commands git-push -v
    parity/run.py --full --print-failures   failing pairs in known-failures.txt format
    parity/run.py --latest --sample 1 --seed 22   the same sample on the newest release of every
                                       host (installed into .cache/hosts-latest/; the pinned
                                       installs stay); prints the versions and pairs equal / run
    parity/run.py --version codex=0.153.3 --hosts codex --sample 1 --seed 22   the sample on
                                       another release of a host (.cache/hosts-codex-0.153.3/)

Known failures (parity/known-failures.txt) are pairs that fail because rtk's side is not fixed
yet: they are run and reported, and the run fails if one of them starts passing (so the list
stays true) or if any pair not on the list fails.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import model_server  # noqa: E402
from corpus import COMMANDS, ISSUE_CASES, instructed  # noqa: E402
from fixture import Fixture, reap_daemons, run_host  # noqa: E402
from hosts import HOSTS  # noqa: E402

REPO = HERE.parent
RUN_TIMEOUT = 120
# Every host run is traced for connect(2) when strace is there (parity/install.sh installs it):
# a connection to anything but loopback fails the pair.
STRACE = shutil.which("strace")
ADDR = re.compile(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"')
# `PID execve("path", ["argv0", …], …) = 0`, or split by strace -f when another thread runs
# meanwhile: `PID execve("path", [...] <unfinished ...>` … `PID <... execve resumed>) = 0`.
EXEC = re.compile(r'^(\d+) +execve\("([^"]*)", \[((?:"[^"]*"(?:, )?)*)[^\n]*?(\) = 0|<unfinished \.\.\.>)$', re.M)
RESUMED = re.compile(r'^(\d+) +<\.\.\. execve resumed>.*\) = 0$', re.M)


def rtk_execs(trace):
    """Runs of an rtk form seen in the trace: rtk executed (by any path: the hook may name rtk
    by its absolute path, which bypasses the logging shim) with a first argument other than
    hook/rewrite/init."""
    if not trace.exists():
        return []
    text = trace.read_text(errors="replace")
    resumed_ok = {m.group(1) for m in RESUMED.finditer(text)}
    runs = []
    for m in EXEC.finditer(text):
        pid, path, argv = m.group(1), m.group(2), re.findall(r'"([^"]*)"', m.group(3))
        if m.group(4) != ") = 0" and pid not in resumed_ok:
            continue
        if path.rsplit("/", 1)[-1] == "rtk" and len(argv) > 1 and argv[1] not in ("hook", "rewrite", "init"):
            runs.append(("run", " ".join(argv[1:]), None, None))
    return runs


def outside_connects(trace):
    """Addresses outside 127.0.0.0/8 and ::1 the traced host tried to connect to."""
    if not trace.exists():
        return []
    bad = set()
    for m in ADDR.finditer(trace.read_text(errors="replace")):
        addr = m.group(1) or m.group(2)
        if not (addr.startswith("127.") or addr in ("::1", "::ffff:127.0.0.1", "0.0.0.0", "::")):
            bad.add(addr)
    return sorted(bad)


def installed(hosts, latest=False, versions=()):
    """{name: binary, "version:<name>": version, "failed:<name>": why, "node24": …} from
    install.sh (the newest releases with `latest`; `versions`: "name=version" releases to use
    instead of the pins)."""
    env = dict(os.environ)
    if latest:
        env["PARITY_LATEST"] = "1"
    if versions:
        env["PARITY_VERSIONS"] = " ".join(versions)
    out = subprocess.run(
        [str(HERE / "install.sh"), *hosts], check=True, capture_output=True, text=True, env=env
    ).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def load_known():
    known = {}
    path = HERE / "known-failures.txt"
    for line in path.read_text().splitlines():
        body, _, reason = line.partition("#")
        words = body.split()
        if len(words) == 3:
            known[tuple(words)] = reason.strip()
    return known


def run_one(host, paths, exe, rtk, node_bin, script, port, setup, cmd, with_rtk, keep):
    fx = Fixture(rtk, node_bin, keep=keep)
    fx.paths = paths
    try:
        host.prepare(fx, port, setup, cmd)
        env = dict(fx.env, **host.env(fx, port))
        if with_rtk:
            subprocess.run(
                [rtk, "init", "--agent", host.name, *host.init_args],
                cwd=fx.repo,
                env=env,
                check=True,
                capture_output=True,
            )
        remote_before = fx.remote_head()
        # An instruction host's model, told by rtk's block, types the rtk form itself.
        line = instructed(cmd.line) if with_rtk and host.instructions else cmd.line
        script.reset(line)
        argv = host.argv(fx, exe)
        trace = fx.root / "connect.trace"
        if STRACE:
            argv = [STRACE, "-f", "-qq", "-s", "4096", "-e", "trace=connect,execve", "-e", "signal=none", "-o", str(trace), *argv]
        done = run_host(argv, fx.cwd, env, timeout=max(RUN_TIMEOUT, host.run_timeout))
        stdout = "".join(done) if done else None
        if keep and done:
            (fx.root / "host.stdout").write_text(done[0])
            (fx.root / "host.stderr").write_text(done[1])
        snap = script.snapshot()
        decision = "error" if stdout is None else host.classify(fx, snap, stdout)
        calls = fx.rtk_calls() + (rtk_execs(trace) if STRACE else [])
        return {
            "decision": decision,
            "result": (snap["results"] or [""])[0][:300],
            "model_calls": snap["calls"],
            "stdout_tail": (stdout or "")[-400:],
            "calls": calls,
            "pushed": fx.remote_head() != remote_before,
            "net": outside_connects(trace) if STRACE else [],
            "unknown": snap["unknown"],
            "dir": str(fx.root) if keep else None,
            "line": line,
        }
    finally:
        fx.close()


def load_expected():
    """{(host, setup, command id): (without, with, reason)} from expected-differences.txt; a
    command id `*` stands for every command whose line rtk's instructions change."""
    expected = {}
    for line in (HERE / "expected-differences.txt").read_text().splitlines():
        body, _, reason = line.partition("#")
        words = body.split()
        if len(words) == 5:
            expected[tuple(words[:3])] = (words[3], words[4], reason.strip())
    return expected


def judge(without, with_, instructions=False):
    """None when the pair is equal, else why not. `instructions`: an instruction-file host,
    where no hook is asked and the model types the rtk form itself."""
    net = without["net"] + with_["net"]
    if net:
        return "connected beyond 127.0.0.1: " + ", ".join(sorted(set(net)))
    if without["decision"] == "error" or with_["decision"] == "error":
        return "no decision (without=%s, with=%s)" % (without["decision"], with_["decision"])
    if without["decision"] != with_["decision"]:
        return "decision %s without rtk, %s with rtk" % (without["decision"], with_["decision"])
    if with_["decision"] == "ran" and with_.get("line") != without.get("line"):
        # An instruction host: the model typed the rtk form; it must be what ran.
        if not any(c[0] == "run" for c in with_["calls"]):
            return "the model typed the rtk form but it did not run"
    elif with_["decision"] == "ran" and not instructions:
        answers = [c for c in with_["calls"] if c[0] in ("hook", "rewrite")]
        offered = any("rtk " in (c[3] or "") for c in answers)
        ran_rtk = any(c[0] == "run" for c in with_["calls"])
        if not answers:
            return "rtk's hook was never called"
        if offered and not ran_rtk:
            return "rtk offered a rewrite but the rtk form did not run"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hosts", default=",".join(HOSTS))
    ap.add_argument("--setups", default="")
    ap.add_argument("--commands", default="")
    ap.add_argument("--full", action="store_true", help="every pair, not a sample")
    ap.add_argument("--sample", type=int, default=4, help="pairs per host and setup (default 4)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--issue", action="store_true", help="only the issue's cases (corpus.ISSUE_CASES)")
    ap.add_argument("--latest", action="store_true", help="the newest release of every host, not the pins")
    ap.add_argument("--version", action="append", default=[], metavar="HOST=VERSION",
                    help="run this release of a host instead of its pin (repeatable)")
    ap.add_argument("--print-failures", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep each run's temp dir")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    hosts = [HOSTS[h] for h in args.hosts.split(",") if h]
    if args.issue:
        hosts = [h for h in hosts if any(c[0] == h.name for c in ISSUE_CASES)]
    paths = installed([h.name for h in hosts], latest=args.latest, versions=args.version)
    if args.latest or args.version:
        which = "newest releases" if args.latest else "releases"
        print(f"parity: {which} ({time.strftime('%Y-%m-%d', time.gmtime())}):")
        for h in hosts:
            if f"failed:{h.name}" in paths:
                print(f"  {h.name:8} NOT RUN: {paths[f'failed:{h.name}']}")
            else:
                print(f"  {h.name:8} {paths.get(f'version:{h.name}', '?')}")
        hosts = [h for h in hosts if h.name in paths]
    rtk = os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk")
    if not os.access(rtk, os.X_OK):
        sys.exit(f"parity: no rtk binary at {rtk} (cargo build, or set RTK_BIN)")
    node_bin = str(Path(paths["node24"]).parent)
    known = load_known()
    expected = load_expected()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    if not args.full and not args.issue:
        print(f"parity: sample of {args.sample} pairs per host and setup, seed {seed} "
              f"(repeat with --seed {seed}; every pair: parity/run.py --full)")

    script = model_server.Script()
    server, port = model_server.serve(script)
    table = []
    failures, stale = [], []
    differed = []  # pairs that differ exactly as expected-differences.txt says
    retried = []  # sides run twice because the first run gave no answer
    for host in hosts:
        setups = [s for s in host.setups if not args.setups or s in args.setups.split(",")]
        if not args.full and not args.setups and not args.issue:
            setups = [s for s in setups if s not in host.unsampled]
        for setup in setups:
            cmds = [c for c in COMMANDS if not args.commands or c.id in args.commands.split(",")]
            if args.issue:
                cmds = [c for c in cmds if (host.name, setup, c.id) in ISSUE_CASES]
            elif not args.full and not args.commands:
                # Seeded per host and setup, so a pair's pick does not depend on which other
                # hosts run: `--hosts codex --seed N` samples what the whole run would.
                rng = random.Random(f"{seed}/{host.name}/{setup}")
                picked = rng.sample(cmds, min(args.sample, len(cmds)))
                # The issue's cases are always part of a sample.
                must = {c for h, s, c in ISSUE_CASES if (h, s) == (host.name, setup)}
                cmds = [c for c in cmds if c.id in must and c not in picked] + picked
            if not cmds:
                continue
            t0 = time.monotonic()
            tried = equal = known_failed = diff = 0
            for cmd in cmds:
                pair = []
                for w in (False, True):
                    r = run_one(host, paths, paths[host.name], rtk, node_bin, script, port, setup, cmd, w, args.keep)
                    if r["decision"] == "error":
                        # No answer at all (the host ran past its timeout or printed nothing
                        # readable): one more run of that side, counted and named below. A
                        # side that fails twice still fails the pair.
                        retried.append((host.name, setup, cmd.id, "with" if w else "without"))
                        r = run_one(host, paths, paths[host.name], rtk, node_bin, script, port, setup, cmd, w, args.keep)
                    pair.append(r)
                why = judge(*pair, instructions=host.instructions)
                key = (host.name, setup, cmd.id)
                tried += 1
                want = expected.get(key)
                changed = pair[1]["line"] != pair[0]["line"]
                if want is None and changed:
                    want = expected.get((host.name, setup, "*"))
                got = (pair[0]["decision"], pair[1]["decision"])
                if why is None and key in expected:
                    stale.append(key)
                    status = "EQUAL (on expected-differences list)"
                elif why is None:
                    equal += 1
                    if key in known:
                        stale.append(key)
                    status = "ok" if key not in known else "PASSES (on known-failures list)"
                elif want and got == want[:2] and why.startswith("decision "):
                    diff += 1
                    differed.append(key)
                    status = "expected difference: " + want[2]
                elif key in known:
                    known_failed += 1
                    status = "known failure: " + why
                else:
                    failures.append((key, why))
                    status = "FAIL: " + why
                print(f"  {host.name:8} {setup:12} {cmd.id:18} without={pair[0]['decision']:6} "
                      f"with={pair[1]['decision']:6} {status}", flush=True)
                if args.verbose or (why and key not in known):
                    for label, r in zip(("without", "with"), pair):
                        print(f"      {label}: result={r['result'][:200]!r} pushed={r['pushed']}")
                        print(f"      {label}: rtk calls={r['calls']} unknown={r['unknown']} dir={r['dir']}")
                        if r["decision"] == "error":
                            print(f"      {label}: model calls={r['model_calls']} stdout={r['stdout_tail']!r}")
            table.append((host.name, setup, tried, equal, known_failed, diff, time.monotonic() - t0))
    server.shutdown()
    reap_daemons()

    print("\n| host | setup | pairs tried | equal | known failures | expected differences | secs |")
    print("|---|---|---|---|---|---|---|")
    for h, s, tried, equal, kf, df, secs in table:
        print(f"| {h} | {s} | {tried} | {equal} | {kf} | {df} | {secs:.0f} |")
    tot = [sum(r[i] for r in table) for i in (2, 3, 4, 5)]
    print(f"| all | | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | {sum(r[6] for r in table):.0f} |")
    if args.print_failures:
        for (h, s, c), why in failures:
            decisions = re.match(r"decision (\w+) without rtk, (\w+) with rtk", why)
            if HOSTS[h].instructions and decisions:
                # expected-differences.txt's format, once the docs say why
                print(f"{h} {s} {c} {decisions.group(1)} {decisions.group(2)}  # {why}")
            else:
                print(f"{h} {s} {c}  # {why}")
    for key in stale:
        where = "expected-differences.txt" if key in expected else "known-failures.txt"
        print(f"parity: pair now equal, remove it from parity/{where}: " + " ".join(key))
    for key in retried:
        print("parity: no answer on the first run, run again: " + " ".join(key))
    for key, why in failures:
        print("parity: FAIL " + " ".join(key) + ": " + why)
    print(f"{tot[1]} passed, {len(failures) + len(stale)} failed")
    print(f"parity: pairs equal / run: {tot[1]} / {tot[0]}" + (" (newest releases)" if args.latest else "")
          + "".join(f" ({v})" for v in args.version))
    return 1 if failures or stale else 0


if __name__ == "__main__":
    sys.exit(main())
