"""One run's world: a temp HOME with a git repository (and a local bare remote to push to), an
`rtk` on PATH that logs each call, and a clean environment. Nothing outside the temp dir is
written, and the only network address any host is given is the scripted model on 127.0.0.1.

The `rtk` on PATH is a small bash script that records every call in `rtk-calls.log` and then runs
the real binary: hook and rewrite calls with their exit code and answer, any other call as
`run` (that is the rtk form of a command actually running).
"""

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

SHIM = """#!/bin/bash
# The real rtk runs under this script's own path as argv[0]: that is the path a rewrite
# naming rtk absolutely (`rtk rewrite --absolute`, the codex hook) puts in the command.
log='{log}'
case "$1" in
    hook|rewrite)
        out=$(exec -a "$0" '{real}' "$@"); rc=$?
        printf '%s\\t%s\\t%s\\n' "$*" "$rc" "$(printf '%s' "$out" | tr '\\n\\t' '  ')" >>"$log"
        printf '%s\\n' "$out"
        exit $rc ;;
    *)
        printf 'run\\t%s\\n' "$*" >>"$log"
        exec -a "$0" '{real}' "$@" ;;
esac
"""

README = "hello world\nsecond line\nthird line\nhello again\nfifth line\nsixth line\n"


def run_host(argv, cwd, env, timeout):
    """Runs a host CLI in its own process group: (stdout, stderr), or None when it ran past
    `timeout`. On a timeout the whole group is killed, not only the process started: a host's
    own children (Claude's native binary under its launcher, strace's tracees) would otherwise
    keep talking to the scripted model after the fixture is gone and answer the next session's
    calls from a deleted working directory."""
    p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, errors="replace", start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        out = None
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)  # what is left of the group, on time or not
        except ProcessLookupError:
            pass
    if out is None:
        p.communicate()
        return None
    return out, err


def reap_daemons():
    """Kills what a host left running on its own session, outside the process group
    `run_host` kills: Cline 3.0.65 starts a hub daemon (`cline --cline-hub-daemon --cwd <the
    fixture's repo>`, on a port of its own) that outlives the run and the fixture. Later runs
    use it; at the end of a harness run nothing of the harness is left behind. Returns how many
    were killed."""
    killed = 0
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if b"--cline-hub-daemon" in argv and any(b"/rtk-parity-" in a for a in argv):
            try:
                os.kill(int(pid), signal.SIGKILL)
                killed += 1
            except OSError:
                pass
    return killed


def _git(cwd, *args, env):
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


class Fixture:
    def __init__(self, rtk_real, node_bin, keep=False):
        self.root = Path(tempfile.mkdtemp(prefix="rtk-parity-"))
        self.keep = keep
        self.home = self.root / "home"
        self.repo = self.home / "repo"
        self.cwd = self.repo
        self.bin = self.root / "bin"
        self.calls_log = self.root / "rtk-calls.log"
        self.remote = self.root / "remote.git"
        self.extra_args = []  # host command-line options a setup adds
        self.env = {
            "HOME": str(self.home),
            "PATH": f"{self.bin}:{node_bin}:/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "TMPDIR": str(self.root / "tmp"),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_DATA_HOME": str(self.home / ".local/share"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "XDG_STATE_HOME": str(self.home / ".local/state"),
            "GIT_CONFIG_NOSYSTEM": "1",
            "NO_COLOR": "1",
        }
        for d in (self.bin, self.repo / "sub", self.repo / "src", self.root / "tmp"):
            d.mkdir(parents=True, exist_ok=True)
        shim = self.bin / "rtk"
        shim.write_text(SHIM.format(log=self.calls_log, real=rtk_real))
        shim.chmod(0o755)
        (self.home / ".gitconfig").write_text(
            "[user]\n\tname = Parity\n\temail = parity@example.invalid\n"
            "[init]\n\tdefaultBranch = master\n[advice]\n\tdetachedHead = false\n"
        )
        (self.repo / "README.md").write_text(README)
        (self.repo / "notes.txt").write_text("scratch\n")
        (self.repo / "src" / "app.py").write_text("print('hello')\n")
        (self.repo / "sub" / "file.txt").write_text("in sub\n")
        env = dict(self.env)
        _git(self.root, "init", "-q", "--bare", str(self.remote), env=env)
        _git(self.repo, "init", "-q", env=env)
        _git(self.repo, "add", "-A", env=env)
        _git(self.repo, "commit", "-q", "-m", "initial", env=env)
        _git(self.repo, "remote", "add", "origin", str(self.remote), env=env)
        _git(self.repo, "push", "-q", "-u", "origin", "master", env=env)
        # One commit not yet pushed, so a push that runs changes the remote.
        (self.repo / "src" / "app.py").write_text("print('hello, world')\n")
        _git(self.repo, "commit", "-q", "-am", "unpushed", env=env)
        (self.repo / "README.md").write_text(README + "an uncommitted line\n")

    def remote_head(self):
        """The remote's master commit (a push that ran changes what it points at or adds refs)."""
        out = subprocess.run(
            ["git", "--git-dir", str(self.remote), "for-each-ref"],
            env=self.env,
            capture_output=True,
            text=True,
        )
        return out.stdout

    def rtk_calls(self):
        """[(kind, argv text, exit code or None, answer or None)] from the shim's log."""
        calls = []
        if not self.calls_log.exists():
            return calls
        for line in self.calls_log.read_text(errors="replace").splitlines():
            parts = line.split("\t")
            if parts[0] == "run":
                calls.append(("run", parts[1] if len(parts) > 1 else "", None, None))
            elif len(parts) >= 3:
                kind = parts[0].split(" ")[0]
                calls.append((kind, parts[0], int(parts[1]), parts[2] if len(parts) > 2 else ""))
        return calls

    def close(self):
        if not self.keep:
            shutil.rmtree(self.root, ignore_errors=True)
