//! Environment runners: `bundle exec <tool>`, `uv run <tool>`, `poetry run <tool>`,
//! `pipenv run <tool>`. The tool's own filter (rspec, rake test, pytest, mypy…), planned and
//! compacted over the words after the runner's subcommand exactly as `npx` does for Node
//! tools; a tool with no filter passes through. The runner's own options before the tool
//! (`uv run --with x pytest`) mean passthrough.

use crate::filters::{lookup, Compacted, Filter, Invocation, Output, Plan, Unparsed};

pub struct Runner;

/// The tool and its arguments: the first word after `exec`, when it is not an option.
fn tool<'a>(inv: &Invocation<'a>) -> Option<(&'a String, &'a [String])> {
    let (first, rest) = inv.rest().split_first()?;
    (!first.starts_with('-')).then_some((first, rest))
}

impl Filter for Runner {
    fn name(&self) -> &'static str {
        "runner"
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
            program: "runner",
            args: &args,
            sub: Some(0),
        };
        let inner = tool(&inv)
            .and_then(|(t, rest)| lookup(t, rest))
            .map(|(f, _)| f.name());
        (Runner.plan(&inv), inner)
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
        assert_eq!(plan("run pytest -x"), (cap, Some("pytest")));
        assert_eq!(plan("run python -m pytest").1, Some("pytest"));
        assert_eq!(plan("run --with x pytest").0, Plan::Passthrough);
        assert_eq!(plan("run python app.py"), (Plan::Passthrough, None));
    }
}
