#!/usr/bin/env python3
"""Bash on the corpus (issue 38): for each Bash tool call of each session, the tokens of its
output (the tool_result the model received) and whether `rtk rewrite` rewrites its command —
this repository's build and upstream rtk 1.1.0, host claude, no permission rules (empty HOME,
empty working directory). Prints the share of Bash output tokens whose command is rewritten,
for each, and the commands neither rewrites, heaviest first (by their first two words).

With `--session-folder`, each session's own working directory (the transcript's `cwd`) is laid
anew as an empty git repository under a temporary root, the rewriter runs there with it as
Claude's project (`CLAUDE_PROJECT_DIR`), and the command's mentions of the session's top folder
(`/Users/…`, `/home/…`) are mapped under the same root: `git -C <project>` and `cd <project>/sub
&& …` are judged as in the session, while a sibling checkout or any other folder the session
named stays absent (rtk steps aside there, as it would for a repository that is not the
project's). Without it the rewriter runs in an empty folder with no project.
`--project-file NAME=PATH` (repeatable, with `--session-folder`) copies PATH into each session
folder as NAME: the project's own files the rewrite reads, e.g. its `mise.toml` (a `mise run
<task> | tail` is rewritten only when the task resolves there). The report ends with how many
piped `mise run` lines each build rewrites.

    bench/corpus/bash_share.py CORPUS_DIR [--rtk PATH] [--upstream PATH] [--top N] [--bytes]
                               [--session-folder] [--project-file NAME=PATH]...
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from common import REPO, count_tokens, records, result_text, tool_calls


def rewriter(exe, home, cwd, project=None):
    env = {"PATH": os.environ.get("PATH", ""), "HOME": home, "RTK_REWRITE_HOST": "claude", "LANG": "C.UTF-8"}
    if project:
        env["CLAUDE_PROJECT_DIR"] = project
    cache = {}

    def rewrites(cmd):
        if cmd not in cache:
            try:
                r = subprocess.run([exe, "rewrite", cmd], capture_output=True, text=True, env=env, cwd=cwd, timeout=20)
                out = r.stdout.strip()
                cache[cmd] = r.returncode in (0, 3) and bool(out) and out != cmd.strip()
            except subprocess.TimeoutExpired:
                cache[cmd] = False
        return cache[cmd]

    return rewrites


def session_cwd(recs):
    """The working directory the session started in (its first record that names one)."""
    for _, rec in recs:
        if isinstance(rec.get("cwd"), str) and rec["cwd"].startswith("/"):
            return rec["cwd"]
    return None


class SessionFolders:
    """Each session's working directory laid anew under `root` (see `--session-folder`)."""

    def __init__(self, root, files=()):
        self.root = Path(root)
        self.made = {}
        self.files = [f.split("=", 1) for f in files]

    def top(self, cwd):
        return "/" + cwd.strip("/").split("/")[0]

    def folder(self, cwd):
        if cwd not in self.made:
            d = self.root / cwd.lstrip("/")
            d.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "init", "-q", str(d)], check=True)
            for name, src in self.files:
                (d / name).parent.mkdir(parents=True, exist_ok=True)
                (d / name).write_bytes(Path(src).read_bytes())
            self.made[cwd] = str(d)
        return self.made[cwd]

    def mapped(self, cwd, cmd):
        """`cmd` with absolute paths under the session's top folder moved under the root."""
        top = re.escape(self.top(cwd))
        return re.sub(r"(^|[\s'\"=:(])(" + top + r")(?=/)", lambda m: m.group(1) + str(self.root) + m.group(2), cmd)


def shape(cmd):
    """What kind of line `cmd` is, for the part upstream rewrites and this build does not."""
    first = cmd.split("|")[0]
    if "\n" in cmd.strip():
        return "a script of several lines"
    if re.search(r"\|\s*(head|tail)\b", cmd):
        return "a stage before `| head`/`| tail` (kept as typed here: issue 36)"
    if re.search(r"\|\s*(grep|rg|wc|sort|jq|awk|sed|cut|uniq)\b", cmd):
        return "a stage before a filtering or counting stage (grep, wc, jq, …)"
    if "|" in cmd:
        return "another pipeline"
    return f"no pipeline: `{head(first)}`" if head(first) in ("mise run", "gh api", "gh pr", "gh run") else "no pipeline: other"


def head(cmd, n=2):
    words = cmd.split()
    return " ".join(words[:n]) if words else "(empty)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--rtk", default=str(REPO / "target/debug/rtk"))
    ap.add_argument("--upstream", default=str(REPO / ".cache/upstream-rtk/rtk"))
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--bytes", action="store_true", help="bytes/4 instead of o200k_base")
    ap.add_argument("--session-folder", action="store_true",
                    help="judge each command in its session's own working directory, laid anew")
    ap.add_argument("--project-file", action="append", default=[], metavar="NAME=PATH",
                    help="with --session-folder: copy PATH into each session folder as NAME")
    a = ap.parse_args()
    calls, where, sessions = [], [], 0
    for f in sorted(Path(a.corpus).glob("*.jsonl")):
        recs = records(f)
        got = [(u["input"].get("command", ""), result_text(r)) for u, r, _ in tool_calls(recs)
               if u.get("name") == "Bash" and r is not None and isinstance(u.get("input"), dict)]
        sessions += bool(got)
        calls += got
        where += [session_cwd(recs)] * len(got)
    tokens = count_tokens([out for _, out in calls], a.bytes)
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd, \
            tempfile.TemporaryDirectory() as root:
        folders = SessionFolders(root, a.project_file)
        judges = {}

        def judged(c, w):
            if not (a.session_folder and w):
                w = None
            if w not in judges:
                at = folders.folder(w) if w else cwd
                judges[w] = (rewriter(a.rtk, home, at, at if w else None),
                             rewriter(a.upstream, home, at, at if w else None))
            ours, theirs = judges[w]
            c = folders.mapped(w, c) if w else c
            return ours(c), theirs(c)

        flags = [judged(c, w) for (c, _), w in zip(calls, where)]
    w = sys.stdout.write
    # A session whose user already had rtk: commands typed in rtk form are not counted.
    already = [c.lstrip().startswith("rtk ") for c, _ in calls]
    w(f"sessions with Bash: {sessions}, Bash calls: {len(calls)}, output tokens: {sum(tokens)}; "
      f"already in rtk form (left out below): {sum(already)} calls, "
      f"{sum(t for t, a in zip(tokens, already) if a)} tokens\n")
    calls = [c for c, a in zip(calls, already) if not a]
    flags = [f for f, a in zip(flags, already) if not a]
    tokens = [t for t, a in zip(tokens, already) if not a]
    total = sum(tokens)
    w(f"counted: {len(calls)} calls, {total} tokens\n")
    for name, k in (("rtk (this build)", 0), ("upstream rtk 1.1.0", 1)):
        n = sum(1 for f in flags if f[k])
        t = sum(tok for tok, f in zip(tokens, flags) if f[k])
        w(f"{name}: rewrites {n} calls ({100 * n / max(len(calls), 1):.1f}%), "
          f"{t} tokens ({100 * t / max(total, 1):.1f}% of Bash output tokens)\n")
    only_up = sum(tok for tok, f in zip(tokens, flags) if f[1] and not f[0])
    w(f"tokens upstream rewrites and this build does not: {only_up} ({100 * only_up / max(total, 1):.1f}%)\n")
    kinds = Counter()
    for (c, _), tok, f in zip(calls, tokens, flags):
        if f[1] and not f[0]:
            kinds[shape(c)] += tok
    for k, t in kinds.most_common():
        w(f"  {t:>8}  {100 * t / max(total, 1):5.1f}%  {k}\n")
    by_cmd, n_cmd = Counter(), Counter()
    for (c, _), tok, f in zip(calls, tokens, flags):
        if not f[0]:
            by_cmd[head(c)] += tok
            n_cmd[head(c)] += 1
    w(f"\ntop commands not rewritten by this build (first two words; tokens, share, calls, upstream rewrites some):\n")
    up = Counter(head(c) for (c, _), f in zip(calls, flags) if f[1] and not f[0])
    for k, t in by_cmd.most_common(a.top):
        w(f"  {t:>8}  {100 * t / max(total, 1):5.1f}%  {n_cmd[k]:>5}  {'yes' if up[k] else '-':>3}  {k}\n")
    piped = [(tok, f) for (c, _), tok, f in zip(calls, tokens, flags)
             if re.search(r"\bmise run\b.*\|", c)]
    w(f"\npiped `mise run` lines: {len(piped)} calls, {sum(t for t, _ in piped)} tokens; ")
    w(", ".join(f"{name} rewrites {sum(1 for _, f in piped if f[k])} calls, "
                f"{sum(t for t, f in piped if f[k])} tokens"
                for name, k in (("this build", 0), ("upstream", 1))) + "\n")


if __name__ == "__main__":
    main()
