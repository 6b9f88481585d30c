//! The oracle's seeded generator: allowed-looking commands (`ls`, `git status`, `git log`) with
//! a substitution (`$(…)`, backticks, `<(…)`, `>(…)`) wrapped into every expansion form bash has
//! (each parameter-expansion operator, substring offsets, array subscripts, `$((…))`, `$[…]`,
//! brace and tilde expansion, extglob), in quoting variants and nested; about one operand in
//! four is plain text instead, so the oracle also runs commands rtk does allow. And (issue 27)
//! [`shapes`]: read-only programs with paths inside and outside the project (`..`, absolute,
//! `~`, `$HOME`, `/proc/self`, a link leading out, globs) in every grammar shape (lists, pipes,
//! loops whose variable is PATH/HOME/XDG_CONFIG_HOME…, prefix assignments, subshells, groups,
//! `if`, `case`, `&`, `cd`, redirection forms, line breaks), for the live run's fixture
//! (`oracle_live.rs`: `bin/`, `evilhome/`, `evilxdg/`, `link-out`, `trap/`); `@OUT@` stands for
//! the fixture's folder outside the project.

/// splitmix64: small, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len())]
    }
}

const PREFIXES: &[&str] = &[
    "ls",
    "ls -la",
    "ls --",
    "git status",
    "git status --short",
    "git log",
    "git log --oneline -3",
];
/// What the substitutions would run: denied, unapproved and harmless programs (all land in the
/// oracle's logging handler; none runs).
const PAYLOADS: &[&str] = &[
    "rm -rf victim",
    "git push origin main",
    "touch pwned",
    "id",
    "curl -s x",
];
const NAMES: &[&str] = &["HOME", "PWD", "X", "1", "@", "*", "#"];
/// Every parameter-expansion operator that takes a word or pattern.
const OPERATORS: &[&str] = &[
    "#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",", ",,", ":-", "-", ":+", "+", ":?",
    "?", ":=", "=",
];
const INERT: &[&str] = &["x", "/", "*/", "a b", "-", "1", ".rs", "'q w'", "\"d q\""];

/// A substitution of `payload`, or plain text.
fn operand(r: &mut Rng) -> String {
    if r.below(4) == 0 {
        return r.pick(INERT).to_string();
    }
    let p = r.pick(PAYLOADS);
    match r.below(8) {
        0 | 1 => format!("$({p})"),
        2 => format!("`{p}`"),
        3 => format!("<({p})"),
        4 => format!(">({p})"),
        5 => format!("$(: $({p}))"),
        6 => format!("\"$({p})\""),
        _ => format!("'$({p})'"),
    }
}

/// One expansion form holding `x`.
fn form(r: &mut Rng, x: &str) -> String {
    let n = r.pick(NAMES);
    match r.below(24) {
        0..=7 => format!("${{{n}{}{x}}}", r.pick(OPERATORS)),
        8 => format!("${{{n}/{x}/r}}"),
        9 => format!("${{{n}//p/{x}}}"),
        10 => format!("${{{n}%%*{x}*}}"),
        11 => format!("${{{n}:{x}}}"),
        12 => format!("${{{n}:0:{x}}}"),
        13 => format!("${{a[{x}]}}"),
        14 => format!("${{#a[{x}]}}"),
        15 => format!("$(( 1 + {x} ))"),
        16 => format!("$[{x}]"),
        17 => format!("{{a,{x}}}"),
        18 => format!("~{x}"),
        19 => format!("${{{n}#@({x})}}"),
        20 => format!("${{{n}%%+(y|{x})}}"),
        21 => format!("${{{n}#\"{x}\"}}"),
        22 => format!("${{{n}:-${{HOME#{x}}}}}"),
        _ => format!("${{{n}:+{x}}}"),
    }
}

/// A word: a form, possibly nested in more forms, in a quoting variant.
fn word(r: &mut Rng) -> String {
    let x = operand(r);
    let mut w = form(r, &x);
    for _ in 0..r.below(3) {
        let op = r.pick(&[":-", ":+", "#", "%", "-"]);
        w = format!("${{{}{op}{w}}}", r.pick(NAMES));
    }
    match r.below(5) {
        0 => format!("\"{w}\""),
        1 => format!("a{w}b"),
        2 => format!("--format={w}"),
        _ => w,
    }
}

/// `count` commands from `seed`.
pub fn generate(seed: u64, count: usize) -> Vec<String> {
    let mut r = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut line = format!("{} {}", r.pick(PREFIXES), word(&mut r));
            if r.below(4) == 0 {
                line.push(' ');
                line.push_str(&word(&mut r));
            }
            if r.below(6) == 0 {
                line.push_str(" && git status");
            }
            line
        })
        .collect()
}

/// Read-only programs (and the forms rules or Claude's table allow) that take a path.
const READERS: &[&str] = &[
    "ls",
    "ls -la",
    "cat",
    "head -n 3",
    "wc -l",
    "find",
    "grep -r main",
    "git status",
    "git log --oneline -3 --",
    "git diff",
];
const INSIDE: &[&str] = &[
    "README.md",
    "src",
    "src/main.rs",
    ".",
    "'README.md'",
    "\"src/main.rs\"",
    "",
];
const OUTSIDE: &[&str] = &[
    "..",
    "../outside/secret.txt",
    "@OUT@/secret.txt",
    "/",
    "~",
    "~/.gitconfig",
    "$HOME/.gitconfig",
    "/proc/self/environ",
    "link-out",
    "*",
    "src/*",
    "../..",
    "src/../..",
];
/// Loop and prefix variables with the planted value each hijacks.
const HIJACKS: &[(&str, &str)] = &[
    ("PATH", "bin"),
    ("HOME", "evilhome"),
    ("HOME", "."),
    ("XDG_CONFIG_HOME", "evilxdg"),
    ("GIT_CONFIG_GLOBAL", ".gitconfig"),
    ("IFS", "x"),
    ("x", "a"),
];

/// A reader with a path inside (two in three) or outside the project.
fn reader(r: &mut Rng) -> String {
    let path = if r.below(3) == 0 {
        r.pick(OUTSIDE)
    } else {
        r.pick(INSIDE)
    };
    format!("{} {path}", r.pick(READERS)).trim_end().to_string()
}

/// `count` lines of issue 27's shapes from `seed`.
pub fn shapes(seed: u64, count: usize) -> Vec<String> {
    let mut r = Rng::new(seed);
    (0..count)
        .map(|_| {
            let p = reader(&mut r);
            let q = reader(&mut r);
            let (v, w) = HIJACKS[r.below(HIJACKS.len())];
            let dir = r.pick(&["src", "..", "~", "trap", "evilhome", "/"]);
            match r.below(20) {
                0..=3 => p,
                4 => format!("{p} && {q}"),
                5 => format!("{p} | wc -l"),
                6 => format!("{p}; {q}"),
                7 => format!("for {v} in {w}; do {p}; done"),
                8 => format!("{v}={w} {p}"),
                9 => format!("({p})"),
                10 => format!("{{ {p}; }}"),
                11 => format!("{p} &"),
                12 => format!("if true; then {p}; fi"),
                13 => format!("case x in x) {p};; esac"),
                14 => format!("for {v} in {w}\ndo {p}\ndone"),
                15 => format!("cd {dir} && {p}"),
                16 => format!(
                    "{p} {}",
                    r.pick(&["2>&1", "> /dev/null", "1>&2-", "{fd}>&1"])
                ),
                17 => format!("while false; do {q}; done; {p}"),
                18 => format!("{p} || {q}"),
                _ => format!("for a in b; do for {v} in {w}; do {p}; done; done"),
            }
        })
        .collect()
}

#[test]
fn shapes_are_seeded_and_cover_issue_27() {
    let a = shapes(7, 2_000);
    assert_eq!(a, shapes(7, 2_000));
    assert_ne!(a, shapes(8, 2_000));
    for needle in [
        "for PATH in bin; do ",
        "for HOME in evilhome",
        "XDG_CONFIG_HOME=evilxdg ",
        "@OUT@/secret.txt",
        "/proc/self/environ",
        "link-out",
        "cd .. && ",
        " &",
        "\ndo ",
        "{fd}>&1",
    ] {
        assert!(
            a.iter().any(|l| l.contains(needle)),
            "no shape holds {needle:?}"
        );
    }
    let plain = a
        .iter()
        .filter(|l| !l.contains([';', '&', '|', '(', '{', '\n', '=']))
        .count();
    assert!(
        plain > 200,
        "{plain} plain lines: too few for the live run to check allows"
    );
}

#[test]
fn generator_is_seeded_and_covers_the_forms() {
    let a = generate(7, 2_000);
    assert_eq!(a, generate(7, 2_000));
    assert_ne!(a, generate(8, 2_000));
    for needle in [
        "${HOME#$(",
        "`",
        "<(",
        ">(",
        "${a[",
        "$((",
        "$[",
        "{a,",
        "~",
        "@(",
        ":0:",
        "\"$(",
    ] {
        assert!(
            a.iter().any(|l| l.contains(needle)),
            "no generated command holds {needle:?}"
        );
    }
}
