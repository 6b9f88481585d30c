#!/usr/bin/env bash
# Packs one rtk binary the way the release does (cargo-dist's layout): <out>/rtk-<target>.tar.gz
# (or .zip for Windows) holding the folder rtk-<target>/ with the binary and README.md, and
# <archive>.sha256 beside it ("<hex>  <archive name>", sha256sum's format).
# Usage: dist/archive.sh <binary> <target> <out-dir>. Prints the archive's path.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$1" target="$2" out="$3"
ext="$(awk -v t="$target" '$1 == t { print $2 }' dist/platforms.tsv)"
[ -n "$ext" ] || { echo "archive: $target is not in dist/platforms.tsv" >&2; exit 1; }
name="rtk-$target"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
exe=rtk
[ "$ext" = zip ] && exe=rtk.exe
cp "$bin" "$stage/$name/$exe"
chmod 755 "$stage/$name/$exe"
cp README.md "$stage/$name/"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out/$name.$ext" "$out/$name.$ext.sha256"
if [ "$ext" = zip ]; then
    (cd "$stage" && zip -qr "$out/$name.zip" "$name")
else
    # Fixed owner and order, so the same binary gives the same archive.
    tar -C "$stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "$out/$name.tar.gz" "$name"
fi
(cd "$out" && sha256sum "$name.$ext" >"$name.$ext.sha256")
printf '%s\n' "$out/$name.$ext"
