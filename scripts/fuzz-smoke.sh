#!/usr/bin/env bash
# A short, bounded fuzz run of every target in fuzz/ (FUZZ_SECONDS each, default 5) over the
# committed corpus; any crash or property violation fails. New inputs go to a scratch dir,
# never into the repo. Installs cargo-fuzz from crates.io if missing; stable Rust is enough
# because RUSTC_BOOTSTRAP=1 unlocks the sanitizer flags cargo-fuzz passes (see fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
export RUSTC_BOOTSTRAP=1
seconds="${FUZZ_SECONDS:-5}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

# No separate `cargo fuzz build`: it builds with other debug-info settings than `cargo fuzz run`,
# so the runs below would build rtk with the address sanitizer a second time. The first run
# builds the library; each later one only its own target.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in $(cargo fuzz list); do
    echo "== fuzz: $target (${seconds}s)"
    mkdir -p "$scratch/$target" "corpus/$target"
    cargo fuzz run --release "$target" "$scratch/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -print_final_stats=1 \
        2>"$scratch/$target.log" || {
        tail -40 "$scratch/$target.log"
        echo "fuzz: $target failed (crash or property violation); reproducer under fuzz/artifacts/$target/"
        exit 1
    }
    grep -E '^stat::number_of_executed_units|^#[0-9]+ *DONE' "$scratch/$target.log" | tail -1 || true
done
echo "== fuzz: every target ran clean"
