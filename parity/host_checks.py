#!/usr/bin/env python3
"""The host's own shell-permission checks, read from its installed bundle (issue 36 item 1).

Claude Code and Copilot CLI ship their JavaScript inside one native binary; this reads the
binary's bytes and extracts the message strings of the checks that stop a shell command:

- `parser`: Claude Code's parser/validator verdicts, `kind:"too-complex",reason:"…"` (the
  line is too complex to verify: the host asks whatever its rules say);
- `decision`: permission results with a message, `behavior:"ask"|"deny"|"passthrough",
  message:"…"` (every tool's, Bash's among them);
- `approval`: other string literals that say a command needs approval or cannot be
  auto-allowed (the read-only validator's and the removal checks' texts).

Minified names inside template literals change with every build, so each `${…}` is written as
`${}`. The committed inventory (`parity/<host>-checks-<version>.txt`: `class<TAB>message`, `#`
comment lines) is what docs/allow.md accounts for; a string the bundle has and the inventory
lacks is a check added by a new release, and fails `parity/test_host_checks.py`.

    parity/host_checks.py --host claude                 # print the bundle's strings
    parity/host_checks.py --host claude --missing FILE  # the ones FILE lacks (exit 1 if any)
    parity/host_checks.py --host claude --write FILE    # write the inventory
"""

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache/hosts"

# host -> (package.json that names the version, the binary that holds the bundle)
BUNDLES = {
    "claude": (
        "claude/node_modules/@anthropic-ai/claude-code/package.json",
        "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude",
    ),
    "copilot": (
        "copilot/node_modules/@github/copilot/package.json",
        "copilot/node_modules/@github/copilot-linux-x64/copilot",
    ),
}

_DQ = rb'"((?:[^"\\\x00-\x1f]|\\.){1,600})"'
_TPL = rb"`((?:[^`\\\x00-\x08\x0b-\x1f]|\\.){1,600})`"
_LIT = rb"(?:" + _DQ + rb"|" + _TPL + rb")"
PATTERNS = {
    "parser": re.compile(rb'kind:"too-complex",reason:' + _LIT),
    "decision": re.compile(rb'behavior:"(?:ask|deny|passthrough)",message:' + _LIT),
}
APPROVAL = re.compile(
    rb"cannot be auto-allowed|requires? (?:manual |explicit )?approval|needs? approval"
    rb"|requires? permission checks|Not a simple read-only command"
)
_PLAIN = re.compile(rb'[^"`\\\x00-\x1f]*')


def bundle(host):
    """(version, path of the binary), or None when the host is not installed."""
    pkg, binary = (CACHE / p for p in BUNDLES[host])
    if not pkg.is_file() or not binary.is_file():
        return None
    return json.loads(pkg.read_text())["version"], binary


def normalise(raw):
    """One literal's text: `${…}` (nested braces too) as `${}`, whitespace runs as one space."""
    text = raw.decode("utf-8", "replace")
    while True:
        new = re.sub(r"\$\{[^{}]*\}", "${}", text)
        new = re.sub(r"\$\{(?:[^{}]|\{\})*\}", "${}", new)
        if new == text:
            break
        text = new
    return re.sub(r"\s+", " ", text).strip()


def extract(data):
    """{(class, message)} of one bundle's bytes."""
    out = set()
    for cls, pat in PATTERNS.items():
        for m in pat.finditer(data):
            out.add((cls, normalise(m.group(1) or m.group(2))))
    for m in APPROVAL.finditer(data):
        # Only text that is the whole of one string literal: plain text back to a quote and on
        # to the same quote.
        lo = m.start()
        while lo > 0 and m.start() - lo < 600 and _PLAIN.fullmatch(data[lo - 1 : lo]):
            lo -= 1
        end = _PLAIN.match(data, m.end()).end()
        quote = data[lo - 1 : lo]
        if lo == 0 or quote not in (b'"', b"`") or data[end : end + 1] != quote or end - lo > 1200:
            continue
        if not data[lo : lo + 1].isalpha():
            continue
        out.add(("approval", normalise(data[lo:end])))
    return {(c, t) for c, t in out if len(t) >= 4 and "\ufffd" not in t}


def load(path):
    """{(class, message)} of an inventory file."""
    out = set()
    for raw in Path(path).read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        cls, _, text = raw.partition("\t")
        out.add((cls, text))
    return out


def write(path, host, version, found):
    lines = [
        f"# {host} {version}: the bundle's shell-permission check messages, extracted by",
        f"#   parity/host_checks.py --host {host} --write {Path(path).name}",
        "# class<TAB>message; classes and how each is handled: docs/allow.md (Host checks).",
    ]
    lines += [f"{c}\t{t}" for c, t in sorted(found)]
    Path(path).write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", choices=sorted(BUNDLES), default="claude")
    ap.add_argument("--missing", metavar="FILE")
    ap.add_argument("--write", metavar="FILE")
    a = ap.parse_args()
    got = bundle(a.host)
    if got is None:
        print(f"{a.host} is not installed under {CACHE}", file=sys.stderr)
        return 2
    version, binary = got
    found = extract(binary.read_bytes())
    if a.write:
        write(a.write, a.host, version, found)
        print(f"{len(found)} messages of {a.host} {version} -> {a.write}")
        return 0
    if a.missing:
        new = sorted(found - load(a.missing))
        for c, t in new:
            print(f"{c}\t{t}")
        print(f"{len(new)} of {len(found)} messages of {a.host} {version} not in {a.missing}", file=sys.stderr)
        return 1 if new else 0
    for c, t in sorted(found):
        print(f"{c}\t{t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
