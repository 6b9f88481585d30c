#!/usr/bin/env bash
# Packs rtk's npm packages with `npm pack` into <out-dir>: the main package rtk-proxy (the
# launcher, optionalDependencies on every platform package of dist/platforms.tsv, pinned to the
# same version) and one platform package per <target>=<binary> given (os/cpu fields, bin/rtk).
# The release workflow gives all five binaries; scripts/test-install.sh the one built here.
# Usage: dist/npm/pack.sh <version> <out-dir> [<target>=<binary>…]. Prints the tarballs' paths.
set -euo pipefail
cd "$(dirname "$0")/../.."
version="$1" out="$2"
shift 2
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
platforms="$(grep -v '^#' dist/platforms.tsv)"

deps="$(awk -v v="$version" 'BEGIN { printf "{" } { printf "%s\"%s\": \"%s\"", (NR > 1 ? ", " : ""), $5, v } END { printf "}" }' <<<"$platforms")"
map="$(awk 'BEGIN { printf "{\n" } { printf "%s  \"%s-%s\": \"%s\"", (NR > 1 ? ",\n" : ""), $3, $4, $5 } END { printf "\n}\n" }' <<<"$platforms")"
cp -r dist/npm/rtk-proxy "$stage/main"
rm "$stage/main/package.json.in"
sed -e "s/@VERSION@/$version/" -e "s/@OPTIONAL_DEPENDENCIES@/$deps/" dist/npm/rtk-proxy/package.json.in >"$stage/main/package.json"
printf '%s' "$map" >"$stage/main/lib/platforms.json"
cp README.md "$stage/main/"
(cd "$stage/main" && npm pack --silent --pack-destination "$out") | sed "s|^|$out/|"

for pair in "$@"; do
    target="${pair%%=*}" bin="${pair#*=}"
    read -r _ _ os cpu package < <(awk -v t="$target" '$1 == t' <<<"$platforms") ||
        { echo "pack: $target is not in dist/platforms.tsv" >&2; exit 1; }
    dir="$stage/$package"
    mkdir -p "$dir/bin"
    exe=rtk
    [ "$os" = win32 ] && exe=rtk.exe
    cp "$bin" "$dir/bin/$exe"
    chmod 755 "$dir/bin/$exe"
    sed -e "s/@PACKAGE@/$package/" -e "s/@VERSION@/$version/g" -e "s/@OS@/$os/g" -e "s/@CPU@/$cpu/g" \
        dist/npm/platform.package.json.in >"$dir/package.json"
    (cd "$dir" && npm pack --silent --pack-destination "$out") | sed "s|^|$out/|"
done
