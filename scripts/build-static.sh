#!/usr/bin/env bash
# Release build of a static, non-PIE rtk for Linux (x86_64 or aarch64, glibc): the hook path
# starts one process per agent command, and such a binary skips the dynamic loader and
# self-relocation (bench/README.md measures the difference). Needs the C library's static
# archive (Debian: libc6-dev; Fedora/RHEL: glibc-static). Prints the binary's path.
# The target is named explicitly so the flags reach rtk only, never build scripts or
# proc-macros (which cannot be static). On other platforms use `cargo build --release`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(uname -s)" = Linux ] || { echo "build-static: Linux only; use cargo build --release" >&2; exit 1; }
triple="$(uname -m)-unknown-linux-gnu"
export RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static"
exe="$(cargo build --locked --release --bin rtk --target "$triple" --message-format=json-render-diagnostics |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n1)"
[ -n "$exe" ] && [ -x "$exe" ] || { echo "build-static: cargo reported no rtk executable" >&2; exit 1; }
printf '%s\n' "$exe"
