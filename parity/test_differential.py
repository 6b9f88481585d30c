"""Unit tests of the differential run's own parts (no host needed): the generator, the judge of a
pair, reading one call's decision and rtk calls, and the scripted model's list of calls.
Run: python3 -m unittest discover -s parity -p 'test_*.py'
"""

import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import differential  # noqa: E402
import differential_gen as gen  # noqa: E402
import differential_sessions as sess  # noqa: E402
import model_server  # noqa: E402
from fixture import Fixture  # noqa: E402
from hosts import HOSTS  # noqa: E402
from test_parity import post, sse_data  # noqa: E402


class Generator(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.lines = gen.generate(2000, 27)

    def test_deterministic_for_a_seed(self):
        self.assertEqual(gen.generate(300, 5), gen.generate(300, 5))
        self.assertNotEqual([l.text for l in gen.generate(300, 5)], [l.text for l in gen.generate(300, 6)])
        self.assertEqual(gen.sample(self.lines, 60, 27), gen.sample(self.lines, 60, 27))

    def test_distinct_lines(self):
        self.assertEqual(len({l.text for l in self.lines}), 2000)

    def test_every_dimension_is_produced(self):
        for field, wanted in (
            ("shape", set(gen.SHAPES)),
            ("program", {p[0] for p in gen.PROGRAMS}),
            ("path", set(gen.PATHS) | {"none"}),
            ("var", set(gen.VARS) | {""}),
            ("redir", set(gen.REDIRS) | {""}),
        ):
            self.assertEqual({getattr(l, field) for l in self.lines}, wanted, field)
        texts = [l.text for l in self.lines]
        for piece in ("!$", "~root", "${x:-a}", "/proc/self/environ", "\ndo\n", " &", "'*.md'", "*"):
            self.assertTrue(any(piece in t for t in texts), piece)

    def test_sample_has_every_shape(self):
        picked = gen.sample(self.lines, 60, 27)
        drawn = [l for l in picked if l.path not in ("issue", "dimension")]
        self.assertEqual(len(drawn), 60)
        self.assertEqual(len({l.text for l in picked}), len(picked))
        self.assertEqual({l.shape for l in drawn}, set(gen.SHAPES))
        self.assertTrue(all(l in self.lines for l in drawn))
        self.assertTrue({l.text for l in gen.ISSUE_LINES} <= {l.text for l in picked})
        self.assertIn("for PATH in bin; do ls; done", {l.text for l in picked})

    def test_issue_36_dimensions_are_seeded_and_sampled(self):
        self.assertEqual(gen.dimension_lines(30, 5), gen.dimension_lines(30, 5))
        lines = gen.dimension_lines(30, 27)
        self.assertEqual({l.shape for l in lines}, set(gen.DIMENSIONS))
        self.assertEqual(len({l.text for l in lines}), len(lines))
        lengths = [len(l.text) for l in lines if l.shape == "long"]
        self.assertTrue(any(n <= 10_000 for n in lengths) and any(n > 10_000 for n in lengths), lengths)
        self.assertTrue(all(n <= 64 * 1024 for n in lengths))
        picked = gen.sample(self.lines, 60, 27)
        for dim in gen.DIMENSIONS:
            self.assertEqual(sum(l.shape == dim for l in picked), 4, dim)

    def test_lines_cannot_crawl_or_spin(self):
        crawl = [p for c in gen.CRAWL for p in gen.PATHS[c]]
        checked = 0
        for l in self.lines:
            for part in re.split(r"[;&|\n(){}]|\b(?:do|then|else)\b", l.text):
                words = part.split()
                if words[:1] in (["du"], ["rg"]) or words[:2] == ["grep", "-rn"]:
                    checked += 1
                    self.assertFalse(set(words) & set(crawl), l.text)
            self.assertNotIn("while true", l.text)
            self.assertNotIn("until false", l.text)
            if l.text.startswith("select"):
                self.assertIn("break", l.text)
            if l.program in ("find", "tree"):
                self.assertIn("maxdepth" if l.program == "find" else "-L 1", l.text)
        self.assertGreater(checked, 200)


def rec(decision, answers=(), rtk_ran=False):
    return {"decision": decision, "answers": list(answers), "rewrote": any("rtk " in a for a in answers),
            "rtk_ran": rtk_ran}


REWRITE = '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"rtk ls"}}}'


class Judge(unittest.TestCase):
    def test_escape_when_host_refuses_and_rtk_runs(self):
        self.assertEqual(differential.judge(rec("ask"), rec("ran", [REWRITE], True)), "escape")
        self.assertEqual(differential.judge(rec("denied"), rec("ran", [""])), "escape")
        self.assertIn("escape", differential.FAILING)

    def test_other_verdicts(self):
        j = differential.judge
        self.assertEqual(j(rec("ran"), rec("ask", [REWRITE])), "lost")
        self.assertEqual(j(rec("ran"), rec("ran", [REWRITE], True)), "kept")
        self.assertEqual(j(rec("ran"), rec("ran", [REWRITE], False)), "unrun")
        self.assertEqual(j(rec("ran"), rec("ran", [""])), "aside")
        self.assertEqual(j(rec("ask"), rec("ask", [""])), "refused")
        self.assertEqual(j(rec("error"), rec("ran")), "undecided")
        self.assertIn("undecided", differential.FAILING)
        self.assertNotIn("lost", differential.FAILING)


class Decide(unittest.TestCase):
    claude = HOSTS["claude"]

    def test_claude_refusal_read_from_denial_list(self):
        text = "[is_error] PATH as loop variable bypasses assignment validation"
        self.assertEqual(differential.decide(self.claude, 1, text, {"toolu_parity2"}), "ask")
        # The same text without a denial on record: no decision.
        self.assertEqual(differential.decide(self.claude, 1, text, set()), "error")

    def test_claude_ran(self):
        self.assertEqual(differential.decide(self.claude, 0, "README.md", set()), "ran")
        self.assertEqual(differential.decide(self.claude, 0, "[is_error] Exit code 127\nx", set()), "ran")
        # A result that reads as run for a call on the denial list: no decision.
        self.assertEqual(differential.decide(self.claude, 0, "README.md", {"toolu_parity1"}), "error")
        self.assertEqual(differential.decide(self.claude, 0, None, set()), "error")

    def test_claude_denials_from_stream_json(self):
        out = '{"type":"system"}\nnot json\n{"type":"result","permission_denials":[{"tool_use_id":"toolu_parity3"}]}\n'
        self.assertEqual(differential.claude_denials(out), {"toolu_parity3"})

    def test_copilot_per_call(self):
        copilot = HOSTS["copilot"]
        ask = "Permission denied because no interactive user response was available"
        self.assertEqual(differential.decide(copilot, 0, ask, set()), "ask")
        self.assertEqual(differential.decide(copilot, 0, "x\n<exited with exit code 0>", set()), "error")

    def test_rtk_calls_tied_to_their_call(self):
        with tempfile.TemporaryDirectory() as d:
            log = Path(d) / "log"
            log.write_text(
                "call\t0\nhook claude\t0\t" + REWRITE + "\nrun\tls\n"
                "call\t1\nhook claude\t0\t\n"
                "call\t2\nhook claude\t0\t" + REWRITE + "\n"
            )
            by = differential.rtk_by_call(log)
            self.assertEqual(by[0], ([REWRITE], ["ls"]))
            self.assertEqual(by[1], ([""], []))
            self.assertEqual(by[2], ([REWRITE], []))


class Project(unittest.TestCase):
    def test_digest_sees_a_write_not_the_hosts_folder_or_git_index(self):
        fx = Fixture("/bin/true", "/bin")
        try:
            before = differential.project_digest(fx.repo)
            subprocess.run(["git", "status"], cwd=fx.repo, env=fx.env, capture_output=True)
            (fx.repo / ".claude").mkdir()
            (fx.repo / ".claude/settings.local.json").write_text("{}")
            self.assertEqual(differential.project_digest(fx.repo), before)
            (fx.repo / "src/new.txt").write_text("x")
            self.assertNotEqual(differential.project_digest(fx.repo), before)
        finally:
            fx.close()


class SessionDimensions(unittest.TestCase):
    def test_seeded_every_dimension_groups_whole(self):
        self.assertEqual(sess.dimension_lines(10, 5), sess.dimension_lines(10, 5))
        lines = sess.dimension_lines(10, 27)
        self.assertEqual({l.shape for l in lines}, set(sess.DIMENSIONS))
        # Sessions come last, so no line runs where a session's `cd` went.
        first = next(i for i, l in enumerate(lines) if l.shape == "session")
        self.assertTrue(all(l.shape == "session" for l in lines[first:]))
        groups = {}
        for l in lines[first:]:
            groups.setdefault(l.group, []).append(l.text)
        self.assertEqual(len(groups), 10)
        for texts in groups.values():
            self.assertEqual(texts[0], "cd @REPO@")
            self.assertTrue(texts[1].startswith("cd ") and 3 <= len(texts) <= 5, texts)
        for size in (1, 5, 13):
            batches = sess.chunks(lines, size)
            self.assertEqual([l for b in batches for l in b], lines)
            seen = set()
            for b in batches:
                mine = {l.group for l in b if l.group}
                self.assertFalse(mine & seen, f"a group split across batches (size {size})")
                seen |= mine
        self.assertTrue(any(l.extra for l in lines if l.shape == "payload"))

    def test_payload_step_carries_the_extra_fields(self):
        line = gen.Line("ls", "payload", "ls", "dimension", "", "", "", (("dangerouslyDisableSandbox", True),))
        self.assertEqual(sess.step("ls", line),
                         {"tool": "Bash", "input": {"command": "ls", "dangerouslyDisableSandbox": True}})
        self.assertEqual(sess.step("ls", gen.Line("ls", "plain", "ls", "inside", "", "")), "ls")

    def test_sample_is_small_and_has_every_dimension(self):
        picked = sess.sample(27)
        self.assertEqual({l.shape for l in picked}, set(sess.DIMENSIONS))
        self.assertLess(len(picked), 30)

    def test_planted_project_and_its_programs(self):
        fx = Fixture("/bin/true", "/bin")
        try:
            sess.plant(fx)
            sess.write_settings(fx, "paths")
            before = differential.project_digest(fx.repo)
            for f in (".env", "sub/.env", "secrets/key.txt", "vendor/.git/config", "evil/config", "evil/HEAD"):
                self.assertTrue((fx.repo / f).is_file(), f)
            self.assertIn("Read(./.env)", (fx.repo / ".claude/settings.json").read_text())
            self.assertEqual(sess.planted_ran(fx), [])
            # git status in the nested checkout runs its fsmonitor (and refreshes its index,
            # which the digest leaves out); the bare repository's textconv runs on a diff.
            subprocess.run(["git", "status"], cwd=fx.repo / "vendor", env=fx.env, capture_output=True)
            subprocess.run(["git", "--git-dir=evil", "log", "-p", "-1"], cwd=fx.repo, env=fx.env, capture_output=True)
            self.assertEqual(sess.planted_ran(fx), ["PWNED-fsmonitor", "PWNED-textconv"])
            (fx.repo / "scratch/locked.txt").write_text("written\n")
            self.assertEqual(differential.project_digest(fx.repo), before)
            (fx.repo / "vendor/y").write_text("y\n")
            self.assertNotEqual(differential.project_digest(fx.repo), before)
        finally:
            fx.close()


class ManyCalls(unittest.TestCase):
    def setUp(self):
        self.script = model_server.Script()
        self.server, self.port = model_server.serve(self.script)
        self.marks = []
        self.script.reset(["ls", "cat README.md", "git status"], on_call=self.marks.append)

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_anthropic_one_call_after_another(self):
        tools = [{"name": "Bash", "input_schema": {"properties": {"command": {"type": "string"}}}}]
        messages = [{"role": "user", "content": "go"}]
        seen = []
        for k in range(4):
            _, text = post(self.port, "/v1/messages", {"stream": True, "tools": tools, "messages": messages})
            events = sse_data(text)
            block = events[1]["content_block"]
            if block["type"] != "tool_use":
                self.assertEqual(events[2]["delta"]["text"], model_server.DONE_TEXT)
                break
            args = json.loads(events[2]["delta"]["partial_json"])
            seen.append((block["id"], args["command"]))
            if k == 1:  # a retried request is answered with the same call, recorded once
                _, again = post(self.port, "/v1/messages", {"stream": True, "tools": tools, "messages": messages})
                self.assertEqual(sse_data(again)[1]["content_block"]["id"], block["id"])
            messages += [
                {"role": "assistant", "content": [block]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": block["id"],
                                              "content": [{"type": "text", "text": f"out {k}"}]}]},
            ]
        self.assertEqual(seen, [("toolu_parity1", "ls"), ("toolu_parity2", "cat README.md"),
                                ("toolu_parity3", "git status")])
        snap = self.script.snapshot()
        self.assertEqual(snap["by_call"], {0: "out 0", 1: "out 1", 2: "out 2"})
        self.assertEqual(snap["results"], ["out 0", "out 1", "out 2"])
        self.assertEqual(self.marks, [0, 1, 2])

    def test_chat_completions_one_call_after_another(self):
        tools = [{"type": "function", "function": {"name": "bash", "parameters": {"properties": {"command": {}}}}}]
        messages = [{"role": "user", "content": "go"}]
        for k, want in enumerate(["ls", "cat README.md", "git status"]):
            _, body = post(self.port, "/v1/chat/completions", {"tools": tools, "messages": messages})
            call = json.loads(body)["choices"][0]["message"]["tool_calls"][0]
            self.assertEqual((call["id"], json.loads(call["function"]["arguments"])["command"]),
                             (f"call_parity{k + 1}", want))
            messages += [{"role": "assistant", "tool_calls": [call]},
                         {"role": "tool", "tool_call_id": call["id"], "content": f"out {k}"}]
        _, body = post(self.port, "/v1/chat/completions", {"tools": tools, "messages": messages})
        self.assertEqual(json.loads(body)["choices"][0]["message"]["content"], model_server.DONE_TEXT)
        self.assertEqual(self.script.snapshot()["by_call"], {0: "out 0", 1: "out 1", 2: "out 2"})


if __name__ == "__main__":
    unittest.main()
