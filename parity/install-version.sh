#!/usr/bin/env bash
# Installs one more release of an agent host beside the pinned one, for measuring a host table
# on several releases (parity/probe.py --host-bin) or running the parity sample on it
# (parity/run.py --version). Goes into .cache/hosts-<host>-<version>/ (gitignored), by
# parity/install.sh's own recipe (PARITY_VERSIONS): idempotent, the `.installed` stamp written
# only after the install, the host's local post-install step and a `--version` run passed.
#   parity/install-version.sh claude 2.1.260
#   parity/install-version.sh copilot 1.0.82
# Prints the host binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 2 ] || { echo "usage: parity/install-version.sh <host> <version>" >&2; exit 2; }
out="$(PARITY_VERSIONS="$1=$2" ./parity/install.sh "$1")"
bin="$(sed -n "s/^$1=//p" <<<"$out")"
if [ -z "$bin" ]; then
    echo "parity/install-version: $(sed -n "s/^failed:$1=//p" <<<"$out")" >&2
    exit 1
fi
echo "$bin"
