//! `bundle exec <tool> …`: the tool's own filter (rspec, rake test, rubocop…), planned and
//! compacted over the words after `exec` exactly as `npx` does for Node tools; a tool with
//! no filter passes through. Bundler's own options before the tool mean passthrough.

use crate::filters::{lookup, Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct BundleExec;

/// The tool and its arguments: the first word after `exec`, when it is not an option.
fn tool<'a>(inv: &Invocation<'a>) -> Option<(&'a String, &'a [String])> {
    let (first, rest) = inv.rest().split_first()?;
    (!first.starts_with('-')).then_some((first, rest))
}

impl Filter for BundleExec {
    fn name(&self) -> &'static str {
        "bundle-exec"
    }
    fn plan(&self, inv: &Invocation<'_>) -> Plan {
        match tool(inv).and_then(|(t, rest)| lookup(t, rest)) {
            Some((f, inner)) if f.name() != self.name() => f.plan(&inner),
            _ => Plan::Passthrough,
        }
    }
    fn compact(&self, inv: &Invocation<'_>, out: &Output<'_>) -> Result<Compacted, Unparsed> {
        match tool(inv).and_then(|(t, rest)| lookup(t, rest)) {
            Some((f, inner)) if f.name() != self.name() => f.compact(&inner, out),
            _ => Ok(Compacted::raw(out)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(line: &str) -> (Plan, Option<&'static str>) {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        let inv = Invocation {
            program: "bundle",
            args: &args,
            sub: Some(0),
        };
        let inner = tool(&inv)
            .and_then(|(t, rest)| lookup(t, rest))
            .map(|(f, _)| f.name());
        (BundleExec.plan(&inv), inner)
    }

    #[test]
    fn the_tool_after_exec_decides() {
        let cap = Plan::Capture { stderr: false };
        assert_eq!(plan("exec rspec spec/a_spec.rb"), (cap, Some("rspec")));
        assert_eq!(plan("exec rake test"), (cap, Some("minitest")));
        assert_eq!(plan("exec rubocop lib"), (cap, Some("rubocop")));
        assert_eq!(plan("exec rspec --format d").0, Plan::Passthrough);
        assert_eq!(plan("exec rails server"), (Plan::Passthrough, None));
        assert_eq!(plan("exec --gemfile=G rspec").0, Plan::Passthrough);
    }
}
