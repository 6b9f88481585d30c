"""The parity corpus: the command lines every host is asked to run, and the rule setups.

Each command comes with `rule`, the command prefix a user would write a rule against (rules are
always written for the original command, as a user of the host writes them). Commands run in a
fresh fixture repository (see harness.Fixture), so writes and pushes touch only that run's files
and its local bare remote.
"""

from collections import namedtuple

Cmd = namedtuple("Cmd", "id line rule kind")

# kind: read (read-only), write, push, compound, alone (rtk leaves the line unchanged)
COMMANDS = [
    Cmd("git-status", "git status", "git status", "read"),
    Cmd("git-log", "git log --oneline -5", "git log", "read"),
    Cmd("git-diff", "git diff", "git diff", "read"),
    Cmd("git-show", "git show --stat HEAD", "git show", "read"),
    Cmd("git-branch", "git branch", "git branch", "read"),
    Cmd("ls", "ls", "ls", "read"),
    Cmd("ls-la", "ls -la", "ls", "read"),
    Cmd("cat", "cat README.md", "cat", "read"),
    Cmd("head", "head -5 README.md", "head", "read"),
    Cmd("tail", "tail -3 README.md", "tail", "read"),
    Cmd("grep", "grep -n hello README.md", "grep", "read"),
    Cmd("rg", "rg hello", "rg", "read"),
    Cmd("find", "find . -name '*.py'", "find", "read"),
    Cmd("wc", "wc -l README.md", "wc", "read"),
    Cmd("git-log-head", "git log --oneline | head -3", "git log", "read"),
    Cmd("touch", "touch new.txt", "touch", "write"),
    Cmd("mkdir", "mkdir build", "mkdir", "write"),
    Cmd("git-add", "git add README.md", "git add", "write"),
    Cmd("git-commit", "git commit --allow-empty -m wip", "git commit", "write"),
    Cmd("rm", "rm -f notes.txt", "rm", "write"),
    Cmd("cp", "cp README.md copy.md", "cp", "write"),
    Cmd("git-checkout", "git checkout -b feature", "git checkout", "write"),
    Cmd("git-push", "git push origin master", "git push", "push"),
    Cmd("git-push-force", "git push --force origin master", "git push", "push"),
    Cmd("git-push-ref", "git push origin HEAD:refs/heads/other", "git push", "push"),
    Cmd("status-and-log", "git status && git log --oneline -3", "git status", "compound"),
    Cmd("add-and-commit", "git add -A && git commit -m wip", "git add", "compound"),
    Cmd("status-then-ls", "git status; ls", "git status", "compound"),
    Cmd("cd-sub-ls", "cd sub && ls", "cd", "compound"),
    Cmd("fetch-and-status", "git fetch && git status", "git fetch", "compound"),
    Cmd("echo", "echo hello", "echo", "alone"),
    Cmd("pwd", "pwd", "pwd", "alone"),
    Cmd("python-version", "python3 --version", "python3", "alone"),
    Cmd("redirect", "echo hi > out.txt", "echo", "alone"),
    Cmd("subst", "ls $(pwd)", "ls", "alone"),
    Cmd("bash-c", "bash -c 'git status'", "bash", "alone"),
]

# The generic setups; each host maps them onto its own rule files (hosts.py) and may add its
# own (e.g. Claude's command-line rules). "subfolder" starts the host in <repo>/sub with the
# rules in <repo>; "untrusted" writes project allow rules into a workspace the host does not trust.
SETUPS = ["none", "allow", "deny", "ask", "untrusted", "subfolder"]

# The failures issue 22 reports, each as a parity case that every sampled run includes
# (host, setup, command id). They pass once rtk keeps each host's verdict.
ISSUE_CASES = [
    # Codex: a forbidden / prompt execpolicy rule on `git push` was bypassed by the rewrite.
    ("codex", "deny", "git-push"),
    ("codex", "ask", "git-push"),
    # Gemini: a policy-engine deny was bypassed; a tools.allowed entry stopped matching.
    ("gemini", "deny", "git-status"),
    ("gemini", "tools-allowed", "git-status"),
    # OpenCode: permission.bash deny / ask on the original command were bypassed.
    ("opencode", "deny", "git-status"),
    ("opencode", "ask", "git-status"),
    # Claude Code: read-only auto-approval lost; --allowedTools invisible; untrusted workspace
    # allow rules honoured by rtk; rules of repo/ applied to a session started in repo/sub.
    ("claude", "none", "git-status"),
    ("claude", "cli-allow", "git-status"),
    ("claude", "untrusted", "git-push"),
    ("claude", "subfolder", "git-push"),
    # Codex and Hermes: the rewrite must resolve in their login shells (PATH reset).
    ("codex", "none", "git-status"),
    ("hermes", "none", "git-status"),
    # Pi: the rewrite is applied in place, so the rtk form runs.
    ("pi", "none", "git-status"),
    # Copilot CLI: its read-only auto-approval covers `rg`, not `rtk rg` (the hook answers allow
    # from rtk's measured table of it).
    ("copilot", "none", "rg"),
    # Vibe (issue 28): Vibe 3.x sends `file_system.bash` and judges the rewritten line: the
    # rewrite happens where its rules allow both forms, and a denylist still denies.
    ("vibe", "allow-rtk", "git-show"),
    ("vibe", "always", "ls-la"),
    ("vibe", "deny", "git-show"),
    # Oh-My-Pi (issue 28): it re-judges the input its extension returns, so a `prompt` pattern on
    # `git status` must still ask (rtk reads its bash.patterns and leaves the line alone).
    ("omp", "ask", "git-status"),
    # Cline (issue 28): the hook's rewrite runs in act mode; in plan mode the guard still refuses
    # a write (rtk leaves the line alone: `rtk git commit` would pass the guard).
    ("cline", "none", "git-status"),
    ("cline", "plan", "git-commit"),
    # Kilo Code (issue 28, instructions): the model types `rtk ls -la`, which Kilo's built-in
    # `ls *` allow does not name.
    ("kilocode", "none", "ls-la"),
]


def _instructed_programs():
    """The commands rtk's instruction block (src/init/instructions.rs, `BLOCK`) tells the model
    to type with `rtk` in front: `[["git", "status"], ["ls"], …]`, read from the block itself."""
    import re
    from pathlib import Path

    src = (Path(__file__).resolve().parent.parent / "src/init/instructions.rs").read_text()
    block = src.split("pub const BLOCK: &str = \"", 1)[1].split("\";", 1)[0]
    progs = []
    for line in block.splitlines():
        if not line.startswith("    rtk "):
            continue
        for item in re.split(r"\s{2,}", line.strip()):
            words = [w for w in item.split()[1:] if w not in ("…", "<file>")]
            progs.append(words)
    return progs


INSTRUCTED = _instructed_programs()


def instructed(line):
    """The line a model following rtk's instructions types for `line`: `rtk ` in front of each
    command of a `&&` / `;` list that the block names (of a pipeline, its first command only:
    the instructions are about the command you run, not the filter it feeds)."""
    import re

    parts = re.split(r"( && | \|\| |; )", line)
    out = []
    for part in parts:
        head = part.split(" | ", 1)[0].split()
        if any(head[: len(p)] == p for p in INSTRUCTED):
            part = "rtk " + part
        out.append(part)
    return "".join(out)
