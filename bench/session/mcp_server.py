#!/usr/bin/env python3
"""A tiny MCP server on stdio (Python stdlib only) for the MCP-result sessions (issue 37 item 2).

JSON-RPC 2.0, one message a line: `initialize`, `notifications/initialized`, `ping`,
`tools/list`, `tools/call`. Its tools return what real MCP servers often return, a JSON document
pretty-printed as one text content block:

- `records`: a list of 40 records of one shape (ids, names with non-ASCII text and escapes,
  numbers written as `1.50`, `1e3` and a 20-digit integer, nested objects, keys in an order
  that is not alphabetical), indented by 2 spaces;
- `mixed`: the same document in a text block, then a plain-text block that is not JSON
  (it must reach the model unchanged);
- `plain`: one text block of prose (nothing to shorten);
- `large`: `records` with 150 records (55,602 characters), over the 50,000 at which Claude Code
  2.1.332 saves a result to a file and shows the model a preview.

    python3 bench/session/mcp_server.py      # speaks MCP on stdin/stdout
"""

import json
import sys

SERVER = {"name": "fx", "version": "1.0.0"}

TOOLS = [
    {
        "name": name,
        "description": about,
        "inputSchema": {"type": "object", "properties": {}, "additionalProperties": False},
    }
    for name, about in (
        ("records", "List the project's records as JSON."),
        ("mixed", "Records as JSON, then a note."),
        ("plain", "A short prose answer."),
        ("large", "All the records as JSON."),
    )
]


def records_text(n=40):
    """The pretty-printed document, numbers written by hand so their text is not Python's."""
    rows = []
    for i in range(1, n + 1):
        rows.append(
            "    {\n"
            f'      "id": {i},\n'
            f'      "name": "record-{i:03} \\u00e9t\\u00e9 \\"quoted\\"",\n'
            f'      "path": "src/mod_{i}/file name {i}.rs",\n'
            '      "price": 1.50,\n'
            '      "limit": 1e3,\n'
            '      "serial": 12345678901234567890,\n'
            f'      "active": {"true" if i % 3 else "false"},\n'
            '      "owner": {\n'
            f'        "zeta": "user {i}",\n'
            '        "alpha": null,\n'
            '        "tags": [\n'
            '          "a b",\n'
            '          "tab\\there"\n'
            "        ]\n"
            "      }\n"
            "    }"
        )
    return '{\n  "count": ' + str(n) + ',\n  "items": [\n' + ",\n".join(rows) + "\n  ]\n}"


def call(name):
    if name == "records":
        return [{"type": "text", "text": records_text()}]
    if name == "mixed":
        return [
            {"type": "text", "text": records_text()},
            {"type": "text", "text": "Note:   these   records   are   a   sample.\n  Indented line."},
        ]
    if name == "large":
        return [{"type": "text", "text": records_text(150)}]
    if name == "plain":
        return [{"type": "text", "text": "The project has forty records; all are listed by `records`."}]
    return None


def answer(msg):
    method, mid = msg.get("method"), msg.get("id")
    if mid is None:
        return None  # a notification
    if method == "initialize":
        version = (msg.get("params") or {}).get("protocolVersion") or "2025-06-18"
        result = {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": SERVER}
    elif method == "ping":
        result = {}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        content = call((msg.get("params") or {}).get("name"))
        if content is None:
            return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32602, "message": "unknown tool"}}
        result = {"content": content, "isError": False}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"no method {method}"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        out = answer(msg)
        if out is not None:
            sys.stdout.write(json.dumps(out) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
