#!/usr/bin/env python3
"""`mise run <task>` on the corpus (issue 38): each Bash call whose whole command is
`mise run TASK` (optionally `2>&1`), replayed through `rtk mise run TASK` in a project holding
the given mise.toml, a stand-in `mise` printing the call's recorded output. The recorded output
is one text (Claude joins the streams): mise's own lines (`[TASK] $ …`, `[TASK] ERROR …`,
`mise ERROR|WARN …`, `Finished in …`) are given back on stderr, every other line on stdout; a
leading `Exit code N` line (Claude's) sets the exit status and stays on both sides. Prints, per
task, calls, o200k_base tokens before and after, how many runs rtk compacted, and the go facts
(a failing test's name, a failing package, a `file_test.go:N`) any compacted run lost.

    bench/corpus/mise_replay.py CORPUS_DIR MISE_TOML [--rtk PATH]
    bench/corpus/mise_replay.py --fixtures tests/fixtures/mise   (the captured runs, same way)
"""

import argparse
import os
import re
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

from common import REPO, count_tokens, records, result_text, tool_calls

COMMAND = re.compile(r"^mise run ([A-Za-z0-9_:.-]+)( 2>&1)?$")
# A failing test's name, a failing package, a test file's line.
FACTS = re.compile(r"(?m)^[ \t]*--- FAIL: (\S+)|^FAIL[ \t]+(\S+)|(\S+_test\.go:\d+)")


def mise_line(task, line):
    own = line.startswith(f"[{task}] $ ") or line.startswith(f"[{task}] ERROR ")
    return own or re.match(r"^(mise (ERROR|WARN) |(\[\S+\] )?Finished in )", line) is not None


def replayer(mise_toml, rtk, d):
    """A function running `rtk ARGV` in a project (in the folder `d`) holding `mise_toml`,
    `mise` printing the given (stdout, stderr, code): it returns rtk's stdout + stderr and
    exit code."""
    d = Path(d)
    proj, home, bin_ = d / "proj", d / "home", d / "bin"
    for p in (proj, home, bin_):
        p.mkdir()
    (proj / "mise.toml").write_text(Path(mise_toml).read_text())
    (bin_ / "mise").write_text(f"#!/bin/sh\ncat '{d}/out'\ncat '{d}/err' >&2\nexit $(cat '{d}/code')\n")
    (bin_ / "mise").chmod(0o755)
    env = {"PATH": f"{bin_}:{os.environ['PATH']}", "HOME": str(home), "LANG": "C.UTF-8",
           "RTK_NO_TRACKING": "1"}

    def run(argv, out, err, code):
        (d / "out").write_text(out)
        (d / "err").write_text(err)
        (d / "code").write_text(str(code))
        p = subprocess.run([rtk, *argv], capture_output=True, text=True, env=env, cwd=proj, timeout=60)
        return p.stdout + p.stderr, p.returncode

    return run


def fixtures(folder, rtk):
    rows = []
    with tempfile.TemporaryDirectory() as d:
        run = replayer(Path(folder) / "mise.toml", rtk, d)
        for argv_file in sorted(Path(folder).glob("*.argv")):
            read = lambda ext: argv_file.with_suffix(ext).read_text()
            argv = read(".argv").split()
            after, _ = run(argv, read(".out"), read(".err"), int(read(".code")))
            rows.append((f"{argv_file.stem}: {' '.join(argv)}", read(".out") + read(".err"), after))
    tb, ta = count_tokens([r[1] for r in rows]), count_tokens([r[2] for r in rows])
    print("| case | raw tokens | rtk tokens | saved |")
    print("|---|---:|---:|---:|")
    for (name, _, _), b, t in zip(rows, tb, ta):
        print(f"| `{name}` | {b} | {t} | {100 * (b - t) / max(b, 1):.1f}% |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("mise_toml", nargs="?")
    ap.add_argument("--fixtures")
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    a = ap.parse_args()
    if a.fixtures:
        return fixtures(a.fixtures, a.rtk)
    calls = []
    for f in sorted(Path(a.corpus).glob("*.jsonl")):
        for u, r, _ in tool_calls(records(f)):
            cmd = u.get("input", {}).get("command", "") if isinstance(u.get("input"), dict) else ""
            m = COMMAND.match(cmd.strip())
            if u.get("name") == "Bash" and r is not None and m:
                calls.append((m.group(1), result_text(r)))
    rows = []
    with tempfile.TemporaryDirectory() as d:
        run = replayer(a.mise_toml, a.rtk, d)
        for task, text in calls:
            head, code = "", 0
            m = re.match(r"Exit code (\d+)\n", text)
            if m:
                head, code, text = m.group(0), int(m.group(1)), text[m.end():]
            lines = text.splitlines(keepends=True)
            err = "".join(l for l in lines if mise_line(task, l.rstrip("\n")))
            out = "".join(l for l in lines if not mise_line(task, l.rstrip("\n")))
            if out and not out.endswith("\n"):
                out += "\n"
            if err and not err.endswith("\n"):
                err += "\n"
            shown, rc = run(["mise", "run", task], out, err, code)
            after, before = head + shown, head + out + err
            compacted = after != before
            facts = ["".join(g) for g in FACTS.findall(before)]
            lost = [f for f in facts if f not in after] if compacted else []
            rows.append((task, before, after, compacted, lost, rc == code))
    tb = count_tokens([r[1] for r in rows])
    ta = count_tokens([r[2] for r in rows])
    per = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    for (task, _, _, compacted, lost, same_code), b, t in zip(rows, tb, ta):
        for k in (task, "all"):
            e = per[k]
            e[0] += 1
            e[1] += b
            e[2] += t
            e[3] += compacted
            e[4] += len(lost)
            e[5] += not same_code
    print("| task | calls | tokens before | after | saved | compacted runs | go facts lost | exit code changed |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for k, (n, b, t, c, lost, codes) in sorted(per.items(), key=lambda kv: (kv[0] == "all", -kv[1][1])):
        print(f"| `{k}` | {n} | {b} | {t} | {100 * (b - t) / max(b, 1):.1f}% | {c} | {lost} | {codes} |")


if __name__ == "__main__":
    main()
