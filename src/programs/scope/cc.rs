//! The forms of `gcc`/`clang` rtk handles: its route's [`Scope`](super::Scope) in the program table,
//! read by the rewrite and by its filter's plan (`filters::dev::cc`).

use super::Scope;

/// Whether an argument asks for something other than compiling/linking with plain-text
/// diagnostics (preprocessing, dependency lists, help, version, driver dumps, JSON/SARIF).
pub fn other_form(a: &str) -> bool {
    a == "-E"
        || a.starts_with("-M")
        || a == "-v"
        || a == "-###"
        || a.starts_with("--help")
        || a == "--version"
        || a.starts_with("-dump")
        || a.starts_with("-print-")
        || a.starts_with("--print")
        || a.starts_with("-fdiagnostics-format")
        || a.starts_with('@')
}

/// `gcc`/`clang`… compiling or linking with plain-text diagnostics: a `-c`, `-S`, `-o` or
/// `-fsyntax-only` is given and nothing asks for another form (preprocessing, dependency
/// lists, help, version, driver dumps, response files, JSON/SARIF diagnostics).
pub const COMPILE: Scope = Scope::check(|w| {
    !w.args.iter().any(|a| other_form(a))
        && w.args
            .iter()
            .any(|a| matches!(*a, "-c" | "-S" | "-fsyntax-only") || a.starts_with("-o"))
});
