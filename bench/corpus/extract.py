#!/usr/bin/env python3
"""Build the local session corpus (issues 37, 38) from a git snapshot of a repository that
publishes its agents' checkpoint branch (`entire/checkpoints/v1`: `<xx>/<id>/<n>/full.jsonl`,
each a Claude Code transcript as Claude wrote it).

A session is checkpointed many times, each `full.jsonl` holding the transcript so far: per
`sessionId` the longest copy is kept. Files that are not Claude Code transcripts (another
agent's format, no `tool_use`) and blobs absent from the snapshot are skipped. The sessions are
written to OUT/<sessionId>.jsonl and one row per session to the manifest (repo, commit, path,
blob, sessionId, records); the transcripts are other people's and stay out of this repository,
only the manifest is committed.

    bench/corpus/extract.py GIT_DIR REF REPO OUT [--manifest bench/corpus/manifest.tsv]
"""

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path


def git(gitdir, *args, text=True):
    return subprocess.run(["git", "--git-dir", gitdir, *args], capture_output=True, text=text, check=False)


def claude_session(raw):
    """(sessionId, records) of a Claude Code transcript, else None."""
    ids, records, tool_uses = Counter(), 0, 0
    for line in raw.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if not isinstance(rec, dict):
            continue
        records += 1
        if rec.get("sessionId"):
            ids[rec["sessionId"]] += 1
        msg = rec.get("message")
        if rec.get("type") == "assistant" and isinstance(msg, dict) and isinstance(msg.get("content"), list):
            tool_uses += sum(1 for b in msg["content"] if isinstance(b, dict) and b.get("type") == "tool_use")
    if not ids or not tool_uses:
        return None
    return ids.most_common(1)[0][0], records


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gitdir")
    ap.add_argument("ref")
    ap.add_argument("repo")
    ap.add_argument("out")
    ap.add_argument("--manifest", default=str(Path(__file__).with_name("manifest.tsv")))
    a = ap.parse_args()
    commit = git(a.gitdir, "rev-parse", a.ref).stdout.strip()
    tree = git(a.gitdir, "ls-tree", "-r", commit).stdout.splitlines()
    best, skipped = {}, Counter()
    for row in tree:
        meta, path = row.split("\t", 1)
        blob = meta.split()[2]
        if not path.endswith("full.jsonl"):
            continue
        got = git(a.gitdir, "cat-file", "blob", blob, text=False)
        if got.returncode != 0:
            skipped["absent from snapshot (>= 4 MiB)"] += 1
            continue
        raw = got.stdout.decode("utf-8", "replace")
        found = claude_session(raw)
        if not found:
            skipped["not a Claude Code transcript with tool calls"] += 1
            continue
        sid, records = found
        if sid not in best or records > best[sid][1]:
            best[sid] = (path, records, blob, raw)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for sid, (path, records, blob, raw) in sorted(best.items()):
        (out / f"{sid}.jsonl").write_text(raw)
        rows.append(f"{a.repo}\t{commit}\t{path}\t{blob}\t{sid}\t{records}")
    manifest = Path(a.manifest)
    old = [r for r in manifest.read_text().splitlines()[1:] if not r.startswith(a.repo + "\t")] if manifest.exists() else []
    manifest.write_text("repo\tcommit\tpath\tblob\tsessionId\trecords\n" + "\n".join(old + rows) + "\n")
    sys.stdout.write(f"{len(rows)} sessions from {a.repo}@{commit[:12]}; skipped: {dict(skipped)}\n")


if __name__ == "__main__":
    main()
