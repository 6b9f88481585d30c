"""A scripted model on 127.0.0.1 that speaks each host's wire API (Python stdlib only).

The script is tool use, one call at a time: the first request that offers a shell tool gets a
call of that tool with the first command the harness set (a step may instead be a dict
`{"tool": name, "input": {...}}`, sent as that tool's call as given: Read, Edit, …) (`Script.reset(command)` with one line,
or with a list of lines for many calls in one session); each request that carries the result of
call k records it (`Script.results`, and by call in `Script.by_call`) and gets call k+1, until
the list is done, when a plain text answer ends the conversation. Call k goes out with the id
`…parity<k+1>`, which is how its result is matched (Gemini's function responses carry no id:
they are matched in order). Requests without tools (title generation, topic checks) get a short
text answer. `Script.on_call(k)`, when set, is called before call k is sent (the differential
run marks the rtk call log there, so each hook answer is tied to its call).

Wire APIs: Anthropic messages (SSE or JSON), OpenAI Responses (SSE), OpenAI chat completions
(streaming or not), Gemini generateContent / streamGenerateContent (SSE). Anything else is a 404
that the harness sees in `Script.unknown` (a host reaching for an endpoint we do not serve).
Run as a program (`python3 parity/model_server.py`), it serves with a control endpoint for a
harness in another language (the OpenClaw end-to-end test).
"""

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Tool names a host's shell tool goes by, and the argument that holds the command line.
SHELL_TOOLS = {
    "Bash": "command",  # Claude Code
    "exec_command": "cmd",  # Codex (unified exec)
    "shell": "command",  # Codex (classic shell tool: argv list)
    "run_shell_command": "command",  # Gemini CLI
    "bash": "command",  # OpenCode, Pi
    "terminal": "command",  # Hermes
    "exec": "command",  # OpenClaw
    "Execute": "command",  # Factory Droid
    "run_commands": "commands",  # Cline (an array of command lines)
}
DONE_TEXT = "Done."


class Script:
    """What the model says next, and what it has seen. Shared with the harness thread."""

    # Anthropic context editing, when a harness emulates it: called with each request body,
    # returns the reply's `context_management` (the edits the API applied) or None.
    context_edit = None

    def __init__(self):
        self.lock = threading.Lock()
        self.reset(None)

    def reset(self, command, on_call=None, then=(), tag=""):
        """`command`: the first call's command line (or a list of them); each of `then` follows
        the previous call's result in the same conversation. `tag` goes into Anthropic call ids
        (`toolu_<tag>parity<k>`), so runs resuming one conversation give distinct ids."""
        with self.lock:
            self.tag = tag
            self.command = command
            self.commands = [] if command is None else [command] if isinstance(command, str) else list(command)
            self.commands += list(then)
            self.on_call = on_call
            self.calls = []  # (tool name, arguments) the model sent
            self.results = []  # tool result texts that came back
            self.by_call = {}  # call index -> its tool result text
            self.requests = 0
            self.unknown = []  # paths we could not answer
            self.shell_offered = False  # did any request offer a shell tool

    def snapshot(self):
        with self.lock:
            return {
                "command": self.command,
                "calls": list(self.calls),
                "results": list(self.results),
                "by_call": dict(self.by_call),
                "requests": self.requests,
                "unknown": list(self.unknown),
                "shell_offered": self.shell_offered,
            }


def _shell_args(name, params, command):
    """Arguments for a call of shell tool `name` whose JSON schema is `params`."""
    key = SHELL_TOOLS[name]
    props = (params or {}).get("properties") or {}
    if key not in props and "command" in props:
        key = "command"
    if name == "shell" and (props.get("command") or {}).get("type") == "array":
        args = {"command": ["bash", "-lc", command]}
    elif (props.get(key) or {}).get("type") == "array":
        args = {key: [command]}
    else:
        args = {key: command}
    for req in (params or {}).get("required") or []:
        prop = props.get(req) or {}
        if req in args or prop.get("type") != "string":
            continue
        # An enum (Droid's riskLevel) gets its first value, the same in every run.
        args[req] = (prop.get("enum") or ["Run the command the user asked for"])[0]
    return args


def _pick_tool(tools):
    """(name, parameters schema) of the first shell tool offered, or None."""
    for name, params in tools:
        if name in SHELL_TOOLS:
            return name, params
    return None


def _call_index(call_id):
    """The call index k of an id `…parity<k+1>` this server gave out, else None."""
    m = re.search(r"parity(\d+)$", call_id or "")
    return int(m.group(1)) - 1 if m else None


def _text_of(content):
    """Flatten a tool result's content (string, list of blocks, dict) into text."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(_text_of(c) for c in content)
    if isinstance(content, dict):
        for k in ("text", "output", "content", "result", "response", "error", "llmContent"):
            if k in content:
                return _text_of(content[k])
        return json.dumps(content)
    return str(content)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    script: Script = None  # set by serve()

    def log_message(self, *args):
        pass

    # -- plumbing -----------------------------------------------------------------------------
    def _body(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {}

    def _send(self, status, payload, ctype="application/json"):
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, events):
        """events: list of (event name or None, data object or raw string)."""
        out = []
        for name, data in events:
            if name:
                out.append(f"event: {name}\n")
            out.append("data: " + (data if isinstance(data, str) else json.dumps(data)) + "\n\n")
        self._send(200, "".join(out).encode(), "text/event-stream")

    def _decide(self, tools, result, call_id=None):
        """The next move: ('call', name, args, index) or ('text', TEXT). `result` is the newest
        tool result the request carries and `call_id` the id it answers."""
        s = self.script
        with s.lock:
            s.requests += 1
            tool = _pick_tool(tools)
            s.shell_offered = s.shell_offered or tool is not None
            if result is not None:
                k = _call_index(call_id)
                if k is None or k >= len(s.calls):
                    k = len(s.by_call)  # no id (Gemini): results come in call order
                if k not in s.by_call:
                    s.by_call[k] = result
                    s.results.append(result)
                nxt = k + 1
                if tool is None or nxt >= len(s.commands):
                    return ("text", DONE_TEXT)
            elif tool is None or not s.commands or s.calls:
                return ("text", DONE_TEXT if s.calls else "Shell test")
            else:
                nxt = 0
            step = s.commands[nxt]
            if isinstance(step, dict):
                # Any tool by name (`{"tool": "Read", "input": {...}}`), sent as given.
                name, args = step["tool"], dict(step["input"])
            else:
                name, args = tool[0], _shell_args(tool[0], tool[1], step)
            if nxt == len(s.calls):
                if s.on_call:
                    s.on_call(nxt)
                s.calls.append((name, args))
            return ("call", name, args, nxt)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path.endswith("/models"):
            self._send(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
        else:
            with self.script.lock:
                self.script.unknown.append("GET " + self.path)
            self._send(404, {"error": "not served"})

    def do_HEAD(self):
        self._send(200, b"")

    def do_POST(self):
        body = self._body()
        path = self.path.split("?")[0]
        if path.endswith("/messages/count_tokens"):
            return self._send(200, {"input_tokens": 10})
        if path.endswith("/messages"):
            return self._anthropic(body)
        if path.endswith("/responses"):
            return self._responses(body)
        if path.endswith("/chat/completions"):
            return self._chat(body)
        if ":streamGenerateContent" in path or ":generateContent" in path:
            return self._gemini(body, stream=":streamGenerateContent" in path)
        if ":countTokens" in path:
            return self._send(200, {"totalTokens": 10})
        with self.script.lock:
            self.script.unknown.append("POST " + self.path)
        self._send(404, {"error": "not served"})

    # -- Anthropic messages -------------------------------------------------------------------
    def _anthropic(self, body):
        tools = [(t.get("name"), t.get("input_schema")) for t in body.get("tools") or []]
        result = call_id = None
        for msg in body.get("messages") or []:
            if msg.get("role") != "user" or not isinstance(msg.get("content"), list):
                continue
            for block in msg["content"]:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    err = "[is_error] " if block.get("is_error") else ""
                    result = err + _text_of(block.get("content"))
                    call_id = block.get("tool_use_id")
        move = self._decide(tools, result, call_id)
        model = body.get("model", "claude-fake")
        usage = {"input_tokens": 10, "output_tokens": 5}
        if move[0] == "call":
            call_id = f"toolu_{self.script.tag}parity{move[3] + 1}"
            block = {"type": "tool_use", "id": call_id, "name": move[1], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(move[2])}
            stop = "tool_use"
            full = dict(block, input=move[2])
        else:
            block = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": move[1]}
            stop = "end_turn"
            full = {"type": "text", "text": move[1]}
        with self.script.lock:
            n = self.script.requests
        message = {
            # One id per reply: Claude Code merges assistant entries that share a message id
            # into one message (a single id made every call of a session one huge message).
            "id": f"msg_{self.script.tag}parity{n}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage,
        }
        edit = self.script.context_edit
        applied = edit(body) if edit else None
        extra = {"context_management": applied} if applied is not None else {}
        if not body.get("stream"):
            return self._send(200, dict(message, content=[full], stop_reason=stop, **extra))
        self._sse(
            [
                ("message_start", {"type": "message_start", "message": message}),
                ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
                ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
                ("content_block_stop", {"type": "content_block_stop", "index": 0}),
                (
                    "message_delta",
                    {
                        "type": "message_delta",
                        "delta": {"stop_reason": stop, "stop_sequence": None},
                        "usage": {"output_tokens": 5},
                        **extra,
                    },
                ),
                ("message_stop", {"type": "message_stop"}),
            ]
        )

    # -- OpenAI Responses ---------------------------------------------------------------------
    def _responses(self, body):
        tools = []
        for t in body.get("tools") or []:
            tools.append((t.get("name"), t.get("parameters")))
        result = call_id = None
        items = body.get("input") or []
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("type") in (
                "function_call_output",
                "custom_tool_call_output",
            ):
                result = _text_of(item.get("output"))
                call_id = item.get("call_id")
        move = self._decide(tools, result, call_id)
        if move[0] == "call":
            item = {
                "type": "function_call",
                "id": f"fc_parity{move[3] + 1}",
                "call_id": f"call_parity{move[3] + 1}",
                "name": move[1],
                "arguments": json.dumps(move[2]),
                "status": "completed",
            }
            # Codex 0.171.0 offers an MCP server's tools as one `namespace` tool (`mcp__fx`
            # holding `records`, …): a step named `mcp__fx__records` is called as that.
            for t in body.get("tools") or []:
                ns = t.get("name") or ""
                if t.get("type") == "namespace" and ns and move[1].startswith(ns + "__"):
                    item["namespace"], item["name"] = ns, move[1][len(ns) + 2 :]
        else:
            item = {
                "type": "message",
                "id": "msg_parity",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": move[1], "annotations": []}],
            }
        usage = {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        }
        resp = {"id": "resp_parity", "object": "response", "status": "in_progress", "output": []}
        self._sse(
            [
                ("response.created", {"type": "response.created", "response": resp}),
                ("response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": item}),
                ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
                (
                    "response.completed",
                    {
                        "type": "response.completed",
                        "response": dict(resp, status="completed", output=[item], usage=usage),
                    },
                ),
            ]
        )

    # -- OpenAI chat completions --------------------------------------------------------------
    def _chat(self, body):
        tools = []
        for t in body.get("tools") or []:
            fn = t.get("function") or {}
            tools.append((fn.get("name"), fn.get("parameters")))
        result = call_id = None
        for msg in body.get("messages") or []:
            if msg.get("role") == "tool":
                result = _text_of(msg.get("content"))
                call_id = msg.get("tool_call_id")
        move = self._decide(tools, result, call_id)
        base = {"id": "chatcmpl-parity", "created": 0, "model": body.get("model", "fake-model")}
        if move[0] == "call":
            call = {
                "index": 0,
                "id": f"call_parity{move[3] + 1}",
                "type": "function",
                "function": {"name": move[1], "arguments": json.dumps(move[2])},
            }
            msg = {"role": "assistant", "content": None, "tool_calls": [call]}
            finish = "tool_calls"
        else:
            msg = {"role": "assistant", "content": move[1]}
            finish = "stop"
        usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        if not body.get("stream"):
            return self._send(
                200,
                dict(
                    base,
                    object="chat.completion",
                    choices=[{"index": 0, "message": msg, "finish_reason": finish}],
                    usage=usage,
                ),
            )
        chunk = dict(base, object="chat.completion.chunk")
        self._sse(
            [
                (None, dict(chunk, choices=[{"index": 0, "delta": msg, "finish_reason": None}])),
                (None, dict(chunk, choices=[{"index": 0, "delta": {}, "finish_reason": finish}])),
                (None, dict(chunk, choices=[], usage=usage)),
                (None, "[DONE]"),
            ]
        )

    # -- Gemini -------------------------------------------------------------------------------
    def _gemini(self, body, stream):
        tools = []
        for t in body.get("tools") or []:
            for fd in t.get("functionDeclarations") or t.get("function_declarations") or []:
                tools.append((fd.get("name"), fd.get("parameters") or fd.get("parametersJsonSchema")))
        result = None
        for content in body.get("contents") or []:
            for part in content.get("parts") or []:
                if "functionResponse" in part:
                    result = _text_of((part["functionResponse"] or {}).get("response"))
        move = self._decide(tools, result)
        if move[0] == "call":
            part = {"functionCall": {"name": move[1], "args": move[2]}}
        else:
            part = {"text": move[1]}
        resp = {
            "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
            "modelVersion": "gemini-2.5-flash",
        }
        if stream:
            self._sse([(None, resp)])
        else:
            self._send(200, resp)


def serve(script, port=0):
    """Start the server on 127.0.0.1 in a daemon thread; returns (server, port)."""
    handler = type("ScriptedHandler", (Handler,), {"script": script})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


class _ControlHandler(Handler):
    """Adds a control endpoint for a harness in another process: `POST /__script` with
    {"command": …, "then": […]} resets the script; `GET /__script` returns its snapshot."""

    def do_GET(self):
        if self.path == "/__script":
            return self._send(200, self.script.snapshot())
        return super().do_GET()

    def do_POST(self):
        if self.path == "/__script":
            body = self._body()
            self.script.reset(body.get("command"), then=body.get("then") or ())
            return self._send(200, {"ok": True})
        return super().do_POST()


def main():
    """`python3 parity/model_server.py`: serve on 127.0.0.1 (an ephemeral port), print
    `PORT <n>` on stdout and serve until stdin closes or the process is killed."""
    import sys

    script = Script()
    handler = type("ControlledHandler", (_ControlHandler,), {"script": script})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    sys.stdin.read()  # the harness closes stdin (or exits) to stop the server
    server.shutdown()


if __name__ == "__main__":
    main()
