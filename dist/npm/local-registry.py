#!/usr/bin/env python3
"""Lays out a static npm registry in a folder, for installing rtk's packages offline in tests.

Usage: local-registry.py <folder> <url> <tarball>...  For each package named in dist/platforms.tsv
or a tarball, writes <folder>/<name> (its packument: the metadata document npm fetches first)
and copies the tarball to <folder>/tarballs/. Platform packages without a tarball (the ones
not built on this machine) get a packument with their os/cpu only, so npm can decide to skip
them, exactly as it does with the registry's; their tarball URL would fail if npm ever fetched
one. Serve the folder with `python3 -m http.server` and pass `--registry <url>` to npm.
"""
import base64
import hashlib
import json
import os
import shutil
import sys
import tarfile


def manifest_of(tarball):
    with tarfile.open(tarball) as tar:
        return json.load(tar.extractfile("package/package.json"))


def main():
    folder, url, tarballs = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3:]
    os.makedirs(os.path.join(folder, "tarballs"), exist_ok=True)
    docs = {}
    for tgz in tarballs:
        m = manifest_of(tgz)
        data = open(tgz, "rb").read()
        name = os.path.basename(tgz)
        shutil.copyfile(tgz, os.path.join(folder, "tarballs", name))
        m["dist"] = {
            "tarball": f"{url}/tarballs/{name}",
            "shasum": hashlib.sha1(data).hexdigest(),
            "integrity": "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode(),
        }
        docs[m["name"]] = m
    here = os.path.dirname(os.path.abspath(__file__))
    version = next(iter(docs.values()))["version"]
    with open(os.path.join(here, "..", "platforms.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            _target, _ext, npm_os, npm_cpu, pkg = line.split()
            docs.setdefault(pkg, {
                "name": pkg, "version": version, "os": [npm_os], "cpu": [npm_cpu],
                "dist": {"tarball": f"{url}/tarballs/{pkg}-{version}.tgz (not built here)"},
            })
    for name, m in docs.items():
        doc = {"name": name, "dist-tags": {"latest": m["version"]}, "versions": {m["version"]: m}}
        with open(os.path.join(folder, name), "w") as f:
            json.dump(doc, f)


if __name__ == "__main__":
    main()
