"""The inventory of the host's shell-permission checks (parity/host_checks.py): the extractor on
made-up bytes, and the installed Claude Code's bundle against the committed inventory (skipped
when the host is not installed). A message the bundle has and the inventory lacks is a check a
release added: account for it in docs/allow.md (Host checks), then regenerate the inventory.
Run: python3 -m unittest discover -s parity -p 'test_*.py'
"""

import re
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import host_checks  # noqa: E402

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent / "docs/allow.md"


def inventory_for(host, version):
    """The inventory of `version`, else the newest committed one."""
    exact = HERE / f"{host}-checks-{version}.txt"
    if exact.is_file():
        return exact
    files = sorted(HERE.glob(f"{host}-checks-*.txt"), key=lambda p: [int(x) if x.isdigit() else x for x in re.split(r"[.-]", p.stem)])
    return files[-1] if files else None


class Extractor(unittest.TestCase):
    def test_each_class_on_made_up_bytes(self):
        data = (
            b'\x00\x01if(x)return{kind:"too-complex",reason:"Contains zsh =cmd equals expansion",differential:!0};'
            b'return{kind:"too-complex",reason:`[[ ]] ${e.type==="x"?"p":e.type} contains  substitution`};'
            b'return{behavior:"ask",message:"Command contains unquoted variable expansion"}'
            b'var q="Compound commands with cd and git require permission checks for enhanced security";'
            b'var r="an ordinary string";return{kind:"simple"}'
        )
        self.assertEqual(
            host_checks.extract(data),
            {
                ("parser", "Contains zsh =cmd equals expansion"),
                ("parser", "[[ ]] ${} contains substitution"),
                ("decision", "Command contains unquoted variable expansion"),
                ("approval", "Compound commands with cd and git require permission checks for enhanced security"),
            },
        )

    def test_a_new_message_is_reported_missing(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "inv.txt"
            found = {("parser", "A"), ("decision", "B ${}")}
            host_checks.write(path, "claude", "0.0.1", found)
            self.assertEqual(host_checks.load(path), found)
            self.assertEqual((found | {("parser", "new")}) - host_checks.load(path), {("parser", "new")})


class InstalledBundle(unittest.TestCase):
    def test_every_check_of_the_installed_claude_is_in_the_inventory(self):
        got = host_checks.bundle("claude")
        if got is None:
            self.skipTest("Claude Code is not installed under .cache/hosts (parity/install.sh)")
        version, binary = got
        inv = inventory_for("claude", version)
        self.assertIsNotNone(inv, "no parity/claude-checks-*.txt")
        found = host_checks.extract(binary.read_bytes())
        self.assertGreater(len(found), 100, "the extractor found almost nothing: has the bundle's shape changed?")
        missing = sorted(found - host_checks.load(inv))
        self.assertEqual(
            missing,
            [],
            f"Claude Code {version} has checks {inv.name} lacks; account for them in docs/allow.md, then "
            f"parity/host_checks.py --host claude --write parity/claude-checks-{version}.txt",
        )


class Docs(unittest.TestCase):
    def test_every_parser_verdict_of_the_inventory_is_in_the_docs(self):
        docs = DOCS.read_text()
        for inv in HERE.glob("claude-checks-*.txt"):
            for cls, text in sorted(host_checks.load(inv)):
                if cls == "parser":
                    self.assertIn(text.replace("|", "\\|"), docs, f"{inv.name}: {text}")


if __name__ == "__main__":
    unittest.main()
