#!/usr/bin/env bash
# Installs what scripts/test-install.sh needs when missing: Ruby (Debian `ruby`, for checking the
# Homebrew formula) and maturin 1.16.0 (PyPI, in the venv .cache/maturin). Prints
# `maturin=<path>`. Does nothing when both are there.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v ruby >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || { echo "setup-install-deps: install ruby" >&2; exit 1; }
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "setup-install-deps: installing ruby (apt-get)" >&2
    "${sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends ruby >&2
fi
MATURIN_VERSION=1.16.0
venv="$PWD/.cache/maturin"
if [ "$("$venv/bin/maturin" --version 2>/dev/null)" != "maturin $MATURIN_VERSION" ]; then
    echo "setup-install-deps: installing maturin $MATURIN_VERSION into .cache/maturin" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "maturin==$MATURIN_VERSION" >&2
fi
echo "maturin=$venv/bin/maturin"
