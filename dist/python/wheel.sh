#!/usr/bin/env bash
# Builds rtk's Python wheel (maturin, `bindings = "bin"`, dist/python/pyproject.toml) for this
# Linux machine from the same static build as the release archive (scripts/build-static.sh's
# target and flags, so cargo reuses that build). Writes the wheel into $RTK_WHEEL_OUT (default
# target/dist/wheels) and prints its path. MATURIN names maturin (default .cache/maturin).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
maturin="${MATURIN:-$repo/.cache/maturin/bin/maturin}"
out="${RTK_WHEEL_OUT:-$repo/target/dist/wheels}"
triple="$(uname -m)-unknown-linux-gnu"
export RUSTFLAGS="-C target-feature=+crt-static -C relocation-model=static"
cd dist/python
"$maturin" build --release --locked --target "$triple" --out "$out" >&2
ls "$out"/*.whl
