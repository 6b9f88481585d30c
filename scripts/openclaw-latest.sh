#!/usr/bin/env bash
# Installs the newest OpenClaw published on npm into .cache/openclaw-latest/ (gitignored; the
# pinned one in .cache/openclaw stays), with the newest Node 24 from npm beside it (newer
# OpenClaw releases raise their minimum Node: 2026.9.6 needs >= 24.16), so the plugin's
# end-to-end test can run on it: `scripts/test-adapters.sh --latest`.
# Idempotent: npm is asked for the newest versions; nothing is installed when they are there.
#   scripts/openclaw-latest.sh 2026.9.1   that release instead, into .cache/openclaw-2026.9.1/
#                                         (an older one measured beside the pin and the newest)
# Prints `openclaw_latest=<package dir>`, `openclaw_latest_version=<version>` and
# `openclaw_latest_node=<node binary>`.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="$PWD/.cache/openclaw-latest"
wanted="${1:-}"
# The Node package for this OS and CPU, as scripts/setup-test-deps.sh chose it.
node24="$(./scripts/setup-test-deps.sh | sed -n 's/^node24=//p')"
node_pkg="$(sed -n 's|.*/node_modules/\(node-[^/]*\)/bin/.*|\1|p' <<<"$node24")"
[ -n "$node_pkg" ] || { echo "openclaw-latest: cannot tell the Node package from $node24" >&2; exit 1; }

installed_version() { # <package.json> -> its "version", or nothing
    [ -f "$1" ] && sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$1" | head -n1 || true
}
install() { # <folder> <package> <version>
    if [ "$(installed_version "$1/node_modules/$2/package.json")" != "$3" ]; then
        echo "openclaw-latest: installing $2@$3 into $1" >&2
        npm install --prefix "$1" --ignore-scripts --no-audit --no-fund --loglevel=error "$2@$3" >&2
    fi
}

if [ -n "$wanted" ]; then
    version="$wanted"
    claw_dir="$PWD/.cache/openclaw-$version"
else
    version="$(npm view openclaw version)"
    claw_dir="$DIR/openclaw"
fi
node_version="$(npm view "$node_pkg@24" version | sed -n "s/^$node_pkg@\([0-9.]*\) .*/\1/p;s/^\([0-9][0-9.]*\)$/\1/p" | sort -V | tail -n1)"
[ -n "$version" ] && [ -n "$node_version" ] || { echo "openclaw-latest: npm named no version" >&2; exit 1; }
install "$claw_dir" openclaw "$version"
install "$DIR/node" "$node_pkg" "$node_version"
node="$DIR/node/node_modules/$node_pkg/bin/$(basename "$node24")"
"$node" --version >/dev/null
echo "openclaw_latest=$claw_dir/node_modules/openclaw"
echo "openclaw_latest_version=$version"
echo "openclaw_latest_node=$node"
