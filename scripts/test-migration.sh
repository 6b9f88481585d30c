#!/usr/bin/env bash
# The drop-in test: a user of upstream rtk 1.1.0 (the real binary from PyPI, installed into
# .cache/ by setup-test-deps.sh) switches to this rtk. In a temp HOME that already holds the
# user's own agent settings, upstream runs `init -g` for every agent, writes its config file and
# records ten commands; then this rtk takes its place on PATH and these must hold:
#   1. zero bytes of stderr from `rtk git status` (and a hook answer) with upstream's config;
#   2. `rtk gain` shows upstream's history, marked imported; upstream keeps working on the same
#      database afterwards, and its later rows show up too (both orders);
#   3. the hooks upstream installed answer through this rtk, before and after `rtk init`;
#   4. upstream's plugins (Pi, OMP, OpenCode) pass their version/capability probes and rewrite
#      (checked against a stub 0.1.0 rtk too, which they must refuse);
#   5. `rtk init` migrates every agent in one step, and `--uninstall` leaves no active rtk entry
#      and the user's own settings files byte-identical.
#   RTK_BIN   this rtk (default: the debug build made here)
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

deps="$(./scripts/setup-test-deps.sh)"
NODE24="$(sed -n 's/^node24=//p' <<<"$deps")"
UPSTREAM="$(sed -n 's/^upstream_rtk=//p' <<<"$deps")"
"$UPSTREAM" --version | grep -qx 'rtk 1.1.0' || { echo "test-migration: $UPSTREAM is not rtk 1.1.0" >&2; exit 1; }
RTK_BIN="${RTK_BIN:-$(./scripts/build-rtk.sh)}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home"
mkdir -p "$HOME" "$scratch/bin-upstream" "$scratch/bin-ours" "$scratch/bin-stub"
ln -s "$UPSTREAM" "$scratch/bin-upstream/rtk"
ln -s "$RTK_BIN" "$scratch/bin-ours/rtk"
printf '#!/bin/sh\ncase "$1" in --version) echo "rtk 0.1.0";; *) exit 2;; esac\n' >"$scratch/bin-stub/rtk"
chmod +x "$scratch/bin-stub/rtk"
unset XDG_CONFIG_HOME XDG_DATA_HOME RTK_DB_PATH RTK_NO_TRACKING RTK_REWRITE_HOST CLAUDE_CONFIG_DIR CODEX_HOME
BASE_PATH="$PATH"
use() { export PATH="$scratch/bin-$1:$BASE_PATH"; hash -r; }

passed=0
failed=0
check() { # <description> <command…>: counts, prints failures
    local what="$1"
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what" >&2; fi
}

# --- the user's own settings, before any rtk ------------------------------------------------
mkdir -p "$HOME/.claude" "$HOME/.gemini" "$HOME/.cursor"
printf '{\n  "permissions": {\n    "allow": [\n      "Bash(ls:*)"\n    ]\n  },\n  "theme": "dark"\n}\n' >"$HOME/.claude/settings.json"
printf '# My notes\n\nBe concise.\n' >"$HOME/.claude/CLAUDE.md"
printf '{\n  "theme": "GitHub"\n}\n' >"$HOME/.gemini/settings.json"
printf '{\n  "version": 1,\n  "hooks": {\n    "afterFileEdit": [\n      {\n        "command": "./format.sh"\n      }\n    ]\n  }\n}\n' >"$HOME/.cursor/hooks.json"
user_files=(.claude/settings.json .claude/CLAUDE.md .gemini/settings.json .cursor/hooks.json)
mkdir -p "$scratch/user"
for f in "${user_files[@]}"; do mkdir -p "$scratch/user/$(dirname "$f")"; cp "$HOME/$f" "$scratch/user/$f"; done

# --- upstream 1.1.0 installs for every agent, writes its config, records ten commands --------
use upstream
cd "$HOME"
for flags in "" "--opencode" "--gemini" "--copilot" "--agent cursor" "--agent windsurf" \
    "--agent cline" "--agent antigravity" "--agent pi" "--agent hermes" "--agent droid" \
    "--agent vibe" "--agent omp" "--agent trae"; do
    # shellcheck disable=SC2086
    rtk init -g $flags --auto-patch --no-trust-filters </dev/null >/dev/null 2>&1 \
        || { echo "upstream init -g $flags failed" >&2; exit 1; }
done
rtk init -g --codex </dev/null >/dev/null 2>&1 || { echo "upstream init -g --codex failed" >&2; exit 1; }
rtk config --create >/dev/null
mkdir -p "$HOME/proj/src"
cd "$HOME/proj"
git init -q .
printf 'hello\n' >a.txt
printf 'fn main() {}\n' >src/main.rs
printf '{"a": 1, "b": [1, 2]}\n' >x.json
for c in "git status" "ls -la" "read a.txt" "grep -rn fn src" "find . -name *.rs" "json x.json" \
    "git diff" "wc a.txt" "bypass git status" "test true"; do
    # shellcheck disable=SC2086
    rtk $c >/dev/null 2>&1 || true
done
upstream_rows=$(rtk gain -f json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["total_commands"])')
check "upstream recorded its ten commands ($upstream_rows)" test "$upstream_rows" -ge 10

# --- hook commands as upstream installed them -------------------------------------------------
# The fixtures name the session's folder `/work/app`; the hook judges paths from the payload's
# `cwd` (issue 36), so it is the folder the hook runs in, as a host would send it.
payload() { sed "s#\"/work/app#\"$PWD#g" "$repo/tests/fixtures/hooks/$1.json"; }
hook_answers() { # <label>: every installed entry's command answers its agent's payload with a rewrite
    local label="$1" cmd agent fixture out
    while IFS='|' read -r agent fixture cmd; do
        [ -n "$cmd" ] || { check "$label: $agent has an rtk hook entry" false; continue; }
        # Claude Code names its version to its hooks (AI_AGENT); rtk applies Claude's read-only
        # table only on a version it can see. Other agents' hooks do not read it.
        out="$(payload "$fixture" | AI_AGENT=claude-code_2-1-332_harness sh -c "$cmd" 2>"$scratch/hook.err")" || true
        if [ "$agent" = vibe ]; then
            # Vibe judges the rewritten line with its own [tools.bash] rules, so under Vibe's
            # defaults rtk's hook rewrites nothing (docs: supported-agents.md): the do-nothing answer.
            check "$label: vibe hook ($cmd) answers nothing under Vibe's default rules: $out" test -z "$out"
        else
            # The rewrite names rtk plainly or by its absolute path (codex: login shells reset PATH).
            check "$label: $agent hook ($cmd) answers with a rewrite: $out" grep -Eq '"([^" ]*/)?rtk ' <<<"$out"
        fi
        check "$label: $agent hook stderr is empty" test ! -s "$scratch/hook.err"
    done < <(python3 "$repo/scripts/migration/hook-commands.py" "$HOME")
}
use ours
# rtk answers VS Code's payload only where it can read VS Code's user settings folder (VS Code
# creates it on its first start): the migrated home stands for a machine VS Code runs on.
mkdir -p "$HOME/.config/Code/User"
hook_answers "upstream's entries"

# --- 1. zero stderr with upstream's config --------------------------------------------------
cd "$HOME/proj"
rtk git status >"$scratch/out" 2>"$scratch/err"
check "1: rtk git status prints its status" test -s "$scratch/out"
check "1: rtk git status stderr is 0 bytes with upstream's config ($(wc -c <"$scratch/err"))" test ! -s "$scratch/err"
payload claude/no-rule | rtk hook claude >/dev/null 2>"$scratch/err"
check "1: rtk hook claude stderr is 0 bytes" test ! -s "$scratch/err"
check "1: rtk config --check accepts upstream's config" rtk config --check >/dev/null

# --- 2. history, both orders ---------------------------------------------------------------
gain_field() { # <summary field>: its value, -1 when rtk gain fails
    { rtk gain -f json 2>/dev/null || echo '{}'; } |
        python3 -c "import json,sys; print(json.load(sys.stdin).get('summary', {}).get('$1', -1))"
}
imported=$(gain_field imported_runs)
check "2: rtk gain imported upstream's $upstream_rows rows ($imported)" test "$imported" -eq "$upstream_rows"
ours_runs=$(gain_field runs)
check "2: our own run is counted beside them ($ours_runs)" test "$ours_runs" -eq $((upstream_rows + 1))
rtk gain >"$scratch/gain.txt" 2>&1 || true
use upstream
rtk git status >/dev/null 2>"$scratch/err"
check "2: upstream still runs on the shared database" test ! -s "$scratch/err"
after=$(rtk gain -f json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["total_commands"])')
check "2: upstream still records ($upstream_rows -> $after)" test "$after" -eq $((upstream_rows + 1))
use ours
rtk git status >/dev/null 2>"$scratch/err"
check "2: this rtk still runs after upstream did" test ! -s "$scratch/err"
check "2: upstream's later row is imported too" test "$(gain_field imported_runs)" -eq $((upstream_rows + 1))
check "2: rtk gain -H marks imported rows" grep -q "imported from rtk 1.x" <(rtk gain -H 2>&1 || true)

# --- 4. upstream's plugins probe and rewrite ------------------------------------------------
probe() { "$NODE24" "$repo/scripts/migration/probe-plugins.mjs" "$HOME" 2>/dev/null; }
use ours
probes="$(probe)"
for p in pi omp opencode; do
    check "4: upstream's $p plugin is active and rewrites with this rtk" \
        grep -qx "$p active=true rewrite=rtk git status" <<<"$probes"
done
hermes_rewrite() { # what upstream's installed Hermes plugin makes of `git status`
    python3 - "$HOME/.hermes/plugins/rtk-rewrite" <<'PY' 2>/dev/null
import importlib.util, sys
spec = importlib.util.spec_from_file_location("rtk_rewrite", sys.argv[1] + "/__init__.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
hooks = {}
class Ctx:
    def register_hook(self, name, fn): hooks[name] = fn
m.register(Ctx())
args = {"command": "git status"}
if "pre_tool_call" in hooks:
    hooks["pre_tool_call"](tool_name="terminal", args=args)
print(args["command"])
PY
}
check "4: upstream's hermes plugin rewrites with this rtk" test "$(hermes_rewrite)" = "rtk git status"
use stub
check "4: (control) upstream's hermes plugin does not rewrite through a stub rtk" \
    test "$(hermes_rewrite)" = "git status"
stub="$(probe)"
for p in pi omp opencode; do
    check "4: (control) upstream's $p plugin refuses a 0.1.0 rtk without hook opencode" \
        grep -qx "$p active=false rewrite=none" <<<"$stub"
done
use ours

# --- 5. rtk init migrates, --uninstall removes every rtk entry ---------------------------------
agents=(claude cursor gemini copilot codex droid vibe pi hermes opencode omp)
cd "$HOME"
for a in "${agents[@]}"; do check "5: rtk init --agent $a --global" rtk init --agent "$a" --global >/dev/null; done
# A session runs in a project: the hook judges paths from there (in HOME itself VS Code's
# Copilot hook steps aside: rtk cannot tell which workspace settings apply to that folder).
cd "$HOME/proj"
hook_answers "after rtk init"
cd "$HOME"
active() { python3 "$repo/scripts/migration/hook-commands.py" "$HOME" "$@"; }
migrated="$(active)"
check "5: rtk init left exactly one rtk entry for each of the 7 hook agents" \
    test "$(cut -d'|' -f1 <<<"$migrated" | sort -u | wc -l)" -eq 7 -a "$(wc -l <<<"$migrated")" -eq 7
post="$(active --post)"
check "5: rtk init added Claude Code's PostToolUse entry once: $post" test "$post" = "claude|claude/no-rule|rtk hook claude"
check "5: every entry is rtk's own command, no upstream script: $migrated" \
    test -z "$(cut -d'|' -f3 <<<"$migrated" | grep -v '^rtk hook [a-z]*$')"
for a in "${agents[@]}" trae antigravity windsurf cline; do
    check "5: rtk init --agent $a --global --uninstall" rtk init --agent "$a" --global --uninstall >/dev/null 2>&1
done
left="$(active --all)"
check "5: no active rtk entry after --uninstall: ${left:-none}" test -z "$left"
files_left="$(cd "$HOME" && find . -path ./proj -prune -o -path ./.local -prune -o -path ./.config/rtk -prune -o \
    -type f ! -name '*.rtk-bak*' ! -name '*.bak' -print0 | xargs -0 grep -l -i 'rtk' 2>/dev/null || true)"
check "5: no file outside backups mentions rtk: ${files_left:-none}" test -z "$files_left"
for f in "${user_files[@]}"; do
    check "5: $f byte-identical to the user's" cmp -s "$HOME/$f" "$scratch/user/$f"
done

echo "== rtk gain on the migrated home"
cat "$scratch/gain.txt"
echo "migration: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
