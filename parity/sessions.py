#!/usr/bin/env python3
"""Issue 36 (part A), live: sessions of several calls (a `cd`, then commands) through the real
Claude Code, without and with `rtk hook claude`, in a planted project: `Read(./.env)` and
`Read(./secrets/**)` denied, allow rules for every program the lines use, a nested checkout
`vendor/` whose config sets `core.fsmonitor`, and a bare repository committed as plain files
`evil/` with a textconv driver. Each call's decision is read back as run.py reads it; with rtk,
each hook answer is logged with the payload's `cwd`.

    parity/sessions.py 'cd vendor ;; git status' 'cat .env' 'cd src ;; git status ;; cat ../.env'

Prints, per call: the decision without rtk, with rtk, `ESCAPE` where rtk ran what Claude did
not, and what rtk answered (allow / rewrite / nothing); per session, which planted programs ran.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import model_server  # noqa: E402
from hosts import HOSTS  # noqa: E402
from run import REPO  # noqa: E402

HOST = HOSTS["claude"]
ALLOW = ["Bash(cat:*)", "Bash(head:*)", "Bash(grep:*)", "Bash(rg:*)", "Bash(ls:*)", "Bash(find:*)",
         "Bash(wc:*)", "Bash(git status)", "Bash(git diff:*)", "Bash(git log:*)", "Bash(git show:*)",
         "Bash(cd:*)"]
DENY = ["Read(./.env)", "Read(./secrets/**)"]


def git(*args, cwd):
    subprocess.run(["git", "-c", "user.email=p@example.com", "-c", "user.name=p", *args],
                   cwd=cwd, check=True, capture_output=True)


def plant(root, rtk):
    """The project under `root` (with the hook when `rtk` is set); returns (project, home)."""
    proj, home = root / "proj", root / "home"
    for d in (proj / "secrets", proj / "src", home):
        d.mkdir(parents=True)
    (proj / ".env").write_text("API_KEY=SECRET123\n")
    (proj / "secrets/key.txt").write_text("KEY=topsecret\n")
    (proj / "a.txt").write_text("hello\n")
    (proj / "src/m.rs").write_text("fn main() {}\n")
    git("init", "-q", ".", cwd=proj)
    git("add", "a.txt", "src", cwd=proj)
    git("commit", "-qm", "init", cwd=proj)
    vendor = proj / "vendor"
    vendor.mkdir()
    git("init", "-q", ".", cwd=vendor)
    (vendor / "x").write_text("x\n")
    git("add", "x", cwd=vendor)
    git("commit", "-qm", "v", cwd=vendor)
    git("config", "core.fsmonitor", f"touch {root}/PWNED-fsmonitor; false", cwd=vendor)
    git("clone", "-q", "--bare", str(proj), str(root / "bare.git"), cwd=root)
    shutil.copytree(root / "bare.git", proj / "evil")
    with open(proj / "evil/config", "a") as f:
        f.write(f'[diff "x"]\n\ttextconv = "touch {root}/PWNED-textconv; cat"\n')
    (proj / "evil/info").mkdir(exist_ok=True)
    (proj / "evil/info/attributes").write_text("* diff=x\n")
    settings = {"permissions": {"allow": ALLOW, "deny": DENY}}
    if rtk:
        wrap = root / "hook.sh"
        wrap.write_text(
            "#!/bin/sh\nin=$(cat)\n"
            f"out=$(printf '%s' \"$in\" | {rtk} hook claude)\n"
            f"printf '%s\\n' \"$out\" >> {root}/answers.log\n"
            "printf '%s' \"$out\"\n")
        wrap.chmod(0o755)
        settings["hooks"] = {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": str(wrap)}]}]}
    (proj / ".claude").mkdir()
    (proj / ".claude/settings.json").write_text(json.dumps(settings))
    trust = {"hasCompletedOnboarding": True, "projects": {str(proj): {"hasTrustDialogAccepted": True}}}
    (home / ".claude.json").write_text(json.dumps(trust))
    return proj, home


def session(exe, calls, rtk, script, port):
    """Runs one session; returns (decision per call, rtk's answer per call, planted programs run)."""
    root = Path(tempfile.mkdtemp(prefix="rtk-sessions-"))
    try:
        proj, home = plant(root, rtk)
        script.reset(list(calls))
        path = f"{Path(rtk).parent}:/usr/bin:/bin" if rtk else "/usr/bin:/bin"
        env = {"HOME": str(home), "PATH": path, "RTK_CLAUDE_CMDLINE": "", **HOST.env(None, port)}
        subprocess.run([exe, "-p", "run the commands", "--output-format", "stream-json", "--verbose"],
                       cwd=proj, env=env, capture_output=True, text=True, timeout=600)
        snap = script.snapshot()
        decisions = [HOST.classify_result(snap["by_call"][k]) if k in snap["by_call"] else "none"
                     for k in range(len(calls))]
        log = root / "answers.log"
        answers = []
        for line in (log.read_text().splitlines() if log.exists() else []):
            answers.append("nothing" if not line.strip() else
                           "allow" if '"permissionDecision":"allow"' in line else "rewrite")
        return decisions, answers, sorted(p.name for p in root.glob("PWNED*"))
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    sessions = [arg.split(" ;; ") for arg in sys.argv[1:]]
    if not sessions:
        sys.exit(__doc__)
    # The pinned release parity/install.sh put in .cache (not reinstalled here).
    exe = os.environ.get("CLAUDE_BIN") or str(
        REPO / ".cache/hosts/claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
    rtk = os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk")
    script = model_server.Script()
    _server, port = model_server.serve(script)
    escapes = 0
    for calls in sessions:
        without, _, ran_without = session(exe, calls, None, script, port)
        with_rtk, answers, ran_with = session(exe, calls, rtk, script, port)
        for k, line in enumerate(calls):
            escape = with_rtk[k] == "ran" and without[k] != "ran"
            escapes += escape
            answer = answers[k] if k < len(answers) else "-"
            print(f"{without[k]:7} {with_rtk[k]:7} {'ESCAPE' if escape else '':6} {answer:8} {line}")
        print(f"        planted programs run: without rtk {ran_without}, with rtk {ran_with}")
        sys.stdout.flush()
    print(f"{sum(len(c) for c in sessions)} calls in {len(sessions)} sessions, {escapes} escapes")
    sys.exit(1 if escapes else 0)


if __name__ == "__main__":
    main()
