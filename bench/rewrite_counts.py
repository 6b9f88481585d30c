#!/usr/bin/env python3
"""Rewritten and change-of-meaning counts over the repository's own command list, per ecosystem.

The list is tests/vectors/rewrite.tsv: every command line the rewrite is tested on, each with the
rewrite the repository expects (`-` for none, with the reason). Each line (but those that need a
config: exclude=/prefix=) is given to `rtk rewrite` (as `--host claude`, no rules, a temp HOME);
a line is *rewritten* when rtk prints a rewrite (exit 0 or 3). A rewrite *changes meaning* when

  - the table says the line must not be rewritten (`-`: a pipeline whose result would change, an
    interactive, following or writing form, a redirect a reader must not take…), or
  - it is not the rewrite the table expects, or
  - taking every inserted `rtk ` out of it does not give the line back (argv changed).

A line's ecosystem is that of the first word naming a program of the table (docs/coverage.md's
sections); `other` when none does.

    bench/rewrite_counts.py RTK [RTK_AFTER]     (two binaries: before and after, side by side)
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESC = {"t": "\t", "n": "\n", "r": "\r", "0": "\0", "v": "\v", "f": "\f", "\\": "\\"}


def unescape(s):
    return re.sub(r"\\([tnr0vf\\])", lambda m: ESC[m.group(1)], s)


def rows():
    for line in (ROOT / "tests/vectors/rewrite.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        note = cols[2] if len(cols) > 2 else ""
        # A config, or a NUL (no argv carries one): not a line `rtk rewrite` can be given.
        if "exclude=" in note or "prefix=" in note or "\\0" in cols[0]:
            continue
        yield unescape(cols[0]), (None if cols[1] == "-" else unescape(cols[1]))


def ecosystems():
    """Program name -> ecosystem title, read off docs/coverage.md."""
    names, eco = {}, None
    for line in (ROOT / "docs/coverage.md").read_text().splitlines():
        if line.startswith("## "):
            eco = line[3:].strip()
        elif eco and line.startswith("| `"):
            for n in re.findall(r"`([^`]+)`", line.split("|")[1]):
                names.setdefault(n, eco)
    return names


def eco_of(line, names):
    for w in re.split(r"[\s;&|()]+", line):
        w = w.strip("'\"")
        if w in names:
            return names[w]
        base = w.rsplit("/", 1)[-1]
        if "/" in w and base in names and not w.startswith("./"):
            return names[base]
    return "other"


def rewrite(rtk, line, home):
    env = {"PATH": os.environ["PATH"], "HOME": home, "XDG_CONFIG_HOME": home + "/xdg"}
    p = subprocess.run(
        [rtk, "rewrite", "--host", "claude", "--", line],
        capture_output=True, env=env, cwd=home,
    )
    # Bytes, not text mode: a `\r\n` in the line must come back as it is.
    out = p.stdout.decode()
    return out if p.returncode in (0, 3) and out else None


def count(rtk, names):
    per = {}
    with tempfile.TemporaryDirectory() as home:
        for line, want in rows():
            got = rewrite(rtk, line, home)
            e = per.setdefault(eco_of(line, names), [0, 0, 0, 0])
            e[0] += 1
            e[1] += want is not None
            if got is None:
                continue
            e[2] += 1
            strip = lambda s: s.replace("rtk ", "")
            e[3] += want is None or got != want or strip(got) != strip(line)
    return per


def main():
    bins = [os.path.abspath(b) for b in sys.argv[1:]]
    if not bins:
        sys.exit(__doc__)
    names = ecosystems()
    results = [count(b, names) for b in bins]
    order = [l[3:].strip() for l in (ROOT / "docs/coverage.md").read_text().splitlines() if l.startswith("## ")]
    ecos = [e for e in order + ["other"] if any(e in r for r in results)]
    head = "| ecosystem | lines | expected rewritten |"
    head += "".join(f" rewritten ({i + 1}) | change of meaning ({i + 1}) |" for i in range(len(bins)))
    print(head)
    print("|---" * (3 + 2 * len(bins)) + "|")
    total = [0] * (2 + 2 * len(bins))
    for e in ecos:
        first = next(r[e] for r in results if e in r)
        cells = [first[0], first[1]]
        for r in results:
            v = r.get(e, [0, 0, 0, 0])
            cells += [v[2], v[3]]
        total = [a + b for a, b in zip(total, cells)]
        print(f"| {e} | " + " | ".join(map(str, cells)) + " |")
    print("| **all** | " + " | ".join(f"**{c}**" for c in total) + " |")
    for i, b in enumerate(bins):
        print(f"\n({i + 1}) {b}", end="")
    print()


if __name__ == "__main__":
    main()
