#!/usr/bin/env python3
"""Compares one host's read-only measurements across releases (files written from
parity/probe.py output: `<host>-readonly-<version>.txt`, `#` header lines, then
`decision<TAB>command line`), and checks them against the probe list's expectations.

    parity/readonly_diff.py parity/claude-readonly-*.txt
    parity/readonly_diff.py --forms parity/claude-readonly-forms.txt parity/claude-readonly-*.txt

Prints each form whose decision differs between the files (with every file's decision), and
with --forms each form the list expects to run (the lines before its `# -- controls` marker:
what rtk's table calls read-only) that some file records as anything else. Exits 1 when a
form expected to run did not, or a file lacks a form of the list.
"""

import argparse
import re
import sys
from pathlib import Path

CONTROLS = "# -- controls"


def version_of(path):
    m = re.search(r"-readonly-(.+)\.txt$", Path(path).name)
    return m.group(1) if m else Path(path).name


def version_key(v):
    return [int(p) if p.isdigit() else p for p in re.split(r"[.-]", v)]


def load(path):
    """{command line: decision} of one measurement file."""
    out = {}
    for raw in Path(path).read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        decision, _, line = raw.partition("\t")
        out[line] = decision
    return out


def expected_to_run(forms_path):
    """The probe list's lines before its controls marker, in order."""
    lines = []
    for raw in Path(forms_path).read_text().splitlines():
        if raw.startswith(CONTROLS):
            break
        if raw.strip() and not raw.lstrip().startswith("#"):
            lines.append(raw)
    return lines


def all_forms(forms_path):
    return [r for r in Path(forms_path).read_text().splitlines() if r.strip() and not r.lstrip().startswith("#")]


def differences(measured):
    """[(line, {version: decision})] for the lines whose decision is not the same everywhere
    (a line missing from a file counts as decision None)."""
    lines = []
    for table in measured.values():
        lines += [l for l in table if l not in lines]
    out = []
    for line in lines:
        row = {v: t.get(line) for v, t in measured.items()}
        if len(set(row.values())) > 1:
            out.append((line, row))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--forms", help="the probe list (its lines before '# -- controls' are expected to run)")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    measured = {version_of(f): load(f) for f in sorted(args.files, key=lambda f: version_key(version_of(f)))}
    versions = list(measured)
    print("versions: " + ", ".join(f"{v} ({len(t)} forms)" for v, t in measured.items()))
    diff = differences(measured)
    print(f"forms whose decision differs between versions: {len(diff)}")
    for line, row in diff:
        print("  " + line + "\t" + "  ".join(f"{v}={row[v]}" for v in versions))
    bad = 0
    if args.forms:
        for line in all_forms(args.forms):
            for v, t in measured.items():
                if line not in t:
                    print(f"MISSING {v}\t{line}")
                    bad += 1
        for line in expected_to_run(args.forms):
            asked = [f"{v}={t[line]}" for v, t in measured.items() if t.get(line, "ran") != "ran"]
            if asked:
                print(f"EXPECTED TO RUN\t{line}\t" + "  ".join(asked))
                bad += 1
        print(f"forms the table calls read-only that a version did not run (or missing): {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
