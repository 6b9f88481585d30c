#!/usr/bin/env python3
"""Hook time of `rtk hook claude` on MCP PostToolUse payloads (issue 37 item 2): median wall
time of one call (process start included) on the payload Claude Code 2.1.332 sent for a 15 KB
pretty-printed JSON result (tests/fixtures/mcp/, answered minified), on the same payload with
its JSON text grown 3× (44 KB, answered too), 10× and 50× (over the 50,000 characters Claude
saves to a file: no answer, the length is checked before any parsing), and on a prose result
(no answer), next to `rtk --version`. Calls alternate, so a busy machine slows every row alike.

    bench/session/mcp_hook_time.py [--rtk PATH] [--runs N]
"""

import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests/fixtures/mcp/claude-2.1.332-post-tool-use.json"


def grown(payload, times):
    """The payload with the JSON block's `items` repeated `times` times (still pretty JSON)."""
    p = json.loads(json.dumps(payload))
    doc = json.loads(p["tool_response"][0]["text"])
    doc["items"] = doc["items"] * times
    p["tool_response"][0]["text"] = json.dumps(doc, indent=2)
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--runs", type=int, default=31)
    args = ap.parse_args()
    base = json.loads(FIXTURE.read_text())
    prose = json.loads(json.dumps(base))
    prose["tool_response"] = [prose["tool_response"][1]]
    cases = {
        "15 KB JSON (fixture)": json.dumps(base),
        "44 KB JSON (3x)": json.dumps(grown(base, 3)),
        "147 KB JSON (10x)": json.dumps(grown(base, 10)),
        "735 KB JSON (50x)": json.dumps(grown(base, 50)),
        "prose (no answer)": json.dumps(prose),
    }
    env = {"RTK_NO_TRACKING": "1", "PATH": "/usr/bin:/bin"}
    times = {k: [] for k in [*cases, "rtk --version"]}
    answered = {}
    for _ in range(args.runs):
        for name, stdin in cases.items():
            t0 = time.perf_counter()
            out = subprocess.run([args.rtk, "hook", "claude"], input=stdin, capture_output=True, text=True, env=env)
            times[name].append((time.perf_counter() - t0) * 1000)
            answered[name] = (len(stdin), len(out.stdout))
        t0 = time.perf_counter()
        subprocess.run([args.rtk, "--version"], capture_output=True, env=env)
        times["rtk --version"].append((time.perf_counter() - t0) * 1000)
    for name, ts in times.items():
        size = answered.get(name)
        extra = f"  payload {size[0]:,} B -> answer {size[1]:,} B" if size else ""
        print(f"{name:<22} median {statistics.median(ts):6.1f} ms  max {max(ts):6.1f} ms{extra}")


if __name__ == "__main__":
    main()
