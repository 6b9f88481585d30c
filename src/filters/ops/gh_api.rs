//! `gh api <endpoint>` (the call as [`crate::programs::scope::gh`] reads it). A read's JSON
//! body is minified (values untouched; gh prints GitHub's body as it came, which is minified
//! already). A write's response object (the comment or issue it created or changed) loses
//! what echoes the request or the thread: `diff_hunk`, `_links`, `reactions` when there are
//! none, a user object's fields but `login`, and any string field equal to the `-f` field sent
//! under its name; every other member is kept byte for byte. A write is never run again to show
//! its output: it is shortened only when the tee file holds the whole response
//! ([`Filter::repeatable`]). A failure, and `--jq` output, print as they came.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::filters::{Compacted, Filter, Invocation, Output, Unparsed};
use crate::json;
use crate::programs::scope::gh::{api_call, ApiCall};

pub struct GhApi;

impl Filter for GhApi {
    fn name(&self) -> &'static str {
        "gh-api"
    }
    fn repeatable(&self, inv: &Invocation<'_>) -> bool {
        api_call(inv.rest()).is_some_and(|c| !c.writes())
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        let call = match api_call(inv.rest()) {
            Some(c) if out.code == 0 => c,
            _ => return Ok(Compacted::raw(out)),
        };
        if call.jq {
            // The caller's projection (out of the route's scope): as it came.
            return Ok(Compacted::raw(out));
        }
        if call.writes() {
            if let Some(c) = response(&call, out.stdout) {
                return Ok(c);
            }
        }
        Ok(json::minify(out.stdout).map_or_else(|| Compacted::raw(out), Compacted::stdout))
    }
}

/// A JSON object's members in order, each value as it was written.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(entry) = m.next_entry::<String, &'de RawValue>()? {
                    v.push(entry);
                }
                Ok(Members(v))
            }
        }
        d.deserialize_map(V)
    }
}

fn members(json: &str) -> Option<Members<'_>> {
    serde_json::from_str(json).ok()
}

/// A user object (`user`, `author`, `assignee`…): it has a `login` and an `avatar_url`.
fn login(value: &RawValue) -> Option<&RawValue> {
    let m = members(value.get())?;
    let has = |k: &str| m.0.iter().find(|(n, _)| n == k).map(|(_, v)| *v);
    has("avatar_url")?;
    has("login")
}

/// A write's response object without what echoes the request or the thread; `None` when the
/// body is not one object or nothing in it is left out.
fn response(call: &ApiCall<'_>, stdout: &str) -> Option<Compacted> {
    let object = members(stdout.trim())?;
    let mut kept = Vec::new();
    let mut what: Vec<String> = Vec::new();
    for (name, value) in &object.0 {
        let raw = value.get();
        let sent = call.raw_fields.iter().find(|(k, _)| k == name).map(|f| f.1);
        let echoed =
            sent.is_some_and(|s| serde_json::from_str::<String>(raw).is_ok_and(|v| v == s));
        let no_reactions = name == "reactions"
            && serde_json::from_str::<serde_json::Value>(raw)
                .is_ok_and(|v| v.get("total_count").and_then(|n| n.as_u64()) == Some(0));
        if echoed {
            what.push(format!("{name} (as sent)"));
        } else if name == "diff_hunk" || name == "_links" {
            what.push(name.clone());
        } else if no_reactions {
            what.push("reactions (none)".into());
        } else if let Some(l) = login(value) {
            what.push(format!("{name}'s fields but login"));
            kept.push(format!("{}:{{\"login\":{}}}", key(name), l.get()));
        } else {
            kept.push(format!("{}:{raw}", key(name)));
        }
    }
    if what.is_empty() {
        return None;
    }
    Some(Compacted {
        stdout: format!("{{{}}}\n", kept.join(",")),
        stderr: None,
        elided: Some(format!("from the response: {}", what.join(", "))),
    })
}

fn key(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str, stdout: &str, code: u8) -> (Compacted, bool) {
        let args: Vec<String> = line.split(' ').map(String::from).collect();
        let inv = Invocation {
            program: "gh",
            args: &args,
            sub: Some(0),
        };
        let out = Output {
            stdout,
            stderr: "",
            code,
        };
        (GhApi.compact(&inv, &out).unwrap(), GhApi.repeatable(&inv))
    }

    #[test]
    fn a_write_keeps_what_is_not_an_echo() {
        let body = r#"{"id":7,"body":"Fixed","title":"Other","reactions":{"total_count":1,"+1":1},"user":{"login":"ann","avatar_url":"u","id":3},"labels":[{"name":"bug"}],"n":1.50}"#;
        let (c, repeatable) = run("api repos/o/r/issues -f body=Fixed -f title=New", body, 0);
        assert!(!repeatable);
        assert_eq!(
            c.stdout,
            "{\"id\":7,\"title\":\"Other\",\"reactions\":{\"total_count\":1,\"+1\":1},\"user\":{\"login\":\"ann\"},\"labels\":[{\"name\":\"bug\"}],\"n\":1.50}\n"
        );
        assert_eq!(
            c.elided.as_deref(),
            Some("from the response: body (as sent), user's fields but login")
        );
    }

    #[test]
    fn reads_failures_and_other_bodies_keep_every_byte() {
        let comment = r#"{"id":7,"diff_hunk":"@@ -1 +1 @@","_links":{}}"#;
        // A read: the thread's hunk is what was asked for.
        let (c, repeatable) = run("api repos/o/r/pulls/comments/7", comment, 0);
        assert!(repeatable && c.elided.is_none() && c.stdout == comment);
        // A failure, an array, a write whose object has nothing to leave out.
        for (line, body, code) in [
            ("api repos/o/r/issues -f title=x", comment, 1),
            (
                "api repos/o/r/labels -X POST",
                "[{\"id\":1,\"_links\":{}}]",
                0,
            ),
            ("api repos/o/r/issues -f title=x", "{\"id\":1}", 0),
        ] {
            let (c, _) = run(line, body, code);
            assert!(c.elided.is_none() && c.stdout == body, "{line}: {c:?}");
        }
    }
}
