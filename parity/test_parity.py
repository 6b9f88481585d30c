"""Unit tests of the harness's own parts (no host needed): the scripted model in each wire API,
the judge of a pair, the loopback check and the known-failures list.
Run: python3 -m unittest discover -s parity -p 'test_*.py'
"""

import json
import sys
import tempfile
import unittest
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import model_server  # noqa: E402
import readonly_diff  # noqa: E402
import run  # noqa: E402


def post(port, path, body):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers.get("Content-Type"), r.read().decode()


def sse_data(text):
    return [json.loads(l[6:]) for l in text.splitlines() if l.startswith("data: ") and l != "data: [DONE]"]


class ModelServer(unittest.TestCase):
    def setUp(self):
        self.script = model_server.Script()
        self.server, self.port = model_server.serve(self.script)
        self.script.reset("git status")

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_anthropic_tool_call_then_result_recorded(self):
        tools = [{"name": "Bash", "input_schema": {"properties": {"command": {"type": "string"}}}}]
        body = {"stream": True, "tools": tools, "messages": [{"role": "user", "content": "go"}]}
        ctype, text = post(self.port, "/v1/messages?beta=true", body)
        self.assertEqual(ctype, "text/event-stream")
        events = sse_data(text)
        self.assertEqual(events[1]["content_block"]["type"], "tool_use")
        self.assertEqual(json.loads(events[2]["delta"]["partial_json"]), {"command": "git status"})
        self.assertEqual(events[4]["delta"]["stop_reason"], "tool_use")
        body["messages"] += [
            {"role": "assistant", "content": [events[1]["content_block"]]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_parity1", "is_error": True,
                             "content": [{"type": "text", "text": "This command requires approval"}]}],
            },
        ]
        _, text = post(self.port, "/v1/messages", body)
        self.assertEqual(sse_data(text)[2]["delta"]["text"], model_server.DONE_TEXT)
        snap = self.script.snapshot()
        self.assertEqual(snap["results"], ["[is_error] This command requires approval"])
        self.assertTrue(snap["shell_offered"])

    def test_anthropic_any_tool_step_with_a_tagged_id(self):
        # A dict step is sent as that tool's call, as given; the tag goes into the id and the
        # result is still matched to its call.
        step = {"tool": "Read", "input": {"file_path": "/w/a.rs", "offset": 5}}
        self.script.reset([step], tag="r")
        tools = [{"name": "Bash", "input_schema": {}}, {"name": "Read", "input_schema": {}}]
        body = {"stream": True, "tools": tools, "messages": [{"role": "user", "content": "go"}]}
        events = sse_data(post(self.port, "/v1/messages", body)[1])
        block = events[1]["content_block"]
        self.assertEqual((block["name"], block["id"]), ("Read", "toolu_rparity1"))
        self.assertEqual(json.loads(events[2]["delta"]["partial_json"]), step["input"])
        body["messages"] += [
            {"role": "assistant", "content": [block]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_rparity1", "content": "5\tx"}]},
        ]
        post(self.port, "/v1/messages", body)
        self.assertEqual(self.script.snapshot()["by_call"], {0: "5\tx"})

    def test_responses_exec_command(self):
        tools = [{"type": "function", "name": "exec_command", "parameters": {"properties": {"cmd": {}}}}]
        _, text = post(self.port, "/v1/responses", {"tools": tools, "input": []})
        item = [e for e in sse_data(text) if e["type"] == "response.output_item.done"][0]["item"]
        self.assertEqual((item["name"], json.loads(item["arguments"])), ("exec_command", {"cmd": "git status"}))
        out = {"type": "function_call_output", "call_id": item["call_id"], "output": "Process exited with code 0"}
        post(self.port, "/v1/responses", {"tools": tools, "input": [item, out]})
        self.assertEqual(self.script.snapshot()["results"], ["Process exited with code 0"])

    def test_chat_completions_fills_required_strings_and_enums(self):
        params = {
            "properties": {
                "command": {"type": "string"},
                "description": {"type": "string"},
                "riskLevel": {"type": "string", "enum": ["low", "medium", "high"]},
            },
            "required": ["command", "description", "riskLevel"],
        }
        tools = [{"type": "function", "function": {"name": "bash", "parameters": params}}]
        _, text = post(self.port, "/v1/chat/completions", {"stream": True, "tools": tools, "messages": []})
        call = sse_data(text)[0]["choices"][0]["delta"]["tool_calls"][0]["function"]
        args = json.loads(call["arguments"])
        self.assertEqual(args["command"], "git status")
        self.assertEqual(args["riskLevel"], "low")
        self.assertTrue(args["description"])

    def test_then_commands_follow_each_result_in_one_conversation(self):
        self.script.reset("git status", then=["ls -al"])
        tools = [{"type": "function", "function": {"name": "exec", "parameters": {"properties": {"command": {"type": "string"}}}}}]
        msgs = [{"role": "user", "content": "go"}]
        answers = []
        for result in (None, "status out", "ls out"):
            if result is not None:
                msgs.append({"role": "tool", "content": result})
            _, body = post(self.port, "/v1/chat/completions", {"tools": tools, "messages": msgs})
            answers.append(json.loads(body)["choices"][0]["message"])
        self.assertEqual([json.loads(a["tool_calls"][0]["function"]["arguments"])["command"] for a in answers[:2]], ["git status", "ls -al"])
        self.assertNotEqual(answers[0]["tool_calls"][0]["id"], answers[1]["tool_calls"][0]["id"])
        self.assertEqual(answers[2]["content"], model_server.DONE_TEXT)
        self.assertEqual(self.script.snapshot()["results"], ["status out", "ls out"])

    def test_request_without_tools_gets_text_and_no_call(self):
        _, body = post(self.port, "/v1/chat/completions", {"messages": [{"role": "user", "content": "title"}]})
        self.assertEqual(json.loads(body)["choices"][0]["finish_reason"], "stop")
        self.assertEqual(self.script.snapshot()["calls"], [])
        self.assertFalse(self.script.snapshot()["shell_offered"])

    def test_gemini_stream(self):
        decl = {"name": "run_shell_command", "parameters": {"properties": {"command": {"type": "string"}}}}
        body = {"tools": [{"functionDeclarations": [decl]}], "contents": [{"role": "user", "parts": [{"text": "go"}]}]}
        _, text = post(self.port, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", body)
        part = sse_data(text)[0]["candidates"][0]["content"]["parts"][0]
        self.assertEqual(part["functionCall"], {"name": "run_shell_command", "args": {"command": "git status"}})
        body["contents"].append({"role": "user", "parts": [{"functionResponse": {"response": {"output": "ok"}}}]})
        post(self.port, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", body)
        self.assertEqual(self.script.snapshot()["results"], ["ok"])

    def test_unknown_path_is_recorded(self):
        with self.assertRaises(urllib.error.HTTPError):
            post(self.port, "/v2/elsewhere", {})
        self.assertEqual(self.script.snapshot()["unknown"], ["POST /v2/elsewhere"])


def result(decision, calls=(), net=()):
    return {"decision": decision, "calls": list(calls), "net": list(net)}


class Judge(unittest.TestCase):
    HOOK_REWRITE = ("hook", "hook claude", 0, '{"updatedInput":{"command":"rtk git status"}}')

    def test_equal_decisions_with_rtk_form_run(self):
        self.assertIsNone(run.judge(result("ran"), result("ran", [self.HOOK_REWRITE, ("run", "git status", None, None)])))

    def test_different_decisions(self):
        self.assertEqual(run.judge(result("ran"), result("ask", [self.HOOK_REWRITE])),
                         "decision ran without rtk, ask with rtk")

    def test_rewrite_offered_but_original_ran(self):
        self.assertIn("did not run", run.judge(result("ran"), result("ran", [self.HOOK_REWRITE])))

    def test_hook_never_called(self):
        self.assertIn("never called", run.judge(result("ran"), result("ran")))

    def test_no_decision_and_network_fail(self):
        self.assertIn("no decision", run.judge(result("error"), result("error")))
        self.assertIn("beyond 127.0.0.1", run.judge(result("ran", net=["192.0.2.1"]), result("ran")))


class InstructionHosts(unittest.TestCase):
    """An instruction-file host: the model types the line rtk's block tells it to."""

    def test_instructed_line_follows_the_block(self):
        from corpus import INSTRUCTED, instructed

        self.assertIn(["git", "status"], INSTRUCTED)
        self.assertIn(["rg"], INSTRUCTED)
        self.assertNotIn(["git", "push"], INSTRUCTED)
        self.assertEqual(instructed("git status && git log --oneline -3"), "rtk git status && rtk git log --oneline -3")
        self.assertEqual(instructed("git log --oneline | head -3"), "rtk git log --oneline | head -3")
        self.assertEqual(instructed("git push origin master"), "git push origin master")
        self.assertEqual(instructed("git fetch && git status"), "git fetch && rtk git status")
        self.assertEqual(instructed("git branch"), "git branch")

    def test_judge_wants_the_typed_rtk_form_to_run(self):
        without = dict(result("ran"), line="git status")
        typed = dict(result("ran", [("run", "git status", None, None)]), line="rtk git status")
        self.assertIsNone(run.judge(without, typed, instructions=True))
        self.assertIn("did not run", run.judge(without, dict(result("ran"), line="rtk git status"), instructions=True))
        # A line the instructions leave alone needs no hook call.
        self.assertIsNone(run.judge(dict(result("ran"), line="pwd"), dict(result("ran"), line="pwd"), instructions=True))

    def test_expected_differences_parse(self):
        expected = run.load_expected()
        self.assertEqual(expected[("qwen", "deny", "*")][:2], ("denied", "ran"))
        for (host, setup, _), (a, b, why) in expected.items():
            self.assertIn(a, ("ran", "ask", "denied"))
            self.assertIn(b, ("ran", "ask", "denied"))
            self.assertTrue(why, (host, setup))


class Checks(unittest.TestCase):
    def test_outside_connects(self):
        with tempfile.TemporaryDirectory() as d:
            trace = Path(d) / "t"
            trace.write_text(
                '1 connect(3, {sa_family=AF_INET, sin_port=htons(8080), sin_addr=inet_addr("127.0.0.1")}, 16) = 0\n'
                '2 connect(4, {sa_family=AF_UNIX, sun_path="/run/x"}, 110) = 0\n'
                '3 connect(5, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("192.0.2.7")}, 16) = 0\n'
                '4 connect(6, {sa_family=AF_INET6, sin6_port=htons(443), inet_pton(AF_INET6, "2001:db8::1", &sin6_addr)}, 28) = -1\n'
            )
            self.assertEqual(run.outside_connects(trace), ["192.0.2.7", "2001:db8::1"])

    def test_rtk_execs_by_any_path(self):
        with tempfile.TemporaryDirectory() as d:
            trace = Path(d) / "t"
            trace.write_text(
                '1 execve("/usr/local/bin/rtk", ["rtk", "git", "status"], 0x1 /* 3 vars */) = -1 ENOENT (No such file)\n'
                '1 execve("/opt/x/rtk", ["/opt/x/rtk", "git", "status"], 0x1 /* 3 vars */) = 0\n'
                '2 execve("/opt/x/rtk", ["rtk", "hook", "codex"], 0x1 /* 3 vars */) = 0\n'
                '3 execve("/usr/bin/git", ["git", "status"], 0x1 /* 3 vars */) = 0\n'
            )
            self.assertEqual(run.rtk_execs(trace), [("run", "git status", None, None)])

    def test_rtk_execs_split_by_another_thread(self):
        with tempfile.TemporaryDirectory() as d:
            trace = Path(d) / "t"
            trace.write_text(
                '7 execve("/opt/x/rtk", ["/opt/x/rtk", "ls", "-a"], 0x1 /* 3 vars */ <unfinished ...>\n'
                '8 futex(0x1, FUTEX_WAKE, 1) = 0\n'
                '9 execve("/opt/y/rtk", ["/opt/y/rtk", "pwd"], 0x1 /* 3 vars */ <unfinished ...>\n'
                '7 <... execve resumed>) = 0\n'
                '9 <... execve resumed>) = -1 ENOENT (No such file)\n'
            )
            self.assertEqual(run.rtk_execs(trace), [("run", "ls -a", None, None)])

    def test_known_failures_entries_name_real_pairs(self):
        from corpus import COMMANDS
        from hosts import HOSTS

        ids = {c.id for c in COMMANDS}
        for (host, setup, cmd), why in run.load_known().items():
            self.assertIn(host, HOSTS)
            self.assertIn(setup, HOSTS[host].setups, (host, setup))
            self.assertIn(cmd, ids)
            self.assertTrue(why, f"{host} {setup} {cmd} needs a reason")


    def test_issue_cases_name_real_pairs(self):
        from corpus import COMMANDS, ISSUE_CASES
        from hosts import HOSTS

        ids = {c.id for c in COMMANDS}
        for host, setup, cmd in ISSUE_CASES:
            self.assertIn(setup, HOSTS[host].setups, (host, setup))
            self.assertIn(cmd, ids)


class Refusals(unittest.TestCase):
    """Each release's own words for a refusal for want of a user are read as an ask (tool
    results as the model got them in the runs of parity/README.md's releases table)."""

    def test_each_measured_release_words_an_ask(self):
        from hosts import HOSTS

        copilot, claude = HOSTS["copilot"], HOSTS["claude"]
        for r in (
            "Permission denied because no interactive user response was available.",  # 1.0.102
            "Permission denied and could not request permission from user",  # 1.0.82
        ):
            self.assertEqual(copilot.classify_result(r), "ask", r)
        self.assertEqual(copilot.classify_result("Permission denied"), "error")
        rm = ("[is_error] rm in '/tmp/x/home/repo/notes.txt' was blocked. For security, Claude Code "
              "may only remove files from the allowed working directories for this session: '/tmp/x'")
        self.assertEqual(claude.classify_result(rm), "ask")  # 2.1.260
        outside = ("[is_error] cat in '/tmp/x/home' was blocked. For security, Claude Code may only "
                   "concatenate files from the allowed working directories for this session: '/tmp/x'")
        self.assertEqual(claude.classify_result(outside), "ask")  # 2.1.332


class HostTimeout(unittest.TestCase):
    def test_a_timeout_kills_the_hosts_children_too(self):
        """A host that outlives its timeout leaves no child behind to answer the next session."""
        import os
        import time

        from fixture import run_host

        with tempfile.TemporaryDirectory() as d:
            pidfile = Path(d) / "child"
            script = f"sleep 60 & echo $! > {pidfile}; wait"
            started = time.monotonic()
            self.assertIsNone(run_host(["bash", "-c", script], d, dict(os.environ), timeout=1))
            self.assertLess(time.monotonic() - started, 30)
            child = int(pidfile.read_text())
            time.sleep(0.2)
            alive = Path(f"/proc/{child}").exists() and "Z" not in Path(f"/proc/{child}/stat").read_text().split()[2]
            self.assertFalse(alive, "the host's child outlived the timeout")
            self.assertEqual(run_host(["bash", "-c", "echo out; echo err >&2"], d, dict(os.environ), timeout=30),
                             ("out\n", "err\n"))

    def test_omp_words_an_ask_and_a_deny(self):
        from hosts import HOSTS

        omp = HOSTS["omp"]
        # omp 18.2.3's words under `omp -p` (src/extensibility/extensions/wrapper.ts, tools/approval.ts).
        ask = ('Tool "bash" requires approval but no interactive UI available.\nOptions:\n'
               "  1. Set tools.approvalMode: yolo in /settings")
        deny = 'Tool "bash" is blocked by tool policy.\nReason: Blocked by bash pattern: git log*'
        for result, want in ((ask, "ask"), (deny, "denied"), ("On branch master\n\nWall time: 1.5 seconds", "ran")):
            self.assertEqual(omp.classify(None, {"results": [result]}, ""), want, result)
        self.assertEqual(omp.classify(None, {"results": []}, ""), "error")


class ReadonlyDiff(unittest.TestCase):
    def test_differences_and_forms_expected_to_run(self):
        with tempfile.TemporaryDirectory() as d:
            d = Path(d)
            (d / "forms.txt").write_text("# -- read-only\nls\ngit status\n# -- controls: no\ngit push\n")
            (d / "h-readonly-1.9.txt").write_text("# header\nran\tls\nran\tgit status\nask\tgit push\n")
            (d / "h-readonly-1.10.txt").write_text("# header\nran\tls\nask\tgit status\nask\tgit push\n")
            measured = {readonly_diff.version_of(f): readonly_diff.load(f) for f in sorted(d.glob("h-*"))}
            self.assertEqual(
                readonly_diff.differences(measured),
                [("git status", {"1.10": "ask", "1.9": "ran"})],
            )
            self.assertEqual(readonly_diff.expected_to_run(d / "forms.txt"), ["ls", "git status"])
            self.assertEqual(sorted(measured, key=readonly_diff.version_key), ["1.9", "1.10"])


if __name__ == "__main__":
    unittest.main()
