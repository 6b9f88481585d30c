#!/usr/bin/env python3
"""Tokens the model receives through a real host, without and with rtk: each command of a
sample runs in the host (pointed at the scripted model, as in run.py), once before and once
after `rtk init --agent <host>`, in a repository holding a copy of this one (so the outputs
are of real size); the tool result the model got back is saved and counted in o200k_base
tokens by `bench/` (`rtk-bench --count`).

    parity/savings.py --host vibe --setup always      # prints the table (parity/README.md)

A command the host would not run under the setup fails the run (the sample measures output,
not permissions: pick a setup under which the commands run).
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import model_server  # noqa: E402
from corpus import Cmd, instructed  # noqa: E402
from fixture import Fixture, reap_daemons, run_host  # noqa: E402
from hosts import HOSTS  # noqa: E402
from run import installed, REPO  # noqa: E402

# Read-only commands an agent runs while finding its way around a repository.
SAMPLE = [
    "git show --stat HEAD",
    "git branch -a",
    "git log --oneline -20",
    "ls -la src/hooks",
    "ls src/filters",
    "cat src/hooks/decision.rs",
    "head -40 Cargo.toml",
    "tail -30 README.md",
    "grep -rn Decision src/hooks",
    "rg -n Outcome src/hooks",
]


def populate(fx):
    """This repository's committed files (HEAD) into the fixture's repo, committed, with one
    uncommitted change."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(fx.repo)], input=archive.stdout, check=True)
    env = dict(fx.env)
    for args in (["add", "-A"], ["commit", "-q", "-m", "import"]):
        subprocess.run(["git", *args], cwd=fx.repo, env=env, check=True, capture_output=True)
    with open(fx.repo / "README.md", "a") as f:
        f.write("\nan uncommitted line\n")


def run(host, paths, rtk, node_bin, script, port, setup, line, with_rtk):
    fx = Fixture(rtk, node_bin)
    fx.paths = paths
    try:
        host.prepare(fx, port, setup, Cmd("sample", line, line.split()[0], "read"))
        populate(fx)
        env = dict(fx.env, **host.env(fx, port))
        if with_rtk:
            subprocess.run([rtk, "init", "--agent", host.name, *host.init_args], cwd=fx.repo, env=env,
                           check=True, capture_output=True)
        # An instruction host's model types the rtk form rtk's block tells it to.
        script.reset(instructed(line) if with_rtk and host.instructions else line)
        done = run_host(host.argv(fx, paths[host.name]), fx.cwd, env, timeout=max(180, host.run_timeout))
        snap = script.snapshot()
        decision = host.classify(fx, snap, "".join(done)) if done else "error"
        ran_rtk = any(c[0] == "run" for c in fx.rtk_calls())
        return decision, (snap["results"] or [""])[0], ran_rtk
    finally:
        fx.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", required=True)
    ap.add_argument("--setup", default="none")
    ap.add_argument("--bench", default=str(REPO / "bench/target/release/rtk-bench"))
    ap.add_argument("--first", type=int, default=len(SAMPLE), help="only the first N commands (a slow host)")
    args = ap.parse_args()
    host = HOSTS[args.host]
    paths = installed([host.name])
    rtk = os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk")
    node_bin = str(Path(paths["node24"]).parent)
    script = model_server.Script()
    server, port = model_server.serve(script)
    out = Path(tempfile.mkdtemp(prefix="rtk-savings-"))
    print(f"savings: results go to {out}", flush=True)
    rows, failed = [], False
    for i, line in enumerate(SAMPLE[: args.first]):
        files = []
        for with_rtk in (False, True):
            decision, result, ran_rtk = run(host, paths, rtk, node_bin, script, port, args.setup, line, with_rtk)
            if decision != "ran":
                print(f"savings: {line!r} {'with' if with_rtk else 'without'} rtk: {decision}", file=sys.stderr)
                failed = True
            f = out / f"{i:02}-{'with' if with_rtk else 'without'}.txt"
            f.write_text(result)
            files.append(f)
        rows.append((line, files, ran_rtk))
    server.shutdown()
    reap_daemons()
    counts = subprocess.run([args.bench, "--count", *(str(f) for _, fs, _ in rows for f in fs)],
                            capture_output=True, text=True, check=True).stdout.split("\n")
    tokens = {line.split("\t")[1]: int(line.split("\t")[0]) for line in counts if line}
    print(f"| command ({host.name}, setup {args.setup}) | rtk form ran | tokens without rtk | with rtk | saved |")
    print("|---|---|---|---|---|")
    total = [0, 0]
    for line, (a, b), ran_rtk in rows:
        t0, t1 = tokens[str(a)], tokens[str(b)]
        total[0] += t0
        total[1] += t1
        print(f"| `{line}` | {'yes' if ran_rtk else 'no'} | {t0} | {t1} | {100 * (t0 - t1) / max(t0, 1):.0f}% |")
    print(f"| all | | {total[0]} | {total[1]} | {100 * (total[0] - total[1]) / max(total[0], 1):.1f}% |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
