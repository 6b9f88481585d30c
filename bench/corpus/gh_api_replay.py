#!/usr/bin/env python3
"""`gh api` on the corpus (issue 38), a replay: each Bash call whose command this build's
`rtk rewrite` turns into `rtk gh api …` (the whole line, with at most a trailing `2>&1` or
`2>/dev/null`) has its recorded output (the tool_result the model received; gh's real output)
given to `rtk pipe --code N gh api …` — the filter a run would apply, its tee file in a temporary
data folder — and the tokens before and after (the note included) are counted, by kind: writes
(a method other than GET, or fields), `--jq` projections, plain reads.

    bench/corpus/gh_api_replay.py CORPUS_DIR [--rtk PATH]
"""

import argparse
import os
import re
import shlex
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from common import REPO, count_tokens, records, result_text, tool_calls

REDIRECT = re.compile(r"\s+2>(&1|/dev/null)\s*$")


def one_command(line):
    """Whether the line is one simple command: no unquoted `|`, `;`, `&`, `<`, `>`."""
    lex = shlex.shlex(line, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    try:
        return not any(t and set(t) <= set("|;&<>()") for t in lex)
    except ValueError:
        return False


def words(command):
    out = subprocess.run(["bash", "-c", "printf '%s\\0' " + command], capture_output=True, check=True).stdout
    return out.decode().split("\0")[:-1]


def kind(argv):
    rest = argv[2:]
    if "--jq" in rest or "-q" in rest or any(a.startswith("--jq=") for a in rest):
        return "jq"
    for i, a in enumerate(rest):
        if a in ("-X", "--method") and i + 1 < len(rest):
            return "read" if rest[i + 1].upper() == "GET" else "write"
        if a.startswith(("-X", "--method=")) and len(a) > 2:
            return "read" if a.split("=")[-1].removeprefix("-X").upper() == "GET" else "write"
    if any(a in ("-f", "-F", "--field", "--raw-field", "--input") or a.startswith(("-f", "-F")) for a in rest):
        return "write"
    return "read"


def replay(calls, rtk):
    """(recorded outputs, outputs through rtk, kinds, skipped) of the calls rtk rewrites whole."""
    befores, afters, kinds, skipped = [], [], [], Counter()
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd:
        env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "XDG_DATA_HOME": home,
               "RTK_REWRITE_HOST": "claude", "LANG": "C.UTF-8"}
        for cmd, out in calls:
            rw = subprocess.run([rtk, "rewrite", cmd], capture_output=True, text=True, env=env, cwd=cwd)
            if rw.returncode not in (0, 3):
                skipped["not rewritten"] += 1
                continue
            if rw.stdout.strip() != "rtk " + cmd.strip():
                skipped["rewritten in another form"] += 1
                continue
            line = REDIRECT.sub("", cmd.strip())
            if not one_command(line):
                skipped["more than one command"] += 1
                continue
            argv = words(line)
            code, text = 0, out
            if out.startswith("Exit code "):
                first, _, text = out.partition("\n")
                code = int(first.split()[2])
            got = subprocess.run([rtk, "pipe", "--code", str(code), *argv], input=text,
                                 capture_output=True, text=True, env=env, cwd=cwd).stdout
            prefix = out[: len(out) - len(text)]
            befores.append(out)
            afters.append(prefix + got.rstrip("\n"))
            kinds.append(kind(argv))
    return befores, afters, kinds, skipped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    a = ap.parse_args()
    calls = []
    for f in sorted(Path(a.corpus).glob("*.jsonl")):
        for u, r, _ in tool_calls(records(f)):
            if u.get("name") != "Bash" or r is None or not isinstance(u.get("input"), dict):
                continue
            cmd = u["input"].get("command", "")
            if cmd.lstrip().startswith("gh api"):
                calls.append((cmd, result_text(r)))
    befores, afters, kinds, skipped = replay(calls, a.rtk)
    b, f = count_tokens(befores), count_tokens(afters)
    total = sum(count_tokens([o for _, o in calls]))
    print(f"gh api calls: {len(calls)}, {total} tokens; replayed {len(befores)}; skipped {dict(skipped)}")
    for k in ("write", "jq", "read", None):
        sel = [i for i, x in enumerate(kinds) if k is None or x == k]
        tb, tf = sum(b[i] for i in sel), sum(f[i] for i in sel)
        changed = sum(1 for i in sel if afters[i].rstrip() != befores[i].rstrip())
        print(f"  {k or 'all':5}  calls {len(sel):4}  shortened {changed:4}  tokens {tb:8} -> {tf:8}"
              f"  removed {tb - tf:7} ({100 * (tb - tf) / max(tb, 1):.1f}%)")


if __name__ == "__main__":
    main()
