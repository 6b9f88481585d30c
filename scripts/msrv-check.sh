#!/usr/bin/env bash
# Checks that Cargo.toml's rust-version is true for the locked dependency tree: no package in
# Cargo.lock may declare a newer rust-version than rtk's own. (Code newer than rust-version is
# caught by clippy's incompatible_msrv lint, denied in Cargo.toml.)
set -euo pipefail
cd "$(dirname "$0")/.."
meta="$(mktemp)"
trap 'rm -f "$meta"' EXIT
cargo metadata --format-version 1 --locked >"$meta"
python3 - "$meta" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
def ver(v):
    return tuple(int(x) for x in (v or "0").split("."))
ours = next(p for p in meta["packages"] if p["name"] == "rtk")["rust_version"]
newer = [
    "%s %s needs %s" % (p["name"], p["version"], p["rust_version"])
    for p in meta["packages"]
    if ver(p.get("rust_version")) > ver(ours)
]
if newer:
    sys.exit("msrv-check: rust-version %s is below what the lock needs:\n  %s" % (ours, "\n  ".join(newer)))
print("msrv-check: rust-version %s covers all %d locked packages" % (ours, len(meta["packages"])))
PY
