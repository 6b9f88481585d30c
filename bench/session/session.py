#!/usr/bin/env python3
"""Session benchmark (issue 21, point 3; issue 32, point 3): the tokens of the tool results the
model receives, in two real hosts.

`--host claude` (the default) drives the real Claude Code (installed by parity/install.sh) against the scripted model of
parity/model_server.py through a typical exploration of a repository: status, log, diff, a
commit, listings, find, grep, reading a file, tests, lint, type check and a build, with failures.
Each command is one `claude -p` session whose model calls the Bash tool once with the command;
the tool result that comes back (after Claude Code's own truncation of large outputs) is what
the model receives, and it is recorded by the model server. Each command runs once without rtk
and once with rtk installed (`rtk init --agent claude --global`), each time in a fresh copy of
the same world, so caches written by one run (ruff, mypy, cargo) never change another's output.
Tokens are o200k_base, counted by the bench's own `rtk-bench --count`.

The world (built per run under a temp HOME, see parity/fixture.py): a clone of this repository
at a fixed commit (`WORLD_COMMIT`) with uncommitted changes (two files edited, one untracked), a Python package with two
failing tests, lint and type errors, and a small Cargo crate with two compile errors.

    bench/session/session.py [--rtk PATH] [--upstream PATH] [--count PATH] [--only ID,ID] [--keep DIR]

`--upstream PATH` (upstream rtk 1.1.0: .cache/bench-tools/venv/bin/rtk from
scripts/setup-bench-tools.sh) adds a third run per command with upstream installed by its own
`init -g --auto-patch`.

`--host codex` drives the real Codex CLI instead (`codex exec`, whose `exec_command` tool runs
each command through `bash -lc`) over `CODEX_SESSION`, a Codex-style exploration of the same
world (see there for the source of the mix); rtk is installed with `rtk init --agent codex
--global`, upstream with its own `init --codex --global`, each into the run's throwaway
HOME/CODEX_HOME. What is counted is the `function_call_output` Codex sends back to the model,
its own header (`Chunk ID`, `Wall time`, exit code, `Original token count`) included. `--mix
claude|codex` runs the other host's mix.

`--keep DIR` writes each command's tool results there (`<id>.raw.txt`, `<id>.rtk.txt`,
`<id>.upstream.txt`).
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "parity"))

import model_server  # noqa: E402
from fixture import Fixture  # noqa: E402
from hosts import HOSTS  # noqa: E402
from run import installed  # noqa: E402

RUN_TIMEOUT = 180
WORLD_COMMIT = "41cf5dd"  # on main: "tests: one copy_tree in tests/common"
TOOLS = REPO / ".cache/bench-tools"

# (id, command line): the scripted session, in order.
SESSION = [
    ("status", "git status"),
    ("log", "git log -n 10"),
    ("log-oneline", "git log --oneline -n 40"),
    ("diff", "git diff"),
    ("show", "git show HEAD~1"),
    ("ls", "ls -la"),
    ("ls-R", "ls -R src/filters"),
    ("find", "find src -name '*.rs'"),
    ("rg", "rg -n unwrap src/filters"),
    ("grep", "grep -rn 'fn compact' src"),
    ("cat", "cat src/filters/dev/diag.rs"),
    ("wc", "wc -l src/filters/dev/lint.rs src/filters/dev/tsc.rs src/filters/dev/gotool.rs"),
    ("pytest", "python3 -m pytest pyshop"),
    ("ruff", "ruff check pyshop"),
    ("mypy", "mypy pyshop/shop"),
    ("cargo", "cargo build --manifest-path mini/Cargo.toml"),
]

# The Codex-style session: how Codex explores a repository through its shell tool. The mix is
# taken from (a) Codex 0.171.0's own instructions to the model, in its binary: "When you search
# for text or files, you reach first for `rg` or `rg --files`", and (b) published Codex rollouts
# on SWE-bench (`exec_command` calls such as `sed -n '130,200p' sphinx/domains/python.py`,
# `rg -n "parse_http_date|..." django tests`, `git status --short`, reads of a file slice with
# `nl -ba`), (c) the 16-command Codex session of issue 32 (git status, ls, rg --files, rg -n,
# sed -n, nl -ba, cat, git diff, git log, find, grep -rn, wc -l, git show --stat): orient
# (status, listings, file list), search, read slices, look at history. Reads and searches are
# 10 of the 16 calls, as they are most of a Codex session's traffic.
CODEX_SESSION = [
    ("status", "git status"),
    ("ls", "ls"),
    ("rg-files", "rg --files src"),
    ("ls-dir", "ls src/filters/files"),
    ("rg-n", "rg -n 'fn compact' src"),
    ("rg-n-2", "rg -n unwrap src/filters/git"),
    ("sed", "sed -n '1,120p' src/filters/dev/diag.rs"),
    ("nl", "nl -ba src/filters/files/wc.rs"),
    ("cat", "cat Cargo.toml"),
    ("diff", "git diff"),
    ("log", "git log -n 5"),
    ("find", "find src/filters -name '*.rs'"),
    ("grep", "grep -rn Unparsed src/filters/files"),
    ("wc", "wc -l src/filters/files/*.rs"),
    ("show-stat", "git show --stat HEAD~1"),
    ("sed-2", "sed -n '200,320p' src/filters/git/log.rs"),
]
MIXES = {"claude": SESSION, "codex": CODEX_SESSION}
# How rtk and upstream rtk 1.1.0 install themselves into each host.
INIT = {
    "claude": (["init", "--agent", "claude", "--global"], ["init", "-g", "--auto-patch", "--no-trust-filters"]),
    "codex": (["init", "--agent", "codex", "--global"], ["init", "--codex", "--global"]),
}

SHOP = {
    "pyshop/shop/__init__.py": "",
    "pyshop/shop/cart.py": '''import os
import sys
from dataclasses import dataclass


@dataclass
class Item:
    name: str
    price: int
    qty: int


def total(items: list[Item]) -> int:
    result = 0
    discount: int = "none"
    for i in items:
        result += i.price * i.qty
    return result


def label(item: Item) -> int:
    if item == None:
        return undefined_label
    return item.name
''',
    "pyshop/shop/users.py": '''import json
from typing import Optional


class User:
    def __init__(self, name: str, age: int) -> None:
        self.name = name
        self.age = age


def find(users: list[User], name: str) -> User:
    for u in users:
        if u.name == name:
            return u
    return None


def age_of(u: Optional[User]) -> int:
    return u.age


def make() -> User:
    return User("ann", "41")
''',
    "pyshop/tests/__init__.py": "",
}


def _tests():
    """Twelve tests of the package, two of which fail."""
    body = "from shop.cart import Item, total\nfrom shop.users import User, find\n\n\n"
    for i in range(10):
        body += f"def test_total_{i}():\n    assert total([Item('a', {i}, 2)]) == {2 * i}\n\n\n"
    body += "def test_find_missing():\n    assert find([User('ann', 41)], 'bob').name == 'bob'\n\n\n"
    body += "def test_total_rounding():\n    assert total([Item('a', 3, 3)]) == 10, 'price times qty'\n"
    return body


MINI = {
    "mini/Cargo.toml": '[package]\nname = "mini"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
    "mini/src/main.rs": '''fn parse(s: &str) -> u32 {
    s.trim().parse().unwrap_or(0)
}

fn main() {
    let n: u32 = parse("42");
    let label: String = n;
    println!("{} {}", label, missing);
}
''',
}


def build_world(fx):
    """The repository to explore, in place of the fixture's small one."""
    env = dict(fx.env)
    subprocess.run(["rm", "-rf", str(fx.repo)], check=True)
    subprocess.run(["git", "clone", "-q", str(REPO), str(fx.repo)], env=env, check=True)
    # A fixed commit of this repository's history, so the world does not move with new commits.
    # On a branch of its own with no remote: nothing in the world depends on this checkout's
    # branches (`git status` would count commits against origin's).
    for args in (["switch", "-q", "-C", "main", WORLD_COMMIT], ["remote", "remove", "origin"]):
        subprocess.run(["git", *args], cwd=fx.repo, env=env, check=True)
    diag = fx.repo / "src/filters/dev/diag.rs"
    diag.write_text(diag.read_text().replace("pub fn count_line(", "pub fn count_line_of(", 1))
    readme = fx.repo / "README.md"
    readme.write_text(readme.read_text() + "\nA line added while exploring.\n")
    (fx.repo / "NOTES.md").write_text("scratch notes\n")
    files = dict(SHOP, **MINI)
    files["pyshop/tests/test_shop.py"] = _tests()
    files["pyshop/conftest.py"] = "import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"
    for rel, text in files.items():
        p = fx.repo / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    # The extra projects are part of the clone's history, so `git status` shows only the edits.
    subprocess.run(["git", "add", "pyshop", "mini"], cwd=fx.repo, env=env, check=True)
    # A fixed date, so the commit's hash (and every output that shows it) is the same each run.
    when = "2026-01-02T03:04:05+00:00"
    subprocess.run(
        ["git", "commit", "-q", "-m", "pyshop and mini: sample projects"],
        cwd=fx.repo, env=dict(env, GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when), check=True,
    )


class Rule:
    rule = "git"


def run_command(host, exe, rtk, node_bin, script, port, line, with_rtk, upstream=False):
    """The tool result the model got for `line`, and whether an rtk form ran. `with_rtk`: rtk
    installed into the host first (`upstream`: `rtk` is upstream's binary, installed with its
    own `init`)."""
    fx = Fixture(rtk, node_bin)
    try:
        build_world(fx)
        fx.env["PATH"] = ":".join(
            [str(fx.bin), str(TOOLS / "venv/bin"), "/usr/lib/go/bin",
             str(Path.home() / ".cargo/bin"), fx.env["PATH"]]
        )
        fx.env["RUSTUP_HOME"] = os.environ.get("RUSTUP_HOME", str(Path.home() / ".rustup"))
        fx.env["CARGO_HOME"] = os.environ.get("CARGO_HOME", str(Path.home() / ".cargo"))
        fx.env["CARGO_TARGET_DIR"] = str(fx.root / "cargo-target")
        fx.env["PYTHONDONTWRITEBYTECODE"] = "1"
        # Codex runs each command in a login shell, whose /etc/profile resets PATH: the user's
        # ~/.profile puts the tools (and rtk) back, as an installed rtk's would be.
        (fx.home / ".profile").write_text(f'export PATH="{fx.env["PATH"]}"\n')
        # Every command runs without asking, with and without rtk alike.
        host.prepare(fx, port, "bypass", Rule())
        env = dict(fx.env, **host.env(fx, port))
        if with_rtk:
            init = INIT[host.name][1 if upstream else 0]
            subprocess.run([str(fx.bin / "rtk"), *init], cwd=fx.repo, env=env, check=True,
                           capture_output=True, stdin=subprocess.DEVNULL)
        script.reset(line)
        p = subprocess.run(host.argv(fx, exe), cwd=fx.cwd, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=RUN_TIMEOUT)
        snap = script.snapshot()
        if not snap["results"]:
            raise RuntimeError(f"no tool result for {line!r}: {(p.stdout + p.stderr)[-600:]}")
        # `rtk init` goes through the logging shim too: it is not an rtk form running.
        ran_rtk = any(c[0] == "run" and not c[1].startswith("init") for c in fx.rtk_calls())
        return snap["results"][0], ran_rtk
    finally:
        fx.close()


def count(counter, texts):
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, t in enumerate(texts):
            p = Path(d) / f"{i}.txt"
            p.write_text(t)
            paths.append(str(p))
        out = subprocess.run([counter, "--count", *paths], capture_output=True, text=True, check=True)
        return [int(line.split("\t")[0]) for line in out.stdout.splitlines()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtk", default=os.environ.get("RTK_BIN") or str(REPO / "target/debug/rtk"))
    ap.add_argument("--count", default=None, help="rtk-bench binary (default: bench/target/*/rtk-bench)")
    ap.add_argument("--only", default="")
    ap.add_argument("--keep", default=None)
    ap.add_argument("--upstream", default=None, help="upstream rtk binary: adds its column")
    ap.add_argument("--host", default="claude", choices=sorted(MIXES), help="the agent host to drive")
    ap.add_argument("--mix", default=None, choices=sorted(MIXES), help="the command mix (default: the host's)")
    args = ap.parse_args()
    # The logging shim execs these from the world's directory: absolute paths.
    args.rtk = str(Path(args.rtk).resolve())
    if args.upstream:
        args.upstream = str(Path(args.upstream).resolve())
    counter = args.count
    if counter is None:
        for kind in ("release", "debug"):
            c = REPO / f"bench/target/{kind}/rtk-bench"
            if c.exists():
                counter = str(c)
                break
    if counter is None:
        sys.exit("session: build the bench first (cd bench && cargo build --release)")
    paths = installed([args.host])
    node_bin = str(Path(paths["node24"]).parent)
    host = HOSTS[args.host]
    exe = paths[args.host]
    print(f"session: {args.host} {paths.get('version:' + args.host, '?')}, mix {args.mix or args.host}",
          file=sys.stderr, flush=True)
    script = model_server.Script()
    server, port = model_server.serve(script)
    keep = Path(args.keep) if args.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    rows = []
    for cid, line in MIXES[args.mix or args.host]:
        if args.only and cid not in args.only.split(","):
            continue
        raw, _ = run_command(host, exe, args.rtk, node_bin, script, port, line, False)
        via, ran_rtk = run_command(host, exe, args.rtk, node_bin, script, port, line, True)
        texts = [raw, via]
        up_ran = False
        if args.upstream:
            up, up_ran = run_command(host, exe, args.upstream, node_bin, script, port, line, True,
                                     upstream=True)
            texts.append(up)
        if keep:
            for name, text in zip(("raw", "rtk", "upstream"), texts):
                (keep / f"{cid}.{name}.txt").write_text(text)
        counts = count(counter, texts)
        rows.append((line, counts, ran_rtk, up_ran))
        print(f"  {line}: {' -> '.join(map(str, counts))}", file=sys.stderr, flush=True)
    server.shutdown()

    def pct(a, b):
        return f"{100.0 * (a - b) / a:.1f}%" if a else "-"

    up_head = " upstream rtk | upstream saved | upstream form ran |" if args.upstream else ""
    print("| command | without rtk | with rtk | saved | rtk form ran |" + up_head)
    print("|---|---:|---:|---:|---|" + ("---:|---:|---|" if args.upstream else ""))
    for line, c, ran, up_ran in rows:
        up = f" {c[2]} | {pct(c[0], c[2])} | {'yes' if up_ran else 'no'} |" if args.upstream else ""
        print(f"| `{line}` | {c[0]} | {c[1]} | {pct(c[0], c[1])} | {'yes' if ran else 'no'} |" + up)
    tot = [sum(r[1][i] for r in rows) for i in range(len(rows[0][1]))] if rows else []
    if tot:
        up = f" **{tot[2]}** | **{pct(tot[0], tot[2])}** | |" if args.upstream else ""
        print(f"| **total** | **{tot[0]}** | **{tot[1]}** | **{pct(tot[0], tot[1])}** | |" + up)


if __name__ == "__main__":
    main()
