#!/usr/bin/env bash
# Adapter tests: a strict type-check of the TypeScript adapters, the OpenClaw plugin, Pi and
# OpenCode (node's test runner on Node 24, which runs TypeScript natively), Hermes (pytest), then
# the OpenClaw end-to-end test in the real runtime.
# Installs Node 24, openclaw, typescript and pytest under .cache/ first (setup-test-deps.sh) and
# builds rtk; nothing here skips — a missing dependency is a failure.
#   RTK_BIN   rtk binary for the end-to-end test (default: the debug build made here, at the
#             path cargo reports)
#   --latest  also run the end-to-end test on the newest OpenClaw on npm (scripts/openclaw-latest.sh
#             installs it, and the Node it needs, under .cache/openclaw-latest/)
#   --openclaw VERSION   also run the end-to-end test on that OpenClaw release (an older one
#             measured beside the pin and the newest: parity/README.md)
set -euo pipefail
cd "$(dirname "$0")/.."
latest=false
others=()
while [ $# -gt 0 ]; do
    case "$1" in
        --latest) latest=true ;;
        --openclaw) others+=("$2"); shift ;;
        *) echo "test-adapters: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

deps="$(./scripts/setup-test-deps.sh)"
NODE24="$(sed -n 's/^node24=//p' <<<"$deps")"
"$NODE24" --version | grep -q '^v24\.' || { echo "test-adapters: $NODE24 is not Node 24" >&2; exit 1; }

TSC="$(sed -n 's/^tsc=//p' <<<"$deps")"
TYPES="$(sed -n 's/^types=//p' <<<"$deps")"

failed=()
summary=()

# The suites make temp dirs (fake HOMEs, plugin installs) through the OS temp dir: give them
# one of their own, removed at the end, so runs leave nothing behind in /tmp.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export TMPDIR="$scratch"

echo "== type-checking the TypeScript adapters (tsc --strict)"
if "$NODE24" "$TSC" --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext \
    --allowImportingTsExtensions --typeRoots "$TYPES" --types node \
    openclaw/index.ts openclaw/src/*.ts openclaw/test/*.ts plugins/pi/rtk.ts plugins/omp/rtk.ts plugins/opencode/rtk.ts plugins/opencode/test/parity.test.ts; then
    summary+=("typecheck: clean")
else
    failed+=("typecheck")
    summary+=("typecheck: errors")
fi

echo "== building rtk"
export RTK_BIN="${RTK_BIN:-$(./scripts/build-rtk.sh)}"
[ -x "$RTK_BIN" ] || { echo "test-adapters: no rtk binary at '$RTK_BIN'" >&2; exit 1; }

# node --test prints "ℹ tests N" / "ℹ pass N" / "ℹ fail N"; keep the log, report the counts.
node_suite() { # <name> <dir> <files…>
    local name="$1" dir="$2"
    shift 2
    local log
    log="$(mktemp)"
    echo "== $name"
    if (cd "$dir" && "${NODE:-$NODE24}" --test --test-reporter=spec "$@") >"$log" 2>&1; then :; else failed+=("$name"); cat "$log"; fi
    local tests pass fail
    tests="$(sed -n 's/^ℹ tests \([0-9]*\)$/\1/p' "$log" | tail -n1)"
    pass="$(sed -n 's/^ℹ pass \([0-9]*\)$/\1/p' "$log" | tail -n1)"
    fail="$(sed -n 's/^ℹ fail \([0-9]*\)$/\1/p' "$log" | tail -n1)"
    grep -E '^(OpenClaw [0-9]|[a-z-]+: .* -> |[a-z-]+: rtk forms run: )' "$log" || true
    summary+=("$name: ${tests:-?} tests, ${pass:-0} passed, ${fail:-?} failed")
    [ -n "$tests" ] && [ "${tests}" -gt 0 ] || { [[ " ${failed[*]-} " == *" $name "* ]] || failed+=("$name"); echo "$name ran no tests" >&2; }
    rm -f "$log"
}

node_suite "openclaw plugin" openclaw test/plugin.test.ts test/policy.test.ts
node_suite "pi extension" plugins/pi test/rtk.test.ts
node_suite "omp extension" plugins/omp test/rtk.test.ts
node_suite "opencode plugin" plugins/opencode test/rtk.test.ts test/parity.test.ts

echo "== hermes plugin"
log="$(mktemp)"
if python3 -m pytest -q -p no:cacheprovider plugins/hermes/tests >"$log" 2>&1; then :; else failed+=("hermes plugin"); cat "$log"; fi
summary+=("hermes plugin: $(grep -E '[0-9]+ (passed|failed)' "$log" | tail -n1)")
rm -f "$log"

node_suite "openclaw e2e (OpenClaw 2026.7.1-2, rtk at $RTK_BIN)" openclaw test/e2e/e2e.test.mjs
if $latest; then others+=(""); fi
for wanted in ${others[@]+"${others[@]}"}; do
    latest_deps="$(./scripts/openclaw-latest.sh $wanted)"
    version="$(sed -n 's/^openclaw_latest_version=//p' <<<"$latest_deps")"
    RTK_E2E_OPENCLAW_DIR="$(sed -n 's/^openclaw_latest=//p' <<<"$latest_deps")" RTK_E2E_OPENCLAW_VERSION=any \
        NODE="$(sed -n 's/^openclaw_latest_node=//p' <<<"$latest_deps")" \
        node_suite "openclaw e2e (${wanted:+OpenClaw $version}${wanted:-newest OpenClaw $version}, rtk at $RTK_BIN)" openclaw test/e2e/e2e.test.mjs
done

echo "== adapter test summary"
printf '  %s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
    printf 'FAILED: %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "all adapter tests passed"
