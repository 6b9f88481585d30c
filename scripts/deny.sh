#!/usr/bin/env bash
# Supply-chain checks of the rtk crate with cargo-deny (policy: deny.toml). Licenses, bans and
# sources need no network and always run; a violation fails. Advisories need the RustSec
# database, cloned from GitHub: when it can be fetched a known vulnerability fails the run; when
# it cannot (no route to GitHub, as in this project's CI) the script says so and goes on.
# `cargo audit` reads the same RustSec database, so it would add nothing here.
# Installs cargo-deny from crates.io when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo deny --version >/dev/null 2>&1; then
    echo "== deny: installing cargo-deny"
    cargo install cargo-deny --locked --version 0.20.2
fi

echo "== deny: licenses, bans, sources"
cargo deny --offline check licenses bans sources

echo "== deny: advisories"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
rc=0
timeout 120 cargo deny check advisories >"$log" 2>&1 || rc=$?
if [ "$rc" = 0 ]; then
    tail -n1 "$log"
elif [ "$rc" = 124 ]; then
    echo "deny: advisories not checked: fetching the RustSec database timed out"
elif grep -q "failed to fetch advisory database" "$log"; then
    echo "deny: advisories not checked: the RustSec database could not be fetched ($(grep -o 'Could not resolve host: [^ ]*' "$log" | head -n1 || echo 'no network'))"
else
    cat "$log"
    echo "deny: advisories check failed" >&2
    exit 1
fi
