"""rtk plugin for Hermes Agent: rewrites ``terminal`` tool calls to their compact rtk form.

Install: ``~/.hermes/plugins/rtk-rewrite/`` (this directory: ``plugin.yaml`` + ``__init__.py``),
then add ``rtk-rewrite`` to ``plugins.enabled`` in ``~/.hermes/config.yaml`` (or run
``rtk init --agent hermes``).

``pre_tool_call`` runs ``rtk rewrite --absolute -- <command>`` (argv list, no shell, the whole
command as one argv element, 2 s timeout, well under Hermes' own hook timeout, which would block
the call) and rewrites ``args["command"]`` in place. ``--absolute`` makes the rewrite name rtk by
its absolute path: Hermes runs commands in a login shell whose ``/etc/profile`` resets PATH, where
a bare ``rtk`` is ``command not found``. (An rtk too old for the flag exits 2: the original runs.)

* exit 0 or 3 -> the command becomes rtk's stdout, but only where Hermes itself would judge both
  forms alike: Hermes checks the command it is handed (after this hook) against its
  ``approvals.deny`` globs, its hardline blocklist and its dangerous-command patterns, and a
  prefix such as ``/usr/local/bin/rtk `` can stop a glob (``git push *``) or a pattern from
  matching. So the hook asks Hermes's own checks (``tools.approval``, in this process) about the
  original and the rewrite, and rewrites only when neither is caught by any of them; when those
  checks cannot be reached (another Hermes version), it does not rewrite;
* anything else (1 no rtk form, 2 a deny rule, timeout, crash, non-UTF-8 output) -> the original
  command runs unchanged. rtk never blocks or prompts in Hermes.

A missing rtk gives one warning and makes the hook a no-op. The hook never raises into Hermes and
always returns None (a returned value could be read as a block directive). ``RTK_REWRITE_HOST``
is removed from rtk's environment so a stray value cannot change the answer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import Any, Dict, List, Optional

TIMEOUT_SECONDS = 2.0
TOOL_NAME = "terminal"
REWRITE_EXITS = (0, 3)

_state_lock = threading.Lock()
_missing = False


def _warn(message: str) -> None:
    try:
        sys.stderr.write(f"rtk: {message}\n")
    except Exception:  # noqa: BLE001 - nowhere else to report it
        pass


def _rtk_env() -> Dict[str, str]:
    env = dict(os.environ)
    env.pop("RTK_REWRITE_HOST", None)
    return env


def rewrite_command(command: str) -> Optional[str]:
    """The command rtk wants to run instead of ``command``, or None to run it unchanged."""
    global _missing
    if _missing:
        return None
    try:
        proc = subprocess.run(
            ["rtk", "rewrite", "--absolute", "--", command],
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            env=_rtk_env(),
            check=False,
        )
    except FileNotFoundError:
        with _state_lock:
            first = not _missing
            _missing = True
        if first:
            _warn("Hermes plugin inactive: `rtk` was not found on PATH; commands run unchanged")
        return None
    except Exception:  # noqa: BLE001 - timeout, permission error, anything: run the original
        return None
    if proc.returncode not in REWRITE_EXITS:
        return None
    try:
        rewritten = proc.stdout.decode("utf-8")
    except (UnicodeDecodeError, AttributeError):
        return None
    if not command.endswith("\n") and rewritten.endswith("\n"):
        rewritten = rewritten[:-1]  # the contract prints none; tolerate one
        if rewritten.endswith("\r"):
            rewritten = rewritten[:-1]
    if not rewritten.strip() or rewritten == command or "\0" in rewritten:
        return None
    return rewritten


def _caught_by_hermes(command: str) -> bool:
    """Whether Hermes's own approval checks stop or question ``command`` (True when unsure)."""
    try:
        from tools import approval  # Hermes's module: this hook runs inside Hermes
    except Exception:  # noqa: BLE001 - not Hermes, or another layout
        return True
    try:
        if approval._match_user_deny_rule(command) is not None:
            return True
        if approval.detect_hardline_command(command)[0]:
            return True
        if approval.detect_dangerous_command(command)[0]:
            return True
        return bool(approval._check_sudo_stdin_guard(command)[0])
    except Exception:  # noqa: BLE001 - a check missing or failing: unsure
        return True


def judged_alike(command: str, rewritten: str) -> bool:
    """Whether Hermes lets both forms through its approval checks untouched."""
    return not _caught_by_hermes(command) and not _caught_by_hermes(rewritten)


def pre_tool_call(*positional: Any, **kwargs: Any) -> None:
    """Hermes ``pre_tool_call`` callback: mutates ``args["command"]`` in place; returns None."""
    try:
        tool_name = kwargs.get("tool_name", positional[0] if positional else None)
        args = kwargs.get("args", positional[1] if len(positional) > 1 else None)
        if tool_name != TOOL_NAME or not isinstance(args, dict):
            return None
        command = args.get("command")
        if not isinstance(command, str) or not command.strip():
            return None
        rewritten = rewrite_command(command)
        if rewritten is not None and judged_alike(command, rewritten):
            args["command"] = rewritten
    except Exception:  # noqa: BLE001 - never raise into Hermes
        pass
    return None


def register(ctx: Any) -> None:
    """Hermes plugin entry point."""
    try:
        ctx.register_hook("pre_tool_call", pre_tool_call)
    except Exception as err:  # noqa: BLE001
        _warn(f"Hermes plugin could not register its hook: {err}")


def _reset_for_tests() -> None:
    global _missing
    _missing = False


__all__: List[str] = ["register", "pre_tool_call", "rewrite_command", "judged_alike"]
