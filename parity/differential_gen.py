"""The generated command lines of the differential run (issue 27): grammar shapes × read-only
programs × path arguments × loop variables × redirections × globs × quoting, seeded, so a seed
always yields the same lines in the same order.

Every line is made of read-only programs (ls, cat, head, tail, wc, stat, du, find, diff, git
status/log/diff/show/branch, tree, grep, rg) reading files; recursive readers (du, rg, grep -r)
are never given `/`, `/tmp`, `~root` or `/proc` (they would crawl the machine), `find` and `tree`
always carry a depth limit, and loops cannot spin (`while false`, `until true`, `select … break`).
`@REPO@` in a line stands for the project's absolute path, filled in by the runner per fixture.

    generate(n, seed)   n distinct lines (Line tuples), shapes taken in turn so each is produced
    sample(lines, k, seed)   k of them, at least one of every shape, plus the issue's lines
                             and a seeded few of each of issue 36's dimensions
    dimension_lines(n, seed) n lines of each of issue 36's dimensions (long lines, zsh-special
                             words, quoted validator triggers)
"""

import random
from collections import namedtuple

# text: the command line; shape: grammar shape; program: the first simple command's program;
# path: path class of its argument ("none" when it takes none); var: loop/assigned variable
# ("" if the shape has none); redir: the redirection attached to the first command ("" none);
# group: lines that must share one host session, in order (differential_sessions.py, "" none);
# extra: more fields of the Bash tool input, as (name, value) pairs (None: only the command).
Line = namedtuple("Line", "text shape program path var redir group extra", defaults=("", None))

# Path classes: what a path argument is, relative to the project the host was started in.
PATHS = {
    "inside": ["README.md", "src", "src/app.py", "sub/file.txt", "./notes.txt", "."],
    "inside-quoted": ["'README.md'", '"src/app.py"', "'sub'"],
    "repo-absolute": ["@REPO@/README.md", "@REPO@/src"],
    "etc": ["/etc/passwd", "/etc/hosts", "/etc/hostname"],
    "etc-quoted": ["'/etc/passwd'", '"/etc/hosts"'],
    "root": ["/", "/tmp"],
    "proc": ["/proc/self/environ", "/proc/self/status", "/proc/1/cmdline"],
    "dotdot": ["..", "../..", "../repo/README.md", "sub/../README.md", "src/../../.gitconfig", "../../x"],
    "dotdot-quoted": ["'../repo/README.md'", '".."'],
    "tilde": ["~", "~/.gitconfig", "~/repo/README.md"],
    "tilde-quoted": ["'~'", '"~/.gitconfig"'],
    "tilde-user": ["~root"],
    "home-var": ["$HOME", "$HOME/.gitconfig", "${HOME}/repo", '"$HOME"'],
    "param": ["${x:-a}", "${x:-README.md}", "$x"],
    "glob": ["*", "*.md", "src/*", "?EADME.md", "[R]EADME.md", "s*"],
    "glob-quoted": ["'*.md'", '"*"', "\\*", "'src/*'"],
    "history": ["!$", "!!", "!-1"],
}
# Path classes a recursive reader never gets (it would crawl the machine or hang on /proc).
CRAWL = {"root", "proc", "tilde-user"}

# Read-only programs: templates with {p} for one path argument (templates without {p} take none).
# The third field says whether the program reads recursively.
PROGRAMS = [
    ("ls", ["ls {p}", "ls -la {p}", "ls -1 {p}", "ls"], False),
    ("cat", ["cat {p}", "cat -n {p}"], False),
    ("head", ["head -n 2 {p}", "head -3 {p}"], False),
    ("tail", ["tail -n 2 {p}", "tail -1 {p}"], False),
    ("wc", ["wc -l {p}", "wc {p}"], False),
    ("stat", ["stat {p}", "stat -c %s {p}"], False),
    ("du", ["du -s {p}", "du -sh {p}"], True),
    ("find", ["find {p} -maxdepth 1", "find {p} -maxdepth 2 -name '*.py'", "find {p} -maxdepth 1 -type f"], False),
    ("diff", ["diff README.md {p}", "diff {p} notes.txt", "diff -q src {p}"], False),
    ("git status", ["git status", "git status -s", "git status {p}", "git status --short {p}"], False),
    ("git log", ["git log --oneline -3", "git log -1 {p}", "git log --oneline -2 -- {p}"], False),
    ("git diff", ["git diff", "git diff --stat", "git diff {p}", "git diff --no-index README.md {p}"], False),
    ("git show", ["git show --stat HEAD", "git show HEAD:README.md", "git show HEAD -- {p}"], False),
    ("git branch", ["git branch", "git branch -a", "git branch --list {p}"], False),
    ("tree", ["tree -L 1 {p}", "tree -L 1"], False),
    ("grep", ["grep -n hello {p}", "grep -c line {p}", "grep -rn hello {p}"], None),  # None: -r only
    ("rg", ["rg hello {p}", "rg -n line {p}", "rg --files {p}"], True),
]
# Second commands after a pipe.
FILTERS = ["head -n 2", "wc -l", "grep a", "tail -1", "cat"]

# Redirections attached to the first command.
REDIRS = ["2>&1", ">/dev/null", "2>/dev/null", "1>&2-", "{fd}>&1", "3>&-", "2>&-", "&>/dev/null", "1>&2"]

# Loop (and assigned) variables, and the words a loop runs over.
VARS = ["PATH", "HOME", "IFS", "LD_PRELOAD", "BASH_ENV", "TMPDIR", "SHELL", "x"]
WORDS = ["a", "bin", "evilhome", ".", "a b"]

# Grammar shapes: {A}, {B} simple commands, {F} a filter, {V} a variable, {W} loop words,
# {W1} one word.
SHAPES = {
    "plain": "{A}",
    "and": "{A} && {B}",
    "or": "{A} || {B}",
    "seq": "{A}; {B}",
    "pipe": "{A} | {F}",
    "pipe-stderr": "{A} |& {F}",
    "subshell": "({A})",
    "subshell-list": "({A}; {B})",
    "group": "{{ {A}; }}",
    "group-list": "{{ {A}; {B}; }}",
    "for": "for {V} in {W}; do {A}; done",
    "for-newline": "for {V} in {W}\ndo\n  {A}\ndone",
    "for-nested": "for {V} in {W}; do for y in b; do {A}; done; done",
    "for-arith": "for (( i=0; i<1; i++ )); do {A}; done",
    "select": "select {V} in {W}; do {A}; break; done",
    "select-newline": "select {V} in {W}\ndo\n  {A}\n  break\ndone",
    "while": "while false; do {A}; done",
    "while-cond": "while {A}; do break; done",
    "while-newline": "while false\ndo\n  {A}\ndone",
    "until": "until true; do {A}; done",
    "until-newline": "until true\ndo\n  {A}\ndone",
    "case": "case {W1} in *) {A};; esac",
    "case-newline": "case {W1} in\n  *) {A} ;;\nesac",
    "if": "if {A}; then {B}; fi",
    "if-else": "if true; then {A}; else {B}; fi",
    "if-newline": "if true\nthen\n  {A}\nfi",
    "function": "f() {{ {A}; }}; f",
    "function-kw": "function f {{ {A}; }}; f",
    "background": "{A} &",
    "background-list": "{A} & {B}",
    "negation": "! {A}",
    "newline-list": "{A}\n{B}",
    "comment": "{A} # {W1}",
    "assign": "{V}={W1} {A}",
    "assign-list": "{V}={W1}; {A}",
    "time": "time {A}",
}
# Shapes whose first command gets a redirection (the others stay as they are, so the shape is
# what the line tests).
REDIR_SHAPES = {"plain", "and", "seq", "subshell", "group", "for", "background"}
# Shapes that use a variable.
VAR_SHAPES = {"for", "for-newline", "for-nested", "select", "select-newline", "assign", "assign-list"}


def _command(rng, program=None):
    """(text, program name, path class) of one read-only simple command."""
    name, templates, recursive = program or rng.choice(PROGRAMS)
    template = rng.choice(templates)
    if "{p}" not in template:
        return template, name, "none"
    crawls = recursive or (recursive is None and " -r" in template)
    classes = [c for c in PATHS if not (crawls and c in CRAWL)]
    cls = rng.choice(classes)
    return template.replace("{p}", rng.choice(PATHS[cls])), name, cls


def _line(rng, shape, program):
    a, name, cls = _command(rng, program)
    redir = ""
    if shape in REDIR_SHAPES and rng.random() < 0.5:
        redir = rng.choice(REDIRS)
        a = f"{a} {redir}"
    var = rng.choice(VARS) if shape in VAR_SHAPES else ""
    words = rng.choice(WORDS)
    text = SHAPES[shape].format(
        A=a,
        B=_command(rng)[0],
        F=rng.choice(FILTERS),
        V=var,
        W=words,
        W1=words.split()[0],
    )
    return Line(text, shape, name, cls, var, redir)


def generate(n, seed):
    """n distinct lines for `seed`; the shapes and programs are taken in turn (each shape and
    each program appears about equally often), the rest is drawn from the seeded generator."""
    rng = random.Random(f"differential/{seed}")
    shapes = list(SHAPES)
    out, seen = [], set()
    i = 0
    while len(out) < n:
        if i > 100 * n:
            raise ValueError(f"only {len(out)} distinct lines for n={n}")
        shape = shapes[i % len(shapes)]
        program = PROGRAMS[(i // len(shapes)) % len(PROGRAMS)]
        i += 1
        line = _line(rng, shape, program)
        if line.text not in seen:
            seen.add(line.text)
            out.append(line)
    return out


# The lines issue 27 found escaping (Claude Code 2.1.332 asks or refuses, rtk's hook ran them),
# pinned into every sample (path class "issue").
ISSUE_LINES = [
    Line(text, shape, program, "issue", var, "")
    for text, shape, program, var in [
        ("for PATH in bin; do ls; done", "for", "ls", "PATH"),
        ("for HOME in evilhome; do git status; done", "for", "git status", "HOME"),
        ("select PATH in bin; do ls; break; done", "select", "ls", "PATH"),
        ("cat /etc/passwd", "plain", "cat", ""),
        ("cat ../../x", "plain", "cat", ""),
        ("cat /proc/self/environ", "plain", "cat", ""),
        ("ls /", "plain", "ls", ""),
        ("ls ..", "plain", "ls", ""),
        ("find / -maxdepth 1", "plain", "find", ""),
        ("head -3 /etc/passwd", "plain", "head", ""),
        ("cat $HOME/.gitconfig", "plain", "cat", ""),
        ("find *", "plain", "find", ""),
        ("(ls)", "subshell", "ls", ""),
        ("{ ls; }", "group", "ls", ""),
        ("case a in *) ls;; esac", "case", "ls", ""),
        ("ls &", "background", "ls", ""),
        ("ls 1>&2-", "plain", "ls", ""),
        ("ls {fd}>&1", "plain", "ls", ""),
        ("ls ~", "plain", "ls", ""),
        ("ls ~root", "plain", "ls", ""),
        ("ls $HOME", "plain", "ls", ""),
        ("ls ${x:-a}", "plain", "ls", ""),
        ("ls !$", "plain", "ls", ""),
        # The two escapes the first full run after the fix found (Claude Code 2.1.332, rules
        # setup): a quoted `~` and a quoted glob in a find argument.
        ("find '~' -maxdepth 1", "plain", "find", ""),
        ("git diff && find \"*\" -maxdepth 2 -name '*.py'", "and", "find", ""),
    ]
]


# Issue 36's dimensions, each its own generator (seeded; path class "dimension", shape = the
# dimension): lines around Claude Code's 10,000-unit parse limit, zsh-special words, and quoted
# text Claude's raw-text validators flag. Programs are ones the `rules` setup allows (ls, cat,
# find, git status/log/diff) or Claude's read-only table runs (grep, head, wc), so a line is an
# allow in one setup or the other unless a host check stops it.
LONG_PROGRAMS = ["ls", "cat", "git status", "git log --oneline -1 --", "grep -c a", "wc -c"]
ZSH_WORDS = ["=src", "=ls", "=bash", "=", "= README.md", "=cat", "=_x", "'=ls'", "a=b", "x=ls"]
VALIDATOR_QUOTES = [
    "'<1-2>'", "'<->'", "'<10-'", "'a =b'", "\"x =y\"", "'a\\ b'", "a\\ b", "'~[x]'",
    "'a\u00a0b'", "'a\u200bb'", "{'a',b}", "'{a}'", "'<a-b>'", "'a= b'",
]


def long_lines(n, seed):
    """n lines whose length is drawn around 10,000 characters: a program and `a.txt`-like
    words, padded to the exact length with one last word."""
    rng = random.Random(f"differential-long/{seed}")
    out, seen = [], set()
    while len(out) < n:
        program = rng.choice(LONG_PROGRAMS)
        target = rng.choice([9_990, 9_997, 9_999, 10_000, 10_001, 10_005, 10_050, 20_000, 30_000])
        text = program
        while len(text) < target - 12:
            text += " " + rng.choice(["README.md", "src/app.py", "sub/file.txt", "notes.txt"])
        text += " " + "x" * max(1, target - len(text) - 1)
        if text not in seen:
            seen.add(text)
            out.append(Line(text, "long", program.split()[0], "dimension", "", ""))
    return out


def _dimension(name, words, n, seed):
    """n distinct lines `program word [file]`, programs and words drawn in turn."""
    rng = random.Random(f"differential-{name}/{seed}")
    programs = ["ls", "cat", "grep -n", "head -1", "wc -c", "git log -1 --grep", "find . -name", "git diff --stat"]
    out, seen = [], set()
    i = 0
    while len(out) < n and i < 50 * n:
        word = words[i % len(words)]
        program = programs[(i // len(words)) % len(programs)]
        tail = rng.choice(["", " README.md", " src"])
        text = f"{program} {word}{tail}"
        i += 1
        if text not in seen:
            seen.add(text)
            out.append(Line(text, name, program.split()[0], "dimension", "", ""))
    return out


def zsh_words(n, seed):
    """Lines with a word zsh reads specially (`=cmd`, a lone `=`), and controls (`a=b`)."""
    return _dimension("zsh-word", ZSH_WORDS, n, seed)


def validator_quotes(n, seed):
    """Lines whose quoted text Claude's raw-text validators flag (`<N-M>`, ` =x`, `\\ `,
    `~[`, Unicode blanks, a brace with a quote), and controls."""
    return _dimension("validator-quote", VALIDATOR_QUOTES, n, seed)


DIMENSIONS = {"long": long_lines, "zsh-word": zsh_words, "validator-quote": validator_quotes}


def dimension_lines(n, seed):
    """n lines of each of issue 36's dimensions."""
    return [line for make in DIMENSIONS.values() for line in make(n, seed)]


def sample(lines, k, seed, per_dimension=4):
    """k lines of `lines`: one of every shape present first, then a seeded draw of the rest;
    then the issue's lines (ISSUE_LINES) and `per_dimension` lines of each of issue 36's
    dimensions, not already among them."""
    rng = random.Random(f"differential-sample/{seed}")
    by_shape = {}
    for line in lines:
        by_shape.setdefault(line.shape, []).append(line)
    picked = [rng.choice(group) for group in by_shape.values()]
    rest = [line for line in lines if line not in picked]
    picked += rng.sample(rest, max(0, min(k - len(picked), len(rest))))
    texts = {line.text for line in picked}
    picked += [line for line in ISSUE_LINES if line.text not in texts]
    for make in DIMENSIONS.values():
        drawn = make(per_dimension * 4, seed)
        picked += random.Random(f"differential-dim/{seed}").sample(drawn, per_dimension)
    return picked
