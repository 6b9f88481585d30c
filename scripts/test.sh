#!/usr/bin/env bash
# Every test rtk has: Rust (fmt, clippy, unit + integration), the adapters (TypeScript with
# node's test runner, Python), and the OpenClaw end-to-end test in the real runtime.
# Installs what it needs (Node 24, openclaw, Python test deps) under .cache/ first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== rust: fmt, clippy, tests"
cargo fmt --all -- --check
cargo clippy --all-targets --locked -- -D warnings
cargo test --locked

echo "== adapters and end-to-end"
./scripts/test-adapters.sh

echo "== all tests passed"
