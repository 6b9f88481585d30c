#!/usr/bin/env python3
"""Checks of the corpus scripts against the real binary (target/debug/rtk): a session that
reads a file twice is replayed (the re-read is shortened, the first read passes), MCP results
are replayed (pretty JSON answered minified, minified JSON and prose passed), and the Bash
rewriter tells a rewritten command from one rtk leaves alone.

    python3 bench/corpus/test_corpus.py
"""

import json
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bash_share import rewriter  # noqa: E402
from common import REPO, records, tool_calls  # noqa: E402
from gh_api_replay import one_command, replay as gh_api_replay  # noqa: E402
from mcp_replay import replay as mcp_replay  # noqa: E402
from read_replay import render, replay  # noqa: E402

RTK = str(REPO / "target/debug/rtk")


def mcp_pair(i, name, blocks):
    tid = f"toolu_m{i:04d}"
    use = {"type": "assistant", "uuid": f"a{i}", "sessionId": "s", "isSidechain": False,
           "message": {"role": "assistant", "content": [{"type": "tool_use", "id": tid, "name": name, "input": {}}]}}
    result = {"type": "user", "uuid": f"u{i}", "sessionId": "s", "isSidechain": False, "cwd": "/p",
              "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tid, "content": blocks}]},
              "toolUseResult": blocks}
    return [use, result]


def read_pair(i, path, text):
    tid = f"toolu_{i:04d}"
    lines = text.split("\n")
    file = {"filePath": path, "content": text, "numLines": len(lines), "startLine": 1, "totalLines": len(lines)}
    use = {"type": "assistant", "uuid": f"a{i}", "sessionId": "s", "isSidechain": False,
           "timestamp": f"2026-01-01T00:00:{i:02d}.000Z",
           "message": {"role": "assistant", "content": [{"type": "tool_use", "id": tid, "name": "Read",
                                                         "input": {"file_path": path}}]}}
    result = {"type": "user", "uuid": f"u{i}", "sessionId": "s", "isSidechain": False,
              "timestamp": f"2026-01-01T00:00:{i:02d}.500Z",
              "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tid,
                                                       "content": render(file)}]},
              "toolUseResult": {"type": "text", "file": file}}
    return [use, result]


class CorpusScripts(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(RTK), "needs target/debug/rtk (cargo build)")
    def test_reread_is_shortened_first_read_passes(self):
        text = "\n".join(f"let value_{k} = compute({k}); // line {k}" for k in range(1, 200))
        with tempfile.TemporaryDirectory() as d:
            session = Path(d) / "s.jsonl"
            session.write_text("".join(json.dumps(r) + "\n" for r in read_pair(1, "/p/a.rs", text)
                                       + read_pair(2, "/p/a.rs", text)))
            self.assertEqual(len(tool_calls(records(session))), 2)
            env = {"PATH": os.environ.get("PATH", ""), "HOME": d}
            times = []
            with tempfile.TemporaryDirectory() as wd:
                rows = replay(session, RTK, env, wd, times)
        self.assertEqual([r[2] for r in rows], ["passed", "shortened"])
        self.assertEqual(rows[0][0], rows[0][1])
        self.assertLess(len(rows[1][1]), len(rows[1][0]) // 4)
        self.assertEqual(len(times), 2)

    @unittest.skipUnless(os.path.exists(RTK), "needs target/debug/rtk (cargo build)")
    def test_mcp_results(self):
        doc = {"rows": [{"id": k, "name": f"row {k}", "price": 1.5} for k in range(30)]}
        pretty = json.dumps(doc, indent=2)
        minified = json.dumps(doc, separators=(",", ":"))
        sessions = [mcp_pair(1, "mcp__db__query", [{"type": "text", "text": pretty}]),
                    mcp_pair(2, "mcp__db__query", [{"type": "text", "text": minified}]),
                    mcp_pair(3, "mcp__docs__get", [{"type": "text", "text": "Some   prose.\n  Indented."}])]
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "s.jsonl").write_text("".join(json.dumps(r) + "\n" for p in sessions for r in p))
            calls, times = mcp_replay([d], RTK)
        self.assertEqual([c[4] for c in calls], [True, False, False])
        self.assertEqual([c[5] for c in calls], [True, False, False])
        self.assertEqual(calls[0][3], minified)
        self.assertEqual([c[2] for c in calls[1:]], [c[3] for c in calls[1:]])
        self.assertEqual(len(times), 3)

    @unittest.skipUnless(os.path.exists(RTK), "needs target/debug/rtk (cargo build)")
    def test_rewriter(self):
        with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as cwd:
            rewrites = rewriter(RTK, home, cwd)
            self.assertTrue(rewrites("git status"))
            self.assertFalse(rewrites("echo hi"))

    def test_gh_api_one_command(self):
        self.assertTrue(one_command("gh api x --jq '.[] | {a}'"))
        self.assertTrue(one_command('gh api x -f body="a; b && c"'))
        self.assertFalse(one_command("gh api x --jq .a | head -5"))

    @unittest.skipUnless(os.path.exists(RTK), "needs target/debug/rtk (cargo build)")
    def test_gh_api_replay_shortens_a_reply_and_skips_graphql(self):
        fixtures = REPO / "tests/fixtures/gh"
        argv = (fixtures / "api_reply_corpus.argv").read_text().splitlines()
        reply = " ".join(argv[:-1]) + ' "' + argv[-1] + '"'
        out = (fixtures / "api_reply_corpus.out").read_text()
        befores, afters, kinds, skipped = gh_api_replay(
            [(reply, out), ("gh api graphql -f query=x", "{}")], RTK)
        self.assertEqual((kinds, dict(skipped)), (["write"], {"not rewritten": 1}))
        self.assertEqual(befores, [out])
        self.assertIn('"id":2739689799', afters[0])
        self.assertIn("[rtk: elided from the response: diff_hunk", afters[0])
        self.assertLess(len(afters[0]) * 10, len(out))


if __name__ == "__main__":
    unittest.main()
