//! The forms of `gh api` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter (`filters::ops::gh_api`), which also reads the call
//! ([`api_call`]: the method, the raw fields sent, `--jq`) from here.

use super::Scope;
use crate::programs::Words;

/// `gh api` options that take a value: as the next word, as `--name=value`, or glued to a
/// short one (`-XPOST`, `-fbody=x`).
const WITH_VALUE: &[&str] = &[
    "-X",
    "--method",
    "-H",
    "--header",
    "--hostname",
    "-p",
    "--preview",
    "--cache",
    "-f",
    "--raw-field",
    "-F",
    "--field",
    "--input",
    "-q",
    "--jq",
];

/// Value-less options that leave the response body as it is (`--slurp` wraps the pages in
/// one array).
const FLAGS: &[&str] = &["--paginate", "--slurp"];

/// `gh api <endpoint>` with only the options above: reads and writes (`-X`, `-f`/`-F`,
/// `--input`: the rewrite never runs anything else, and a write is never allowed by rtk
/// alone); never `graphql` (its queries and mutations are one endpoint), never `--jq` (the
/// caller's own projection: on the corpus rtk could take 5% of it, bench/README.md), and never
/// `--template`, `--include`, `--verbose`, `--silent`, `--help` or an option not listed here.
pub const API: Scope = Scope::check(api);

fn api(w: &Words<'_>) -> bool {
    api_call(w.rest()).is_some_and(|c| c.endpoint != "graphql" && !c.jq)
}

/// One `gh api` call as its words say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiCall<'a> {
    pub endpoint: &'a str,
    /// `-X`/`--method` as typed, when given.
    pub method: Option<&'a str>,
    /// Whether a request body or parameters are sent (`-f`, `-F`, `--input`).
    pub sends: bool,
    /// The `-f`/`--raw-field` `key=value` pairs: strings sent exactly as typed.
    pub raw_fields: Vec<(&'a str, &'a str)>,
    /// `--jq`/`-q`: the output is the caller's own projection.
    pub jq: bool,
}

impl ApiCall<'_> {
    /// Whether the request changes something: its method, else POST when fields or a body are
    /// sent (gh's default), is not GET.
    pub fn writes(&self) -> bool {
        let method = self
            .method
            .unwrap_or(if self.sends { "POST" } else { "GET" });
        !method.eq_ignore_ascii_case("GET")
    }
}

/// The call, or `None` when a word is an option not listed here, or there is not exactly one
/// endpoint.
pub fn api_call<S: AsRef<str>>(rest: &[S]) -> Option<ApiCall<'_>> {
    let mut call = ApiCall {
        endpoint: "",
        method: None,
        sends: false,
        raw_fields: Vec::new(),
        jq: false,
    };
    let mut endpoint = None;
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_ref();
        i += 1;
        if !a.starts_with('-') || a == "-" {
            if endpoint.replace(a).is_some() {
                return None;
            }
            continue;
        }
        if FLAGS.contains(&a) {
            continue;
        }
        let (name, value) = if let Some((n, v)) = a.split_once('=').filter(|_| a.starts_with("--"))
        {
            (n, v)
        } else if WITH_VALUE.contains(&a) {
            let v = rest.get(i)?.as_ref();
            i += 1;
            (a, v)
        } else if !a.starts_with("--") && a.len() > 2 && WITH_VALUE.contains(&&a[..2]) {
            (&a[..2], &a[2..])
        } else {
            return None;
        };
        if !WITH_VALUE.contains(&name) {
            return None;
        }
        match name {
            "-X" | "--method" => call.method = Some(value),
            "-f" | "--raw-field" => {
                call.sends = true;
                call.raw_fields
                    .push(value.split_once('=').unwrap_or((value, "")));
            }
            "-F" | "--field" | "--input" => call.sends = true,
            "-q" | "--jq" => call.jq = true,
            _ => {}
        }
    }
    call.endpoint = endpoint?;
    Some(call)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `f` makes of the call on `line` (words split at spaces).
    fn call<R>(line: &str, f: impl FnOnce(Option<ApiCall<'_>>) -> R) -> R {
        let words: Vec<&str> = line.split(' ').collect();
        f(api_call(&words))
    }

    #[test]
    fn reads_and_writes() {
        call("repos/o/r/pulls/1/comments/2/replies -f body=Fixed", |c| {
            let reply = c.unwrap();
            assert_eq!(reply.endpoint, "repos/o/r/pulls/1/comments/2/replies");
            assert_eq!(reply.raw_fields, [("body", "Fixed")]);
            assert!(reply.writes() && !reply.jq);
        });
        for (line, writes) in [
            ("repos/o/r/pulls/1/comments", false),
            ("repos/o/r/pulls/1/comments --jq .[].body", false),
            ("-X GET search/issues -f q=x", false),
            ("--method=get search/issues -f q=x", false),
            ("repos/o/r/issues -F title=x", true),
            ("repos/o/r/issues --input body.json", true),
            ("-XPATCH repos/o/r/pulls/comments/3 -fbody=y", true),
            ("-X DELETE repos/o/r/issues/comments/3", true),
        ] {
            call(line, |c| {
                assert_eq!(c.map(|c| c.writes()), Some(writes), "{line}")
            });
        }
    }

    #[test]
    fn unknown_options_and_other_shapes_are_not_calls() {
        for line in [
            "repos/o/r --template {{.id}}",
            "repos/o/r -i",
            "repos/o/r --verbose",
            "repos/o/r --silent",
            "repos/o/r --help",
            "repos/o/r --some-new-flag x",
            "repos/o/r repos/o/s",
            "-f body=x",
            "repos/o/r -f",
        ] {
            call(line, |c| assert_eq!(c, None, "{line}"));
        }
        // A field's value is never read as the endpoint: this is `graphql`.
        call("-f query=x graphql", |c| {
            assert_eq!(c.unwrap().endpoint, "graphql")
        });
    }
}
