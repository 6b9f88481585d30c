#!/usr/bin/env bash
# Renders the Homebrew formula (dist/homebrew/rtk.rb.in) for one release: fills in the version
# and, for every tar.gz platform of dist/platforms.tsv, the sha256 from <dir>/rtk-<target>.tar.gz.sha256.
# Fails when a checksum file is missing or a placeholder is left. Usage: render.sh <version> <dir>
set -euo pipefail
cd "$(dirname "$0")/../.."
version="$1" dir="$2"
formula="$(sed "s/@VERSION@/$version/g" dist/homebrew/rtk.rb.in)"
while read -r target ext _; do
    [ "$ext" = tar.gz ] || continue
    sum_file="$dir/rtk-$target.tar.gz.sha256"
    [ -f "$sum_file" ] || { echo "render: missing $sum_file" >&2; exit 1; }
    sum="$(cut -d' ' -f1 <"$sum_file")"
    [[ "$sum" =~ ^[0-9a-f]{64}$ ]] || { echo "render: $sum_file holds no sha256" >&2; exit 1; }
    formula="${formula//@SHA256:$target@/$sum}"
done < <(grep -v '^#' dist/platforms.tsv)
if grep -q '@[A-Z0-9]*[:@]' <<<"$formula"; then
    echo "render: placeholders left in the formula" >&2
    exit 1
fi
printf '%s\n' "$formula"
