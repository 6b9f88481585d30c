#!/usr/bin/env bash
# Installs what the execution oracle (tests/oracle.rs) needs, from Debian packages, when missing:
# bash, strace, and git (the live run's throwaway project is a git repository). Does nothing
# when all are on PATH; on a system without apt-get it says what
# to install and fails.
set -euo pipefail
missing=()
for prog in bash strace git; do
    command -v "$prog" >/dev/null 2>&1 || missing+=("$prog")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup-oracle-deps: install ${missing[*]} (Debian packages: ${missing[*]})" >&2
    exit 1
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "setup-oracle-deps: installing ${missing[*]} (apt-get)" >&2
"${sudo[@]}" apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
