#!/usr/bin/env bash
# Produces docs/guide/getting-started/first-ten-minutes.md's transcript: a new user's first ten
# minutes with rtk (install -> init -> one real Claude Code session -> gain -> recall), in a
# temp HOME. Claude Code is the pinned one from parity/install.sh (.cache/hosts/claude), pointed
# at parity/model_server.py on 127.0.0.1, which plays the model: it asks for three commands.
# Usage: scripts/first-ten-minutes.sh [RTK_SOURCE_DIR]   (prints the transcript on stdout)
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
claude="$repo/.cache/hosts/claude/node_modules/.bin/claude"
node_bin=$(dirname "$(grep '^node24=' /tmp/parity-install.log 2>/dev/null | cut -d= -f2)" 2>/dev/null || true)
[ -x "$claude" ] || { echo "no Claude Code at $claude (parity/install.sh)" >&2; exit 2; }
tmp=$(mktemp -d)
server=
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME_REAL="${CARGO_HOME:-$HOME/.cargo}"
trap 'exec 3>&-; kill "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share"
mkdir -p "$HOME"
export PATH="$HOME/.local/bin:$CARGO_HOME_REAL/bin:${node_bin:+$node_bin:}/usr/local/bin:/usr/bin:/bin"
show() { printf '$ %s\n' "$*"; "$@" 2>&1 | sed "s#$tmp#/tmp/demo#g"; echo; }

echo '```console'
# 1. Install: the binary the README's commands produce, put where the installer puts it
# (~/.local/bin); built beforehand with `cargo build` in the checkout.
mkdir -p "$HOME/.local/bin"
echo '$ install -m 755 target/debug/rtk ~/.local/bin/   # stands in for the README installer here'
install -m 755 "$repo/target/debug/rtk" "$HOME/.local/bin/"
echo
show rtk --version

# 2. A project.
mkdir -p "$tmp/app/src" && cd "$tmp/app"
git init -q -b main . && git config user.email you@example.com && git config user.name You
printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
{
  echo 'pub fn add(a: i32, b: i32) -> i32 { a + b }'
  echo '#[cfg(test)] mod tests {'
  for i in $(seq 1 40); do echo "    #[test] fn adds_$i() { assert_eq!(super::add($i, 1), $((i + 1))); }"; done
  echo '    #[test] fn adds_negative() { assert_eq!(super::add(-2, 1), -3); }'
  echo '}'
} > src/lib.rs
git add . && git commit -qm "first commit" && echo '// more' >> src/lib.rs
# Claude Code's first-run state: onboarding done, this folder trusted.
printf '{"hasCompletedOnboarding": true, "projects": {"%s": {"hasTrustDialogAccepted": true}}}\n' "$tmp/app" > "$HOME/.claude.json"

# 3. init, and what it says to do next.
show rtk init --agent claude
show rtk init --show
show rtk init --check

# 4. One Claude Code session: the model asks for three commands; the user's settings allow them.
python3 - "$tmp/app/.claude/settings.json" <<'PY'
import json, sys
p = sys.argv[1]; s = json.load(open(p))
s["permissions"] = {"allow": ["Bash(git status:*)", "Bash(git log:*)", "Bash(cargo test:*)"]}
json.dump(s, open(p, "w"), indent=2)
PY
coproc SERVER { exec python3 "$repo/parity/model_server.py"; }
server=$SERVER_PID
read -r _ port <&"${SERVER[0]}"
exec 3>&"${SERVER[1]}"
curl -s -X POST "http://127.0.0.1:$port/__script" -d '{"command": "git status", "then": ["git log -n 3", "cargo test"]}' >/dev/null
echo '$ claude -p "check the repo and run the tests"      # a real Claude Code 2.1.332 session'
ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=dummy DISABLE_TELEMETRY=1 \
  DISABLE_ERROR_REPORTING=1 DISABLE_AUTOUPDATER=1 DISABLE_BUG_COMMAND=1 \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 IS_SANDBOX=1 \
  "$claude" -p "check the repo and run the tests" --output-format stream-json --verbose 2>/dev/null \
  | python3 -c '
import json, sys
calls = {}
for line in sys.stdin:
    try: m = json.loads(line)
    except ValueError: continue
    for c in (m.get("message") or {}).get("content") or []:
        if not isinstance(c, dict): continue
        if c.get("type") == "tool_use":
            calls[c["id"]] = c["input"].get("command")
            print("[model asks Bash]", c["input"].get("command"))
        elif c.get("type") == "tool_result":
            body = c.get("content")
            if isinstance(body, list): body = "".join(b.get("text", "") for b in body)
            print("[what the model read back]")
            print(body)
' | sed "s#$tmp#/tmp/demo#g"
echo

# 5. What it saved, and the full output of what was left out.
show rtk gain
show rtk session
show rtk recall --list
name=$(rtk recall --list | head -1 | awk '{print $2}')
if [ -n "$name" ]; then show rtk recall "$(basename "$name")" --lines 8; fi
echo '```'
