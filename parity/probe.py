#!/usr/bin/env python3
"""Asks a real host, without rtk, what it decides for arbitrary command lines: the measurement
behind a versioned table of a host's built-in approvals (e.g. the read-only commands Copilot CLI
or Claude Code run without asking). Each line runs in a fresh fixture (see fixture.py) under
one of the host's setups, and the decision is read back as run.py reads it.

    parity/probe.py --host copilot 'git status' 'git status > out.txt' 'find . -exec ls {} +'
    parity/probe.py --host copilot --file forms.txt      one command line per line (# comments)
    parity/probe.py --host vibe --setup allow --rule 'git status' 'git status -s'
    parity/probe.py --host claude --host-bin "$(parity/install-version.sh claude 2.1.260)" --file f
                                                 another release than the pinned one
    parity/probe.py --host copilot --version 1.0.82 --file f   the same, installed by
                                                 parity/install-version.sh

Prints `decision<TAB>line` per line ("ran", "ask", "denied", "error").
"""

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import model_server  # noqa: E402
from corpus import Cmd  # noqa: E402
from hosts import HOSTS  # noqa: E402
from run import REPO, installed, run_one  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--host", required=True, choices=sorted(HOSTS))
    ap.add_argument("--setup", default="none")
    ap.add_argument("--rule", default="", help="the prefix a setup's rule names (default: the line's first word)")
    ap.add_argument("--file", help="command lines, one per line")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--host-bin", help="the host's binary (default: the pinned one install.sh installs)")
    ap.add_argument("--version", help="this release of the host (parity/install-version.sh installs it)")
    ap.add_argument("lines", nargs="*")
    args = ap.parse_args()
    lines = list(args.lines)
    if args.file:
        for raw in Path(args.file).read_text().splitlines():
            if raw.strip() and not raw.lstrip().startswith("#"):
                lines.append(raw)
    host = HOSTS[args.host]
    paths = installed([host.name], versions=[f"{host.name}={args.version}"] if args.version else ())
    if f"failed:{host.name}" in paths:
        sys.exit(f"probe: {paths[f'failed:{host.name}']}")
    rtk = os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk")
    node_bin = str(Path(paths["node24"]).parent)
    exe = args.host_bin or paths[host.name]
    script = model_server.Script()
    server, port = model_server.serve(script)
    try:
        for i, line in enumerate(lines):
            cmd = Cmd(f"probe-{i}", line, args.rule or line.split()[0], "probe")
            r = run_one(host, paths, exe, rtk, node_bin, script, port, args.setup, cmd, False, args.keep)
            extra = f"\t{r['dir']}" if args.keep else ""
            print(f"{r['decision']}\t{line}{extra}", flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
