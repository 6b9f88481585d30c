"""The Hermes plugin against a stub rtk: every row of the exit-code table, failure modes, scope."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

HERE = Path(__file__).resolve().parent
PLUGIN_DIR = HERE.parent / "rtk-rewrite"
STUB = (HERE / "../../../openclaw/test/stub-rtk").resolve()


def load_plugin():
    spec = importlib.util.spec_from_file_location("rtk_rewrite_plugin", PLUGIN_DIR / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


class FakeApproval:
    """Stands in for Hermes's ``tools.approval`` (the real one is exercised by parity/): each
    check catches the commands in its set."""

    def __init__(self):
        self.denied, self.hardline, self.dangerous, self.sudo = set(), set(), set(), set()

    def _match_user_deny_rule(self, command):
        return "rule" if command in self.denied else None

    def detect_hardline_command(self, command):
        return (command in self.hardline, None)

    def detect_dangerous_command(self, command):
        return (command in self.dangerous, None, None)

    def _check_sudo_stdin_guard(self, command):
        return (command in self.sudo, None)


@pytest.fixture
def approval(monkeypatch):
    """A fake ``tools.approval`` importable by the plugin; returns it."""
    import types

    fake = FakeApproval()
    tools = types.ModuleType("tools")
    tools.approval = fake
    monkeypatch.setitem(sys.modules, "tools", tools)
    monkeypatch.setitem(sys.modules, "tools.approval", fake)
    return fake


@pytest.fixture
def plugin(tmp_path, monkeypatch, approval):
    module = load_plugin()
    module._reset_for_tests()
    return module


@pytest.fixture
def stub(tmp_path, monkeypatch):
    """Puts the stub rtk on PATH; returns (set_table, calls)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "rtk").symlink_to(STUB)
    table = tmp_path / "table"
    log = tmp_path / "log"
    table.write_text("")
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("STUB_RTK_TABLE", str(table))
    monkeypatch.setenv("STUB_RTK_LOG", str(log))
    monkeypatch.setenv("RTK_REWRITE_HOST", "bogus-host")

    def set_table(rows: List[List[str]]) -> None:
        table.write_text("".join("\t".join(r) + "\n" for r in rows))

    def calls() -> List[str]:
        return [l for l in log.read_text().split("\n") if l] if log.exists() else []

    return set_table, calls


def call(plugin, tool: str, command: Any) -> Dict[str, Any]:
    args = {"command": command, "timeout": 30}
    assert plugin.pre_tool_call(tool_name=tool, args=args, task_id="t1") is None
    return args


TABLE = [
    ("exit 0 -> rewrite", ["0", "rtk git status", "git status"], "rtk git status"),
    ("exit 3 -> rewrite (no prompt)", ["3", "rtk git status", "git status"], "rtk git status"),
    ("exit 1 -> original", ["1", "-", "git status"], "git status"),
    ("exit 2 -> original (rtk never blocks)", ["2", "-", "git status"], "git status"),
    ("timeout -> original", ["sleep", "-", "git status"], "git status"),
    ("crash -> original", ["crash", "-", "git status"], "git status"),
    ("non-UTF-8 output -> original", ["garbage", "-", "git status"], "git status"),
    ("exit 0, empty output -> original", ["0", "-", "git status"], "git status"),
    ("unexpected exit 4 -> original", ["4", "rtk git status", "git status"], "git status"),
]


@pytest.mark.parametrize("name,row,expected", TABLE, ids=[t[0] for t in TABLE])
def test_exit_code_table(plugin, stub, capsys, name, row, expected):
    set_table, calls = stub
    set_table([row])
    started = time.monotonic()
    args = call(plugin, "terminal", "git status")
    assert args == {"command": expected, "timeout": 30}
    assert time.monotonic() - started < plugin.TIMEOUT_SECONDS + 3
    assert calls() == ["host= absolute env= words=1 cmd=git status"], "rtk rewrite --absolute -- <cmd>, RTK_REWRITE_HOST removed"
    assert capsys.readouterr().err == ""


def test_missing_rtk_warns_once_and_stays_a_no_op(plugin, tmp_path, monkeypatch, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    for cmd in ["git status", "ls -al", "cargo test"]:
        assert call(plugin, "terminal", cmd)["command"] == cmd
    err = capsys.readouterr().err
    assert err.count("not found on PATH") == 1, err


def test_other_tools_and_odd_args_are_untouched(plugin, stub):
    set_table, calls = stub
    set_table([["0", "rtk x", "*"]])
    assert call(plugin, "read_file", "git status")["command"] == "git status"
    for command in [None, 7, "", "   "]:
        assert call(plugin, "terminal", command)["command"] == command
    assert plugin.pre_tool_call() is None
    assert plugin.pre_tool_call("terminal", "not a dict") is None
    assert calls() == []


def test_positional_call_form(plugin, stub):
    set_table, _ = stub
    set_table([["0", "rtk ls -al", "ls -al"]])
    args = {"command": "ls -al"}
    assert plugin.pre_tool_call("terminal", args) is None
    assert args["command"] == "rtk ls -al"


def test_quotes_and_operators_reach_rtk_as_one_argv_word(plugin, stub):
    set_table, calls = stub
    cmd = "git log --format='%h %s' | head -5 && echo \"a  b\""
    set_table([["0", f"rtk {cmd}", cmd]])
    assert call(plugin, "terminal", cmd)["command"] == f"rtk {cmd}"
    assert calls() == [f"host= absolute env= words=1 cmd={cmd}"]


def test_register_uses_the_pre_tool_call_hook(plugin):
    registered = []

    class Ctx:
        def register_hook(self, name, fn):
            registered.append((name, fn))

    plugin.register(Ctx())
    assert registered == [("pre_tool_call", plugin.pre_tool_call)]


def test_register_never_raises(plugin, capsys):
    class Broken:
        def register_hook(self, name, fn):
            raise RuntimeError("no hooks today")

    plugin.register(Broken())
    assert "could not register" in capsys.readouterr().err


def test_manifest_names_the_hook():
    text = (PLUGIN_DIR / "plugin.yaml").read_text()
    assert "name: rtk-rewrite" in text
    assert "- pre_tool_call" in text


@pytest.mark.parametrize("check", ["denied", "hardline", "dangerous", "sudo"])
@pytest.mark.parametrize("which", ["original", "rewrite"])
def test_no_rewrite_where_hermes_checks_catch_either_form(plugin, stub, approval, check, which):
    set_table, _ = stub
    set_table([["3", "rtk git push", "git push"]])
    getattr(approval, check).add("git push" if which == "original" else "rtk git push")
    assert call(plugin, "terminal", "git push")["command"] == "git push"


def test_no_rewrite_outside_hermes(plugin, stub, monkeypatch):
    set_table, _ = stub
    set_table([["3", "rtk git status", "git status"]])
    monkeypatch.setitem(sys.modules, "tools", None)
    monkeypatch.setitem(sys.modules, "tools.approval", None)
    assert call(plugin, "terminal", "git status")["command"] == "git status"
