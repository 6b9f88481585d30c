"""Issue 36's session dimensions of the differential run (item 6): what parity/sessions.py
tried by hand, generated and seeded. They run under their own setups, in a planted project:

  paths       allow rules for the programs the lines use (and `cd`); deny `Read(./.env)`,
              `Read(./secrets/**)`, `Edit(./scratch/locked.txt)`
  paths-glob  the same allow rules; ask `Read(**/.env)`, `Edit(**/locked.txt)`; deny
              `Read(./secrets/**)`

The planted project (`plant`): `.env`, `sub/.env`, `secrets/key.txt`, `scratch/`; `vendor/`, a
nested checkout whose config sets `core.fsmonitor`, and `evil/`, a bare repository laid out as
plain files with a textconv driver in `evil/config`. Both planted programs touch a
`PWNED-<name>` file in the fixture's root, outside the project (`planted_ran`).

Dimensions (Line.shape), each its own seeded generator:
  session    a group of calls in one host session: `cd @REPO@` (back to the project), `cd <dir>`
             (vendor, evil, src, secrets, sub, .., /tmp, the project's absolute paths), then 1-3
             commands there; the working directory carries over between the calls as in Claude
  read-rule  one call reading (or writing) a file a Read/Edit rule names: `cat .env`,
             `grep -rn KEY secrets`, `ls > scratch/locked.txt`, and controls (`cat README.md`)
  repo       git pointed at the planted repositories without a `cd`: `git -C vendor status`,
             `git --git-dir=evil log -p -1`, `GIT_DIR=evil git show`
  payload    the Bash tool input with more fields than `command` (Line.extra): the model's
             `dangerouslyDisableSandbox`, `timeout`, `description`; the payload's `cwd` differing
             from the project is the `session` dimension (Claude writes the payload itself, so
             other fields cannot be varied through the real host)

Lines of one session share Line.group; `chunks` never splits a group across host sessions.
"""

import json
import random
import subprocess

from differential_gen import Line

SETUPS = ["paths", "paths-glob"]
ALLOW = ["ls", "cat", "head", "tail", "grep", "rg", "find", "wc", "stat", "git status", "git log",
         "git diff", "git show", "cd"]
RULES = {
    "paths": {"deny": ["Read(./.env)", "Read(./secrets/**)", "Edit(./scratch/locked.txt)"]},
    "paths-glob": {"ask": ["Read(**/.env)", "Edit(**/locked.txt)"], "deny": ["Read(./secrets/**)"]},
}

# Directories a session moves to, and the commands it may then run there.
CD_DIRS = ["vendor", "evil", "src", "secrets", "sub", "..", "/tmp", "@REPO@/vendor", "@REPO@/evil", "./sub/.."]
SESSION_COMMANDS = [
    "git status", "git status -s", "git log -p -1", "git log --oneline -1", "git show", "git show --stat",
    "git diff HEAD~1 HEAD", "git diff", "ls", "ls -la", "cat .env", "cat ../.env", "cat key.txt",
    "cat ../secrets/key.txt", "head -1 ../.env", "grep -rn KEY .", "find . -maxdepth 1", "rg KEY",
    "wc -l x", "cat config", "cat .git/config", "stat ../.env", "ls ../secrets",
]
READ_LINES = [
    "cat .env", "head -1 .env", "grep API .env", "rg SECRET .env", "ls -la .env", "cat secrets/key.txt",
    "ls secrets", "find secrets", "grep -rn KEY secrets", "git diff secrets", "cat sub/.env", "cat ./.env",
    "cat @REPO@/.env", "tail -1 .env", "wc -c .env", "stat .env", "diff .env README.md", "cat s*/key.txt",
    "cat .en?", "ls sub/.env", "cat sub/../.env", "grep -r KEY .", "rg -n KEY", "head -1 secrets/*",
    "git log -p -- secrets", "cat README.md .env", "ls && cat .env", "cat README.md | grep -c .",
    "ls > scratch/locked.txt", "cat README.md > scratch/locked.txt", "ls >> scratch/locked.txt",
    "cat README.md", "ls scratch", "cat sub/file.txt", "grep -n hello README.md", "find . -maxdepth 1 -name '*.md'",
]
REPO_LINES = [
    "git -C vendor status", "git -C vendor log --oneline -1", "git -C evil log -p -1", "git -C evil show",
    "git --git-dir=evil log -p -1", "git --git-dir=evil show", "git --git-dir=vendor/.git status",
    "GIT_DIR=evil git log -p -1", "GIT_DIR=evil git show", "git --work-tree=vendor status",
    "git -C vendor diff", "git -C src status", "git -C . status", "git log -p -1 --git-dir=evil",
    "git status vendor", "git diff vendor", "ls vendor", "cat evil/config", "git -C @REPO@/vendor status",
]
PAYLOAD_COMMANDS = ["ls", "git status", "cat README.md", "cat .env", "grep -n hello README.md", "git -C vendor status",
                    "head -1 secrets/key.txt", "ls /tmp", "git log --oneline -1"]
PAYLOAD_EXTRAS = [
    (("dangerouslyDisableSandbox", True),),
    (("dangerouslyDisableSandbox", False),),
    (("timeout", 60000),),
    (("description", "List the files"),),
    (("dangerouslyDisableSandbox", True), ("description", "Read the config"), ("timeout", 120000)),
]


def sessions(n, seed):
    """n session groups (each `cd @REPO@`, `cd <dir>`, then 1-3 commands), as one list of Lines."""
    rng = random.Random(f"differential-session/{seed}")
    out, seen = [], set()
    i = 0
    while len(seen) < n and i < 50 * n:
        d = CD_DIRS[i % len(CD_DIRS)]
        i += 1
        cmds = rng.sample(SESSION_COMMANDS, rng.randint(1, 3))
        key = (d, tuple(cmds))
        if key in seen:
            continue
        seen.add(key)
        group = f"s{len(seen)}"
        calls = [("cd @REPO@", "reset"), (f"cd {d}", "cd")] + [(c, "in-dir") for c in cmds]
        out += [Line(text, "session", text.split()[0], part, d, "", group) for text, part in calls]
    return out


def _single(name, texts, n, seed):
    rng = random.Random(f"differential-{name}/{seed}")
    picked = rng.sample(texts, min(n, len(texts)))
    return [Line(t, name, t.split()[0], "dimension", "", "") for t in picked]


def read_rules(n, seed):
    """n lines naming (reading or writing) files a Read/Edit rule covers, and controls."""
    return _single("read-rule", READ_LINES, n, seed)


def repos(n, seed):
    """n git lines pointed at the planted nested and bare repositories without a `cd`."""
    return _single("repo", REPO_LINES, n, seed)


def payloads(n, seed):
    """n lines whose Bash tool input carries more fields (Line.extra)."""
    rng = random.Random(f"differential-payload/{seed}")
    combos = [(c, e) for c in PAYLOAD_COMMANDS for e in PAYLOAD_EXTRAS]
    picked = rng.sample(combos, min(n, len(combos)))
    return [Line(c, "payload", c.split()[0], "dimension", "", "", "", e) for c, e in picked]


# Sessions last: the lines after a session's `cd` would otherwise run where it went.
DIMENSIONS = {"read-rule": read_rules, "repo": repos, "payload": payloads, "session": sessions}


def dimension_lines(n, seed):
    """n of each dimension (n session groups)."""
    return [line for make in DIMENSIONS.values() for line in make(n, seed)]


def sample(seed, per_dimension=3):
    """The CI sample: `per_dimension` of each, drawn from the seeded generators."""
    return dimension_lines(per_dimension, seed)


def chunks(lines, size):
    """Batches of about `size` lines (a batch is one host session), groups kept whole."""
    out, cur = [], []
    for k, line in enumerate(lines):
        cur.append(line)
        nxt = lines[k + 1] if k + 1 < len(lines) else None
        if len(cur) >= size and not (line.group and nxt is not None and nxt.group == line.group):
            out.append(cur)
            cur = []
    return out + ([cur] if cur else [])


def step(text, line):
    """The model's call for a line: a command string, or a Bash call with the extra fields."""
    if not line.extra:
        return text
    return {"tool": "Bash", "input": {"command": text, **dict(line.extra)}}


def _git(cwd, *args, env):
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def plant(fx):
    """The planted files and repositories in the fixture's project (see the module doc)."""
    repo, env = fx.repo, dict(fx.env)
    for d in ("secrets", "scratch", "vendor"):
        (repo / d).mkdir(exist_ok=True)
    (repo / ".env").write_text("API_KEY=SECRET123\n")
    (repo / "sub/.env").write_text("SUB_KEY=SECRET456\n")
    (repo / "secrets/key.txt").write_text("KEY=topsecret\n")
    (repo / "scratch/locked.txt").write_text("locked\n")
    vendor = repo / "vendor"
    (vendor / "x").write_text("x\n")
    _git(vendor, "init", "-q", ".", env=env)
    _git(vendor, "add", "x", env=env)
    _git(vendor, "commit", "-qm", "v", env=env)
    _git(vendor, "config", "core.fsmonitor", f"touch {fx.root}/PWNED-fsmonitor; false", env=env)
    bare = fx.root / "bare.git"
    _git(fx.root, "clone", "-q", "--bare", str(repo), str(bare), env=env)
    subprocess.run(["cp", "-r", str(bare), str(repo / "evil")], check=True)
    with open(repo / "evil/config", "a") as f:
        # A quoted value (git strips the quotes; `;` outside quotes starts a comment), run by the
        # shell with the file to convert appended.
        f.write(f'[diff "x"]\n\ttextconv = "touch {fx.root}/PWNED-textconv; cat"\n')
    (repo / "evil/info").mkdir(exist_ok=True)
    (repo / "evil/info/attributes").write_text("* diff=x\n")


def settings(setup):
    """The setup's `.claude/settings.json` permissions."""
    return {"permissions": {"allow": [f"Bash({r}:*)" for r in ALLOW], **RULES[setup]}}


def write_settings(fx, setup):
    (fx.repo / ".claude").mkdir(parents=True, exist_ok=True)
    (fx.repo / ".claude/settings.json").write_text(json.dumps(settings(setup), indent=2))


def planted_ran(fx):
    """The planted programs that ran in this fixture."""
    return sorted(p.name for p in fx.root.glob("PWNED*"))
