//! Test runners, builds and linters: cargo (and `cargo tree`), pytest, go, golangci-lint, npm/pnpm/npx, jest,
//! vitest, tsc, eslint, ruff, mypy, make, go list, gofmt -l, pyright, pylint, biome, cargo fmt --check, C/C++
//! compilers, shellcheck, cmake --build, ctest, prove, yamllint, coverage report, bandit, tox,
//! markdownlint, stylelint, `mise run <task>`. Shared here: a line sink that counts what it drops, and the small
//! text helpers the families use.
//!
//! Invariants for every filter in this family: a success collapses to a summary line; a
//! failure keeps every failing test's name, its message and its file:line, and every compiler
//! or linter diagnostic with its location and code; output that has none of the markers a
//! filter expects is [`Unparsed`](super::Unparsed) (printed raw).

pub mod biome;
pub mod cargo;
pub mod cargobench;
pub mod cargotree;
pub mod cc;
pub mod cmake;
pub mod dartanalyze;
pub mod darttest;
pub mod diag;
pub mod golangci;
pub mod golist;
pub mod gotool;
pub mod jest;
pub mod js;
pub mod lint;
pub mod make;
pub mod mdlint;
pub mod mise;
pub mod prove;
pub mod pycheck;
pub mod pytest;
pub mod quality;
pub mod rustc;
pub mod rustfmt;
pub mod shellcheck;
pub mod staticcheck;
pub mod stylelint;
pub mod tox;
pub mod tsc;
pub mod unittest;

/// Text being built, with a count of the lines left out.
#[derive(Debug, Default)]
pub struct Sink {
    pub text: String,
    pub dropped: usize,
}

impl Sink {
    pub fn line(&mut self, l: &str) {
        self.text.push_str(l);
        self.text.push('\n');
    }
    pub fn drop_line(&mut self) {
        self.dropped += 1;
    }
    /// `Some("N lines: <what>")` when anything was dropped.
    pub fn elided(&self, what: &str) -> Option<String> {
        (self.dropped > 0).then(|| format!("{} lines: {what}", self.dropped))
    }
}

/// `path` without a leading `cwd/` (an absolute path under the working directory prints
/// relative); any other path as it is.
pub fn relative<'a>(path: &'a str, cwd: Option<&str>) -> &'a str {
    cwd.filter(|d| d.len() > 1)
        .and_then(|d| path.strip_prefix(d))
        .and_then(|rest| rest.strip_prefix('/'))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(path)
}

/// Removes ANSI escape sequences (colour, cursor moves).
pub fn strip_ansi(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains('\u{1b}') {
        return s.into();
    }
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        if it.peek() == Some(&'[') {
            it.next();
            for d in it.by_ref() {
                if ('@'..='~').contains(&d) {
                    break;
                }
            }
        } else if it
            .next()
            .is_some_and(|d| matches!(d, '(' | ')' | '*' | '+'))
        {
            // A character-set designation (`ESC ( B`) has one more character.
            it.next();
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ansi_is_stripped() {
        assert_eq!(strip_ansi("\u{1b}[31mred\u{1b}[0m x"), "red x");
        assert_eq!(strip_ansi("plain"), "plain");
        assert_eq!(strip_ansi("\u{1b}[31m-a\n\u{1b}(B\u{1b}[m+b"), "-a\n+b");
    }
}
