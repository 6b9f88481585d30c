//! Small helpers to ask "did the user pass flag X?" of a POSIX/GNU style argv without
//! reinterpreting it: short clusters (`-rn`), options with attached values (`-m5`, `-C3`),
//! long options with `=value`, and `--` ending the options. [`Closed`] reads an argv against
//! a closed grammar: every option must be one the caller lists.

/// Whether any argument is one of `flags`, each matched whole, a long one (`--name`) also as
/// `--name=value`. The one "was this flag given?" of the table's scopes and the filters.
pub fn has_any<S: AsRef<str>>(args: &[S], flags: &[&str]) -> bool {
    args.iter().any(|a| {
        let a = a.as_ref();
        flags.iter().any(|f| {
            a == *f
                || (f.starts_with("--") && a.strip_prefix(f).is_some_and(|v| v.starts_with('=')))
        })
    })
}

/// Whether an argument starts with a two-letter short option of `flags`, its value attached
/// (`-fd` for `-f d`).
pub fn attached<S: AsRef<str>>(args: &[S], flags: &[&str]) -> bool {
    args.iter().any(|a| {
        let a = a.as_ref();
        flags.iter().any(|f| {
            f.len() == 2 && !f.starts_with("--") && a.starts_with(f) && !a.starts_with("--")
        })
    })
}

/// A program's option shapes: which short letters take a value (so `-e x` or `-ex` never read
/// as flags).
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    pub short_with_value: &'static str,
    pub long_with_value: &'static [&'static str],
}

impl Spec {
    /// True if any of the short letters in `shorts` or any of `longs` was given.
    pub fn has(&self, args: &[String], shorts: &str, longs: &[&str]) -> bool {
        self.options(args).any(|o| match o {
            Opt::Short(c) => shorts.contains(c),
            Opt::Long(name) => longs.contains(&name),
        })
    }

    /// The operands (non-option words), in order.
    pub fn operands<'a>(&self, args: &'a [String]) -> Vec<&'a str> {
        let mut out = Vec::new();
        let mut i = 0;
        let mut ended = false;
        while i < args.len() {
            let a = args[i].as_str();
            i += 1;
            if ended || a == "-" || !a.starts_with('-') {
                out.push(a);
            } else if a == "--" {
                ended = true;
            } else if let Some(long) = a.strip_prefix("--") {
                if !long.contains('=') && self.long_with_value.contains(&long) {
                    i += 1;
                }
            } else if self.short_takes_next(a) {
                i += 1;
            }
        }
        out
    }

    fn short_takes_next(&self, cluster: &str) -> bool {
        let body = &cluster[1..];
        for (pos, c) in body.char_indices() {
            if self.short_with_value.contains(c) {
                return pos + c.len_utf8() == body.len();
            }
        }
        false
    }

    fn options<'a>(&'a self, args: &'a [String]) -> impl Iterator<Item = Opt<'a>> + 'a {
        let mut out = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            i += 1;
            if a == "--" {
                break;
            }
            if a == "-" || !a.starts_with('-') {
                continue;
            }
            if let Some(long) = a.strip_prefix("--") {
                let name = long.split('=').next().unwrap_or(long);
                out.push(Opt::Long(name));
                if !long.contains('=') && self.long_with_value.contains(&name) {
                    i += 1;
                }
                continue;
            }
            let body = &a[1..];
            for (pos, c) in body.char_indices() {
                out.push(Opt::Short(c));
                if self.short_with_value.contains(c) {
                    if pos + c.len_utf8() == body.len() {
                        i += 1;
                    }
                    break;
                }
            }
        }
        out.into_iter()
    }
}

/// An option grammar closed over what a filter knows: [`Spec`]'s options that take a value
/// plus the flags listed here. Any other option makes the argv unreadable: a form rtk does
/// not know is never rewritten (its unknown option might take the next word as its value).
#[derive(Debug, Clone, Copy)]
pub struct Closed {
    pub spec: Spec,
    pub short_flags: &'static str,
    pub long_flags: &'static [&'static str],
}

impl Closed {
    /// The operands of `args` when every option is known; `None` on any other option, on a
    /// value option without its value, or on `--flag=value`. With `first_operand_ends`, the
    /// first operand ends the options (`docker run IMAGE CMD -x`: `-x` is the command's).
    pub fn operands<'a, S: AsRef<str>>(
        &self,
        args: &'a [S],
        first_operand_ends: bool,
    ) -> Option<Vec<&'a str>> {
        let mut out = Vec::new();
        let mut ended = false;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_ref();
            i += 1;
            if ended || a == "-" || !a.starts_with('-') {
                out.push(a);
                ended |= first_operand_ends;
            } else if a == "--" {
                ended = true;
            } else if let Some(long) = a.strip_prefix("--") {
                let (name, inline) = long
                    .split_once('=')
                    .map_or((long, None), |(n, v)| (n, Some(v)));
                if self.spec.long_with_value.contains(&name) {
                    if inline.is_none() {
                        args.get(i)?;
                        i += 1;
                    }
                } else if !(self.long_flags.contains(&name) && inline.is_none()) {
                    return None;
                }
            } else {
                let body = &a[1..];
                for (pos, c) in body.char_indices() {
                    if self.spec.short_with_value.contains(c) {
                        if pos + c.len_utf8() == body.len() {
                            args.get(i)?;
                            i += 1;
                        }
                        break;
                    }
                    if !self.short_flags.contains(c) {
                        return None;
                    }
                }
            }
        }
        Some(out)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opt<'a> {
    Short(char),
    Long(&'a str),
}

#[cfg(test)]
mod tests {
    use super::*;

    const GREP: Spec = Spec {
        short_with_value: "efmABCdD",
        long_with_value: &["regexp", "file"],
    };

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flag_table() {
        let cases: &[(&str, &str, &[&str], bool)] = &[
            ("-rn x .", "n", &[], true),
            ("-rni x .", "i", &[], true),
            ("-e -n x", "n", &[], false),
            ("-en x", "n", &[], false),
            ("-m5 x", "c", &[], false),
            ("-r -- -c", "c", &[], false),
            ("--count x", "c", &["count"], true),
            ("--context=3 x", "C", &["context"], true),
            ("--regexp -c x", "c", &[], false),
            ("x -l", "l", &[], true),
        ];
        for (args, shorts, longs, want) in cases {
            assert_eq!(GREP.has(&v(args), shorts, longs), *want, "{args} {shorts}");
        }
    }

    #[test]
    fn operands_skip_option_values() {
        assert_eq!(GREP.operands(&v("-rn -e pat -m 3 src lib")), ["src", "lib"]);
        assert_eq!(GREP.operands(&v("-r pat -- -odd")), ["pat", "-odd"]);
        assert_eq!(GREP.operands(&v("--regexp pat a")), ["a"]);
    }

    #[test]
    fn closed_grammar_reads_only_known_options() {
        const G: Closed = Closed {
            spec: Spec {
                short_with_value: "e",
                long_with_value: &["name"],
            },
            short_flags: "ab",
            long_flags: &["rm"],
        };
        let ops = |s: &str, first: bool| G.operands(&v(s), first).map(|o| o.join(" "));
        assert_eq!(
            ops("-ab -e x --name=n --rm f g", false).as_deref(),
            Some("f g")
        );
        assert_eq!(ops("-abex f -- -c", false).as_deref(), Some("f -c"));
        assert_eq!(ops("f -a g", false).as_deref(), Some("f g"));
        assert_eq!(
            ops("--name n img -c -it", true).as_deref(),
            Some("img -c -it")
        );
        for bad in ["-c f", "-ac f", "--other f", "--rm=1 f", "-e", "--name"] {
            assert_eq!(ops(bad, false), None, "{bad}");
        }
    }
}
