#!/usr/bin/env bash
# Builds the rtk binary (pass --release for the optimised one) and prints its path, as cargo
# reports it — so callers never guess the target directory or the build triple.
set -euo pipefail
cd "$(dirname "$0")/.."
exe="$(cargo build --locked --bin rtk --message-format=json-render-diagnostics "$@" |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n1)"
[ -n "$exe" ] && [ -x "$exe" ] || { echo "build-rtk: cargo reported no rtk executable" >&2; exit 1; }
printf '%s\n' "$exe"
