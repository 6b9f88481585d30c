//! How a program's argv is read before its subcommand: which global options take a value
//! (`git -C dir`, `kubectl -n ns`, `docker --context c`), which flags may stand there, and
//! special forms (`cargo +toolchain`, `python -m pytest`). A leaf module: the program table
//! (`filters::table`), the rewrite and `rtk gain`'s grouping key all read these same lists, so
//! each program's global options are written down once, here.
//!
//! Invariant: recognition never guesses. With [`Syntax::Sub`] and `only_flags`, any option not
//! listed before the subcommand means "no subcommand" (the command is left alone).

/// How the subcommand word of a program is found.
#[derive(Debug, PartialEq, Eq)]
pub enum Syntax {
    /// No subcommand: the program's filter sees every argument.
    Plain,
    /// The subcommand is the first word that is neither an option nor an option's value.
    Sub(Globals),
    /// `-m <module>` (or `-m<module>`) as the first argument: the module is the subcommand
    /// (`python -m pytest`); a `.py` script as the first argument is one too, named as typed
    /// (`python manage.py test`: `manage.py`). Anything else (`python -u -m pytest`,
    /// `python -c …`, `python pytest`) has none.
    Module,
}

/// The options a program takes before its subcommand.
#[derive(Debug, PartialEq, Eq)]
pub struct Globals {
    /// Options that take the next word as their value (long ones also as `--opt=value`).
    pub with_value: &'static [&'static str],
    /// `Some`: the only value-less options allowed before the subcommand (any other option
    /// means no subcommand: `git --version`). `None`: any other option is skipped.
    pub only_flags: Option<&'static [&'static str]>,
    /// `+toolchain` words are skipped (`cargo +nightly test`).
    pub plus: bool,
}

/// Subcommand programs with no global option that takes a value (`npm`, `go`, `gh`…).
pub static SUB: Syntax = Syntax::Sub(Globals {
    with_value: &[],
    only_flags: None,
    plus: false,
});

/// `pnpm --filter <pkg> test`, `pnpm -C <dir> run build`.
pub static PNPM: Syntax = Syntax::Sub(Globals {
    with_value: &["--filter", "-F", "--filter-prod", "-C", "--dir"],
    only_flags: None,
    plus: false,
});

pub static GIT: Syntax = Syntax::Sub(Globals {
    with_value: &[
        "-C",
        "-c",
        "--git-dir",
        "--work-tree",
        "--namespace",
        "--super-prefix",
        "--config-env",
    ],
    // Only flags that do not change what the subcommand prints.
    only_flags: Some(&[
        "--no-pager",
        "-P",
        "--no-replace-objects",
        "--literal-pathspecs",
        "--no-optional-locks",
        "--bare",
        "--no-advice",
    ]),
    plus: false,
});

pub static CARGO: Syntax = Syntax::Sub(Globals {
    with_value: &[
        "-Z",
        "--config",
        "-C",
        "--color",
        "--manifest-path",
        "--lockfile-path",
    ],
    only_flags: None,
    plus: true,
});

pub static DOCKER: Syntax = Syntax::Sub(Globals {
    with_value: &[
        "-H",
        "--host",
        "-c",
        "--context",
        "--config",
        "-l",
        "--log-level",
        "--tlscacert",
        "--tlscert",
        "--tlskey",
    ],
    only_flags: None,
    plus: false,
});

pub static KUBECTL: Syntax = Syntax::Sub(Globals {
    with_value: &[
        "-n",
        "--namespace",
        "--context",
        "--kubeconfig",
        "-s",
        "--server",
        "--cluster",
        "--user",
        "--as",
        "--token",
        "-l",
        "--selector",
        "-c",
        "--container",
    ],
    only_flags: None,
    plus: false,
});

/// `python -m <module>`, `python <script>`.
pub static MODULE: Syntax = Syntax::Module;

/// The syntax of the programs whose global options are listed here (for readers that do not
/// hold the program table, such as `rtk gain`'s grouping key); `None` for any other program.
/// The table's tests check it agrees with every table entry.
pub fn known(program: &str) -> Option<&'static Syntax> {
    match program {
        "git" => Some(&GIT),
        "cargo" => Some(&CARGO),
        "docker" => Some(&DOCKER),
        "kubectl" => Some(&KUBECTL),
        "pnpm" => Some(&PNPM),
        "python" | "python3" => Some(&MODULE),
        _ => None,
    }
}

impl Syntax {
    /// The subcommand of `args` (the words after the program): its index and its name.
    /// The name is the word itself, except for `-m<module>` where it is the module.
    pub fn subcommand<'a, S: AsRef<str>>(&self, args: &'a [S]) -> Option<(usize, &'a str)> {
        match self {
            Syntax::Plain => None,
            // A module never ends in `.py` and a script always does, so neither can be taken
            // for the other (`python pytest` runs a file named pytest: no subcommand).
            Syntax::Module => match args.first().map(AsRef::as_ref)? {
                "-m" => args
                    .get(1)
                    .map(|m| (1, m.as_ref()))
                    .filter(|(_, m)| !m.ends_with(".py")),
                a if !a.starts_with('-') => Some((0, a)).filter(|_| a.ends_with(".py")),
                a => a
                    .strip_prefix("-m")
                    .filter(|m| !m.is_empty() && !m.starts_with('-') && !m.ends_with(".py"))
                    .map(|m| (0, m)),
            },
            Syntax::Sub(g) => g.subcommand(args),
        }
    }
}

impl Globals {
    fn subcommand<'a, S: AsRef<str>>(&self, args: &'a [S]) -> Option<(usize, &'a str)> {
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_ref();
            if self.with_value.contains(&a) {
                i += 2;
            } else if !(a.starts_with('-') || self.plus && a.starts_with('+')) {
                return Some((i, a));
            } else if self.skips(a) {
                i += 1;
            } else {
                return None;
            }
        }
        None
    }

    /// Whether an option word (no separate value) may stand before the subcommand.
    fn skips(&self, a: &str) -> bool {
        let Some(flags) = self.only_flags else {
            return true;
        };
        (self.plus && a.starts_with('+'))
            || flags.contains(&a)
            || self.with_value.iter().any(|g| {
                g.starts_with("--") && a.strip_prefix(g).is_some_and(|v| v.starts_with('='))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(s: &Syntax, line: &str) -> Option<(usize, String)> {
        let w: Vec<&str> = line.split_whitespace().collect();
        s.subcommand(&w).map(|(i, n)| (i, n.to_string()))
    }

    type Case = (&'static Syntax, &'static str, Option<(usize, &'static str)>);

    #[test]
    fn subcommand_table() {
        let cases: &[Case] = &[
            (&GIT, "status", Some((0, "status"))),
            (&GIT, "-C dir status", Some((2, "status"))),
            (&GIT, "-c a=b --no-pager log -n 1", Some((3, "log"))),
            (&GIT, "-P status", Some((1, "status"))),
            (&GIT, "--git-dir=/x status", Some((1, "status"))),
            (&GIT, "--version", None),
            (&GIT, "-p log", None),
            (&GIT, "", None),
            (&CARGO, "+nightly test --lib", Some((1, "test"))),
            (&CARGO, "-C sub build", Some((2, "build"))),
            (&CARGO, "--locked -Z x check", Some((3, "check"))),
            (&DOCKER, "--context prod ps", Some((2, "ps"))),
            (&DOCKER, "-H tcp://h:1 --debug images", Some((3, "images"))),
            (&DOCKER, "--context=prod ps", Some((1, "ps"))),
            (&KUBECTL, "-n prod get pods", Some((2, "get"))),
            (&KUBECTL, "--context c -n x logs p", Some((4, "logs"))),
            (&SUB, "--prefix run build", Some((1, "run"))),
            (&PNPM, "--filter web test", Some((2, "test"))),
            (&PNPM, "-F test run build", Some((2, "run"))),
            (&PNPM, "--filter=web test", Some((1, "test"))),
            (&PNPM, "-r test", Some((1, "test"))),
            (&MODULE, "-m pytest -x", Some((1, "pytest"))),
            (&MODULE, "-mpytest -x", Some((0, "pytest"))),
            (&MODULE, "-u -m pytest", None),
            (&MODULE, "script.py", Some((0, "script.py"))),
            (&MODULE, "manage.py test", Some((0, "manage.py"))),
            (&MODULE, "-c print(1)", None),
            (&MODULE, "-", None),
            (&MODULE, "pytest -x", None),
            (&MODULE, "-m manage.py test", None),
            (&MODULE, "-mmanage.py test", None),
            (&Syntax::Plain, "status", None),
        ];
        for (syntax, line, want) in cases {
            assert_eq!(
                sub(syntax, line),
                want.map(|(i, n)| (i, n.to_string())),
                "{line}"
            );
        }
    }
}
