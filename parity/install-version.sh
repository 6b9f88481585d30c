#!/usr/bin/env bash
# Installs one more release of an npm agent host beside the pinned one, for measuring a host
# table on several releases (parity/probe.py --host-bin). Goes into .cache/hosts-<host>-<version>/
# (gitignored), idempotently: the `.installed` stamp is written only after the install, the
# host's local post-install step and a `--version` run passed. Same recipe as install.sh:
# npm install scripts skipped, then the local part (Claude Code copies its platform's native
# binary over a placeholder; nothing is downloaded).
#   parity/install-version.sh claude 2.1.260
# Prints the host binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 2 ] || { echo "usage: parity/install-version.sh <host> <version>" >&2; exit 2; }
name=$1
version=$2
case "$name" in
    claude) pkg=@anthropic-ai/claude-code bin=node_modules/.bin/claude ;;
    *) echo "parity/install-version: only claude is supported" >&2; exit 2 ;;
esac

NODE24="$(./scripts/setup-test-deps.sh | sed -n 's/^node24=//p')"
export PATH="$(dirname "$NODE24"):$PATH"

dir="$PWD/.cache/hosts-$name-$version"
if [ "$(cat "$dir/.installed" 2>/dev/null)" != "$version" ]; then
    rm -f "$dir/.installed"
    echo "parity/install-version: installing $pkg@$version into .cache/hosts-$name-$version" >&2
    npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error \
        --save-exact "$pkg@$version" >&2
    (cd "$dir/node_modules/$pkg" && node install.cjs >&2)
    got="$("$dir/$bin" --version)"
    case "$got" in
        "$version"*) ;;
        *) echo "parity/install-version: $dir/$bin --version says '$got', not $version" >&2; exit 1 ;;
    esac
    echo "$version" >"$dir/.installed"
fi
echo "$dir/$bin"
