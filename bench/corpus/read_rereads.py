#!/usr/bin/env python3
"""What the Read hook could reach on the corpus (issue 37): Read tokens by kind — a file's
first read in the session, a re-read whose every line the session's earlier Reads already gave
byte for byte (at the same line numbers), and other re-reads (changed or new lines). An upper
bound for read_replay.py, which also asks that the earlier text is still in context (no
compaction or clearing since) and that the seen lines are one block.

    bench/corpus/read_rereads.py CORPUS_DIR [--bytes]
"""

import argparse
import sys
from pathlib import Path

from common import count_tokens, records, tool_calls

from read_replay import render, text_file


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--bytes", action="store_true")
    a = ap.parse_args()
    texts, kinds = [], []
    for f in sorted(Path(a.corpus).glob("*.jsonl")):
        recs = records(f)
        known = {}
        for u, r, i in tool_calls(recs):
            if u.get("name") != "Read" or r is None:
                continue
            tur = recs[i][1].get("toolUseResult")
            if not text_file(tur):
                continue
            file = tur["file"]
            path, start = file.get("filePath", ""), file.get("startLine", 1)
            lines = file.get("content", "").split("\n")
            seen = known.setdefault(path, {})
            kind = "first" if not seen else (
                "all lines seen" if all(seen.get(start + k) == l for k, l in enumerate(lines)) else "other re-read")
            for k, l in enumerate(lines):
                seen[start + k] = l
            texts.append(render(file))
            kinds.append(kind)
    tokens = count_tokens(texts, a.bytes)
    total = sum(tokens)
    sys.stdout.write(f"Read calls with a text file: {len(texts)}, tokens: {total}\n")
    for k in ("first", "all lines seen", "other re-read"):
        t = sum(x for x, y in zip(tokens, kinds) if y == k)
        sys.stdout.write(f"  {k}: {kinds.count(k)} calls, {t} tokens ({100 * t / max(total, 1):.1f}%)\n")


if __name__ == "__main__":
    main()
