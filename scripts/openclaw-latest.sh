#!/usr/bin/env bash
# Installs the newest OpenClaw published on npm into .cache/openclaw-latest/ (gitignored; the
# pinned one in .cache/openclaw stays), so the plugin's end-to-end test can run on it:
#   scripts/test-adapters.sh --latest   (runs the e2e on the pinned and on the newest release)
# Idempotent: npm is asked for the newest version, and nothing is installed when it is there.
# Prints `openclaw_latest=<package dir>` and `openclaw_latest_version=<version>`.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="$PWD/.cache/openclaw-latest"
PKG="$DIR/node_modules/openclaw/package.json"
version="$(npm view openclaw version)"
[ -n "$version" ] || { echo "openclaw-latest: npm named no version" >&2; exit 1; }
installed="$( [ -f "$PKG" ] && sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$PKG" | head -n1 || true)"
if [ "$installed" != "$version" ]; then
    echo "openclaw-latest: installing openclaw@$version into .cache/openclaw-latest" >&2
    npm install --prefix "$DIR" --ignore-scripts --no-audit --no-fund --loglevel=error \
        "openclaw@$version" >&2
fi
echo "openclaw_latest=$DIR/node_modules/openclaw"
echo "openclaw_latest_version=$version"
