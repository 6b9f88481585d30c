"""Drive one real host (Claude Code or Gemini CLI) offline through a list of shell commands and
print, per command, the bytes of the tool result the model received, as JSON lines.

Usage: host_drive.py claude|gemini EXE CWD -- CMD...  (environment, HOME included, is the
caller's). The scripted model is parity/model_server.py on 127.0.0.1; used by
bench/sandbox/claude.sh and gemini.sh. HOST_EXTRA_ARGS (a JSON list) is added to the host's argv;
HOST_DRIVE_SHOW=1 also prints each result's text and the host's exit code and stderr.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "parity"))
from model_server import Script, serve  # noqa: E402


def main():
    host, exe, cwd = sys.argv[1:4]
    cmds = sys.argv[sys.argv.index("--") + 1 :]
    script = Script()
    script.reset(cmds)
    server, port = serve(script)
    env = dict(os.environ)
    if host == "claude":
        env.update(
            ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}",
            ANTHROPIC_API_KEY="dummy",
            DISABLE_TELEMETRY="1",
            DISABLE_ERROR_REPORTING="1",
            DISABLE_AUTOUPDATER="1",
            DISABLE_BUG_COMMAND="1",
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        )
        argv = [exe, "-p", "Run the shell commands you are given.", "--output-format", "stream-json", "--verbose"]
    else:
        env.update(
            GEMINI_API_KEY="dummy",
            GOOGLE_GEMINI_BASE_URL=f"http://127.0.0.1:{port}",
            GEMINI_TELEMETRY_ENABLED="false",
        )
        argv = [exe, "-m", "gemini-2.5-flash", "-p", "Run the shell commands you are given."]
    argv += json.loads(env.pop("HOST_EXTRA_ARGS", "[]"))
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    snap = script.snapshot()
    server.shutdown()
    for k, cmd in enumerate(cmds):
        text = snap["by_call"].get(k, snap["by_call"].get(str(k)))
        row = {"command": cmd, "bytes": None if text is None else len(text.encode())}
        if os.environ.get("HOST_DRIVE_SHOW"):
            row["result"] = text
        print(json.dumps(row))
    if os.environ.get("HOST_DRIVE_SHOW"):
        print(json.dumps({"rc": proc.returncode, "stderr": proc.stderr[-3000:], "stdout_tail": proc.stdout[-3000:]}))


if __name__ == "__main__":
    main()
