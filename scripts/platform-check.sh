#!/usr/bin/env bash
# Fails when platform-specific code appears in src/ outside the one platform module, `src/os/`. Platform-specific means std::os::{unix,fd,windows},
# rustix, libc, memmap2's Advice (madvise) or a /proc path. Comment lines are not code.
# Also fails on `allow(unsafe_code)` anywhere but src/os/linux.rs (the one `pre_exec`;
# Cargo.toml denies unsafe code everywhere else).
# `--self-test` shows the check fails on a planted `use std::os::unix` and passes otherwise;
# a folder argument checks that folder instead of src/.
set -euo pipefail
cd "$(dirname "$0")/.."

PATTERN='std::os::(unix|fd|windows)|\brustix\b|\blibc\b|\bAdvice\b|/proc\b'

# Prints the offending lines under $1 (a folder laid out like src/); fails when there are any.
check() {
    local found
    found="$(cd "$1" && grep -rnE --include='*.rs' "$PATTERN" . |
        grep -vE '^\./os/' |
        grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)"
    if [ -n "$found" ]; then
        echo "platform-check: platform-specific code outside os/ in $1:" >&2
        echo "$found" | sed 's|^\./|  |' >&2
        return 1
    fi
}

if [ "${1:-}" = --self-test ]; then
    t="$(mktemp -d)"
    trap 'rm -rf "$t"' EXIT
    mkdir -p "$t/os" "$t/exec/os"
    printf '//! std::os::unix in a comment is prose.\nfn f() {}\n' >"$t/lib.rs"
    printf 'use std::os::unix::fs::PermissionsExt;\n' >"$t/os/unix.rs"
    printf 'use rustix::process;\n' >"$t/os/clock.rs"
    check "$t" || { echo "platform-check self-test: a clean tree was refused" >&2; exit 1; }
    printf 'use std::os::unix::fs::PermissionsExt;\n' >"$t/planted.rs"
    # An `os` folder elsewhere than src/os is not the platform module.
    printf 'use libc::getpid;\n' >"$t/exec/os/nested.rs"
    if out="$(check "$t" 2>&1)"; then
        echo "platform-check self-test: a planted use std::os::unix passed" >&2
        exit 1
    fi
    grep -q 'planted.rs:1:use std::os::unix' <<<"$out" ||
        { echo "platform-check self-test: report does not name the planted line: $out" >&2; exit 1; }
    grep -q 'exec/os/nested.rs:1:use libc' <<<"$out" ||
        { echo "platform-check self-test: a nested os/ folder passed: $out" >&2; exit 1; }
    echo "platform-check self-test: planted use std::os::unix refused:"
    echo "$out"
    exit 0
fi

check "${1:-src}"
unsafe_allowed="$(grep -rnE --include='*.rs' 'allow\((.*[, ])?unsafe_code' src tests benches fuzz 2>/dev/null |
    grep -vE '^src/os/linux\.rs:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)"
if [ -n "$unsafe_allowed" ]; then
    echo "platform-check: unsafe code allowed outside src/os/linux.rs:" >&2
    echo "$unsafe_allowed" >&2
    exit 1
fi
echo "platform-check: no platform-specific code outside the platform modules"
