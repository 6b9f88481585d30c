#!/usr/bin/env bash
# Tokens of rtk's output on the captured real-tool fixtures (tests/fixtures/<tool>/<case>.*,
# from tests/fixtures/capture_many.sh), end to end: each fixture's program is replaced on PATH by
# a script that prints the captured stdout/stderr and exits with the captured code, and the real
# rtk binary runs it, so the count includes everything rtk prints (the elision note too). Facts
# are checked over the same fixtures by tests/filters_dev_snapshots.rs.
#
#   bench/fixtures.sh [RTK] [tool/case …]     (RTK defaults to target/release/rtk; the cases to
#                                             the reports of ten or more problems)
# Needs the bench built (cd bench && cargo build --release) for its token counter.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
RTK="$(realpath "${1:-target/release/rtk}")"
shift || true
CASES=("$@")
[ "${#CASES[@]}" -gt 0 ] || CASES=(tsc/errors_many eslint/errors_many mypy/errors_many
    flake8/errors_many ruff/errors_many go/test_fail_many go/test_fail_many_v go/vet_many
    vitest/fail_many)
COUNT="$ROOT/bench/target/release/rtk-bench"
[ -x "$COUNT" ] || COUNT="$ROOT/bench/target/debug/rtk-bench"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
printf '| fixture | command | raw tokens | rtk tokens | saved |\n|---|---|---:|---:|---:|\n'
for case in "${CASES[@]}"; do
    f="$ROOT/tests/fixtures/$case"
    mapfile -t argv <"$f.argv"
    bin="$WORK/bin"
    rm -rf "$bin" && mkdir -p "$bin" "$WORK/home"
    # A bare name goes on PATH; a path (`./tests/runtests.py`) where the command runs.
    stub="$bin/${argv[0]}"
    case "${argv[0]}" in */*) stub="$WORK/${argv[0]}"; mkdir -p "$(dirname "$stub")" ;; esac
    printf '#!/bin/sh\ncat "%s.out"\ncat "%s.err" >&2\nexit %s\n' "$f" "$f" "$(cat "$f.code")" \
        >"$stub"
    chmod +x "$stub"
    cat "$f.out" "$f.err" >"$WORK/raw"
    (cd "$WORK" && env PATH="$bin:$PATH" HOME="$WORK/home" XDG_DATA_HOME="$WORK/home" \
        "$RTK" "${argv[@]}" >"$WORK/rtk" 2>&1) || true
    raw=$("$COUNT" --count "$WORK/raw" | cut -f1)
    out=$("$COUNT" --count "$WORK/rtk" | cut -f1)
    saved=$(awk -v r="$raw" -v o="$out" 'BEGIN { printf "%.1f", 100 * (r - o) / r }')
    printf '| `%s` | `%s` | %s | %s | %s%% |\n' "$case" "${argv[*]}" "$raw" "$out" "$saved"
done
